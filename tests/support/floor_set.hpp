#pragma once
// The tile set the floors tests make dungeons from: levels of 30 to 60 tiles with loops.
#include <filesystem>

#include "pipeline/floors.hpp"
#include "pipeline/generate.hpp"
#include "support/test_support.hpp"

namespace dungen::pipeline::test_floors {

struct FloorSet : test::IndexedSet {
  GenerateSettings settings;
  explicit FloorSet(const std::filesystem::path& folder) : test::IndexedSet(folder) {
    settings.stitch.max_tiles = 60;
    settings.stitch.min_tiles = 30;
    settings.stitch.loops = 3;
  }
  /// One level of the set from `seed`.
  [[nodiscard]] core::Level make(core::Seed seed) const {
    return generate_level(tiles.set, candidates, settings, seed);
  }
  /// A dungeon of `floors` floors from `seed`; with `across`, its locks over every floor.
  [[nodiscard]] Dungeon dungeon(core::Seed seed, int floors,
                                const Analyses* across = nullptr) const {
    return make_floors([this](core::Seed s) { return make(s); }, seed, floors, across);
  }
};

}  // namespace dungen::pipeline::test_floors
