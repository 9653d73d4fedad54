#include "export/ascii.hpp"

#include <gtest/gtest.h>

#include "core/ascii.hpp"
#include "io/formats/tile_loader.hpp"
#include "pipeline/generate.hpp"
#include "support/test_support.hpp"

namespace dungen::exporters {
namespace {

using core::CellKind;

core::Level level_of(std::string_view art) {
  core::Level level;
  level.map.cells = core::cells_from_ascii(art);
  return level;
}

TEST(Ascii, CellLegendOneCharacterPerCellEveryLineFullWidth) {
  // Empty cells are spaces, also at the end of a line: every line is as wide as the map.
  const core::Level level = level_of(
      "  ###\n"
      "###.#\n"
      "#..+#\n"
      "####");
  EXPECT_EQ(ascii_map(level),
            "  ###\n"
            "###.#\n"
            "#..+#\n"
            "#### \n");
}

TEST(Ascii, FeaturesEntranceExitKeysAndLockedDoors) {
  core::Level level = level_of(
      "#######\n"
      "#.....#\n"
      "#.....+\n"
      "#.....+\n"
      "###+###");
  level.analysis.entrance = core::Point{1, 1};
  level.analysis.exit = core::Point{5, 3};
  level.puzzle.keys = {core::Key{0, {3, 1}, 0}, core::Key{1, {2, 3}, 0}};
  level.puzzle.locks = {core::Lock{0, 0, 1, core::Door{{6, 2}, 2, core::Facing::East}, 0},
                        core::Lock{1, 0, 2, core::Door{{3, 4}, 1, core::Facing::South}, 1}};
  EXPECT_EQ(ascii_map(level),
            "#######\n"
            "#<.a..#\n"
            "#.....A\n"
            "#.b..>A\n"
            "###B###\n");
}

TEST(Ascii, ContentOnItsCellsStartWayDownAndKeysOnce) {
  core::Level level = level_of(
      "#########\n"
      "#.......#\n"
      "#########");
  level.analysis.entrance = core::Point{1, 1};
  level.analysis.exit = core::Point{7, 1};
  level.puzzle.keys = {core::Key{0, {4, 1}, 0}};
  using K = core::FeatureKind;
  level.content.features = {{K::Start, {1, 1}},  {K::WayDown, {7, 1}}, {K::Key, {4, 1}},
                            {K::Spikes, {2, 1}}, {K::Monster, {3, 1}}, {K::Chest, {5, 1}},
                            {K::Loot, {6, 1}},   {K::Decor, {6, 1}}};
  EXPECT_EQ(ascii_map(level),
            "#########\n"
            "#<^&a(%>#\n"  // decor drawn after the loot on its cell
            "#########\n");
}

TEST(Ascii, TiersMonstersAsDigitsThenATierLegend) {
  core::Level level = level_of(
      "########\n"
      "#......#\n"
      "########");
  using K = core::FeatureKind;
  level.content.tiers = 3;
  level.content.features = {{K::Monster, {1, 1}, 1},
                            {K::Monster, {2, 1}, 3},
                            {K::Chest, {3, 1}, 3},
                            {K::Loot, {4, 1}, 1},
                            {K::Decor, {5, 1}}};
  EXPECT_EQ(ascii_map(level),
            "########\n"
            "#13($%.#\n"
            "########\n"
            "\n"
            "tiers 1..3: a monster is drawn as the digit of its tier\n"
            "tier 1: monster 1,1; loot 4,1\n"
            "tier 2:\n"  // none of this tier
            "tier 3: monster 2,1; chest 3,1\n");
}

TEST(Ascii, LettersForTheFirst26IdsThenStarAndEquals) {
  EXPECT_EQ(ascii_key(0), 'a');
  EXPECT_EQ(ascii_key(25), 'z');
  EXPECT_EQ(ascii_key(26), '*');
  EXPECT_EQ(ascii_lock(0), 'A');
  EXPECT_EQ(ascii_lock(25), 'Z');
  EXPECT_EQ(ascii_lock(26), '=');
}

TEST(Ascii, LaterFeaturesWinASharedCell) {
  core::Level level = level_of("#..#");
  level.analysis.entrance = core::Point{1, 0};
  level.analysis.exit = core::Point{1, 0};
  EXPECT_EQ(ascii_map(level), "#>.#\n");  // exit over entrance
  level.puzzle.keys = {core::Key{0, {1, 0}, 0}};
  EXPECT_EQ(ascii_map(level), "#a.#\n");  // a key over both: it must stay visible to be picked up
  const auto marks = ascii_marks(level);
  ASSERT_EQ(marks.size(), 3u);
  EXPECT_EQ(marks[0].symbol, '<');
  EXPECT_EQ(marks[2].symbol, 'a');
}

TEST(Ascii, GeneratedLevelReadsBackAsItsCells) {
  const io::formats::LoadedTileSet loaded =
      io::formats::load_tile_set(test::sample_path("classic"), {});
  const gen::Candidates candidates(loaded.set, {});
  pipeline::GenerateSettings s;
  s.analyses.locks = 2;
  const core::Level level = pipeline::generate_level(loaded.set, candidates, s, 9);
  const std::string text = ascii_map(level);
  std::string cells_only;
  std::size_t line = 0;
  int row = 0, entrances = 0, exits = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '\n') {
      EXPECT_EQ(i - line, static_cast<std::size_t>(level.map.cells.width()));
      line = i + 1;
      ++row;
      cells_only += c;
      continue;
    }
    entrances += c == '<';
    exits += c == '>';
    const bool on_door = (c >= 'A' && c <= 'Z') || c == '=';
    const bool on_floor = c == '<' || c == '>' || (c >= 'a' && c <= 'z') || c == '*';
    cells_only += on_door ? '+' : on_floor ? '.' : c;
  }
  EXPECT_EQ(row, level.map.cells.height());
  EXPECT_EQ(entrances, 1);
  EXPECT_EQ(exits, 1);
  EXPECT_EQ(cells_only, core::ascii_from_cells(level.map.cells) + "\n");
}

}  // namespace
}  // namespace dungen::exporters
