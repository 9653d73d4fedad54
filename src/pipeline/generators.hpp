#pragma once
/// \file generators.hpp
/// Every level generator in one table: its name (the command and the reports' `generator`),
/// what it makes, what its placements are called, and its steps (--dump-steps). Each has its
/// own settings and `*_level(settings, seed)` call (generate.hpp, rooms.hpp, layout.hpp,
/// areas.hpp); all start their level with new_level and end it with finish_level.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/level.hpp"

namespace dungen::pipeline {

/// One generator.
struct GeneratorInfo {
  std::string_view name;     ///< "generate", "graph", "rooms", "layout", "areas"
  std::string_view summary;  ///< one line for --help
  std::string_view units;    ///< what its placements are: "tiles", "rooms", "spaces"
  std::string_view steps;    ///< the steps it shows to a core::StepObserver, in order
};

/// Every generator, in the order --help lists them.
[[nodiscard]] std::span<const GeneratorInfo> generators();

/// The generator named `name`. Throws std::out_of_range for a name no generator has (a
/// programming error: names come from this table).
[[nodiscard]] const GeneratorInfo& generator(std::string_view name);

/// A new level of generator `name` made from `seed`, recording `options` (the option lines
/// of its reports); the generator fills in the map and what it found, then finish_level.
[[nodiscard]] core::Level new_level(std::string_view name, core::Seed seed,
                                    std::vector<std::string> options);

/// Adds the note on `walled` empty cells that core::wall_off_outside walled up (none when 0).
void note_walled_cells(core::Level& level, int walled);

}  // namespace dungen::pipeline
