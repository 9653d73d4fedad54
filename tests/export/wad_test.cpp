#include "export/wad.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "analysis/reachability.hpp"
#include "core/ascii.hpp"
#include "core/error.hpp"
#include "export/doom_map.hpp"
#include "io/formats/tile_loader.hpp"
#include "pipeline/generate.hpp"
#include "pipeline/rooms.hpp"
#include "support/test_support.hpp"

namespace dungen::exporters {
namespace {

using core::Point;

Point P(int x, int y) {
  return {x, y};
}  // a cell, where a braced Point would split a macro argument

core::Level level_of(std::string_view art, Point entrance, Point exit) {
  core::Level level;
  level.map.cells = core::cells_from_ascii(art);
  level.analysis.entrance = entrance;
  level.analysis.exit = exit;
  return level;
}

// Two rooms joined by a door; the east room is locked by lock 0, whose key is in the west one.
core::Level locked_level() {
  core::Level level = level_of(
      "#########\n"
      "#...#...#\n"
      "#...+...#\n"
      "#...#...#\n"
      "#########",
      {1, 2}, {7, 2});
  level.puzzle.locks = {core::Lock{0, 0, 1, core::Door{{4, 2}, 1, core::Facing::East}, 0}};
  level.puzzle.keys = {core::Key{0, {2, 1}, 0}};
  return level;
}

std::uint16_t u16(const std::vector<std::uint8_t>& b, std::size_t at) {
  return static_cast<std::uint16_t>(b[at] | (b[at + 1] << 8));
}

const WadLump& lump(const std::vector<WadLump>& lumps, const std::string& name) {
  return *std::find_if(lumps.begin(), lumps.end(),
                       [&](const WadLump& l) { return l.name == name; });
}

TEST(Wad, RecordSizesLittleEndianAndNames) {
  DoomMap map;
  map.things = {{-2, 300, 90, 13, 7}};
  map.lines = {{1, 2, 4, 33, 0, 0, 1}};
  map.sides = {{5, 0, "bigdoor2", "-", "-", 258}};
  map.vertices = {{-64, 32767}};
  map.sectors = {{0, 128, "FLOOR4_8", "CEIL3_5", 192, 0, 0}};
  const std::vector<WadLump> lumps = map_lumps(map);
  ASSERT_EQ(lumps.size(), 5u);
  EXPECT_EQ(lumps[0].name, "THINGS");
  EXPECT_EQ(lumps[0].data, (std::vector<std::uint8_t>{0xFE, 0xFF, 0x2C, 0x01, 90, 0, 13, 0, 7, 0}));
  EXPECT_EQ(lumps[1].data, (std::vector<std::uint8_t>{1, 0, 2, 0, 4, 0, 33, 0, 0, 0, 0, 0, 1, 0}));
  const std::vector<std::uint8_t> side = lumps[2].data;
  ASSERT_EQ(side.size(), kWadSideSize);
  EXPECT_EQ(std::string(side.begin() + 4, side.begin() + 12), "BIGDOOR2");  // upper case
  EXPECT_EQ(std::string(side.begin() + 12, side.begin() + 20), std::string("-\0\0\0\0\0\0\0", 8));
  EXPECT_EQ(u16(side, 28), 258);
  EXPECT_EQ(lumps[3].data, (std::vector<std::uint8_t>{0xC0, 0xFF, 0xFF, 0x7F}));
  EXPECT_EQ(lumps[4].data.size(), kWadSectorSize);
  EXPECT_EQ(lumps[4].name, "SECTORS");
  EXPECT_EQ(wad_name("sw1exit_long"),
            (std::array<char, 8>{'S', 'W', '1', 'E', 'X', 'I', 'T', '_'}));
}

TEST(Wad, HeaderDirectoryAndReadBack) {
  const std::vector<WadLump> lumps = {{"MAP01", {}}, {"THINGS", {1, 2, 3}}, {"x", {9}}};
  const std::vector<std::uint8_t> wad = encode_wad(lumps);
  EXPECT_EQ(std::string(wad.begin(), wad.begin() + 4), "PWAD");
  EXPECT_EQ(u16(wad, 4), 3);           // lump count
  EXPECT_EQ(u16(wad, 8), 12 + 3 + 1);  // the directory follows the lumps
  EXPECT_EQ(wad.size(), 16u + 3 * 16);
  const std::vector<WadLump> back = read_wad(wad, "t.wad");
  ASSERT_EQ(back.size(), 3u);
  EXPECT_EQ(back[1].name, "THINGS");
  EXPECT_EQ(back[1].data, lumps[1].data);
  EXPECT_EQ(back[2].name, "X");
  EXPECT_THROW((void)read_wad(
                   std::vector<std::uint8_t>{'P', 'W', 'A', 'D', 9, 0, 0, 0, 12, 0, 0, 0}, "t.wad"),
               Error);
  EXPECT_THROW((void)read_wad(std::vector<std::uint8_t>(20, 0), "t.wad"), Error);
}

TEST(Wad, MapLumpsInOrderAndDeterministic) {
  const core::Level level = locked_level();
  const std::vector<std::uint8_t> wad = doom_wad(level);
  EXPECT_EQ(wad, doom_wad(locked_level()));
  const std::vector<WadLump> lumps = read_wad(wad, "t.wad");
  std::vector<std::string> names;
  for (const WadLump& l : lumps) names.push_back(l.name);
  EXPECT_EQ(names, (std::vector<std::string>{"MAP01", "THINGS", "LINEDEFS", "SIDEDEFS", "VERTEXES",
                                             "SECTORS"}));
  EXPECT_TRUE(lumps[0].data.empty());
  EXPECT_EQ(lump(lumps, "SECTORS").data.size(), 3 * kWadSectorSize);  // two rooms and a door
}

TEST(WadSectors, OneSectorPerOpenRegionAndPerDoor) {
  const core::Level level = locked_level();
  const DoomSectors flood = flood_sectors(level);
  ASSERT_EQ(flood.sectors.size(), 3u);
  EXPECT_EQ(flood.of_cell[P(1, 1)], 0);  // row-major order of first cells
  EXPECT_EQ(flood.of_cell[P(3, 3)], 0);
  EXPECT_EQ(flood.of_cell[P(5, 1)], 1);
  EXPECT_EQ(flood.of_cell[P(4, 2)], 2);
  EXPECT_EQ(flood.of_cell[P(4, 1)], -1);  // walls are solid
  EXPECT_FALSE(flood.sectors[0].door);
  EXPECT_TRUE(flood.sectors[2].door);
  EXPECT_EQ(flood.sectors[2].lock, 0);
}

TEST(WadSectors, ThickDoorIsOneSectorWithItsLock) {
  // Rooms with a double wall between them get a door in each wall: two door cells in a row are
  // one door sector, locked when either cell is locked (dungen rooms makes these).
  core::Level level = level_of(
      "##########\n"
      "#...##...#\n"
      "#...++...#\n"
      "##########",
      {1, 2}, {8, 2});
  level.puzzle.locks = {core::Lock{0, 0, 1, core::Door{{5, 2}, 1, core::Facing::West}, 0}};
  level.puzzle.keys = {core::Key{0, {1, 1}, 0}};
  const DoomSectors flood = flood_sectors(level);
  ASSERT_EQ(flood.sectors.size(), 3u);
  EXPECT_EQ(flood.of_cell[P(4, 2)], flood.of_cell[P(5, 2)]);
  EXPECT_EQ(flood.sectors[static_cast<std::size_t>(flood.of_cell[P(4, 2)])].lock, 0);
}

// The cell on the given side of a linedef: a quarter cell from its midpoint, to the right
// (front) or left (back), in Doom's frame (y up), mapped back to map cells.
Point cell_beside(const DoomMap& map, const DoomLine& line, bool right) {
  const DoomVertex a = map.vertices[line.v1], b = map.vertices[line.v2];
  const int dx = b.x - a.x, dy = b.y - a.y, len = std::max(std::abs(dx), std::abs(dy));
  // Right of (dx, dy) is (dy, -dx) when y points up.
  const int nx = dy * 16 / len * (right ? 1 : -1), ny = -dx * 16 / len * (right ? 1 : -1);
  const int x = (a.x + b.x) / 2 + nx, y = (a.y + b.y) / 2 + ny;
  const int cx = static_cast<int>(std::floor(x / 64.0)) + map.cells.width / 2;
  const int cy = map.cells.height / 2 - 1 - static_cast<int>(std::floor(y / 64.0));
  return {cx, cy};
}

// Every line of `map`: its front side faces the sector of the cell on its right, its back side
// (if any) the cell on its left, and a one-sided line has a solid cell there. Door lines face
// their rooms: the front is the open sector, the back the door, and only they have a door special.
void expect_lines_oriented(const DoomMap& map, const core::Level& level) {
  for (std::size_t i = 0; i < map.lines.size(); ++i) {
    SCOPED_TRACE("linedef " + std::to_string(i));
    const DoomLine& line = map.lines[i];
    const Point front = cell_beside(map, line, true), back = cell_beside(map, line, false);
    ASSERT_EQ(map.flood.of_cell.get_or(front, -1), map.sides[line.right].sector);
    if (line.left == kDoomNoSide) {
      EXPECT_TRUE(map.flood.of_cell.get_or(back, -1) == -1 ||
                  (map.exit_pillar && back == *level.analysis.exit));
      EXPECT_EQ(line.flags & 1, 1);
      continue;
    }
    EXPECT_EQ(map.flood.of_cell[back], map.sides[line.left].sector);
    EXPECT_FALSE(map.flood.sectors[map.sides[line.right].sector].door);
    EXPECT_TRUE(map.flood.sectors[map.sides[line.left].sector].door);
    EXPECT_EQ(line.flags, 4);
    EXPECT_TRUE(line.special == 31 || (line.special >= 32 && line.special <= 34));
  }
}

TEST(WadLines, DoorsOpenFromTheRoomSideAndWallsFaceTheRooms) {
  const core::Level level = locked_level();
  const DoomMap map = build_doom_map(level);
  expect_lines_oriented(map, level);
  int red = 0;
  for (const DoomLine& l : map.lines) red += l.special == 33;  // red keycard door, open and stay
  EXPECT_EQ(red, 2);                                           // both faces of the locked door
  EXPECT_EQ(map.sides[map.lines[0].right].middle, "STARTAN3");
}

// locked_level() without its lock, its door of kind 1 named `kind` (both rooms' door 0).
core::Level kinded_level(const std::string& kind) {
  core::Level level = locked_level();
  level.puzzle = {};
  core::Map& map = level.map;
  map.placements = {core::Placement{0, core::Orientation::R0, {0, 0}, 0},
                    core::Placement{1, core::Orientation::R0, {4, 0}, 0}};
  map.door_kinds = {"plain", kind};
  map.tile_door_kinds = {{1}, {1}};
  const core::Door door{{4, 2}, 1, core::Facing::East};
  map.connections = {core::Connection::join(0, 1, 0, 0, door, door.start)};
  return level;
}

TEST(WadLines, SecretDoorsHaveTheSecretFlagAndLookLikeWalls) {
  for (const std::string kind : {"secret", "gate"}) {
    const DoomMap map = build_doom_map(kinded_level(kind));
    int faces = 0;
    for (const DoomLine& l : map.lines) {
      if (l.special != doom_ids::kDoorOpenStay) continue;
      ++faces;
      EXPECT_EQ((l.flags & kDoomSecretLine) != 0, kind == "secret") << kind;
      const bool wall = map.sides[l.right].upper == doom_names::kWall;
      EXPECT_EQ(wall, kind == "secret") << kind;
    }
    EXPECT_EQ(faces, 2) << kind << ": the door's two faces";
    for (const DoomLine& l : map.lines) {
      if (l.special != doom_ids::kDoorOpenStay) {
        EXPECT_EQ(l.flags & kDoomSecretLine, 0);
      }
    }
  }
}

TEST(WadLines, OrientedOnGeneratedLevels) {
  const io::formats::LoadedTileSet loaded =
      io::formats::load_tile_set(test::sample_path("classic"), {});
  const gen::Candidates candidates(loaded.set, {});
  pipeline::GenerateSettings s;
  s.stitch.max_tiles = 30;
  s.analyses.locks = 3;
  pipeline::RoomsSettings r;
  r.analyses.locks = 2;
  for (const core::Level& level :
       {pipeline::generate_level(loaded.set, candidates, s, 7), pipeline::rooms_level(r, 3)}) {
    const DoomMap map = build_doom_map(level);
    expect_lines_oriented(map, level);
    EXPECT_EQ(read_wad(doom_wad(level), "t").size(), 6u);
  }
}

TEST(WadThings, StartKeysAndContent) {
  core::Level level = locked_level();
  level.content.features = {{core::FeatureKind::Start, {1, 2}},
                            {core::FeatureKind::WayDown, {7, 2}},
                            {core::FeatureKind::Key, {2, 1}},
                            {core::FeatureKind::Monster, {6, 3}},
                            {core::FeatureKind::Spikes, {6, 1}}};
  const DoomMap map = build_doom_map(level);
  ASSERT_EQ(map.things.size(), 3u);  // player, key, monster (no spikes in Doom)
  // A 9x5 map: cell (1, 2) is centred at ((1 - 4) * 64 + 32, (2 - 2) * 64 - 32).
  EXPECT_EQ(map.things[0].x, -160);
  EXPECT_EQ(map.things[0].y, -32);
  EXPECT_EQ(map.things[0].type, 1);
  EXPECT_EQ(map.things[0].angle, 0);  // the longest run of floor is to the east
  EXPECT_EQ(map.things[1].type, 13);  // red keycard
  EXPECT_EQ(map.things[2].type, 3004);
  for (const DoomThing& t : map.things) EXPECT_EQ(t.flags, 7);  // every skill level
}

TEST(WadExit, SwitchOnTheExitCellsWallsOrAPillar) {
  core::Level level = locked_level();  // exit (7, 2): walls only to the east
  DoomMap map = build_doom_map(level);
  EXPECT_EQ(map.exit_switch, (std::array<bool, 4>{false, true, false, false}));
  EXPECT_EQ(std::count_if(map.lines.begin(), map.lines.end(),
                          [](const DoomLine& l) { return l.special == 11; }),
            1);
  level.analysis.exit = Point{6, 2};  // open on every side: a pillar with four switches
  map = build_doom_map(level);
  EXPECT_TRUE(map.exit_pillar);
  EXPECT_EQ(std::count_if(map.lines.begin(), map.lines.end(),
                          [](const DoomLine& l) { return l.special == 11; }),
            4);
}

TEST(WadLimits, TooLargeAndTooManyLocksAreRefusedWithTheLimit) {
  core::Level level;
  level.map.cells = core::Grid<core::CellKind>({512, 3}, core::CellKind::Wall);
  try {
    (void)doom_wad(level);
    FAIL() << "a 512-cell wide level was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Usage);
    EXPECT_NE(std::string(e.what()).find("512x3 cells"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("511x511"), std::string::npos) << e.what();
  }
  level.map.cells = core::Grid<core::CellKind>({511, 511}, core::CellKind::Wall);
  level.map.cells[{255, 255}] = core::CellKind::Floor;
  EXPECT_NO_THROW((void)doom_wad(level));
  core::Level locked = locked_level();
  locked.puzzle.locks.resize(4, locked.puzzle.locks[0]);
  EXPECT_THROW(check_doom_limits(locked), Error);
}

TEST(WadLimits, ALevelWithoutFloorIsRefused) {
  core::Level level;
  level.map.cells = core::Grid<core::CellKind>({5, 3}, core::CellKind::Wall);
  level.map.cells[{2, 1}] = core::CellKind::Door;  // a door is no floor to stand on
  try {
    check_doom_limits(level);
    FAIL() << "a level without floor was accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::BadInput);
    EXPECT_NE(std::string(e.what()).find("the level has no floor"), std::string::npos) << e.what();
  }
  level.map.cells[{1, 1}] = core::CellKind::Floor;
  EXPECT_NO_THROW(check_doom_limits(level));
}

}  // namespace
}  // namespace dungen::exporters

namespace dungen::exporters {
namespace {

TEST(WadLimits, VanillaLimitsOfBuiltLumps) {
  EXPECT_TRUE(vanilla_limit_notes({{"BLOCKMAP", std::vector<std::uint8_t>(65536)},
                                   {"SEGS", std::vector<std::uint8_t>(12)}})
                  .empty());
  const std::vector<std::string> notes =
      vanilla_limit_notes({{"SEGS", std::vector<std::uint8_t>(12 * 32768)},
                           {"NODES", {'X', 'N', 'O', 'D'}},
                           {"BLOCKMAP", std::vector<std::uint8_t>(65537)}});
  ASSERT_EQ(notes.size(), 3u);
  EXPECT_EQ(notes[0], "32768 SEGS, over vanilla's 32767");
  EXPECT_EQ(notes[1], "extended nodes (XNOD), which vanilla cannot read");
  EXPECT_EQ(notes[2], "BLOCKMAP is 65537 bytes, over vanilla's 65536");
}

TEST(WadLimits, VanillaLimitsNameTheMapWhenThereAreSeveral) {
  const std::vector<std::string> notes =
      vanilla_limit_notes({{"MAP01", {}},
                           {"BLOCKMAP", std::vector<std::uint8_t>(65536)},
                           {"MAP02", {}},
                           {"BLOCKMAP", std::vector<std::uint8_t>(65537)}});
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "MAP02: BLOCKMAP is 65537 bytes, over vanilla's 65536");
}

TEST(Wad, MapsSplitAtTheirMarkers) {
  const std::vector<WadLump> lumps = {{"MAP01", {}}, {"THINGS", {1}}, {"MAP02", {}},
                                      {"MAP03", {}}, {"THINGS", {2}}, {"SECTORS", {3}}};
  const std::vector<WadMap> maps = wad_maps(lumps);
  ASSERT_EQ(maps.size(), 3u);
  EXPECT_EQ(maps[0].name, "MAP01");
  ASSERT_EQ(maps[0].lumps.size(), 1u);
  EXPECT_EQ(maps[0].lumps[0].data, std::vector<std::uint8_t>{1});
  EXPECT_EQ(maps[1].name, "MAP02");
  EXPECT_TRUE(maps[1].lumps.empty());
  EXPECT_EQ(maps[2].name, "MAP03");
  EXPECT_EQ(maps[2].lumps.size(), 2u);
  // Lumps before any marker are a map without a name; "MAPXY" and "MAP001" are no markers.
  const std::vector<WadMap> loose = wad_maps({{"SEGS", {}}, {"MAPXY", {}}, {"MAP001", {}}});
  ASSERT_EQ(loose.size(), 1u);
  EXPECT_EQ(loose[0].name, "");
  EXPECT_EQ(loose[0].lumps.size(), 3u);
  EXPECT_TRUE(wad_maps({}).empty());
}

}  // namespace
}  // namespace dungen::exporters
