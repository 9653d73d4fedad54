// Tests of gen/graph_stitch and gen/graph_builtins: built-in graphs, small graphs realised
// from ASCII tiles, and the one-line diagnoses of graphs that cannot be realised.
#include "gen/graph/graph.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "core/error.hpp"
#include "gen/graph/builtins.hpp"
#include "gen/graph/search.hpp"
#include "gen/graph/stitcher.hpp"
#include "io/formats/graph_file.hpp"
#include "io/formats/tile_loader.hpp"
#include "support/test_support.hpp"

namespace dungen::gen {
namespace {

core::TileSet tagged_set() {
  core::Tile hub = test::tile_from_ascii(R"(
##+##
#...#
+...+
#...#
##+##)",
                                         "hub.png");
  hub.settings.tags = {"room"};
  core::Tile straight = test::tile_from_ascii("#+#\n#.#\n#.#\n#.#\n#+#", "straight.png");
  straight.settings.tags = {"corridor"};
  core::Tile bend = test::tile_from_ascii("#+#\n#.#\n#.###\n#...+\n#####", "bend.png");
  bend.settings.tags = {"corridor"};
  return test::tile_set({hub, straight, bend});
}

core::LevelGraph graph_of(int rooms, std::vector<core::GraphLink> links) {
  core::LevelGraph g;
  g.name = "test";
  for (int i = 0; i < rooms; ++i) g.rooms.push_back({fmt::format("r{}", i), {}});
  g.links = std::move(links);
  return g;
}

TEST(GraphBuiltins, HaveTheLayoutsRoomsAndConnections) {
  const core::LevelGraph grid = builtin_graph("grid:4x3");
  EXPECT_EQ(grid.rooms.size(), 12u);
  EXPECT_EQ(grid.links.size(), 11u);
  const core::LevelGraph clock = builtin_graph("clock");
  EXPECT_EQ(clock.rooms.size(), 13u);
  EXPECT_EQ(clock.rooms.back().name, "boss");
  EXPECT_EQ(core::exit_room(clock), 12);
  const core::LevelGraph chain = builtin_graph("chain:5");
  EXPECT_EQ(chain.links.size(), 4u);
  EXPECT_EQ(chain.links[3].a, 3);
  EXPECT_THROW((void)builtin_graph("chain:0"), Error);
  EXPECT_THROW((void)builtin_graph("grid:3"), Error);
  EXPECT_TRUE(is_builtin_graph("grid:9x9"));
  EXPECT_FALSE(is_builtin_graph("maze"));
}

TEST(GraphStitch, RealisesALoopOfFourRooms) {
  const core::TileSet set = tagged_set();
  const Candidates candidates(set, {});
  const core::LevelGraph g = graph_of(4, {{0, 1, 0}, {1, 2, 0}, {2, 3, 0}, {3, 0, 0}});
  for (core::Seed seed = 1; seed <= 10; ++seed) {
    core::Rng rng(seed);
    const GraphStitchResult r = graph_stitch(g, set, candidates, {}, rng);
    ASSERT_TRUE(r.complete) << r.diagnosis;
    for (int p : r.room_placement)
      EXPECT_EQ(r.map.placements[static_cast<std::size_t>(p)].tile, *set.find("hub.png"));
    std::size_t corridors = 0;
    for (const GraphJoin& j : r.joins) {
      EXPECT_TRUE(j.made);
      corridors += j.corridor.size();
    }
    EXPECT_EQ(r.map.placements.size(), 4 + corridors);
    EXPECT_EQ(r.map.connections.size(), 4 + corridors);  // one loop: as many joins as tiles
  }
}

TEST(GraphStitch, SaysWhichRoomLacksATile) {
  const core::TileSet set = tagged_set();
  const Candidates candidates(set, {});
  core::LevelGraph g = graph_of(2, {{0, 1, 0}});
  g.rooms[1].tags = {"boss"};
  core::Rng rng(1);
  GraphStitchResult r = graph_stitch(g, set, candidates, {}, rng);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.diagnosis,
            "room \"r1\": no tile tagged boss; tag one in the tile settings (tileset.txt or "
            "--tileset FILE)");
  g.rooms[1].tags = {};
  g.links[0].width = 2;
  r = graph_stitch(g, set, candidates, {}, rng);
  EXPECT_EQ(r.diagnosis, "connection r0-r1: no tile not tagged corridor has a width-2 door");
  g = graph_of(6, {{0, 1, 0}, {0, 2, 0}, {0, 3, 0}, {0, 4, 0}, {0, 5, 0}});
  r = graph_stitch(g, set, candidates, {}, rng);
  EXPECT_EQ(r.diagnosis,
            "room \"r0\": has 5 connections but no tile not tagged corridor has more than 4 doors "
            "joined by its floor");
}

TEST(GraphStitch, SaysWhenTilesAreUsedUpOrWeighNothing) {
  core::TileSet set = tagged_set();
  set.tiles[*set.find("hub.png")].settings.max_uses = 2;  // three rooms, two hubs
  const Candidates candidates(set, {});
  core::Rng rng(1);
  GraphStitchResult r = graph_stitch(graph_of(3, {{0, 1, 0}, {1, 2, 0}}), set, candidates, {}, rng);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.diagnosis,
            "room \"r2\": every tile not tagged corridor is used up (max= in the tile settings) by "
            "the rooms placed before it; raise a max or tag more tiles");
  set.tiles[*set.find("hub.png")].settings.weight = 0;
  const Candidates none(set, {});
  r = graph_stitch(graph_of(2, {{0, 1, 0}}), set, none, {}, rng);
  EXPECT_EQ(r.diagnosis,
            "room \"r0\": every tile not tagged corridor has weight=0 or max=0 in the tile "
            "settings (tileset.txt or --tileset FILE); give one a weight and a max above 0");
}

