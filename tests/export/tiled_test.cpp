#include "export/tiled.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>

#include "core/ascii.hpp"
#include "core/palette.hpp"
#include "export/feature_style.hpp"
#include "io/formats/tile_loader.hpp"
#include "pipeline/generate.hpp"
#include "support/test_support.hpp"

namespace dungen::exporters {
namespace {

using core::CellKind;
using core::Orientation;
using nlohmann::json;

constexpr int kT = kTiledTilePixels;

// A small level with every kind of feature: a room, a vertical locked door of width 2, a
// key, entrance and exit, and two placements (one with a name XML must escape).
core::Level small_level() {
  core::Level level;
  level.map.cells = core::cells_from_ascii(
      "#####   \n"
      "#...#####\n"
      "#...+...#\n"
      "#...+...#\n"
      "#########");
  level.origin.generator = "test";
  level.origin.seed =
      18446744073709551615u;  // 2^64-1: more than Tiled's 32-bit int properties hold
  level.origin.options = {"--max-tiles 6", "--locks 1"};
  level.analysis.entrance = core::Point{1, 2};
  level.analysis.exit = core::Point{7, 3};
  level.analysis.exit_distance = 6;
  level.map.tile_names = {"room.png", "a&b <\"c\">.png"};
  level.map.shapes = {core::Grid<core::CellKind>(core::Size{5, 5}, core::CellKind::Wall),
                      core::Grid<core::CellKind>(core::Size{5, 4}, core::CellKind::Wall)};
  level.map.placements = {core::Placement{0, Orientation::R0, {0, 0}, 0},
                          core::Placement{1, Orientation::F90, {4, 1}, 1}};
  level.puzzle.locks = {core::Lock{0, 0, 1, core::Door{{4, 2}, 2, core::Facing::East}, 0}};
  level.puzzle.keys = {core::Key{0, {2, 1}, 0}};
  level.content.features = {
      {core::FeatureKind::Start, {1, 2}}, {core::FeatureKind::WayDown, {7, 3}},
      {core::FeatureKind::Key, {2, 1}},   {core::FeatureKind::Monster, {3, 3}},
      {core::FeatureKind::Loot, {6, 2}},  {core::FeatureKind::Monster, {2, 2}},
      {core::FeatureKind::Decor, {3, 1}}};
  return level;
}

// The gids of the TMX's CSV layer data, row-major.
std::vector<std::uint64_t> tmx_gids(const std::string& tmx) {
  const auto begin = tmx.find("<data encoding=\"csv\">");
  const auto end = tmx.find("</data>");
  EXPECT_NE(begin, std::string::npos);
  std::vector<std::uint64_t> gids;
  std::stringstream csv(tmx.substr(begin + 21, end - begin - 21));
  for (std::string item; std::getline(csv, item, ',');) gids.push_back(std::stoull(item));
  return gids;
}

std::vector<std::uint64_t> expected_gids(const core::Grid<CellKind>& cells) {
  std::vector<std::uint64_t> gids;
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) gids.push_back(cell_gid(cells[{x, y}]));
  }
  return gids;
}

const json& layer(const json& map, const std::string& name) {
  for (const json& l : map["layers"]) {
    if (l["name"] == name) return l;
  }
  throw std::runtime_error("no layer " + name);
}

TEST(TiledTiles, ContentKindsHaveTheirTiles) {
  using K = core::FeatureKind;
  EXPECT_EQ(feature_tile(K::Start), TiledTile::Entrance);
  EXPECT_EQ(feature_tile(K::WayDown), TiledTile::Exit);
  EXPECT_EQ(feature_tile(K::Key), TiledTile::Key);
  EXPECT_EQ(feature_tile(K::Spikes), TiledTile::Spikes);
  EXPECT_EQ(feature_tile(K::Monster), TiledTile::Monster);
  EXPECT_EQ(feature_tile(K::Chest), TiledTile::Chest);
  EXPECT_EQ(feature_tile(K::Loot), TiledTile::Loot);
  EXPECT_EQ(feature_tile(K::Decor), TiledTile::Decor);
  for (const K kind : core::kFeatureKinds) {  // one colour per kind in every output
    EXPECT_EQ(tiled_tile_colour(feature_tile(kind)), ink_colour(feature_style(kind).ink))
        << core::feature_name(kind);
    const std::string_view type = kind == K::Start     ? "entrance"
                                  : kind == K::WayDown ? "exit"
                                                       : core::feature_name(kind);
    EXPECT_EQ(tiled_tile_type(feature_tile(kind)), type);
  }
}

