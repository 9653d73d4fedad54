// tileset.txt down the tile-folder path: settings applied to a small set, then a short stitch
// with them (text_paths.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/ascii.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/tile_settings.hpp"
#include "gen/board/candidates.hpp"
#include "pipeline/generate.hpp"
#include "support/level_checks.hpp"
#include "text_checks.hpp"
#include "text_paths.hpp"

namespace dungen::fuzz {
namespace {

using detail::check_error;
using detail::fail;

const std::string kTilesetName = "tiles/tileset.txt";

// Nine small tiles with doors of width 1, named like samples/classic's (so the seeds written for
// that folder name real tiles) and one with a space in its name, sorted by name as the loader
// sorts them.
std::vector<core::Tile> base_tiles() {
  static const std::vector<core::Tile> tiles = {
      core::tile_from_ascii("#+#\n#.#\n###", "cap1_closet.png"),
      core::tile_from_ascii("#+#\n#.+\n###", "corridor1_bend.png"),
      core::tile_from_ascii("#+#\n+.+\n#+#", "corridor1_cross.png"),
      core::tile_from_ascii("#+#\n#.#\n#.#\n#+#", "corridor1_straight.png"),
      core::tile_from_ascii("###+###\n#.....#\n#.#.#.#\n+.....+\n#.#.#.#\n#.....#\n###+###",
                            "hall_pillars.png"),
      core::tile_from_ascii("#+#\n#.#\n###", "room small.png"),  // named in quotes
      core::tile_from_ascii("#+###\n#...+\n#...#\n#.###\n#+#  ", "room_lshape.png"),
      core::tile_from_ascii("##+##\n#...#\n+...+\n#...#\n##+##", "room_small.png"),
      core::tile_from_ascii("#+##\n#..+\n####", "start.png"),
  };
  return tiles;
}

// The documented ranges (docs/tile-format.md): weight 0..1000000, max 0..1000000000, at least
// one orientation (an empty list is an error, not "none"), and never required with max=0.
void check_settings(const std::vector<core::Tile>& tiles) {
  for (const core::Tile& t : tiles) {
    const core::TileSettings& s = t.settings;
    if (s.weight > 1000000) fail(fmt::format("{}: weight {} is out of range", t.name, s.weight));
    if (s.max_uses && (*s.max_uses < 0 || *s.max_uses > 1000000000))
      fail(t.name + ": max is out of range");
    if (s.orientations == 0) fail(t.name + ": no orientation is allowed");
    if (s.required && s.max_uses == 0) fail(t.name + ": both required and max=0");
  }
}

// What the settings promise about a level: max=N caps a tile's placements; a weight=0 tile that
// is not required is never drawn; a required tile appears at most once.
void check_uses(const core::TileSet& set, const core::Level& level) {
  std::vector<int> uses(set.tiles.size(), 0);
  for (const core::Placement& p : level.map.placements) ++uses[p.tile];
  for (std::size_t i = 0; i < set.tiles.size(); ++i) {
    const core::Tile& t = set.tiles[i];
    const int n = uses[i];
    if (t.settings.max_uses && n > *t.settings.max_uses) {
      fail(fmt::format("{} placed {} times, max={}", t.name, n, *t.settings.max_uses));
    }
    if (n > 0 && t.settings.weight == 0 && !t.settings.required)
      fail(t.name + " has weight=0 but was placed");
    if (t.settings.required && n > 1) fail(fmt::format("required {} placed {} times", t.name, n));
  }
}

// A short stitch of the set with its settings; policy and limits drawn from `hash`.
bool stitch_with(const core::TileSet& set, std::uint64_t hash) {
  pipeline::GenerateSettings settings;
  settings.stitch.max_tiles = 2 + static_cast<int>(hash % 7);
  settings.stitch.min_tiles = settings.stitch.max_tiles / 2;
  settings.stitch.policy = static_cast<gen::GrowthPolicy>((hash >> 8) % 3);
  settings.stitch.orientations = {((hash >> 12) & 1) == 0, ((hash >> 13) & 1) == 0};
  settings.retries = static_cast<int>((hash >> 16) % 2);
  const gen::Candidates candidates(set, settings.stitch.orientations);
  core::Level level;
  try {
    level = pipeline::generate_level(set, candidates, settings, hash >> 20);
  } catch (const Error& e) {
    check_error(e, "");  // about the set, not a file: "no tile can start the dungeon: ..."
    return false;        // no tile can start (every weight 0, max=0 ...): an Error is the answer
  }
  const std::vector<std::string> violations = test::level_violations(level, set);
  if (!violations.empty()) fail("level: " + violations.front());
  check_uses(set, level);
  return true;
}

}  // namespace

TextPathOutcome run_tileset_path(std::span<const std::uint8_t> bytes) {
  core::TileSet set;
  set.tiles = base_tiles();
  try {
    core::apply_tile_settings(detail::as_text(bytes), kTilesetName, set.tiles, {"skipped.png"});
  } catch (const Error& e) {
    check_error(e, kTilesetName);
    return TextPathOutcome::Rejected;
  }
  check_settings(set.tiles);
  return stitch_with(set, core::fnv1a(bytes)) ? TextPathOutcome::Generated
                                              : TextPathOutcome::Parsed;
}

}  // namespace dungen::fuzz
