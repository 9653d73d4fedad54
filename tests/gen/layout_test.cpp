#include "gen/layout/layout.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "gen/layout/hallway_blocks.hpp"
#include "io/formats/layout_file.hpp"
#include "pipeline/layout.hpp"

namespace dungen::gen {
namespace {

core::Level builtin(const std::string& name, core::Seed seed = 1) {
  pipeline::LayoutSettings s;
  s.builtin = name;
  return pipeline::layout_level(s, seed);
}

TEST(Layout, Grid4x3IsTheArticlesLevel) {
  const core::Level level = builtin("grid:4x3");
  ASSERT_EQ(level.map.rooms.size(), 12u);
  EXPECT_EQ(level.map.cells.size(), (core::Size{85, 64}));
  EXPECT_EQ(level.map.rooms[0], (core::Rect{1, 1, 20, 20}));    // 20x20 floors, single walls
  EXPECT_EQ(level.map.rooms[3], (core::Rect{64, 1, 20, 20}));   // the first row runs left to right
  EXPECT_EQ(level.map.rooms[4], (core::Rect{64, 22, 20, 20}));  // then down, and back to the left
  EXPECT_EQ(level.map.rooms[7], (core::Rect{1, 22, 20, 20}));
  EXPECT_EQ(level.map.rooms[8], (core::Rect{1, 43, 20, 20}));
  ASSERT_EQ(level.map.connections.size(), 11u);
  for (std::size_t i = 0; i < 11;
       ++i) {  // the S path: room i to room i+1, a door in their shared wall
    EXPECT_EQ(level.map.connections[i].a, static_cast<int>(i));
    EXPECT_EQ(level.map.connections[i].b, static_cast<int>(i) + 1);
  }
  EXPECT_TRUE(level.analysis.unreachable.empty());
  EXPECT_EQ(level.map.placement_at(*level.analysis.entrance), 0);  // start in the first room
  EXPECT_EQ(level.map.placement_at(*level.analysis.exit), 11);     // the way down at the path's end
}

TEST(Layout, ClockJoinsTheHoursInOrderThenTheBossRoom) {
  for (core::Seed seed = 0; seed < 5; ++seed) {
    const core::Level level = builtin("clock", seed);
    ASSERT_EQ(level.map.rooms.size(), 13u);
    ASSERT_EQ(level.map.connections.size(), 12u);
    for (int h = 0; h < 11; ++h) {
      EXPECT_EQ(level.map.connections[static_cast<std::size_t>(h)].a, h);
      EXPECT_EQ(level.map.connections[static_cast<std::size_t>(h)].b, h + 1);
    }
    EXPECT_EQ(level.map.connections[11].a, 11);  // hour 12 opens onto the boss room
    EXPECT_EQ(level.map.connections[11].b, 12);
    EXPECT_EQ(level.map.tile_names[12], "boss");
    EXPECT_EQ(level.map.placement_at(*level.analysis.exit), 12);  // the boss room is the way down
    // The boss room fills the centre: larger than any hour room.
    EXPECT_GT(level.map.rooms[12].width * level.map.rooms[12].height,
              4 * level.map.rooms[0].width * level.map.rooms[0].height);
  }
}

TEST(Layout, MazeIsAPerfectMazeAndLoopsOpenWalls) {
  const core::Level perfect = builtin("maze", 3), loopy = builtin("maze:0.2", 3);
  EXPECT_EQ(perfect.map.rooms.size(), 1u);
  EXPECT_TRUE(perfect.analysis.unreachable.empty());
  auto floor_cells = [](const core::Level& l) {
    return std::count(l.map.cells.data().begin(), l.map.cells.data().end(), core::CellKind::Floor);
  };
  // A perfect maze on a 42 x 31 lattice: every cell plus one passage per tree edge.
  EXPECT_EQ(floor_cells(perfect), 42 * 31 + (42 * 31 - 1));
  EXPECT_GT(floor_cells(loopy), floor_cells(perfect) + 200);
}

core::LayoutSpec parse(const std::string& json) {
  return io::formats::parse_layout(json, "test.json");
}

std::string error_of(const std::string& json) {
  try {
    validate_layout(parse(json));
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(Layout, EveryLayoutFileErrorNamesTheEntry) {
  const std::string two = R"("rooms": [{"name": "a", "x": 1, "y": 1, "width": 5, "height": 5},
                                      {"name": "b", "x": 7, "y": 1, "width": 5, "height": 5}])";
  const std::pair<std::string, std::string> cases[] = {
      {R"({"rooms": [{"name": "a", "x": 0, "y": 1, "width": 5, "height": 5}]})",
       "test.json: rooms[0] 'a': its walls leave the 85x64 space"},
      {R"({"rooms": [{"name": "a", "x": 1, "y": 1, "width": 5, "height": 5}, {"name": "b", "x": 6, "y": 1, "width": 5, "height": 5}]})",
       "test.json: rooms[1] 'b' overlaps rooms[0] 'a': floors must be at least one wall apart"},
      {"{" + two + R"(, "connections": [{"from": "a", "to": "b", "kind": "hallway"}]})",
       "test.json: connections[0]: 'a' and 'b' share a wall; use kind \"door\""},
      {R"({"rooms": [{"name": "a", "x": 1, "y": 1, "width": 5, "height": 5}, {"name": "b", "x": 20, "y": 1, "width": 5, "height": 5}],
          "connections": [{"from": "a", "to": "b", "kind": "door"}]})",
       "test.json: connections[0]: 'a' and 'b' do not share a wall"},
      {R"({"rooms": [{"name": "a", "x": 1, "y": 1, "width": 5, "height": 5}, {"name": "b", "x": 20, "y": 20, "width": 5, "height": 5}],
          "connections": [{"from": "a", "to": "b"}]})",
       "test.json: connections[0]: 'a' and 'b' neither touch nor face each other"},
      {"{" + two + R"(, "connections": [{"from": "a", "to": "b", "width": 4, "at": 2}]})",
       "test.json: connections[0]: at=2 puts a door of width 4 past the 5 cells the rooms share"},
      {R"({"rooms": [{"name": "a", "x": 1, "y": 1, "width": 0, "height": 5}]})",
       "test.json: rooms[0] 'a': width and height must be at least 1; give the floor's size in "
       "cells"},
  };
  for (const auto& [json, want] : cases) {
    SCOPED_TRACE(want);
    EXPECT_NE(error_of(json).find(want), std::string::npos) << error_of(json);
  }
}

