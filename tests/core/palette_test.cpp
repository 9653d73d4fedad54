// Tests of core/palette: the default colours, palette files (comments, #RRGGBBAA, overrides,
// malformed lines) and to_cells.

#include "core/palette.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"
#include "support/test_support.hpp"

namespace dungen::core {
namespace {

constexpr Rgba kBlack{0, 0, 0, 255};
constexpr Rgba kWhite{255, 255, 255, 255};
constexpr Rgba kRed{255, 0, 0, 255};
constexpr Rgba kMagenta{255, 0, 255, 255};

// The message of the dungen::Error Palette::parse throws for `text`; a failure when none.
std::string parse_error(const std::string& text) {
  try {
    (void)Palette::parse(text, "my.palette");
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("my.palette: ", 0), 0u) << message;
    return message;
  }
  ADD_FAILURE() << "parsed without a dungen::Error: " << text;
  return "";
}

// ---- the default palette -----------------------------------------------------------------

TEST(DefaultPalette, ClassifiesTheFourDesignColours) {
  const Palette p = Palette::defaults();
  EXPECT_EQ(p.classify(kBlack), CellKind::Wall);
  EXPECT_EQ(p.classify(kWhite), CellKind::Floor);
  EXPECT_EQ(p.classify(kRed), CellKind::Door);
  EXPECT_EQ(p.classify(kMagenta), CellKind::Void);
}

TEST(DefaultPalette, AlphaBelow128IsEmptyWhateverTheColour) {
  const Palette p = Palette::defaults();
  EXPECT_EQ(p.classify(Rgba{0, 0, 0, 0}), CellKind::Void);
  EXPECT_EQ(p.classify(Rgba{0, 0, 0, 127}), CellKind::Void);
  EXPECT_EQ(p.classify(Rgba{255, 0, 0, 127}), CellKind::Void);
  EXPECT_EQ(p.classify(Rgba{0x12, 0xAB, 0x34, 5}), CellKind::Void) << "unknown but transparent";
}

TEST(DefaultPalette, AlphaFrom128CountsAsOpaque) {
  const Palette p = Palette::defaults();
  EXPECT_EQ(p.classify(Rgba{0, 0, 0, 128}), CellKind::Wall);
  EXPECT_EQ(p.classify(Rgba{255, 0, 0, 200}), CellKind::Door);
  EXPECT_EQ(p.classify(Rgba{255, 0, 255, 128}), CellKind::Void);
}

TEST(DefaultPalette, UnknownOpaqueColourIsNotClassified) {
  const Palette p = Palette::defaults();
  EXPECT_EQ(p.classify(Rgba{0x12, 0xAB, 0x34, 255}), std::nullopt);
  EXPECT_EQ(p.classify(Rgba{254, 0, 0, 255}), std::nullopt) << "near-red is not a door";
  EXPECT_EQ(p.classify(Rgba{1, 1, 1, 255}), std::nullopt) << "near-black is not a wall";
}

TEST(DefaultPalette, ColourOfGivesTheDrawingColours) {
  EXPECT_EQ(Palette::colour_of(CellKind::Wall), kBlack);
  EXPECT_EQ(Palette::colour_of(CellKind::Floor), kWhite);
  EXPECT_EQ(Palette::colour_of(CellKind::Door), kRed);
  EXPECT_EQ(Palette::colour_of(CellKind::Void), (Rgba{0, 0, 0, 0}));
}

TEST(ColourHex, IsUpperCaseWithAlphaOnlyWhenNotOpaque) {
  EXPECT_EQ(colour_hex(Rgba{0x12, 0xAB, 0x34, 255}), "#12AB34");
  EXPECT_EQ(colour_hex(Rgba{0x12, 0xAB, 0x34, 0x40}), "#12AB3440");
}

// ---- Palette::parse ----------------------------------------------------------------------

TEST(PaletteParse, EmptyTextGivesTheDefaults) {
  const Palette p = Palette::parse("", "my.palette");
  EXPECT_EQ(p.entries().size(), Palette::defaults().entries().size());
  EXPECT_EQ(p.classify(kRed), CellKind::Door);
}

TEST(PaletteParse, AddsColoursAndSkipsCommentsAndBlankLines) {
  const Palette p = Palette::parse(
      "# dungeon palette\n"
      "\n"
      "#808080 wall      # stone\n"
      "   #c0ffee   floor\n"
      "#0000FF door\r\n"  // CRLF line endings
      "#00FF00 empty\n"
      "#123456 void\n"
      "#\n",
      "my.palette");
  EXPECT_EQ(p.classify(Rgba{0x80, 0x80, 0x80, 255}), CellKind::Wall);
  EXPECT_EQ(p.classify(Rgba{0xC0, 0xFF, 0xEE, 255}), CellKind::Floor) << "lower-case hex";
  EXPECT_EQ(p.classify(Rgba{0, 0, 255, 255}), CellKind::Door);
  EXPECT_EQ(p.classify(Rgba{0, 255, 0, 255}), CellKind::Void);
  EXPECT_EQ(p.classify(Rgba{0x12, 0x34, 0x56, 255}), CellKind::Void) << "'void' names empty";
  EXPECT_EQ(p.classify(kBlack), CellKind::Wall) << "the defaults stay";
}

TEST(PaletteParse, RgbEntryMatchesAnyAlphaFrom128) {
  const Palette p = Palette::parse("#808080 wall\n", "my.palette");
  EXPECT_EQ(p.classify(Rgba{0x80, 0x80, 0x80, 128}), CellKind::Wall);
  EXPECT_EQ(p.classify(Rgba{0x80, 0x80, 0x80, 127}), CellKind::Void);
}

TEST(PaletteParse, RgbaEntryMatchesOnlyThatExactAlpha) {
  const Palette p = Palette::parse("#00000040 floor\n#80808080 door\n", "my.palette");
  EXPECT_EQ(p.classify(Rgba{0, 0, 0, 0x40}), CellKind::Floor) << "even below alpha 128";
  EXPECT_EQ(p.classify(Rgba{0, 0, 0, 0x41}), CellKind::Void);
  EXPECT_EQ(p.classify(Rgba{0x80, 0x80, 0x80, 0x80}), CellKind::Door);
  EXPECT_EQ(p.classify(Rgba{0x80, 0x80, 0x80, 0xFF}), std::nullopt);
  EXPECT_EQ(p.classify(kBlack), CellKind::Wall) << "opaque black keeps its default";
}

TEST(PaletteParse, FileEntryOverridesTheDefaultForThatColour) {
  const Palette p = Palette::parse("#FF00FF wall\n#000000 floor\n", "my.palette");
  EXPECT_EQ(p.classify(kMagenta), CellKind::Wall);
  EXPECT_EQ(p.classify(kBlack), CellKind::Floor);
  EXPECT_EQ(p.classify(kRed), CellKind::Door) << "colours not listed keep their default";
}

TEST(PaletteParse, LaterEntryForTheSameColourWins) {
  const Palette p = Palette::parse("#808080 wall\n#808080 floor\n", "my.palette");
  EXPECT_EQ(p.classify(Rgba{0x80, 0x80, 0x80, 255}), CellKind::Floor);
}

// The last entry that matches, found by walking every entry (the rule classify keeps).
std::optional<CellKind> walk_entries(const Palette& p, Rgba px) {
  std::optional<CellKind> kind;
  for (const PaletteEntry& e : p.entries()) {
    const bool rgb = e.colour.r == px.r && e.colour.g == px.g && e.colour.b == px.b;
    if (e.has_alpha ? (rgb && e.colour.a == px.a) : (rgb && px.a >= 128)) kind = e.kind;
  }
  if (!kind && px.a < 128) return CellKind::Void;
  return kind;
}

TEST(PaletteParse, ManyEntriesClassifyAsTheLastMatchingOne) {
  // Few colours and alphas, many lines: repeats, RGB and RGBA entries for one colour.
  const char* kinds[] = {"wall", "floor", "door", "empty"};
  std::string text;
  std::uint32_t x = 7;
  const auto next = [&x] { return x = x * 1664525U + 1013904223U; };
  for (int i = 0; i < 3000; ++i) {
    const std::uint32_t r = next() >> 29, a = next() >> 31 ? 255 : 0x40 << (next() >> 31);
    text += next() >> 31 ? fmt::format("#{:02X}0000{:02X} {}\n", r * 32, a, kinds[next() >> 30])
                         : fmt::format("#{:02X}0000 {}\n", r * 32, kinds[next() >> 30]);
  }
  const Palette p = Palette::parse(text, "my.palette");
  int named = 0;
  for (std::uint32_t r = 0; r < 256; r += 16) {
    for (const std::uint32_t a : {0U, 0x40U, 0x7FU, 0x80U, 0xC0U, 0xFFU}) {
      const Rgba px{static_cast<std::uint8_t>(r), 0, 0, static_cast<std::uint8_t>(a)};
      EXPECT_EQ(p.classify(px), walk_entries(p, px)) << colour_hex(px);
      named += walk_entries(p, px).has_value();
    }
  }
  EXPECT_GT(named, 40);
}

TEST(PaletteParse, APngImageIsNamedAsOne) {
  EXPECT_EQ(parse_error(std::string("\x89PNG\r\n\x1a\n", 8)),
            "my.palette: is a PNG image, not a text file; a palette is text, one '#RRGGBB kind' "
            "per line (docs/tile-format.md)");
}

TEST(PaletteParse, MalformedLinesAreErrorsNamingTheFileAndLine) {
  struct Case {
    const char* line;
    const char* why;
  };
  for (const Case& c :
       {Case{"#808080", "no kind"}, Case{"#808080 lava", "unknown kind"},
        Case{"#808080 wall extra", "a third word"}, Case{"808080 wall", "no '#'"},
        Case{"wall #808080", "swapped"}, Case{"#808080 wall #FF0000", "two colours"}}) {
    SCOPED_TRACE(std::string(c.why) + ": " + c.line);
    const std::string message = parse_error(std::string("# header\n\n") + c.line + "\n");
    EXPECT_PRED_FORMAT2(testing::IsSubstring, "line 3", message);
  }
}

TEST(PaletteParse, ErrorReportsTheFirstMalformedLine) {
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "line 2",
                      parse_error("#808080 wall\n#808080 lava\n#zz wall\n"));
}

