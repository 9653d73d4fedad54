// Tests of io/layout_file: what parse_layout reads and how it reports a bad file. Geometry
// errors (validate_layout) are tested in tests/gen/layout_test.cpp.

#include "io/formats/layout_file.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"

namespace dungen::io::formats {
namespace {

// The message parse_layout throws for `json`, or "no error".
std::string error_of(const std::string& json) {
  try {
    (void)parse_layout(json, "test.json");
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

// `count` rooms of 4x4 floor on a lattice, each joined by a door to its left neighbour (or,
// first in its row, the one above), as ../shared/cases/rel-03-layout-file-quadratic makes.
std::string lattice_json(int count) {
  int cols = 1;
  while (cols * cols < count) ++cols;
  std::string rooms, links;
  for (int k = 0; k < count; ++k) {
    rooms += fmt::format(R"({}{{"name": "r{}", "x": {}, "y": {}, "width": 4, "height": 4}})",
                         k > 0 ? "," : "", k, 1 + (k % cols) * 5, 1 + (k / cols) * 5);
    if (k > 0) {
      links += fmt::format(R"({}{{"from": "r{}", "to": "r{}", "kind": "door"}})", k > 1 ? "," : "",
                           k % cols > 0 ? k - 1 : k - cols, k);
    }
  }
  const int side = std::min(cols * 5 + 2, 4096);
  return fmt::format(
      R"({{"space": {{"width": {}, "height": {}}}, "rooms": [{}], "connections": [{}]}})", side,
      side, rooms, links);
}

// rel-03-layout-file-quadratic: rooms were found by a linear search per connection end and
// duplicates by a linear scan, so 64,000 rooms took 52 s. 20,000 rooms would take seconds
// that way; with the name index they take milliseconds. What is checked is that lookups by
// name still find the right rooms.
TEST(LayoutFile, ManyRoomsAreReadWithTheirConnections) {
  const core::LayoutSpec spec = parse_layout(lattice_json(20000), "big.json");
  ASSERT_EQ(spec.rooms.size(), 20000u);
  ASSERT_EQ(spec.links.size(), 19999u);
  EXPECT_EQ(spec.rooms[19999].name, "r19999");
  EXPECT_EQ(spec.links[0].a, 0);  // r0 - r1
  EXPECT_EQ(spec.links[0].b, 1);
  EXPECT_EQ(spec.links[141].a, 0);  // r142 opens the second row of 142: joined to r0 above it
  EXPECT_EQ(spec.links[141].b, 142);
}

TEST(LayoutFile, DuplicateNamesAndConnectionsAreFoundByTheIndex) {
  const std::string rooms = R"("rooms": [{"name": "a", "x": 1, "y": 1, "width": 5, "height": 5},
                                         {"name": "b", "x": 7, "y": 1, "width": 5, "height": 5},
                                         {"name": "c", "x": 13, "y": 1, "width": 5, "height": 5}])";
  EXPECT_EQ(error_of("{" + rooms +
                     R"(, "connections": [{"from": "a", "to": "b"}, {"from": "b", "to": "c"},
                                                         {"from": "b", "to": "a"}]})"),
            "test.json: connections[2]: joins the same two rooms as an earlier connection");
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a", "x": 1, "y": 1, "width": 5, "height": 5},
                                  {"x": 7, "y": 1, "width": 5, "height": 5},
                                  {"name": "room 2", "x": 13, "y": 1, "width": 5, "height": 5}]})"),
            "test.json: rooms[2]: the name \"room 2\" is used twice");
  EXPECT_EQ(error_of("{" + rooms + R"(, "connections": [{"from": "a", "to": "d"}]})"),
            "test.json: connections[0]: no room named \"d\"; did you mean \"a\"?");
  const std::string far(1200, 'z');  // too long to suggest for: says where names come from
  EXPECT_EQ(error_of("{" + rooms + R"(, "connections": [{"from": "a", "to": ")" + far + "\"}]}"),
            "test.json: connections[0]: no room named \"" + std::string(40, 'z') +
                "...\"; use the \"name\" of a room the file's \"rooms\" lists");
}

// An empty room name is refused, as in a graph file (it named nothing a connection could use).
TEST(LayoutFile, AnEmptyRoomNameIsRefused) {
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "", "x": 1, "y": 1, "width": 5, "height": 5}]})"),
            "test.json: rooms[0]: the name is empty; give the room a name, or leave \"name\" out");
}

// Each refusal says what to do.
TEST(LayoutFile, TypeAndKindErrorsSayWhatToDo) {
  const std::string room = R"({"name": "a", "x": 1, "y": 1, "width": 5, "height": 5})";
  const std::string room_b = R"({"name": "b", "x": 8, "y": 1, "width": 5, "height": 5})";
  EXPECT_EQ(error_of(R"({"rooms": [5]})"),
            "test.json: rooms[0]: must be an object {...}, got 5; write its keys in braces");
  EXPECT_EQ(error_of("{\"rooms\": [" + room + "," + room_b +
                     R"(], "connections": [{"from": "a", "to": "b", "kind": "portal"}]})"),
            "test.json: connections[0]: kind \"portal\" is not \"door\", \"hallway\" or \"auto\"; "
            "use one of them, or leave \"kind\" out for auto");
}

