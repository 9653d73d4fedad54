#include "core/tile_settings.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/ascii.hpp"
#include "core/error.hpp"
#include "core/tileset_words.hpp"

namespace dungen::core {
namespace {

std::vector<Tile> three_tiles() {
  return {tile_from_ascii("#+#\n#.#\n###", "boss.png"), tile_from_ascii("#+#\n#.+\n###", "cap.png"),
          tile_from_ascii("#+#\n+.+\n#+#", "hall.png")};
}

// The message of the Error apply_tile_settings throws for `text` on `tiles`, or "no error".
std::string error_of(const std::string& text, std::vector<Tile> tiles = three_tiles()) {
  try {
    apply_tile_settings(text, "t/tileset.txt", tiles);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(TileSettings, SettingsApplyInFileOrder) {
  std::vector<Tile> tiles = three_tiles();
  apply_tile_settings("* weight=10 max=4\nboss.png required max=1\nhall.png orientations=r0,f0\n",
                      "t/tileset.txt", tiles);
  EXPECT_EQ(tiles[0].settings.weight, 10u);
  EXPECT_TRUE(tiles[0].settings.required);
  EXPECT_EQ(tiles[0].settings.max_uses, 1);
  EXPECT_EQ(tiles[1].settings.max_uses, 4);
  EXPECT_FALSE(tiles[1].settings.required);
  EXPECT_EQ(tiles[2].settings.orientations, 0x11);
}

TEST(TileSettings, FarIsAFlagThatStarLinesGiveToo) {
  std::vector<Tile> tiles = three_tiles();
  apply_tile_settings("boss.png far required\n* far\ncap.png weight=2\n", "t/tileset.txt", tiles);
  EXPECT_TRUE(tiles[0].settings.far);
  EXPECT_TRUE(tiles[0].settings.required);
  EXPECT_TRUE(tiles[1].settings.far);  // the later * line
  EXPECT_TRUE(tiles[2].settings.far);
  std::vector<Tile> plain = three_tiles();
  apply_tile_settings("boss.png required\n", "t/tileset.txt", plain);
  EXPECT_FALSE(plain[0].settings.far);
  EXPECT_NE(error_of("boss.png far=1\n").find("unknown setting 'far=1'; use weight=N, max=N, "
                                               "required, far, orientations=LIST or tags=LIST"),
            std::string::npos);
}

// A required tile must be placed once; max=0 forbids it to be placed at all. Whatever the
// order and the lines, the contradiction is refused at the line that completes it.
TEST(TileSettings, RequiredAndMaxZeroContradict) {
  const std::string fix = "; remove one of the two (a required tile needs max=1 or more)";
  EXPECT_EQ(error_of("boss.png required max=0\n"),
            "t/tileset.txt: line 1: 'boss.png' is both required and max=0: it must be placed but "
            "never may be" +
                fix);
  EXPECT_EQ(error_of("boss.png max=0 required\n"), error_of("boss.png required max=0\n"));
  EXPECT_EQ(error_of("boss.png required\ncap.png weight=2\nboss.png max=0\n"),
            "t/tileset.txt: line 3: max=0 says 'boss.png' may never be placed, but line 1 makes it "
            "required" +
                fix);
  EXPECT_EQ(error_of("* max=0\nboss.png required\n"),
            "t/tileset.txt: line 2: required says 'boss.png' must be placed once, but line 1 gives "
            "it max=0" +
                fix);
  // The first line (in file order) that leaves a tile so is named.
  EXPECT_EQ(error_of("hall.png max=0\nhall.png required\ncap.png required max=0\n").substr(0, 30),
            "t/tileset.txt: line 2: require");
  // What a later line undoes is no contradiction.
  EXPECT_EQ(error_of("* max=0\nboss.png required\nboss.png max=1\n"), "no error");
  EXPECT_EQ(error_of("boss.png required weight=0\n"),
            "no error");  // weight=0: not drawn, yet placed
}

TEST(TileSettings, OneLineMayNotGiveASettingTwoValues) {
  EXPECT_EQ(error_of("cap.png max=1 weight=2 max=3\n"),
            "t/tileset.txt: line 1: max=1 and max=3 on one line contradict each other; keep one");
  EXPECT_EQ(error_of("* orientations=rotations orientations=r0\n"),
            "t/tileset.txt: line 1: orientations=rotations and orientations=r0 on one line "
            "contradict each other; keep one");
  EXPECT_EQ(error_of("cap.png max=3 max=003 required required\n"), "no error");  // the same
  EXPECT_EQ(error_of("* orientations=rotations orientations=r0,r90,r180,r270\n"), "no error");
  EXPECT_EQ(error_of("cap.png max=1\ncap.png max=3\n"), "no error");  // later lines replace
}

std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> out;
  for (const TilesetWord& w : split_tileset_words(line)) out.push_back(w.text);
  return out;
}

TEST(TilesetWords, QuotesHoldSpacesHashesAndEscapes) {
  using Words = std::vector<std::string>;
  EXPECT_EQ(words_of("\"big hall.png\" weight=2"), (Words{"big hall.png", "weight=2"}));
  EXPECT_EQ(words_of("\t\"a # b.png\"\tmax=1 # a comment"), (Words{"a # b.png", "max=1"}));
  EXPECT_EQ(words_of(R"("say \"hi\".png" "back\\slash.png")"),
            (Words{R"(say "hi".png)", R"(back\slash.png)"}));
  EXPECT_EQ(words_of(R"("" "*" "weight=2"#)"), (Words{"", "*", "weight=2"}));
  // Outside quotes, as before: '#' starts a comment, '"' and '\' are plain characters.
  EXPECT_EQ(words_of(R"(a"b\c.png weight=1#2)"), (Words{R"(a"b\c.png)", "weight=1"}));
  EXPECT_EQ(split_tileset_words("  \"x y\" max=2")[1].column, 9u);
}

TEST(TilesetWords, NamesAreWrittenQuotedWhenTheyMustBe) {
  EXPECT_EQ(tileset_written_name("room.png"), "room.png");
  EXPECT_EQ(tileset_written_name("big hall.png"), "\"big hall.png\"");
  EXPECT_EQ(tileset_written_name(R"(a "b" \c.png)"), R"("a \"b\" \\c.png")");
  EXPECT_EQ(tileset_written_name("#1.png"), "\"#1.png\"");
  EXPECT_EQ(tileset_written_name("a\"b.png"), "a\"b.png");  // a quote inside a word is plain
  for (const std::string name : {"x y", "a\\\"b", "\"q", "t\tab#"})
    EXPECT_EQ(words_of(tileset_written_name(name)), std::vector<std::string>{name});
}

TEST(TileSettings, QuotedNamesNameTilesWithSpaces) {
  std::vector<Tile> tiles = three_tiles();
  tiles.push_back(tile_from_ascii("#+#\n#.#\n###", "big hall.png"));
  tiles.push_back(tile_from_ascii("#+#\n#.#\n###", "say \"hi\".png"));
  apply_tile_settings("\"big hall.png\" weight=2 max=3\n\"say \\\"hi\\\".png\" required\n",
                      "t/tileset.txt", tiles);
  EXPECT_EQ(tiles[3].settings.weight, 2u);
  EXPECT_EQ(tiles[3].settings.max_uses, 3);
  EXPECT_TRUE(tiles[4].settings.required);
  // Unquoted, the name is cut at its space: the message says how to write it.
  EXPECT_EQ(error_of("big hall.png weight=2\n", tiles),
            "t/tileset.txt: line 1: no tile 'big' in this folder; a name with spaces goes in "
            "quotes: \"big hall.png\"");
  EXPECT_EQ(error_of("\"big hal.png\" weight=2\n", tiles),
            "t/tileset.txt: line 1: no tile 'big hal.png' in this folder; did you mean "
            "\"big hall.png\"?");
  // A no-break space looks like a space: the message names it.
  EXPECT_EQ(error_of("a.png\xC2\xA0weight=2\n", tiles),
            "t/tileset.txt: line 1: no tile 'a.png\xC2\xA0weight=2' in this folder; it holds the "
            "character U+00A0, which looks like a space but is not one: separate the name from "
            "its settings with a plain space or tab");
}

TEST(TileSettings, BadQuotingNamesLineAndColumn) {
  EXPECT_EQ(error_of("cap.png weight=2\n  \"big hall.png weight=2\n"),
            "t/tileset.txt: line 2 column 3: the quote is not closed; end the quoted name with \" "
            "on the same line (write \\\" for a quote inside it)");
  EXPECT_EQ(error_of(R"("a\n.png" weight=2)"),
            "t/tileset.txt: line 1 column 3: '\\n' is no escape inside quotes; write \\\" for a "
            "quote and \\\\ for a backslash");
  EXPECT_EQ(error_of(R"("cap.png"weight=2)"),
            "t/tileset.txt: line 1 column 10: the closing quote must be followed by a space, a # "
            "comment or the line's end");
  EXPECT_EQ(error_of("\"cap.png\" weight=2 # \"unclosed in a comment\n"), "no error");
}

}  // namespace
}  // namespace dungen::core

namespace dungen::core {
namespace {

TEST(TileSettings, TagsAreSortedWordsAndALaterLineReplacesThem) {
  std::vector<Tile> tiles = three_tiles();
  apply_tile_settings("* tags=room\nboss.png tags=room,boss,room\n", "t/tileset.txt", tiles);
  EXPECT_EQ(tiles[0].settings.tags, (std::vector<std::string>{"boss", "room"}));
  EXPECT_EQ(tiles[1].settings.tags, (std::vector<std::string>{"room"}));
  EXPECT_EQ(error_of("cap.png tags=room,,x"),
            "t/tileset.txt: line 1: tag '' is not a word; list tags separated by commas without "
            "spaces, each of letters, digits, '_' and '-', e.g. tags=room,boss");
  EXPECT_EQ(error_of("cap.png tags=a tags=b"),
            "t/tileset.txt: line 1: tags=a and tags=b on one line contradict each other; keep one");
}

}  // namespace
}  // namespace dungen::core

namespace dungen::core {
namespace {

// The settings of `tiles` as one comparable string per tile.
std::vector<std::string> settings_of(const std::vector<Tile>& tiles) {
  std::vector<std::string> out;
  for (const Tile& t : tiles) {
    const TileSettings& s = t.settings;
    std::string tags;
    for (const std::string& tag : s.tags) tags += fmt::format("{},", tag);
    out.push_back(fmt::format("{} w{} m{} r{} o{} t{}", t.name, s.weight, s.max_uses.value_or(-1),
                              int{s.required}, s.orientations, tags));
  }
  return out;
}

std::vector<std::string> settings_after(const std::string& text,
                                        std::vector<Tile> tiles = three_tiles()) {
  apply_tile_settings(text, "t/tileset.txt", tiles);
  return settings_of(tiles);
}

TEST(TileSettings, ManyStarLinesEndAsTheLastOneSettingEachField) {
  std::string many;
  for (int i = 0; i < 500; ++i) many += fmt::format("* weight={} max={}\n", i, i % 7);
  many += "* orientations=r0 tags=x\n* weight=3\n";
  EXPECT_EQ(settings_after(many), settings_after("* max=2 orientations=r0 tags=x weight=3\n"));
  EXPECT_EQ(settings_after(many)[1], "cap.png w3 m2 r0 o1 tx,");
}

TEST(TileSettings, StarAndNamedLinesInterleavedKeepFileOrder) {
  const std::vector<std::string> got = settings_after(
      "* weight=5\nboss.png weight=9 required\n* max=2\ncap.png max=4 orientations=r90\n"
      "* tags=x\nboss.png tags=y\nhall.png weight=8\n* weight=6\n* orientations=f0\n");
  EXPECT_EQ(got, (std::vector<std::string>{"boss.png w6 m2 r1 o16 ty,", "cap.png w6 m4 r0 o16 tx,",
                                           "hall.png w6 m2 r0 o16 tx,"}));
  // A field no line sets keeps its default; a named line after the `*` lines wins.
  EXPECT_EQ(settings_after("* weight=2\n* weight=4\ncap.png weight=7\n"),
            (std::vector<std::string>{"boss.png w4 m-1 r0 o255 t", "cap.png w7 m-1 r0 o255 t",
                                      "hall.png w4 m-1 r0 o255 t"}));
  // The contradiction check sees which line last set `required` and `max`, `*` or named.
  EXPECT_EQ(error_of("boss.png required\n* weight=1\n* max=0\n"),
            "t/tileset.txt: line 3: max=0 says 'boss.png' may never be placed, but line 1 makes it "
            "required; remove one of the two (a required tile needs max=1 or more)");
  EXPECT_EQ(error_of("* max=0\n* max=0\nboss.png max=1\n* weight=2\nboss.png required\n"),
            "no error");
}

// 100,000 `*` lines on 4,000 tiles (400 million setting applications if each line went to
// every tile), plus a line for each tile: every tile ends with the last values.
TEST(TileSettings, ManyStarLinesOnManyTiles) {
  std::vector<Tile> tiles;
  for (int i = 0; i < 4000; ++i)
    tiles.push_back(tile_from_ascii("#+#\n#.#\n###", fmt::format("t{}.png", 10000 + i)));
  std::string text;
  for (int i = 0; i < 100000; ++i) text += fmt::format("* weight={} max=9\n", i % 50);
  for (int i = 0; i < 4000; i += 2) text += fmt::format("t{}.png max=1\n", 10000 + i);
  text += "* weight=7\n";
  apply_tile_settings(text, "t/tileset.txt", tiles);
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    ASSERT_EQ(tiles[i].settings.weight, 7u) << i;
    ASSERT_EQ(tiles[i].settings.max_uses, i % 2 == 0 ? 1 : 9) << i;
  }
  EXPECT_EQ(error_of(fmt::format("{}t13999.pn weight=1\n", text), tiles),
            "t/tileset.txt: line 102002: no tile 't13999.pn' in this folder; did you mean "
            "'t13999.png'?");
}

}  // namespace
}  // namespace dungen::core
