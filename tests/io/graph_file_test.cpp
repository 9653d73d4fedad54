// Tests of io/graph_file: what parse_graph reads and how it reports a bad graph.
#include "io/formats/graph_file.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"
#include "io/fs/read.hpp"
#include "support/test_support.hpp"

namespace dungen::io::formats {
namespace {

// The message parse_graph throws for `json`, or "no error".
std::string error_of(const std::string& json) {
  try {
    (void)parse_graph(json, "g.json");
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(GraphFile, ReadsRoomsTagsAndConnections) {
  const core::LevelGraph g = parse_graph(R"({"rooms": [{"name": "gate", "tags": ["start"]},
      {"name": "hall"}, {"name": "vault", "tags": ["treasure", "boss", "boss"]}],
      "connections": [{"from": "gate", "to": "hall"}, {"from": "hall", "to": "vault", "width": 2}]})",
                                         "g.json");
  ASSERT_EQ(g.rooms.size(), 3u);
  EXPECT_EQ(g.rooms[2].tags, (std::vector<std::string>{"boss", "treasure"}));
  ASSERT_EQ(g.links.size(), 2u);
  EXPECT_EQ(g.links[0].width, 0);
  EXPECT_EQ(g.links[1].a, 1);
  EXPECT_EQ(g.links[1].b, 2);
  EXPECT_EQ(g.links[1].width, 2);
  EXPECT_EQ(core::entrance_room(g), 0);
  EXPECT_EQ(core::exit_room(g), 2);
}

TEST(GraphFile, SaysWhatIsWrongAndWhere) {
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a"}, {"name": "b"}],
                         "connections": [{"from": "a", "to": "bb"}]})"),
            "g.json: connections[0]: no room named \"bb\"; did you mean \"b\"?");
  EXPECT_EQ(error_of(""), "g.json: empty file (0 bytes); it must hold a JSON object {...} "
                         "(docs/layouts.md, docs/graph.md)");
  // a key that is not there is named as missing, not as of the wrong type
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a"}, {"name": "b"}], "connections": [{"from": "a"}]})"),
            "g.json: connections[0]: \"to\" is missing; give the name of a room, in quotes");
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a"}, {"name": "b"}],
                         "connections": [{"from": "a", "to": 5}]})"),
            "g.json: connections[0]: \"to\" must be text in quotes, as \"to\": \"...\", got 5");
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a"}, {"name": "a"}]})"),
            "g.json: rooms[1]: the name \"a\" is used twice");
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a"}], "connections": [{"from": "a", "to": "a"}]})"),
            "g.json: connections[0]: joins \"a\" to itself; join two different rooms");
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a"}, {"name": "b"}],
      "connections": [{"from": "a", "to": "b"}, {"from": "b", "to": "a"}]})"),
            "g.json: connections[1]: joins b-a again; list each pair of rooms once");
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a"}, {"name": "b"}]})"),
            "g.json: room \"b\" is not connected to \"a\"; the graph must be one piece: add a "
            "connection");
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a", "tags": ["big room"]}]})"),
            "g.json: rooms[0]: tag \"big room\" is not a word; use letters, digits, '_' and '-' "
            "(at most 64), e.g. \"boss\"");
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a", "tag": ["x"]}]})"),
            "g.json: rooms[0]: unknown key \"tag\"; did you mean \"tags\"?");
  EXPECT_EQ(error_of(R"({"rooms": [{"name": "a"}], "connections": [{"colour": "a", "to": "a"}]})"),
            "g.json: connections[0]: unknown key \"colour\"; the keys are \"from\", \"to\", "
            "\"width\", \"kind\", \"at\"");
  EXPECT_EQ(error_of(R"({"rooms": []})"), "g.json: the graph has no room; list at least one room");
  EXPECT_EQ(error_of("{\"rooms\": [\n  {\"name\": \"a\"},\n]}"),
            "g.json: line 3 column 1: not valid JSON; check the commas, quotes and brackets there");
  // A number too large for a double gets the range of the key that holds it.
  EXPECT_EQ(
      error_of(R"({"rooms": [{"name": "a"}, {"name": "b"}],
      "connections": [{"from": "a", "to": "b", "width": 1e400}]})"),
      "g.json: connections[0]: \"width\" must be a whole number from 1 to 16383, got a number "
      "too large to read");
}

TEST(GraphFile, ReadsALayoutFileAsAGraph) {
  const std::filesystem::path path = test::sample_path("layouts") / "castle.json";
  const core::LevelGraph g = parse_graph(io::fs::read_text(path), path.string());
  EXPECT_GE(g.rooms.size(), 5u);
  EXPECT_GE(g.links.size(), g.rooms.size() - 1);
}

TEST(GraphFile, BadUtf8AndLoneSurrogatesAreNamedAsSuch) {
  EXPECT_EQ(error_of("{\"rooms\":[{\"name\":\"\xff\xfe\"},{\"name\":\"b\"}],"
                     "\"connections\":[{\"from\":\"\xff\xfe\",\"to\":\"b\"}]}"),
            "g.json: line 1 column 20: not valid UTF-8 text (byte 0xFF); save the file as UTF-8");
  // A lead byte cut short by the closing quote: the lead byte is named, not the quote.
  EXPECT_EQ(error_of("{\"rooms\":[{\"name\":\"a\xe2\x82\"}]}"),
            "g.json: line 1 column 21: not valid UTF-8 text (byte 0xE2); save the file as UTF-8");
  const std::string lone =
      " is not a valid character (half of a UTF-16 surrogate pair); write the character "
      "itself, or both halves of the pair";
  EXPECT_EQ(error_of(R"({"rooms":[{"name":"a\ud800"}]})"),
            "g.json: line 1 column 21: \\ud800" + lone);
  EXPECT_EQ(error_of(R"({"rooms":[{"name":"a\uDC00x"}]})"),
            "g.json: line 1 column 21: \\uDC00" + lone);
  EXPECT_EQ(error_of(R"({"rooms":[{"name":"a\ud800\u0041"}]})"),
            "g.json: line 1 column 21: \\ud800" + lone);
  EXPECT_EQ(error_of(R"({"rooms":[{"name":"a\ud83d\ude00"}]})"),
            "no error");  // a pair is one character
}

}  // namespace
}  // namespace dungen::io::formats
