#pragma once
/// \file steps.hpp
/// Watching a generator work: after each named step it hands the map so far to an observer
/// (`--dump-steps DIR` writes each as a PNG), for debugging tile sets and generators.

#include <functional>
#include <string_view>

#include "core/cell.hpp"
#include "core/grid.hpp"

namespace dungen::core {

/// Receives the map's cells after the step named `step` (e.g. "start", "grown", "carved";
/// docs/cli.md lists each generator's). Cells as in the map PNG, origin top-left; the grid
/// covers what exists so far, so its size may change from step to step. Steps come in the
/// order they happen and may repeat (a search grows and undoes several times).
using StepObserver = std::function<void(std::string_view step, const Grid<CellKind>& cells)>;

}  // namespace dungen::core