TEST(GraphStitch, SaysWhichLoopCannotClose) {
  // Only straight corridors and rooms with doors on opposite sides: a loop cannot turn.
  core::Tile room = test::tile_from_ascii("#+#\n#.#\n#+#", "room.png");
  core::Tile straight = test::tile_from_ascii("#+#\n#.#\n#+#", "straight.png");
  straight.settings.tags = {"corridor"};
  const core::TileSet set = test::tile_set({room, straight});
  const Candidates candidates(set, {});
  const core::LevelGraph g = graph_of(3, {{0, 1, 0}, {1, 2, 0}, {2, 0, 0}});
  core::Rng rng(1);
  GraphStitchOptions options;
  options.budget = 2000;
  const GraphStitchResult r = graph_stitch(g, set, candidates, options, rng);
  EXPECT_FALSE(r.complete);
  EXPECT_NE(r.diagnosis.find("closes the loop r0-r2-r1 (length 3)"), std::string::npos)
      << r.diagnosis;
  // The search kept (the first: no later one placed more rooms) allowed one corridor tile of
  // the 4: the line says so, and names what helps when the budget ran out (turn3-02).
  EXPECT_NE(r.diagnosis.find("no run of at most 1 corridor tile (this search's allowance, of "
                             "corridor_max 4)"),
            std::string::npos)
      << r.diagnosis;
  EXPECT_NE(r.diagnosis.find("; --retries K tries other seeds"), std::string::npos) << r.diagnosis;
  EXPECT_GE(r.room_placement[0], 0);  // the partial level keeps what was placed
}

/// A tile set of one 256 x 256 room whose outline alternates wall and door: two of it join
/// by one door only where they barely touch (elsewhere the doors along the shared edge would
/// join too, making connections the graph does not ask for).
core::TileSet alternating_room() {
  std::string art;
  const int side = 256;
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      const bool corner = (x == 0 || x == side - 1) && (y == 0 || y == side - 1);
      const bool edge = x == 0 || y == 0 || x == side - 1 || y == side - 1;
      art += !edge ? '.' : corner || (x + y) % 2 == 0 ? '#' : '+';
    }
    art += '\n';
  }
  return test::tile_set({test::tile_from_ascii(art, "big.png")});
}