TEST(TiledGid, FirstgidOnePlusLocalIdAndEmptyCellsZero) {
  EXPECT_EQ(cell_gid(CellKind::Void), 0u);
  EXPECT_EQ(cell_gid(CellKind::Floor), 1u);
  EXPECT_EQ(cell_gid(CellKind::Wall), 2u);
  EXPECT_EQ(cell_gid(CellKind::Door), 3u);
  EXPECT_EQ(tiled_gid(TiledTile::Entrance), 4u);
  EXPECT_EQ(tiled_gid(TiledTile::Exit), 5u);
  EXPECT_EQ(tiled_gid(TiledTile::Key), 6u);
  EXPECT_EQ(tiled_gid(TiledTile::Lock), 7u);
  EXPECT_EQ(tiled_gid(TiledTile::Spikes), 8u);
  EXPECT_EQ(tiled_gid(TiledTile::Feature), 13u);
}

TEST(TiledGid, FlipBitsAreTheTopBitsAndRoundTrip) {
  for (int id = 0; id < kTiledTileCount; ++id) {
    for (Orientation o : core::kOrientations) {
      const std::uint32_t gid = tiled_gid(static_cast<TiledTile>(id), o);
      EXPECT_EQ(gid & ~kTiledFlipBits, static_cast<std::uint32_t>(id) + 1);
      EXPECT_EQ(gid & kTiledFlipBits, core::to_tmx_flags(o));
      EXPECT_EQ(core::from_tmx_flags(gid), o);
    }
  }
  // Tiled's bits: 0x80000000 horizontal, 0x40000000 vertical, 0x20000000 anti-diagonal.
  EXPECT_EQ(tiled_gid(TiledTile::Wall, Orientation::F0), 0x80000002u);
  EXPECT_EQ(tiled_gid(TiledTile::Wall, Orientation::R180), 0xC0000002u);
  EXPECT_EQ(tiled_gid(TiledTile::Wall, Orientation::R90), 0xA0000002u);
  EXPECT_EQ(tiled_gid(TiledTile::Wall, Orientation::F90), 0xE0000002u);
  EXPECT_EQ(tiled_gid(TiledTile::Wall, Orientation::R270), 0x60000002u);
  EXPECT_EQ(tiled_gid(TiledTile::Wall, Orientation::F270), 0x20000002u);
}

TEST(TiledTileset, OneSolidTilePerIdInTheMapColours) {
  const core::Image img = tileset_image();
  ASSERT_EQ(img.size, (core::Size{kT * kTiledTileCount, kT}));
  for (int id = 0; id < kTiledTileCount; ++id) {
    for (int y = 0; y < kT; ++y) {
      for (int x = 0; x < kT; ++x)
        ASSERT_EQ(img.at(id * kT + x, y), tiled_tile_colour(static_cast<TiledTile>(id)));
    }
  }
  for (CellKind k : {CellKind::Floor, CellKind::Wall, CellKind::Door}) {
    EXPECT_EQ(tiled_tile_colour(static_cast<TiledTile>(cell_gid(k) - 1)),
              core::Palette::colour_of(k));
  }
  // Every tile is told apart by its colour (the Tiled check relies on it).
  for (int a = 0; a < kTiledTileCount; ++a) {
    for (int b = a + 1; b < kTiledTileCount; ++b) {
      EXPECT_NE(tiled_tile_colour(static_cast<TiledTile>(a)),
                tiled_tile_colour(static_cast<TiledTile>(b)));
    }
  }
}