TEST(Layout, FileSyntaxErrorsNameKeysLinesAndRooms) {
  auto parse_error = [](const std::string& json) {
    try {
      (void)parse(json);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(parse_error(R"({"rooms": [{"name": "a", "x": 1, "y": 1, "widht": 5, "height": 5}]})")
                .find("rooms[0]: unknown key \"widht\"; did you mean \"width\"?"),
            std::string::npos);
  EXPECT_NE(parse_error("{\"rooms\": [\n  {\"name\": \"a\",, }\n]}").find("test.json: line 2"),
            std::string::npos);
  EXPECT_NE(parse_error(R"({"rooms": [{"name": "hall", "x": 1, "y": 1, "width": 5, "height": 5}],
                           "connections": [{"from": "hal", "to": "hall"}]})")
                .find("connections[0]: no room named \"hal\"; did you mean \"hall\"?"),
            std::string::npos);
  EXPECT_NE(parse_error(R"({"rooms": [{"name": "a", "x": "1", "y": 1, "width": 5, "height": 5}]})")
                .find("rooms[0]: \"x\" must be a whole number"),
            std::string::npos);
  EXPECT_NE(parse_error(R"({"rooms": [], "floors": 2})").find("unknown key \"floors\""),
            std::string::npos);
  EXPECT_NE(parse_error(R"({"rooms": [{"name": "a", "x": 1, "y": 1, "width": 5, "height": 5},
                                      {"name": "a", "x": 9, "y": 1, "width": 5, "height": 5}]})")
                .find("the name \"a\" is used twice"),
            std::string::npos);
}