// A loop of many rooms is named by its ends, so the diagnosis stays one readable line (a
// 256-room cycle listed every room, about 2,000 characters).
TEST(GraphStitch, ALongLoopIsNamedByItsEnds) {
  std::vector<int> parent{-1};  // the search tree: a path r0-r1-...
  for (int i = 1; i < 12; ++i) parent.push_back(i - 1);
  const core::LevelGraph g = graph_of(12, {});
  EXPECT_EQ(graph::loop_text(g, parent, core::GraphLink{11, 0, 0}),
            "r11-r10-r9-...-r2-r1-r0 (length 12)");
  EXPECT_EQ(graph::loop_text(g, parent, core::GraphLink{7, 0, 0}),
            "r7-r6-r5-r4-r3-r2-r1-r0 (length 8)");
}

TEST(GraphStitch, TilesOfManyCellsAndDoorsAreRuledOutByTheirDoorsFirst) {
  // Doors are read before the 65,000 cells, so the rare ways two rooms touch by one door are
  // found within the budget.
  const core::TileSet set = alternating_room();
  const Candidates candidates(set, {});
  core::Rng rng(1);
  const GraphStitchResult r = graph_stitch(builtin_graph("chain:2"), set, candidates, {}, rng);
  EXPECT_TRUE(r.complete) << r.diagnosis;
  EXPECT_EQ(r.map.placements.size(), 2u);
  EXPECT_EQ(r.map.connections.size(), 1u);
}

TEST(GraphStitch, TheBudgetBoundsTheWorkWithTilesOfManyCellsAndDoors) {
  // A chain of 8 such rooms: each test that reads a room's cells costs about a thousand
  // tries, so the search gives up in about a second instead of minutes, and says that the
  // budget ran out.
  const core::TileSet set = alternating_room();
  const Candidates candidates(set, {});
  core::Rng rng(1);
  const GraphStitchResult r = graph_stitch(builtin_graph("chain:8"), set, candidates, {}, rng);
  ASSERT_FALSE(r.complete);
  EXPECT_NE(r.diagnosis.find("the search budget ran out"), std::string::npos) << r.diagnosis;
  EXPECT_LT(r.map.placements.size(), 8u);
  EXPECT_LE(r.tried, GraphStitchOptions{}.budget + 2000);
}

TEST(GraphStitch, TheBudgetBoundsTheLookupsOfGraphsDenseWithLoops) {
  // Room i joined to room i+1, and every third room to the room 4 on: loops of 5 one after
  // the other. Looking up where each loop's closing room may meet both neighbours costs more
  // than the placements tried; those lookups are counted against the budget (128 a try), so
  // the search stops in about the same time as on other graphs. Uncounted, this search made
  // 173 lookups per try of its budget; since a meeting is one look-up per pair of reach ends
  // (Plan::passes), it makes 27, a fifth of the budget.
  io::formats::LoadOptions load;
  load.sidecar = test::sample_path("tags") / "classic.tileset.txt";
  const core::TileSet set = io::formats::load_tile_set(test::sample_path("classic"), load).set;
  const Candidates candidates(set, {});
  std::vector<core::GraphLink> links;
  const int rooms = 256;
  for (int i = 0; i + 1 < rooms; ++i) links.push_back({i, i + 1});
  for (int i = 0; i + 4 < rooms; i += 3) links.push_back({i, i + 4});
  GraphStitchOptions options;
  options.budget = 20000;
  core::Rng rng(1);
  const GraphStitchResult r = graph_stitch(graph_of(rooms, links), set, candidates, options, rng);
  ASSERT_FALSE(r.complete);
  EXPECT_NE(r.diagnosis.find("the search budget ran out"), std::string::npos) << r.diagnosis;
  EXPECT_LE(r.tried, options.budget + 1000);
  EXPECT_GT(r.meeting_lookups, 300000u);  // the lookups still matter
  EXPECT_LE(r.meeting_lookups, 128u * static_cast<std::size_t>(options.budget));
}