TEST(PaletteParse, ColourWithAMissingOrExtraDigitIsAnErrorNotAComment) {
  // Regression: strip_comment used to drop any '#' word that was not a valid colour, so a
  // line such as "#FF00F wall" (a digit missing) was silently ignored as a comment.
  for (const char* line : {"#FF00F wall", "#80808080FF wall", "#8080 floor", "#ABCDEFA door"}) {
    SCOPED_TRACE(line);
    EXPECT_PRED_FORMAT2(testing::IsSubstring, "line 2",
                        parse_error(std::string("#808080 wall\n") + line + "\n"));
  }
}

TEST(PaletteParse, ColourWithANonHexDigitBeforeAKindIsAnErrorNotAComment) {
  // Regression (rel-15): "#GGGGGG wall" was taken for a comment, dropping the colour silently.
  for (const char* line : {"#GGGGGG wall", "#6B4F2G floor", "#12345Z78 door"}) {
    SCOPED_TRACE(line);
    const std::string message = parse_error(std::string("#808080 wall\n") + line + "\n");
    EXPECT_PRED_FORMAT2(testing::IsSubstring, "line 2: '", message);
    EXPECT_PRED_FORMAT2(testing::IsSubstring, "is not a colour", message);
  }
  EXPECT_NO_THROW(
      (void)Palette::parse("# GGGGGG wall is a comment\n#grey wall as well\n", "p.txt"));
}