TEST(TiledObjects, TileObjectsAnchorBottomLeftRectanglesTopLeft) {
  TiledObject tile_obj;
  tile_obj.has_tile = true;
  tile_obj.cells = {3, 5, 1, 1};
  EXPECT_EQ(tiled_box(tile_obj), (TiledBox{3 * kT, 6 * kT, kT, kT}));
  tile_obj.cells = {7, 2, 1, 3};  // a door of width 3 running down
  EXPECT_EQ(tiled_box(tile_obj), (TiledBox{7 * kT, 5 * kT, kT, 3 * kT}));
  TiledObject rect;
  rect.cells = {3, 5, 2, 4};
  EXPECT_EQ(tiled_box(rect), (TiledBox{3 * kT, 5 * kT, 2 * kT, 4 * kT}));
}

TEST(TiledObjects, FeaturesInOrderOnTheirCells) {
  const auto objects = feature_objects(small_level());
  ASSERT_EQ(objects.size(), 8u);  // start, way_down and key are the entrance, exit and key 0
  EXPECT_EQ(objects[0].name, "entrance");
  EXPECT_EQ(objects[0].cells, (core::Rect{1, 2, 1, 1}));
  EXPECT_EQ(objects[1].name, "exit");
  EXPECT_EQ(objects[1].cells, (core::Rect{7, 3, 1, 1}));
  EXPECT_EQ(objects[2].name, "key 0");
  EXPECT_EQ(objects[2].type, "key");
  EXPECT_EQ(objects[2].cells, (core::Rect{2, 1, 1, 1}));
  EXPECT_EQ(objects[3].name, "lock 0");
  EXPECT_EQ(objects[3].tile, TiledTile::Lock);
  EXPECT_EQ(objects[3].cells, (core::Rect{4, 2, 1, 2}));  // facing east: the door runs down
  // Content: "KIND N" counting each kind, type KIND, its own tile.
  EXPECT_EQ(objects[4].name, "monster 0");
  EXPECT_EQ(objects[4].tile, TiledTile::Monster);
  EXPECT_EQ(objects[4].cells, (core::Rect{3, 3, 1, 1}));
  EXPECT_EQ(objects[5].name, "loot 0");
  EXPECT_EQ(objects[5].tile, TiledTile::Loot);
  EXPECT_EQ(objects[6].name, "monster 1");
  EXPECT_EQ(objects[6].cells, (core::Rect{2, 2, 1, 1}));
  EXPECT_EQ(objects[7].name, "decor 0");
  EXPECT_EQ(objects[7].type, "decor");
  EXPECT_EQ(objects[7].tile, TiledTile::Decor);
  for (std::size_t i = 0; i < 7; ++i) {
    EXPECT_TRUE(objects[i].has_tile);
    EXPECT_EQ(objects[i].type, tiled_tile_type(objects[i].tile));
  }
  core::Level across = small_level();
  across.puzzle.locks[0].door = core::Door{{5, 4}, 3, core::Facing::South};
  EXPECT_EQ(feature_objects(across)[3].cells,
            (core::Rect{5, 4, 3, 1}));  // facing south: runs right
}

