// The reports' option lines come from tables (cli/option_lines.hpp): a row prints its spelling
// and value, a switch its spelling alone, each only when its condition holds, in table order.

#include "cli/option_lines.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/level_command.hpp"

namespace dungen::cli {
namespace {

struct Given {
  int count = 0;
  bool quick = false;
  std::string name;
};

const OptionLine<Given> kRows[] = {
    {"count", "--count", [](const Given& g) { return whole(g.count); }},
    {"quick", "--quick", nullptr, [](const Given& g) { return g.quick; }},
    {"name", "--name", [](const Given& g) { return g.name; },
     [](const Given& g) { return !g.name.empty(); }},
};

std::vector<std::string> lines_of(const Given& given) {
  std::vector<std::string> lines = {"first"};  // appended to, never replaced
  add_option_lines(kRows, given, lines);
  return lines;
}

TEST(OptionLines, ValuesSwitchesAndConditionsInTableOrder) {
  EXPECT_EQ(lines_of({}), (std::vector<std::string>{"first", "--count 0"}));
  EXPECT_EQ(lines_of({.count = 7, .quick = true, .name = "b.json"}),
            (std::vector<std::string>{"first", "--count 7", "--quick", "--name b.json"}));
  EXPECT_EQ(lines_of({.count = -1, .name = "x"}),
            (std::vector<std::string>{"first", "--count -1", "--name x"}));
}

TEST(OptionLines, FractionsAsUsed) {
  EXPECT_EQ(permille_text(100), "0.1");
  EXPECT_EQ(permille_text(250), "0.25");
  EXPECT_EQ(permille_text(0), "0");
  EXPECT_EQ(permille_text(1000), "1");
}

TEST(OptionLines, TheSharedOptionsGivenOnly) {
  LevelOptions o;
  std::vector<std::string> lines;
  add_level_option_lines(o, lines);
  EXPECT_TRUE(lines.empty());
  o.locks = 3;
  o.content.monsters = 2;
  o.content.decor = 1;
  add_level_option_lines(o, lines);
  EXPECT_EQ(lines, (std::vector<std::string>{"--locks 3", "--monsters 2", "--decor 1"}));
}

}  // namespace
}  // namespace dungen::cli