// An empty file has no commas to check: it is named as empty.
TEST(LayoutFile, AnEmptyFileIsNamedAsEmpty) {
  EXPECT_EQ(error_of(""), "test.json: empty file (0 bytes); it must hold a JSON object {...} "
                          "(docs/layouts.md, docs/graph.md)");
  EXPECT_EQ(error_of(" \n\t\r\n"),
            "test.json: holds only spaces and line breaks; it must hold a JSON object {...} "
            "(docs/layouts.md, docs/graph.md)");
}

// rel-03: no limit on the rooms of a file. The count is checked before any room is read.
TEST(LayoutFile, MoreRoomsThanTheLimitAreRefused) {
  std::string json = R"({"rooms": [0)";
  for (std::size_t i = 0; i < kMaxLayoutRooms; ++i) json += ",0";
  EXPECT_EQ(error_of(json + "]}"),
            fmt::format("test.json: \"rooms\" lists {} rooms, more than the {} a layout may "
                        "have; use fewer rooms",
                        kMaxLayoutRooms + 1, kMaxLayoutRooms));
}

// rel-06-json-number-overflow-raw-exception: a number too large for a double escaped as
// nlohmann's own "[json.exception.out_of_range.406] number overflow parsing '1000...'", with
// no file name and all 400 digits.
TEST(LayoutFile, NumberTooLargeToReadGetsTheRangeOfItsKey) {
  const std::string huge = "1" + std::string(400, '0');
  EXPECT_EQ(error_of("{\"space\": {\"width\": " + huge + ", \"height\": 40}, \"rooms\": []}"),
            "test.json: space: \"width\" must be a whole number from 3 to 4096, got a number "
            "too large to read");
  EXPECT_EQ(error_of("{\"space\": {\"width\": 40, \"height\": 1000000}, \"rooms\": []}"),
            "test.json: space: \"height\" must be a whole number from 3 to 4096, got 1000000");
  EXPECT_EQ(error_of("{\"rooms\": [\n  {\"x\": -" + huge + "}]}"),
            "test.json: rooms[0]: \"x\" must be a whole number from -1048576 to 1048576, got a "
            "number too large to read");
  EXPECT_EQ(error_of("{\"rooms\": [{\"x\": 5e-400}]}"),  // not 0, which the parser reads
            "test.json: rooms[0]: \"x\" must be a whole number from -1048576 to 1048576, got a "
            "number too close to 0 to read");
  EXPECT_EQ(error_of("{\"rooms\": [{\"x\": 0.0e-400}]}"),  // 0 it is: the next key is missing
            "test.json: rooms[0]: \"y\" is missing; give it a whole number from -1048576 to "
            "1048576");
  EXPECT_EQ(error_of("{\"rooms\": [{\"x\": 1e10}]}"),  // a float shown as a number
            "test.json: rooms[0]: \"x\" must be a whole number from -1048576 to 1048576, got "
            "10000000000");
  std::string many = "{\"rooms\": [";  // a file of many: the 17th named where it is
  for (int i = 0; i < 20; ++i) many += (i ? ", " : "") + std::string("1e999");
  EXPECT_EQ(error_of(many + "]}"),
            "test.json: line 1 column 124: the number 1e999 is too large to read; give a whole "
            "number");
  // Where text or an object is wanted, such a number is said as what it is too, never as
  // the stand-in the parser holds it as (9e+300).
  EXPECT_EQ(error_of("{\"rooms\": [{\"name\": 1e400, \"x\": 0, \"y\": 0, \"width\": 5, \"height\": 5}]}"),
            "test.json: rooms[0]: \"name\" must be text in quotes, as \"name\": \"...\", got a "
            "number too large to read");
  EXPECT_EQ(error_of("1e999"), "test.json: must be an object {...}, got a number too large to "
                               "read; write its keys in braces");
  EXPECT_EQ(error_of("{\"rooms\": [{\"name\": [-1e400, 5e-400], \"x\": 0, \"y\": 0, \"width\": 5, "
                     "\"height\": 5}]}"),
            "test.json: rooms[0]: \"name\" must be text in quotes, as \"name\": \"...\", got "
            "[<a number too large to read>,<a number ...");
  EXPECT_EQ(
      error_of("{\"rooms\": [\n  {\"name\": \"a\",, }\n]}"),  // other JSON errors as before
      "test.json: line 2 column 16: not valid JSON; check the commas, quotes and brackets there");
}