// The overlap check paints floors into a grid instead of testing every earlier room: it must
// still name the lowest earlier room that the new room's walls overlap.
TEST(Layout, OverlapNamesTheLowestEarlierRoom) {
  EXPECT_NE(error_of(R"({"rooms": [{"name": "a", "x": 1, "y": 1, "width": 5, "height": 5},
                                   {"name": "b", "x": 20, "y": 1, "width": 5, "height": 5},
                                   {"name": "c", "x": 7, "y": 1, "width": 5, "height": 5},
                                   {"name": "d", "x": 3, "y": 1, "width": 20, "height": 3}]})")
                .find("test.json: rooms[3] 'd' overlaps rooms[0] 'a'"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"rooms": [{"name": "a", "x": 1, "y": 1, "width": 5, "height": 5},
                                   {"name": "b", "x": 7, "y": 7, "width": 5, "height": 5},
                                   {"name": "c", "x": 6, "y": 6, "width": 1, "height": 1}]})")
                .find("test.json: rooms[2] 'c' overlaps rooms[0] 'a'"),
            std::string::npos);  // corners touch
}

// rel-04-grid-quadratic: validate_layout tested every pair of rooms for overlap, so
// grid:400x400 took 32 s and grid:1000x1000 over a minute. 90,000 rooms would take many
// seconds that way; now it is linear in the rooms and the space's cells.
TEST(Layout, LargeGridIsValidatedAndCarved) {
  core::Rng rng(1);
  const core::LayoutSpec spec = builtin_layout("grid:300x300", {4096, 4096}, rng);
  ASSERT_EQ(spec.rooms.size(), 90000u);
  const core::Map map = layout_map(spec, rng);
  EXPECT_EQ(map.rooms.size(), 90000u);
  EXPECT_EQ(map.connections.size(), 89999u);
  EXPECT_EQ(map.rooms[299], (core::Rect{1 + 299 * 13, 1, 12, 12}));  // (4096 - 301) / 300 = 12
}

// Three rooms side by side, 3 cells apart; "b" is `b_height` rows tall, "a" and "c" 20.
std::string three_in_a_row(int b_height, const std::string& connections) {
  return fmt::format(R"({{"rooms": [{{"name": "a", "x": 1, "y": 1, "width": 5, "height": 20}},
                                    {{"name": "b", "x": 10, "y": 1, "width": 5, "height": {}}},
                                    {{"name": "c", "x": 19, "y": 1, "width": 5, "height": 20}}],
                         "connections": [{}]}})",
                     b_height, connections);
}

// A hallway that would cross a room wherever it went used to be found only by the carve,
// which tried every door position (building each corridor's cells): a layout of 120 tall
// rooms with a hallway between every pair took minutes to fail. The rooms' rectangles now
// show it before anything is carved.
TEST(Layout, HallwayThroughARoomFailsBeforeCarving) {
  EXPECT_EQ(error_of(three_in_a_row(20, R"({"from": "a", "to": "b"}, {"from": "a", "to": "c"})")),
            "test.json: connections[1]: the hallway between 'a' and 'c' runs into another room "
            "wherever it goes ('b' in the way); move the rooms so that nothing lies between them, "
            "or join rooms that face each other");
  // 19 rows of floor: b's bottom wall is row 20, the last floor row a and c share.
  EXPECT_NE(error_of(three_in_a_row(19, R"({"from": "a", "to": "c"})")).find("('b' in the way)"),
            std::string::npos);
  // One row less: a corridor along row 20 passes b, with b's bottom wall beside it.
  const core::LayoutSpec spec = parse(three_in_a_row(18, R"({"from": "a", "to": "c"})"));
  EXPECT_NO_THROW(validate_layout(spec));
  core::Rng rng(1);
  const core::Map map = layout_map(spec, rng);
  ASSERT_EQ(map.connections.size(), 1u);
  EXPECT_EQ(map.connections[0].door().start, (core::Point{6, 20}));
  EXPECT_EQ(map.connections[0].corridor(), 12);  // c's door, at x=18
}

