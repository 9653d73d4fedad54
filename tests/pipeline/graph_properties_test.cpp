// generate --graph: every level re-checked against its graph over seeds 1-50 (each room one
// placement carrying its tags, each connection a join or a corridor run between its two rooms
// and nothing else, each loop a real loop, no floor overlap), on the samples and, where it is
// present, on the shared corpus with the shipped tag files.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/tile_settings.hpp"
#include "gen/graph/builtins.hpp"
#include "io/formats/graph_file.hpp"
#include "io/formats/tile_loader.hpp"
#include "io/fs/read.hpp"
#include "pipeline/graph.hpp"
#include "support/level_checks.hpp"
#include "support/test_support.hpp"

namespace dungen::pipeline {
namespace {

namespace fs = std::filesystem;

core::LevelGraph graph_named(const std::string& spec) {
  if (gen::is_builtin_graph(spec)) return gen::builtin_graph(spec);
  const fs::path path = fs::path(DUNGEN_SAMPLES_DIR) / "graphs" / spec;
  return io::formats::parse_graph(io::fs::read_text(path), path.string());
}

io::formats::LoadedTileSet load_tagged(const fs::path& folder, const std::string& tags) {
  io::formats::LoadOptions options;
  options.sidecar = fs::path(DUNGEN_SAMPLES_DIR) / "tags" / tags;
  return io::formats::load_tile_set(folder, options);
}

bool carries(const core::Tile& tile, const core::GraphRoom& room) {
  const auto& tags = tile.settings.tags;
  bool asked = false;
  for (const std::string& tag : room.tags) {
    if (tag == "start" || tag == "exit") continue;  // they mark the room, not its tile
    asked = true;
    if (!core::has_tag(tags, tag)) return false;
  }
  return asked || !core::has_tag(tags, "corridor");
}

/// Who each placement is: a graph room (>= 0) or a corridor tile of link k (-1 - k).
std::vector<int> owners(const core::Level& level, const core::LevelGraph& graph) {
  std::vector<int> owner(level.map.placements.size(), INT32_MIN);
  for (std::size_t r = 0; r < graph.rooms.size(); ++r) {
    const int p = level.graph.rooms[r].placement;
    EXPECT_GE(p, 0) << "room " << graph.rooms[r].name << " not placed";
    if (p < 0) continue;
    EXPECT_EQ(owner[static_cast<std::size_t>(p)], INT32_MIN) << "placement " << p << " twice";
    owner[static_cast<std::size_t>(p)] = static_cast<int>(r);
  }
  for (std::size_t k = 0; k < graph.links.size(); ++k) {
    for (int p : level.graph.links[k].corridor) {
      EXPECT_EQ(owner[static_cast<std::size_t>(p)], INT32_MIN) << "placement " << p << " twice";
      owner[static_cast<std::size_t>(p)] = -1 - static_cast<int>(k);
    }
  }
  for (std::size_t p = 0; p < owner.size(); ++p)
    EXPECT_NE(owner[p], INT32_MIN) << "placement " << p << " is neither a room nor a corridor";
  return owner;
}

/// Every connection belongs to one graph link: between its two rooms, or a room and its
/// corridor, or two tiles of its corridor. Returns the connections per link.
std::vector<int> connection_links(const core::Level& level, const core::LevelGraph& graph,
                                  const std::vector<int>& owner) {
  std::map<std::pair<int, int>, int> link_of;
  for (std::size_t k = 0; k < graph.links.size(); ++k) {
    const auto& l = graph.links[k];
    link_of[{std::min(l.a, l.b), std::max(l.a, l.b)}] = static_cast<int>(k);
  }
  std::vector<int> per_link(graph.links.size(), 0);
  for (const core::Connection& c : level.map.connections) {
    const int a = owner[static_cast<std::size_t>(c.a)], b = owner[static_cast<std::size_t>(c.b)];
    int link = -1;
    if (a >= 0 && b >= 0) {
      const auto it = link_of.find({std::min(a, b), std::max(a, b)});
      link = it == link_of.end() ? -1 : it->second;
    } else if (a < 0 && b < 0) {
      link = a == b ? -1 - a : -1;
    } else {
      const int k = -1 - std::min(a, b), room = std::max(a, b);
      const auto& l = graph.links[static_cast<std::size_t>(k)];
      link = l.a == room || l.b == room ? k : -1;
    }
    EXPECT_GE(link, 0) << "connection " << c.a << "-" << c.b << " is in no graph connection";
    if (link >= 0) ++per_link[static_cast<std::size_t>(link)];
  }
  return per_link;
}

void check_level(const core::Level& level, const core::LevelGraph& graph,
                 const core::TileSet& set) {
  EXPECT_EQ(test::level_violations(level, set), std::vector<std::string>{});
  if (level.outcome.terminated_early) {  // a partial level is sound, with its one-line cause
    ASSERT_EQ(level.outcome.early_notes.size(), 1u);
    EXPECT_EQ(level.outcome.early_notes[0].find('\n'), std::string::npos);
    EXPECT_FALSE(level.outcome.early_notes[0].empty());
    return;
  }
  const std::vector<int> owner = owners(level, graph);
  for (std::size_t p = 0; p < owner.size(); ++p) {
    const core::Tile& tile = set.tiles[level.map.placements[p].tile];
    if (owner[p] >= 0) {
      EXPECT_TRUE(carries(tile, graph.rooms[static_cast<std::size_t>(owner[p])])) << tile.name;
    } else {
      EXPECT_TRUE(core::has_tag(tile.settings.tags, "corridor")) << tile.name;
    }
  }
  // A run of c corridor tiles is c + 1 joins; a direct join is 1.
  const std::vector<int> per_link = connection_links(level, graph, owner);
  for (std::size_t k = 0; k < graph.links.size(); ++k) {
    EXPECT_TRUE(level.graph.links[k].made);
    EXPECT_EQ(per_link[k], static_cast<int>(level.graph.links[k].corridor.size()) + 1)
        << "connection " << core::link_name(graph, graph.links[k]);
  }
  // Each connection's corridor tiles in path order, from its `from` room to its `to` room.
  const auto joined = [&](int p, int q) {
    return std::any_of(level.map.connections.begin(), level.map.connections.end(),
                       [&](const core::Connection& c) {
                         return (c.a == p && c.b == q) || (c.a == q && c.b == p);
                       });
  };
  for (const auto& l : level.graph.links) {
    int at = level.graph.rooms[static_cast<std::size_t>(l.a)].placement;
    for (int p : l.corridor) {
      EXPECT_TRUE(joined(at, p)) << "corridor placement " << p << " does not follow " << at;
      at = p;
    }
    EXPECT_TRUE(joined(at, level.graph.rooms[static_cast<std::size_t>(l.b)].placement));
  }
  // Each loop of the graph is a loop of the map and there are no others.
  const int graph_loops = static_cast<int>(graph.links.size() - graph.rooms.size()) + 1;
  EXPECT_EQ(level.analysis.metrics.loops, graph_loops);
  // Every placement is reached (a tile's own pockets may not be: corpus tiles have some).
  EXPECT_EQ(level.analysis.metrics.unreachable_placements, 0);
}

/// Levels of seeds 1-50 that realise the graph; every level is checked.
int realised(const fs::path& folder, const std::string& tags, const std::string& spec) {
  SCOPED_TRACE(folder.string() + " " + spec);
  const io::formats::LoadedTileSet loaded = load_tagged(folder, tags);
  const gen::Candidates candidates(loaded.set, {});
  GraphSettings settings;
  settings.graph = graph_named(spec);
  int count = 0;
  for (core::Seed seed = 1; seed <= 50; ++seed) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const core::Level level = graph_level(loaded.set, candidates, settings, seed);
    check_level(level, settings.graph, loaded.set);
    count += level.outcome.terminated_early ? 0 : 1;
  }
  return count;
}

// Levels realised of 50, per graph (grid:4x3, clock, cycles20, tree60): what the search
// achieves now (docs/graph.md "How often"); a change that realises fewer fails here.
struct Expected {
  const char* set;
  int grid, clock, cycles20, tree60;
};

void check_set(const fs::path& folder, const std::string& tags, const Expected& want) {
  EXPECT_GE(realised(folder, tags, "grid:4x3"), want.grid);
  EXPECT_GE(realised(folder, tags, "clock"), want.clock);
  EXPECT_GE(realised(folder, tags, "cycles20.json"), want.cycles20);
  EXPECT_GE(realised(folder, tags, "tree60.json"), want.tree60);
}

/// Per room of tree `graph`: the link by which it is reached from the entrance room (-1 for
/// the entrance), and its distance in links.
struct TreePaths {
  std::vector<int> via, depth;
};

TreePaths tree_paths(const core::LevelGraph& graph) {
  const auto adj = core::graph_adjacency(graph);
  TreePaths t{std::vector<int>(graph.rooms.size(), -2), std::vector<int>(graph.rooms.size(), 0)};
  std::vector<int> queue{core::entrance_room(graph)};
  t.via[static_cast<std::size_t>(queue[0])] = -1;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    for (const auto& [n, link] : adj[static_cast<std::size_t>(queue[i])]) {
      if (t.via[static_cast<std::size_t>(n)] != -2) continue;
      t.via[static_cast<std::size_t>(n)] = link;
      t.depth[static_cast<std::size_t>(n)] = t.depth[static_cast<std::size_t>(queue[i])] + 1;
      queue.push_back(n);
    }
  }
  return t;
}