TEST(PaletteParse, LongLinesAreQuotedShort) {
  const std::string message = parse_error("#808080 " + std::string(100000, 'x') + "\n");
  EXPECT_LT(message.size(), 400u);
}

TEST(PaletteParse, WindowsAndOldMacLineEndsAreRead) {
  for (const char* text : {"#808080 floor\r\n#404040 door\r\n", "#808080 floor\r#404040 door\r"}) {
    const core::Palette p = core::Palette::parse(text, "p.txt");
    EXPECT_EQ(p.classify(core::Rgba{0x40, 0x40, 0x40, 255}), core::CellKind::Door);
  }
}

// ---- to_cells ----------------------------------------------------------------------------

TEST(ToCells, ClassifiesEveryPixelInRowMajorOrder) {
  Image image(Size{3, 2}, Rgba{0, 0, 0, 0});
  image.at(0, 0) = kBlack;
  image.at(1, 0) = kRed;
  image.at(2, 0) = kMagenta;
  image.at(0, 1) = kWhite;
  const Grid<CellKind> cells = to_cells(image, Palette::defaults(), "t.png");
  EXPECT_EQ(test::ascii_from_cells(cells), "#+ \n.  ");
}

TEST(ToCells, FirstUnknownPixelIsNamedWithFileAndColour) {
  Image image(Size{4, 3}, kWhite);
  image.at(3, 1) = Rgba{0x12, 0xAB, 0x34, 255};
  image.at(0, 2) = Rgba{0x99, 0x99, 0x99, 255};  // later in row-major order
  try {
    (void)to_cells(image, Palette::defaults(), "tiles/room.png");
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("tiles/room.png: ", 0), 0u) << message;
    EXPECT_PRED_FORMAT2(testing::IsSubstring, "pixel (3, 1)", message);
    EXPECT_PRED_FORMAT2(testing::IsSubstring, "#12AB34", message);
    EXPECT_PRED_FORMAT2(testing::IsSubstring, "given with palette",
                        message);  // the field; the CLI says --palette
    EXPECT_PRED_FORMAT2(testing::IsSubstring, "given with {palette}", e.raw());
  }
}