// A room whose outline has a door every `every` cells from the third on, tagged `tag`.
core::Tile door_outlined(int width, int height, int every, const char* name, const char* tag) {
  std::string ascii;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const bool edge_x = x == 0 || x == width - 1, edge_y = y == 0 || y == height - 1;
      const int along = edge_y ? x : y, end = edge_y ? width : height;
      const bool door =
          (edge_x != edge_y) && along >= 2 && along < end - 2 && (along - 2) % every == 0;
      ascii += door ? '+' : edge_x || edge_y ? '#' : '.';
    }
    ascii += '\n';
  }
  core::Tile t = test::tile_from_ascii(ascii, name);
  t.settings.tags = {tag};
  return t;
}

TEST(GraphStitch, RoomsAndCorridorsOfManyDoorsKeepFewMeetings) {
  // A 64 x 64 room and a 64 x 5 corridor with a door every 2 cells: a loop's rooms meet in
  // millions of ways, which one look kept whole (8.3 million, 300 MB); now kMaxMeetings.
  core::Tile room = door_outlined(64, 64, 2, "room.png", "room");
  room.settings.tags = {"boss", "room", "start", "treasure"};
  core::Tile hub = door_outlined(5, 9, 6, "hub.png", "corridor");  // a door on each side
  const core::TileSet set =
      test::tile_set({room, hub, door_outlined(64, 5, 2, "hall.png", "corridor")});
  const Candidates candidates(set, {});
  std::ifstream in(test::sample_path("graphs") / "cycles20.json");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  core::Rng rng(1);
  const GraphStitchResult r =
      graph_stitch(io::formats::parse_graph(text, "cycles20.json"), set, candidates, {}, rng);
  EXPECT_GT(r.meetings_peak, 0u);
  EXPECT_LE(r.meetings_peak, graph::Search::kMaxMeetings);
}

TEST(GraphStitch, TheBudgetBoundsOneLookForWhereALoopsRoomsMeet) {
  // A 64 x 64 room with a door every 3 cells of its outline, and a corridor: one look for
  // where a loop's closing room meets both neighbours pairs thousands of runs from open doors
  // with thousands of the room's doors. It stops where the budget does; it went on to the end
  // (a 256 x 256 room: billions of lookups, minutes).
  const int side = 64;
  std::string ascii;
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      const bool edge_x = x == 0 || x == side - 1, edge_y = y == 0 || y == side - 1;
      const int along = edge_y ? x : y;
      const bool door = (edge_x != edge_y) && along >= 2 && along < side - 2 && (along - 2) % 3 == 0;
      ascii += door ? '+' : edge_x || edge_y ? '#' : '.';
    }
    ascii += '\n';
  }
  core::Tile room = test::tile_from_ascii(ascii, "room.png");
  room.settings.tags = {"room"};
  core::Tile corridor = test::tile_from_ascii("##+##\n#...#\n#...+\n#...#\n#####", "cor.png");
  corridor.settings.tags = {"corridor"};
  const core::TileSet set = test::tile_set({room, corridor});
  const Candidates candidates(set, {});
  GraphStitchOptions options;
  options.budget = 200000;
  core::Rng rng(1);
  const GraphStitchResult r =
      graph_stitch(graph_of(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}}), set, candidates, options, rng);
  const std::size_t allowed = 128u * static_cast<std::size_t>(options.budget);
  EXPECT_GT(r.meeting_lookups, allowed / 3);         // the looks for meetings matter
  EXPECT_LE(r.meeting_lookups, allowed + 200'000u);  // one pairing of a run past the budget
  EXPECT_LE(r.tried, options.budget + 2000);
}

}  // namespace
}  // namespace dungen::gen