/// Adds the links from the entrance room to room `r` to `path`.
void add_path(const core::LevelGraph& graph, const TreePaths& t, int r, std::set<int>& path) {
  while (t.via[static_cast<std::size_t>(r)] >= 0) {
    const int k = t.via[static_cast<std::size_t>(r)];
    path.insert(k);
    const auto& l = graph.links[static_cast<std::size_t>(k)];
    r = l.a == r ? l.b : l.a;
  }
}

/// The graph room of placement `p` (owners()); a corridor tile counts as the room its
/// connection leads to, away from the entrance.
int room_of(const core::LevelGraph& graph, const TreePaths& t, const std::vector<int>& owner,
            int p) {
  const int o = owner[static_cast<std::size_t>(p)];
  if (o >= 0) return o;
  const auto& l = graph.links[static_cast<std::size_t>(-1 - o)];
  return t.depth[static_cast<std::size_t>(l.a)] > t.depth[static_cast<std::size_t>(l.b)] ? l.a
                                                                                         : l.b;
}

// With --locks, the graph's main path (entrance room to exit room) is the needed path: on a
// tree graph, the first lock lies on it, and every lock lies on it or on the way to a key.
TEST(GraphProperties, LocksFollowTheMainPath) {
  const io::formats::LoadedTileSet loaded =
      load_tagged(test::sample_path("classic"), "classic.tileset.txt");
  const gen::Candidates candidates(loaded.set, {});
  GraphSettings settings;
  settings.graph = graph_named("tree60.json");
  settings.analyses.locks = 3;
  const TreePaths t = tree_paths(settings.graph);
  std::set<int> main_path;
  add_path(settings.graph, t, core::exit_room(settings.graph), main_path);
  ASSERT_GE(main_path.size(), 5u);
  int locks = 0;
  for (core::Seed seed = 1; seed <= 10; ++seed) {
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const core::Level level = graph_level(loaded.set, candidates, settings, seed);
    ASSERT_FALSE(level.outcome.terminated_early);
    const std::vector<int> owner = owners(level, settings.graph);
    std::set<int> needed = main_path;
    for (const core::Key& key : level.puzzle.keys)
      add_path(settings.graph, t, room_of(settings.graph, t, owner, key.placement), needed);
    for (const core::Lock& lock : level.puzzle.locks) {
      const int a = room_of(settings.graph, t, owner, lock.a);
      const int b = room_of(settings.graph, t, owner, lock.b);
      const int behind =
          t.depth[static_cast<std::size_t>(a)] > t.depth[static_cast<std::size_t>(b)] ? a : b;
      const int link = t.via[static_cast<std::size_t>(behind)];  // the connection locked
      if (lock.id == 0) {
        EXPECT_EQ(main_path.count(link), 1u) << "the first lock";
      }
      EXPECT_EQ(needed.count(link), 1u) << "lock " << lock.id << " on connection " << link;
      ++locks;
    }
  }
  EXPECT_GE(locks, 25);  // three locks on nearly every level
}

