#include "core/error.hpp"

#include <gtest/gtest.h>

#include <string>
#include <type_traits>

#include "core/text_lines.hpp"
#include "core/tile_settings.hpp"
#include "core/utf8.hpp"

namespace dungen {
namespace {

TEST(Error, ControlBytesAreEscapedSoTheMessageIsWholeAndOneLine) {
  const Error e(std::string("t.txt: no tile 'a\0b\x1b[31m\n' here", 31));
  EXPECT_EQ(std::string(e.what()), "t.txt: no tile 'a\\x00b\\x1b[31m\\x0a' here");
}

// File names are bytes: a name or a line that is not UTF-8 is quoted with each bad byte
// escaped, so the message stays valid text; UTF-8 is kept as it is.
TEST(Error, BytesThatAreNotUTF8AreEscapedAndUTF8IsKept) {
  EXPECT_EQ(printable("r\xff\xfeoom.png"), "r\\xff\\xfeoom.png");
  EXPECT_EQ(printable("caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x90\x89"),
            "caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC \xF0\x9F\x90\x89");  // café 日本 🐉
  EXPECT_EQ(printable("a\xC3"), "a\\xc3");                             // a character cut short
  EXPECT_EQ(printable("\xE6\x97x"), "\\xe6\\x97x");                    // ... in the middle
  EXPECT_EQ(printable("\x85\xA9"), "\\x85\\xa9");                      // continuations alone
  EXPECT_EQ(printable("\xC0\xAF"), "\\xc0\\xaf");                      // an overlong '/'
  EXPECT_EQ(printable("\xED\xA0\x80"), "\\xed\\xa0\\x80");             // a UTF-16 surrogate
  EXPECT_EQ(printable("\xF4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");    // past U+10FFFF
  EXPECT_EQ(printable("\xC2\x9B[31m"), "\\xc2\\x9b[31m");              // C1 CSI, a control
  EXPECT_EQ(printable("\xC2\xA0"), "\xC2\xA0");                        // no-break space: text
  const Error e(std::string("t/tileset.txt: line 1: no tile 'big\xff\xfe.png' in this folder"));
  EXPECT_EQ(std::string(e.what()),
            "t/tileset.txt: line 1: no tile 'big\\xff\\xfe.png' in this folder");
  EXPECT_EQ(printable(e.what()), e.what());  // escaping twice changes nothing
}

// Regression (issue 33): a tile named "x\u202e_gnp.png" turned the rest of inspect's line
// and of every message quoting it around (a right-to-left override), and U+2066, U+200F did
// likewise: printable() escaped C0 and C1 controls only.
TEST(Error, BidiControlsAndSeparatorsAreEscapedLikeControls) {
  EXPECT_EQ(printable("x\xE2\x80\xAE_gnp.png"), "x\\xe2\\x80\\xae_gnp.png");  // U+202E RLO
  EXPECT_EQ(printable("a\xE2\x81\xA6z"), "a\\xe2\\x81\\xa6z");                // U+2066 LRI
  EXPECT_EQ(printable("a\xE2\x80\x8Fz"), "a\\xe2\\x80\\x8fz");                // U+200F RLM
  EXPECT_EQ(printable("a\xE2\x80\xA8z"), "a\\xe2\\x80\\xa8z");  // U+2028 line separator
  EXPECT_EQ(printable("a\xD8\x9Cz"), "a\\xd8\\x9cz");              // U+061C Arabic mark
  EXPECT_EQ(printable("a\xE2\x80\x8Dz"), "a\xE2\x80\x8Dz");  // U+200D joins emoji: text
  const Error e(std::string("tile 'x\xE2\x80\xAE.png': bad"));
  EXPECT_EQ(std::string(e.what()), "tile 'x\\xe2\\x80\\xae.png': bad");
}

TEST(Error, LongMessagesAreCutInTheMiddleKeepingTheEnd) {
  const Error e("p.txt: line 1: got '" + std::string(10'000'000, 'A') + "'; fix the line");
  const std::string m = e.what();
  EXPECT_LE(m.size(), 1000u);
  EXPECT_EQ(m.rfind("p.txt: line 1: got 'AAA", 0), 0u);
  EXPECT_NE(m.find(" ... "), std::string::npos);
  EXPECT_EQ(m.substr(m.size() - 15), "'; fix the line");
}

TEST(Error, ARunOfStrayContinuationBytesIsStillCut) {  // found by the palette fuzzer
  const std::string m = printable("x" + std::string(3000, '\x85') + "y", 100);
  EXPECT_LE(m.size(), 100u);
}

TEST(Error, UTF8CharactersAreNotSplitAtTheCut) {
  std::string text;
  for (int i = 0; i < 500; ++i) text += "\xC3\xA9";  // é
  const std::string m = printable(text, 101);
  const std::size_t gap = m.find(" ... ");
  ASSERT_NE(gap, std::string::npos);
  EXPECT_EQ(gap % 2, 0u);                   // whole characters before the gap
  EXPECT_EQ((m.size() - gap - 5) % 2, 0u);  // and after it
}

// Library messages mark settings ("{door_width}"); what() names the fields, a front end its
// own names (the CLI its flags, tests/cli/flag_names_test.cpp).
constexpr FieldName kFlags[] = {{"door_width", "--door-width"}, {"min_size", "--min-size"}};

TEST(Error, WhatNamesTheFieldsAMessageMarks) {
  const Error e =
      field_error("door_width",
                  "a door of width 4 needs rooms at least 6 cells wide; raise {min_size} "
                  "or narrow the door");
  EXPECT_EQ(e.kind(), ErrorKind::Usage);
  EXPECT_EQ(std::string(e.what()),
            "door_width: a door of width 4 needs rooms at least 6 cells wide; raise min_size or "
            "narrow the door");
  EXPECT_EQ(e.raw(),
            "{door_width}: a door of width 4 needs rooms at least 6 cells wide; raise {min_size} "
            "or narrow "
            "the door");
  EXPECT_EQ(field_error("demo", "no way to play it", ErrorKind::BadInput).kind(),
            ErrorKind::BadInput);
}

TEST(Error, AFrontEndRendersTheMarkersWithItsOwnNames) {
  const Error e = field_error("door_width", "raise {min_size} or narrow the door");
  EXPECT_EQ(render_fields(e.raw(), kFlags), "--door-width: raise --min-size or narrow the door");
  EXPECT_EQ(render_fields(e.raw()), e.what());
}

TEST(Error, AnUnknownMarkerReadsAsItsFieldName) {
  EXPECT_EQ(render_fields("{max_tiles}: too many; see {door_width}", kFlags),
            "max_tiles: too many; see --door-width");
}

TEST(Error, BracesThatAreNoMarkerAreLeftAsTheyAre) {
  for (const std::string text :
       {"{}", "{Door}", "{1x}", "{a b}", "{a", "a}", "{{", "{a-b}", "json {\"a\": 1}"}) {
    EXPECT_EQ(render_fields(text, kFlags), text);
    EXPECT_EQ(std::string(Error(text).what()), text);
  }
  EXPECT_EQ(render_fields("{{door_width}}", kFlags), "{--door-width}");
}

TEST(Error, ControlBytesAreEscapedBeforeMarkersAreRendered) {
  const Error e(std::string("{door_width}: a\0b", 17));
  EXPECT_EQ(render_fields(e.raw(), kFlags), "--door-width: a\\x00b");
}

// A long message is cut in raw() and again when rendered: the result must be the cut of the
// whole message rendered at once, as the CLI printed it when messages named flags.
TEST(Error, ALongMessageIsCutAsIfItNamedItsFlagsFromTheStart) {
  for (const std::size_t n : {900u, 990u, 3990u, 10'000u, 1'000'000u}) {
    SCOPED_TRACE(n);
    const std::string head = "{door_width}: {min_size} ",
                      tail = "; raise {min_size} or narrow the {door_width}";
    const std::string fill(n, 'A');
    const Error e(head + fill + tail);
    EXPECT_EQ(render_fields(e.raw(), kFlags),
              printable("--door-width: --min-size " + fill +
                        "; raise --min-size or narrow the --door-width"));
    EXPECT_EQ(std::string(e.what()), printable("door_width: min_size " + fill +
                                               "; raise min_size or narrow the door_width"));
  }
}

static_assert(std::is_nothrow_copy_constructible_v<Error>,
              "an exception object is copied while thrown");

TEST(TextLines, UnixWindowsAndOldMacLineEndsSplitAlike) {
  for (const std::string text : {"a\nb\n\nc", "a\r\nb\r\n\r\nc", "a\rb\r\rc"}) {
    const auto lines = core::split_lines(text);
    ASSERT_EQ(lines.size(), 4u) << text;
    EXPECT_EQ(lines[0].text, "a");
    EXPECT_EQ(lines[1].text, "b");
    EXPECT_EQ(lines[2].text, "");
    EXPECT_EQ(lines[3].text, "c");
    EXPECT_EQ(lines[3].number, 4);
  }
  EXPECT_TRUE(core::split_lines("").empty());
}

TEST(TextLines, ControlBytesAreNamedWithLineAndColumn) {
  const core::TextLine line{7, std::string_view("ab\tc\x07", 5)};
  try {
    core::check_line_bytes(line, "f.txt");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "f.txt: line 7 column 5: a control byte (\\x07) where text was expected; save the "
              "file as plain UTF-8 text");
  }
  EXPECT_NO_THROW(core::check_line_bytes(core::TextLine{1, "tab\there"}, "f.txt"));
}

TEST(ClosestMatch, SuggestsTyposButNotForLongWordsOrHugeLists) {
  const std::vector<std::string> names{"room_small.png", "room_large.png", "cap1_closet.png"};
  EXPECT_EQ(core::closest_match("room_smal.png", names), "room_small.png");
  // A hint costs word length x choice lengths: none for a long word or a huge list (a
  // 100 MB name in tileset.txt, a layout of 200,000 rooms once took minutes here).
  EXPECT_EQ(core::closest_match(std::string(core::kMaxSuggestedLength + 1, 'r'), names), "");
  std::vector<std::string> many(core::kMaxSuggestionChoices + 1, "room_small.png");
  EXPECT_EQ(core::closest_match("room_smal.png", many), "");
}

TEST(ClosestMatch, TheSameNameInOtherCaseIsSuggestedHoweverManyLettersDiffer) {
  const std::vector<std::string> names{"room_large.png", "room_small.png"};
  EXPECT_EQ(core::closest_match("ROOM_SMALL.PNG", names), "room_small.png");
  EXPECT_EQ(core::closest_match("ROOM_SMALL.PNG", names, 1), "room_small.png");
  EXPECT_EQ(core::closest_match("ROOM_TINY.PNG", names), "");
}

TEST(ClosestMatch, MaxEditsNarrowsWhatCountsAsATypo) {
  const std::vector<std::string> names{"no-rotate", "monsters"};
  // About a third of the word may change: 6 edits in "frobnicate" are no typo (they were).
  EXPECT_EQ(core::closest_match("frobnicate", names), "");
  EXPECT_EQ(core::closest_match("tags", {"name", "x"}), "");  // 3 letters of 4
  EXPECT_EQ(core::closest_match("nmae", {"name", "x"}), "name");  // 2 of 4
  EXPECT_EQ(core::closest_match("d", {"a"}), "a");  // one edit is always allowed
  EXPECT_EQ(core::closest_match("monstres", names, 2), "monsters");  // 2 edits
  EXPECT_EQ(core::closest_match("monstres", names, 1), "");
}

// Regression (issue 33): a name typed in NFD ("cafe" + U+0301, as macOS writes names) was
// refused with "did you mean 'café.png'?", the same-looking NFC name, or with no hint at all
// when it had two accents (four byte edits and more), and nothing said what differed.
TEST(ClosestMatch, SameLettersInAnotherNormalisationComeFirst) {
  const std::string nfc = "caf\xC3\xA9.png", nfd = "cafe\xCC\x81.png";
  EXPECT_EQ(core::closest_match(nfd, {"cafe.png", nfc}), nfc);
  EXPECT_EQ(core::closest_match(nfc, {"cafe.png", nfd}), nfd);
  const std::string two_nfc = "cr\xC3\xA8me_br\xC3\xBBl\xC3\xA9" "e.png";
  const std::string two_nfd = "cre\xCC\x80me_bru\xCC\x82le\xCC\x81" "e.png";
  EXPECT_EQ(core::closest_match(two_nfd, {"room.png", two_nfc}), two_nfc);
  EXPECT_EQ(core::closest_match("room.png", {"room.png"}), "room.png");  // itself, not another
}

TEST(SameLettersNote, SaysWhichCodePointsDifferAndInWhichForm) {
  const std::string nfc = "caf\xC3\xA9.png", nfd = "cafe\xCC\x81.png";
  EXPECT_EQ(core::same_letters_note(nfd, nfc),
            " (same letters, different Unicode normalisation: you gave U+0065 U+0301 (NFD), the "
            "name has U+00E9 (NFC))");
  EXPECT_EQ(core::same_letters_note(nfc, nfd),
            " (same letters, different Unicode normalisation: you gave U+00E9 (NFC), the name "
            "has U+0065 U+0301 (NFD))");
  EXPECT_EQ(core::same_letters_note(nfc, nfc), "");  // no difference
  EXPECT_EQ(core::same_letters_note("cafe.png", nfc), "");  // other letters: a plain typo
  EXPECT_EQ(core::same_letters_note("caf\xFF.png", nfc), "");  // not UTF-8
  EXPECT_EQ(core::nfc(nfd), nfc);
  EXPECT_EQ(core::nfc("a\xFF"), "a\xFF");  // not UTF-8: as it is
}

}  // namespace
}  // namespace dungen