TEST(ToCells, CustomPaletteNamesOtherwiseUnknownColours) {
  Image image(Size{2, 1}, Rgba{0x80, 0x80, 0x80, 255});
  image.at(1, 0) = kWhite;
  const Palette p = Palette::parse("#808080 wall\n", "my.palette");
  EXPECT_EQ(test::ascii_from_cells(to_cells(image, p, "t.png")), "#.");
}

// ---- door kinds ------------------------------------------------------------------------

TEST(PaletteDoorKinds, NamedKindsAreNumberedInOrderOfFirstAppearance) {
  const Palette p = Palette::parse(
      "#00FF00 door:secret\n#0000FF door:gate\n#00AA00 door:secret  # a second shade\n",
      "my.palette");
  EXPECT_EQ(p.door_kinds(), (std::vector<std::string>{"plain", "secret", "gate"}));
  EXPECT_EQ(p.classify(Rgba{0, 255, 0, 255}), CellKind::Door);
  EXPECT_EQ(p.door_kind(Rgba{0, 255, 0, 255}), 1);
  EXPECT_EQ(p.door_kind(Rgba{0, 0xAA, 0, 255}), 1);
  EXPECT_EQ(p.door_kind(Rgba{0, 0, 255, 255}), 2);
  EXPECT_EQ(p.door_kind(kRed), 0) << "the default door stays plain";
  EXPECT_EQ(p.door_kind(kWhite), 0) << "not a door";
}

TEST(PaletteDoorKinds, NoNamedKindMeansNoKindTable) {
  EXPECT_TRUE(Palette::defaults().door_kinds().empty());
  EXPECT_TRUE(Palette::parse("#00FF00 door\n#00AA00 door:plain\n", "p").door_kinds().empty());
}

TEST(PaletteDoorKinds, AFileEntryMayMakeTheDefaultRedAKind) {
  const Palette p = Palette::parse("#FF0000 door:secret\n#00FF00 door\n", "my.palette");
  EXPECT_EQ(p.door_kind(kRed), 1);
  EXPECT_EQ(p.door_kind(Rgba{0, 255, 0, 255}), 0);
}

TEST(PaletteDoorKinds, DoorKindsGridHoldsEachDoorCellsKind) {
  Image image(Size{3, 1});
  image.at(0, 0) = Rgba{0, 255, 0, 255};
  image.at(1, 0) = kRed;
  image.at(2, 0) = kBlack;
  const Palette p = Palette::parse("#00FF00 door:secret\n", "my.palette");
  const Grid<std::uint8_t> kinds = to_door_kinds(image, p);
  EXPECT_EQ(kinds[(Point{0, 0})], 1);
  EXPECT_EQ(kinds[(Point{1, 0})], 0);
  EXPECT_EQ(kinds[(Point{2, 0})], 0);
}

TEST(PaletteDoorKinds, BadKindsAreOneLineErrorsWithLineAndColumn) {
  struct Case {
    std::string text;
    std::string expected;
  };
  for (const Case& c : {
           Case{"#00FF00 door:Secret\n",
                "my.palette: line 1 column 9: 'Secret' is not a door kind name: use 1 to 32 "
                "lowercase letters, digits, '-' or '_', as in door:secret"},
           Case{"#00FF00 door:\n", "line 1 column 9: '' is not a door kind name"},
           Case{"#00FF00 door:a.b\n", "'a.b' is not a door kind name"},
           Case{"#00FF00 door:" + std::string(33, 'x') + "\n", "is not a door kind name"},
           Case{"\n#00FF00   wall:x\n",
                "line 2 column 11: 'wall:x': only doors have kinds; write wall alone, or "
                "door:NAME for a door kind"},
           Case{"#00FF00 door:secret\n#00FF00 door:secret\n",
                "line 2 column 1: #00FF00 door:secret repeats line 1; remove one of the two lines"},
           Case{"#00FF00 door:secret\n#00FF00 floor\n",
                "line 2 column 1: #00FF00 is door:secret on line 1 but floor here; give each "
                "colour one meaning"},
           Case{"#00FF00 door\n#00FF00 door:gate\n",
                "line 2 column 1: #00FF00 is door on line 1 but door:gate here"},
       }) {
    SCOPED_TRACE(c.text);
    EXPECT_PRED_FORMAT2(testing::IsSubstring, c.expected.c_str(), parse_error(c.text));
  }
}