TEST(GraphProperties, HoldOnTheSamples) {
  check_set(test::sample_path("classic"), "classic.tileset.txt", {"classic", 50, 50, 50, 50});
  check_set(test::sample_path("caves"), "caves.tileset.txt", {"caves", 50, 50, 50, 50});
}

// One test per corpus set, so that they run side by side.
class GraphOnCorpus : public ::testing::TestWithParam<Expected> {};

TEST_P(GraphOnCorpus, Holds) {
  const Expected& want = GetParam();
  const fs::path folder = fs::path(DUNGEN_CORPUS_DIR) / want.set;
  if (!fs::is_directory(folder)) GTEST_SKIP() << "shared corpus set not found at " << folder;
  check_set(folder, std::string(want.set) + ".tileset.txt", want);
}

INSTANTIATE_TEST_SUITE_P(Sets, GraphOnCorpus,
                         ::testing::Values(Expected{"dcss_halls", 50, 50, 50, 50},
                                           Expected{"dcss_rooms", 50, 50, 50, 50},
                                           Expected{"hb_caves", 50, 50, 50, 50},
                                           Expected{"hb_rooms", 50, 50, 50, 50}),
                         [](const auto& param_info) { return std::string(param_info.param.set); });

}  // namespace
}  // namespace dungen::pipeline