TEST(Tmj, CellsObjectsAndPropertiesAsTiledReadsThem) {
  const core::Level level = small_level();
  const json map = json::parse(tmj_map(level));
  EXPECT_EQ(map["type"], "map");
  EXPECT_EQ(map["orientation"], "orthogonal");
  EXPECT_EQ(map["width"], level.map.cells.width());
  EXPECT_EQ(map["height"], level.map.cells.height());
  EXPECT_EQ(map["tilewidth"], kT);
  ASSERT_EQ(map["tilesets"].size(), 1u);
  EXPECT_EQ(map["tilesets"][0]["firstgid"], 1);
  EXPECT_EQ(map["tilesets"][0]["image"], std::string(kTilesetImageName));
  EXPECT_EQ(map["tilesets"][0]["tilecount"], kTiledTileCount);
  EXPECT_EQ(layer(map, "cells")["data"].get<std::vector<std::uint64_t>>(),
            expected_gids(level.map.cells));

  const json& features = layer(map, "features")["objects"];
  ASSERT_EQ(features.size(), 8u);
  EXPECT_EQ(features[0]["name"], "entrance");
  EXPECT_EQ(features[0]["gid"], tiled_gid(TiledTile::Entrance));
  EXPECT_EQ(features[0]["x"], 1 * kT);
  EXPECT_EQ(features[0]["y"], 3 * kT);  // bottom of row 2
  EXPECT_EQ(features[3]["name"], "lock 0");
  EXPECT_EQ(features[3]["y"], 4 * kT);
  EXPECT_EQ(features[3]["height"], 2 * kT);
  EXPECT_EQ(features[3]["properties"][1]["name"], "key");
  EXPECT_EQ(features[3]["properties"][1]["value"], 0);

  const json& placements = layer(map, "placements");
  EXPECT_EQ(placements["visible"], false);
  ASSERT_EQ(placements["objects"].size(), 2u);
  EXPECT_EQ(placements["objects"][1]["name"], "a&b <\"c\">.png");
  EXPECT_EQ(placements["objects"][1]["y"], 1 * kT);  // a rectangle: top-left anchored
  EXPECT_FALSE(placements["objects"][1].contains("gid"));
  EXPECT_EQ(placements["objects"][1]["properties"][1]["value"], 90);
  EXPECT_EQ(placements["objects"][1]["properties"][2]["value"], true);

  // Object ids are unique and below nextobjectid.
  std::set<int> ids;
  for (const char* name : {"features", "placements"}) {
    for (const json& o : layer(map, name)["objects"]) ids.insert(o["id"].get<int>());
  }
  EXPECT_EQ(ids.size(), 10u);
  EXPECT_LT(*ids.rbegin(), map["nextobjectid"].get<int>());

  std::map<std::string, json> props;
  for (const json& p : map["properties"]) props[p["name"]] = p;
  EXPECT_EQ(props["seed"]["type"], "string");
  EXPECT_EQ(props["seed"]["value"], "18446744073709551615");
  EXPECT_EQ(props["generator"]["value"], "test");
  EXPECT_EQ(props["options"]["value"], "--max-tiles 6 --locks 1");
  EXPECT_EQ(props["terminated_early"]["value"], false);
}

TEST(Tmx, SameFactsAsTheTmj) {
  const core::Level level = small_level();
  const std::string tmx = tmx_map(level);
  EXPECT_EQ(tmx_gids(tmx), expected_gids(level.map.cells));
  EXPECT_NE(tmx.find("<tileset firstgid=\"1\" name=\"dungen\" tilewidth=\"16\" tileheight=\"16\" "
                     "tilecount=\"13\""),
            std::string::npos);
  EXPECT_NE(tmx.find("<image source=\"dungen-tiles.png\" width=\"208\" height=\"16\"/>"),
            std::string::npos);
  EXPECT_NE(
      tmx.find("<object id=\"1\" name=\"entrance\" type=\"entrance\" gid=\"4\" x=\"16\" y=\"48\" "
               "width=\"16\" height=\"16\"/>"),
      std::string::npos);
  EXPECT_NE(
      tmx.find(
          "<object id=\"4\" name=\"lock 0\" type=\"lock\" gid=\"7\" x=\"64\" y=\"64\" width=\"16\" "
          "height=\"32\">"),
      std::string::npos);
  EXPECT_NE(tmx.find("<property name=\"seed\" value=\"18446744073709551615\"/>"),
            std::string::npos);
  EXPECT_NE(
      tmx.find("name=\"a&amp;b &lt;&quot;c&quot;&gt;.png\" type=\"placement\" x=\"64\" y=\"16\""),
      std::string::npos);
  EXPECT_NE(tmx.find("<objectgroup id=\"3\" name=\"placements\" visible=\"0\">"),
            std::string::npos);
  // Well nested: every opened element is closed.
  for (const char* tag :
       {"map", "properties", "tileset", "layer", "data", "objectgroup", "object"}) {
    const std::regex open(fmt::format("<{}[ >]", tag)), self(fmt::format("<{} [^>]*/>", tag));
    const auto count = [&](const std::regex& re) {
      return std::distance(std::sregex_iterator(tmx.begin(), tmx.end(), re),
                           std::sregex_iterator());
    };
    EXPECT_EQ(count(open) - count(self), count(std::regex(fmt::format("</{}>", tag)))) << tag;
  }
}

