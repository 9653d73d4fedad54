// Level-graph JSON down the `dungen generate TILES --graph FILE` path (text_paths.hpp).
#include <fmt/format.h>

#include <set>
#include <string>
#include <utility>

#include "core/ascii.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "gen/board/candidates.hpp"
#include "io/formats/graph_file.hpp"
#include "pipeline/graph.hpp"
#include "support/level_checks.hpp"
#include "text_checks.hpp"
#include "text_paths.hpp"

namespace dungen::fuzz {
namespace {

using detail::check_error;
using detail::fail;

const std::string kGraphName = "fuzz.json";

// Small tagged tiles: rooms of two to four doors, corridors, a dead end; tags the seeds use.
const core::TileSet& tagged_tiles() {
  static const core::TileSet set = [] {
    core::TileSet s;
    const std::pair<const char*, std::vector<std::string>> rows[] = {
        {"#+#\n#.#\n###", {"dead_end", "treasure"}},
        {"#+#\n#.+\n###", {"corridor"}},
        {"#+#\n#.#\n#.#\n#+#", {"corridor"}},
        {"###+###\n#.....#\n#.#.#.#\n+.....+\n#.#.#.#\n#.....#\n###+###", {"boss", "room"}},
        {"##+##\n#...#\n+...+\n#...#\n##+##", {"room", "start"}},
        {"#+###\n#...+\n#...#\n#.###\n#+#  ", {"room"}},
    };
    int i = 0;
    for (const auto& [ascii, tags] : rows) {
      s.tiles.push_back(core::tile_from_ascii(ascii, fmt::format("t{}.png", i++)));
      s.tiles.back().settings.tags = tags;
    }
    return s;
  }();
  return set;
}

// What parse_graph promises: unique names, connections between two different existing rooms,
// no pair of rooms joined twice.
void check_graph(const core::LevelGraph& g) {
  std::set<std::string> names;
  for (const core::GraphRoom& r : g.rooms) {
    if (!names.insert(r.name).second) fail("two rooms of a parsed graph share a name");
  }
  std::set<std::pair<int, int>> pairs;
  const int rooms = static_cast<int>(g.rooms.size());
  for (const core::GraphLink& l : g.links) {
    if (l.a < 0 || l.b < 0 || l.a >= rooms || l.b >= rooms) fail("a connection names no room");
    if (l.a == l.b) fail("a connection joins a room to itself");
    if (!pairs.insert({std::min(l.a, l.b), std::max(l.a, l.b)}).second)
      fail("two connections join the same rooms");
  }
}

// A realised level has every room placed and every connection made; any level is sound and
// a level that ended early says why in one line.
void check_level(const core::LevelGraph& g, const core::Level& level) {
  const std::vector<std::string> violations = test::level_violations(level, tagged_tiles());
  if (!violations.empty()) fail("level: " + violations.front());
  if (level.graph.rooms.size() != g.rooms.size() || level.graph.links.size() != g.links.size())
    fail("the level's graph record does not match the graph");
  if (level.outcome.terminated_early) {
    if (level.outcome.early_notes.size() != 1 ||
        level.outcome.early_notes[0].find('\n') != std::string::npos ||
        level.outcome.early_notes[0].empty())
      fail("a graph not realised lacks its one-line diagnosis");
    return;
  }
  for (const auto& r : level.graph.rooms) {
    if (r.placement < 0) fail("a realised graph has a room not placed: " + r.name);
  }
  for (const auto& l : level.graph.links) {
    if (!l.made) fail("a realised graph has a connection not made");
  }
}

}  // namespace

TextPathOutcome run_graph_path(std::span<const std::uint8_t> bytes) {
  pipeline::GraphSettings settings;
  try {
    settings.graph = io::formats::parse_graph(detail::as_text(bytes), kGraphName);
  } catch (const Error& e) {
    check_error(e, kGraphName);
    return TextPathOutcome::Rejected;
  }
  check_graph(settings.graph);
  if (settings.graph.rooms.size() > kMaxGraphRooms) return TextPathOutcome::Parsed;
  const std::uint64_t hash = core::fnv1a(bytes);
  settings.stitch.budget = 20000;  // keeps one input well under a second
  settings.stitch.corridor_max = static_cast<int>(hash % 4);
  settings.analyses.locks = static_cast<int>((hash >> 2) % 3);
  settings.analyses.content.monsters = static_cast<int>((hash >> 4) % 3);
  static const gen::Candidates candidates(tagged_tiles(), {});
  const core::Level level = pipeline::graph_level(tagged_tiles(), candidates, settings, hash >> 8);
  check_level(settings.graph, level);
  detail::check_reports(level);
  return TextPathOutcome::Generated;
}

}  // namespace dungen::fuzz
