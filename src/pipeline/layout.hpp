#pragma once
/// \file layout.hpp
/// The `layout` pipeline as a library call: a designed layout (file or built-in) carved into
/// a map, then the analyses.

#include <optional>
#include <string>
#include <vector>

#include "core/layout.hpp"
#include "core/level.hpp"
#include "pipeline/finish.hpp"

namespace dungen::pipeline {

/// Everything `layout` needs besides the seed.
struct LayoutSettings {
  std::optional<core::LayoutSpec> spec;  ///< a layout read from a file, or
  std::string builtin;       ///< a built-in's name (grid:COLSxROWS, clock, maze[:LOOPS])
  core::Size space{85, 64};  ///< the built-in's tile space
  Analyses analyses;
  std::vector<std::string> options;  ///< option lines to record in the reports
  std::string input_hash;  ///< FNV-1a of the layout file, 16 hex digits; empty for a built-in
};

/// Whether `name` names a built-in layout (grid:COLSxROWS, clock, maze[:LOOPS]), whatever
/// its numbers.
[[nodiscard]] bool is_builtin_layout(const std::string& name);

/// Checks that the layout of `settings` can be made, before any level is: a file's layout
/// is validated entry by entry, a built-in is built once. Throws Error naming the entry, or
/// the built-in's name or number, at fault.
void check_layout(const LayoutSettings& settings);

/// One level of the layout from `seed` (the seed draws door places where a room pair has a
/// choice, the maze, locks and content). Throws Error for an invalid layout.
[[nodiscard]] core::Level layout_level(const LayoutSettings& settings, core::Seed seed);

}  // namespace dungen::pipeline
