#include "pipeline/generators.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "core/plural.hpp"

namespace dungen::pipeline {
namespace {

constexpr std::array<GeneratorInfo, 5> kGenerators = {{
    {"generate", "Stitch a folder of tiles into a dungeon map", "tiles",
     "start, grown, closed, undone, finished"},
    {"graph",
     "Realise a level graph (rooms, tags, loops) from a folder of tiles: a JSON graph or layout "
     "file, or grid:COLSxROWS, clock, chain:N",
     "tiles", "placed, finished"},
    {"rooms", "Random rooms pushed apart and joined by doors (no tiles needed)", "rooms",
     "dropped, separated, carved"},
    {"layout",
     "A designed layout: a JSON file of rooms and connections, or grid:COLSxROWS, clock, "
     "maze[:LOOPS]",
     "rooms", "carved"},
    {"areas", "Organic spaces grown from seeds, walled apart and joined by doors", "spaces",
     "spread, merged, joined"},
}};

}  // namespace

std::span<const GeneratorInfo> generators() { return kGenerators; }

const GeneratorInfo& generator(std::string_view name) {
  const auto it = std::find_if(kGenerators.begin(), kGenerators.end(),
                               [&](const GeneratorInfo& g) { return g.name == name; });
  if (it == kGenerators.end()) throw std::out_of_range("no generator named " + std::string(name));
  return *it;
}

core::Level new_level(std::string_view name, core::Seed seed, std::vector<std::string> options) {
  core::Level level;
  level.origin.generator = std::string(generator(name).name);
  level.origin.seed = seed;
  level.origin.options = std::move(options);
  return level;
}

void note_walled_cells(core::Level& level, int walled) {
  if (walled <= 0) return;
  level.outcome.notes.push_back(
      fmt::format("{} next to floor or doors walled up, so nothing walkable touches the outside "
                  "(tiles with corner doors or gaps in their walls; dungen inspect names them)",
                  core::count_of(walled, "empty cells")));
}

}  // namespace dungen::pipeline