// What is not JSON text is named as such, not given syntax advice; a NUL byte no longer ends
// the file early (the text before it was read as the whole file).
TEST(LayoutFile, BinaryDataAndControlBytesAreNamed) {
  EXPECT_EQ(error_of(std::string("\x89PNG\r\n\x1a\n", 8) + "rest"),
            "test.json: is a PNG image, not a JSON file; give the JSON file (docs/layouts.md, "
            "docs/graph.md)");
  EXPECT_EQ(error_of("\x1f\x8b\x08\x00"),
            "test.json: is compressed data (gzip, zip, bzip2 or xz), not a JSON file; unpack it "
            "first");
  EXPECT_EQ(error_of(std::string("{\"rooms\": []}\0{\"x\": 1}", 22)),
            "test.json: line 1 column 14: a NUL byte; this is not a text file: give the JSON file");
  EXPECT_EQ(error_of("{\"rooms\": [{\"name\": \"a\tb\"}]}"),
            "test.json: line 1 column 23: a control byte \\x09 inside a string; write it escaped "
            "(\\t, \\n, \\u00XX) or leave it out");
}

// rel-15-misleading-messages item 2: "x": 2147483647 gave '"x" must be a whole number, got
// 2147483647', which is a whole number; the message did not say the range. 18446744073709551615
// (above the largest int64) was even read as -1.
TEST(LayoutFile, NumbersOutOfRangeSayTheRange) {
  const std::string room = R"("rooms": [{"name": "a", "x": 11, "y": 2, "width": 8, "height": 6},
                                        {"name": "b", "x": 20, "y": 2, "width": 8, "height": 6}])";
  EXPECT_EQ(
      error_of(R"({"rooms": [{"name": "a", "x": 2147483647, "y": 2, "width": 8, "height": 6}]})"),
      "test.json: rooms[0]: \"x\" must be a whole number from -1048576 to 1048576, got 2147483647");
  EXPECT_EQ(error_of("{" + room +
                     R"(, "connections": [{"from": "a", "to": "b", "at": 4611686018427387904}]})"),
            "test.json: connections[0]: \"at\" must be a whole number from 0 to 1048576, got "
            "4611686018427387904");
  EXPECT_EQ(
      error_of("{" + room + R"(, "connections": [{"from": "a", "to": "b", "width": 2147483648}]})"),
      "test.json: connections[0]: \"width\" must be a whole number from 1 to 16383, got "
      "2147483648");
  EXPECT_EQ(
      error_of(
          R"({"rooms": [{"name": "a", "x": 1, "y": 2, "width": 18446744073709551615, "height": 6}]})"),
      "test.json: rooms[0]: \"width\" must be a whole number from -1048576 to 1048576, got "
      "18446744073709551615");
  EXPECT_EQ(error_of("{" + room + R"(, "connections": [{"from": "a", "to": "b", "at": -1}]})"),
            "test.json: connections[0]: \"at\" must be a whole number from 0 to 1048576, got -1");
}

TEST(LayoutFile, LongTextIsCutInMessages) {
  const std::string key(5000, 'k');
  EXPECT_EQ(error_of(R"({"rooms": [], ")" + key + R"(": 1})"),
            "test.json: unknown key \"" + std::string(40, 'k') +
                "...\"; the keys are \"space\", \"rooms\", \"connections\"");
  EXPECT_EQ(error_of(R"({"rooms": [{"x": ")" + key + R"("}]})"),
            "test.json: rooms[0]: \"x\" must be a whole number from -1048576 to 1048576, got \"" +
                std::string(39, 'k') + "...");
}

// A UTF-8 byte-order mark (EF BB BF), as some Windows editors write, is accepted and skipped.
TEST(LayoutFile, ByteOrderMarkIsSkipped) {
  const core::LayoutSpec spec = parse_layout(
      "\xEF\xBB\xBF{\"rooms\": [{\"name\": \"a\", \"x\": 1, \"y\": 1, \"width\": 5, \"height\": "
      "5}]}",
      "bom.json");
  ASSERT_EQ(spec.rooms.size(), 1u);
  EXPECT_EQ(spec.rooms[0].name, "a");
  EXPECT_EQ(
      error_of("\xEF\xBB\xBF{\"rooms\": [},"),  // positions still count from the file's start
      "test.json: line 1 column 15: not valid JSON; check the commas, quotes and brackets there");
}

// A number written with an exponent or a zero fraction is a whole number; others are not.
TEST(LayoutFile, WholeNumbersInOtherSpellingsAreRead) {
  const core::LayoutSpec spec = parse_layout(
      R"({"rooms": [{"name": "a", "x": 1e1, "y": 2.0, "width": 8, "height": 6}]})", "test.json");
  ASSERT_EQ(spec.rooms.size(), 1U);
  EXPECT_EQ(spec.rooms[0].floor.x, 10);
  EXPECT_EQ(spec.rooms[0].floor.y, 2);
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a", "x": 1.5, "y": 2, "width": 8, "height": 6}]})"),
            "test.json: rooms[0]: \"x\" must be a whole number from -1048576 to 1048576, got 1.5");
  EXPECT_EQ(
      error_of(R"({"rooms": [{"name": "a", "x": 1e300, "y": 2, "width": 8, "height": 6}]})"),
      "test.json: rooms[0]: \"x\" must be a whole number from -1048576 to 1048576, got 1e+300");
}

}  // namespace
}  // namespace dungen::io::formats