TEST(Layout, HallwayBlocksAreTheRowsRoomsTakeAndNothingMore) {
  const core::LayoutSpec spec = parse(three_in_a_row(10, R"({"from": "a", "to": "c"})"));
  std::vector<core::Rect> outer;
  for (const auto& r : spec.rooms)
    outer.push_back({r.floor.x - 1, r.floor.y - 1, r.floor.width + 2, r.floor.height + 2});
  const auto pair = room_pair(outer[0], outer[2], 0, 2, 100, 0);
  ASSERT_TRUE(pair.has_value());
  // b's outer rows are 0..11: a door of width 1 (2) at row p takes rows p (p..p+1).
  const HallwayBlocks one = hallway_blocks(outer, room_buckets(outer), *pair, 1);
  EXPECT_EQ(one.ranges, (std::vector<std::pair<int, int>>{{0, 11}}));
  EXPECT_EQ(one.rooms, std::vector<int>{1});
  const HallwayBlocks two = hallway_blocks(outer, room_buckets(outer), *pair, 2);
  EXPECT_EQ(two.ranges, (std::vector<std::pair<int, int>>{{-1, 11}}));
  EXPECT_TRUE(covers(two.ranges, 1, 11));
  EXPECT_FALSE(covers(two.ranges, 1, 12));
  // The carve goes around b: the corridor lies below its bottom wall, for every seed.
  for (core::Seed seed = 0; seed < 8; ++seed) {
    core::Rng rng(seed);
    const core::Map map = layout_map(spec, rng);
    ASSERT_EQ(map.connections.size(), 1u);
    EXPECT_GE(map.connections[0].door().start.y, 12);
  }
}

// Rooms leave both hallways room, but "c"-"d" runs down through the whole gap "a"-"b" spans:
// whichever goes second has no place. The carve still finds this, with its own message.
TEST(Layout, CrossingHallwaysFailWhenCarved) {
  const core::LayoutSpec spec =
      parse(R"({"rooms": [{"name": "a", "x": 1, "y": 10, "width": 5, "height": 5},
                          {"name": "b", "x": 20, "y": 10, "width": 5, "height": 5},
                          {"name": "c", "x": 10, "y": 1, "width": 5, "height": 3},
                          {"name": "d", "x": 10, "y": 20, "width": 5, "height": 5}],
                "connections": [{"from": "c", "to": "d"}, {"from": "a", "to": "b"}]})");
  EXPECT_NO_THROW(validate_layout(spec));
  core::Rng rng(3);
  try {
    (void)layout_map(spec, rng);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "test.json: connections[1]: the hallway between 'a' and 'b' crosses another "
                 "hallway wherever it goes; move the rooms so that their hallways do not cross");
  }
}

TEST(Layout, BuiltinNamesAreChecked) {
  core::Rng rng(1);
  EXPECT_THROW((void)builtin_layout("grid:4", {85, 64}, rng), Error);
  EXPECT_THROW((void)builtin_layout("grid:30x30", {85, 64}, rng), Error);
  EXPECT_THROW((void)builtin_layout("maze:2", {85, 64}, rng), Error);
  EXPECT_THROW((void)builtin_layout("spiral", {85, 64}, rng), Error);
  EXPECT_TRUE(is_builtin_layout("grid:2x2"));
  EXPECT_FALSE(is_builtin_layout("castle.json"));
}

}  // namespace
}  // namespace dungen::gen