TEST(PaletteDoorKinds, PlainEntriesForOneColourStillLetTheLaterWin) {
  // Only colours of named kinds are checked for repeats: files that relied on "later wins" for
  // the four cell kinds keep working.
  EXPECT_NO_THROW((void)Palette::parse("#808080 wall\n#808080 floor\n#00FF00 door:a\n", "p"));
}

TEST(PaletteDoorKinds, RepeatsAreFoundByColourAmongManyLines) {
  // Earlier lines are looked up by colour, not scanned (200,000 lines once took minutes): the
  // first earlier line of the colour is named, with or without its alpha.
  std::string text = "#00FF00 door:secret\n#12345680 floor\n";
  for (int i = 0; i < 200000; ++i) text += fmt::format("#{:06X} floor\n", 0x200000 + i);
  EXPECT_NO_THROW((void)Palette::parse(text, "p"));
  EXPECT_PRED_FORMAT2(testing::IsSubstring,
                      "line 200003 column 1: #00FF00 is door:secret on line 1 but floor here",
                      parse_error(text + "#00FF00 floor\n"));
  EXPECT_PRED_FORMAT2(testing::IsSubstring,
                      "line 200003 column 1: #12345680 is floor on line 2 but door:gate here",
                      parse_error(text + "#12345680 door:gate\n"));
  // #123456 matches alpha 128 too, so it meets #12345680; alpha 127 is another colour.
  EXPECT_PRED_FORMAT2(testing::IsSubstring,
                      "line 200003 column 1: #123456 is door:gate here but line 2 makes "
                      "#12345680 floor, and both match pixels #12345680",
                      parse_error(text + "#123456 door:gate\n"));
  EXPECT_NO_THROW((void)Palette::parse(text + "#1234567F door:gate\n", "p"));
}

TEST(PaletteDoorKinds, OneMeaningPerColourComparesWhatLinesMatchNotTheirSpelling) {
  // Regression (turn3-03): "#00FF00 door:secret" then "#00FF00FF floor" was accepted, and the
  // secret door silently became floor; the rule compared the lines' spelling, not the pixels
  // they match (#00FF00 matches #00FF00 at alpha 128 to 255, #00FF00FF the opaque ones).
  struct Case {
    std::string text;
    std::string expected;
  };
  for (const Case& c : {
           Case{"#00FF00 door:secret\n#00FF00FF floor\n#0000FF door:gate\n",
                "my.palette: line 2 column 1: #00FF00FF is floor here but line 1 makes #00FF00 "
                "door:secret, and both match pixels #00FF00FF; give each colour one meaning"},
           Case{"#00FF00FF floor\n#00FF00 door:secret\n",
                "line 2 column 1: #00FF00 is door:secret here but line 1 makes #00FF00FF floor, "
                "and both match pixels #00FF00FF"},
           Case{"#00FF00 door:secret\n#00FF00FF door:vault\n",
                "line 2 column 1: #00FF00FF is door:vault here but line 1 makes #00FF00 "
                "door:secret"},
           Case{"#00FF00 door:secret\n#00FF0080 door:secret\n",
                "line 2 column 1: #00FF0080 door:secret repeats line 1's #00FF00 door:secret for "
                "pixels #00FF0080; remove one of the two lines"},
           Case{"#00FF00C0 door:secret\n#00FF00 wall\n",
                "line 2 column 1: #00FF00 is wall here but line 1 makes #00FF00C0 door:secret"},
       }) {
    SCOPED_TRACE(c.text);
    EXPECT_PRED_FORMAT2(testing::IsSubstring, c.expected.c_str(), parse_error(c.text));
  }
  // Lines that share no pixel still mean what they say: alpha under 128 is not #RRGGBB's.
  const Palette p = Palette::parse("#00FF00 door:secret\n#00FF007F floor\n", "p");
  EXPECT_EQ(p.door_kind(Rgba{0, 255, 0, 255}), 1);
  EXPECT_EQ(p.classify(Rgba{0, 255, 0, 127}), CellKind::Floor);
}

TEST(PaletteDoorKinds, AtMostFifteenKinds) {
  std::string text;
  for (int k = 1; k <= kMaxDoorKinds; ++k) text += fmt::format("#0000{:02X} door:k{}\n", k, k);
  EXPECT_EQ(Palette::parse(text, "p").door_kinds().size(), 16u);
  text += "#0000FF door:one-too-many\n";
  EXPECT_PRED_FORMAT2(testing::IsSubstring,
                      "line 16 column 9: door:one-too-many would be door kind 16, over the limit "
                      "of 15; draw some of these doors in a kind the file already names",
                      parse_error(text));
}

}  // namespace
}  // namespace dungen::core