TEST(XmlEscape, EntitiesAndNoCharacterXmlForbids) {
  EXPECT_EQ(xml_escape("a&b<c>\"d'"), "a&amp;b&lt;c&gt;&quot;d&apos;");
  // Tab and line ends as references: an XML reader turns them into spaces in attributes.
  EXPECT_EQ(xml_escape("tab\there\nline\r"), "tab&#9;here&#10;line&#13;");
  EXPECT_EQ(xml_escape("x\x01y"), "x\xEF\xBF\xBDy");    // a control character XML 1.0 forbids
  EXPECT_EQ(xml_escape("x\xFFy"), "x\xEF\xBF\xBDy");    // not UTF-8
  EXPECT_EQ(xml_escape("caf\xC3\xA9"), "caf\xC3\xA9");  // UTF-8 kept
}

TEST(Tiled, StreamedEqualsWholeAndIsDeterministic) {
  const core::Level level = small_level();
  std::string streamed;
  int blocks = 0;
  write_tmx(level, [&](std::string_view b) {
    streamed += b;
    ++blocks;
  });
  EXPECT_EQ(streamed, tmx_map(level));
  EXPECT_EQ(blocks, 1);  // under one 64 KiB block
  EXPECT_EQ(tmj_map(level), tmj_map(small_level()));
}

// A map too big for one block reaches the sink in several, each a full block but the last:
// a writer that built the whole text first would hand it over once.
TEST(Tiled, LargeMapsAreStreamedInBlocks) {
  core::Level level = small_level();
  level.map.cells = core::Grid<core::CellKind>(core::Size{300, 300}, core::CellKind::Floor);
  std::vector<std::size_t> sizes;
  std::string streamed;
  write_tmx(level, [&](std::string_view b) {
    streamed += b;
    sizes.push_back(b.size());
  });
  EXPECT_EQ(streamed, tmx_map(level));
  ASSERT_GE(sizes.size(), 3u) << streamed.size() << " bytes";
  for (std::size_t i = 0; i + 1 < sizes.size(); ++i) EXPECT_GE(sizes[i], std::size_t{1} << 16) << i;
}

TEST(Tiled, GeneratedLevelWithLocksMatchesItsCells) {
  const io::formats::LoadedTileSet loaded =
      io::formats::load_tile_set(test::sample_path("caves"), {});
  const gen::Candidates candidates(loaded.set, {});
  pipeline::GenerateSettings s;
  s.stitch.max_tiles = 40;
  s.analyses.locks = 2;
  s.analyses.content.monsters = 3;
  s.analyses.content.loot = 2;
  const core::Level level = pipeline::generate_level(loaded.set, candidates, s, 4);
  const json map = json::parse(tmj_map(level));
  EXPECT_EQ(layer(map, "cells")["data"].get<std::vector<std::uint64_t>>(),
            expected_gids(level.map.cells));
  EXPECT_EQ(tmx_gids(tmx_map(level)), expected_gids(level.map.cells));
  const json& features = layer(map, "features")["objects"];
  const auto content = static_cast<std::size_t>(
      std::count_if(level.content.features.begin(), level.content.features.end(),
                    [](const core::Feature& f) { return core::is_content(f.kind); }));
  EXPECT_EQ(content, 5u);
  ASSERT_EQ(features.size(), 2 + level.puzzle.keys.size() + level.puzzle.locks.size() + content);
  for (std::size_t i = 0; i < level.puzzle.keys.size(); ++i) {
    const json& o = features[2 + i];
    EXPECT_EQ(o["x"], level.puzzle.keys[i].cell.x * kT);
    EXPECT_EQ(o["y"], (level.puzzle.keys[i].cell.y + 1) * kT);
    EXPECT_EQ(level.map.cells[level.puzzle.keys[i].cell], CellKind::Floor);
  }
  EXPECT_EQ(layer(map, "placements")["objects"].size(), level.map.placements.size());
}

}  // namespace
}  // namespace dungen::exporters
