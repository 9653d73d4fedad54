// Tests of pipeline/generators: the generator table and the level every generator starts from.

#include "pipeline/generators.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "pipeline/layout.hpp"
#include "pipeline/rooms.hpp"

namespace dungen::pipeline {
namespace {

TEST(Generators, OneEntryPerGeneratorWithItsUnits) {
  std::set<std::string_view> names;
  for (const GeneratorInfo& g : generators()) {
    EXPECT_TRUE(names.insert(g.name).second) << g.name;
    EXPECT_FALSE(g.summary.empty()) << g.name;
    EXPECT_FALSE(g.steps.empty()) << g.name;
  }
  EXPECT_EQ(names, (std::set<std::string_view>{"areas", "generate", "graph", "layout", "rooms"}));
  EXPECT_EQ(generator("graph").units, "tiles");
  EXPECT_EQ(generator("areas").units, "spaces");
  EXPECT_THROW((void)generator("caves"), std::out_of_range);
}

TEST(Generators, LevelsNameTheirGeneratorSeedAndOptions) {
  const core::Level fresh = new_level("rooms", 42, {"--rooms 3"});
  EXPECT_EQ(fresh.origin.generator, "rooms");
  EXPECT_EQ(fresh.origin.seed, 42u);
  EXPECT_EQ(fresh.origin.options, std::vector<std::string>{"--rooms 3"});
  LayoutSettings l;
  l.builtin = "clock";
  l.options = {"clock"};
  const core::Level made = layout_level(l, 9);
  EXPECT_EQ(made.origin.generator, "layout");
  EXPECT_EQ(made.origin.seed, 9u);
  EXPECT_EQ(made.origin.options, l.options);
}

// The steps a generator shows are the ones its table entry lists, in order.
TEST(Generators, StepsAsListed) {
  RoomsSettings r;
  r.rooms.rooms = 12;
  std::string seen;
  r.analyses.observe = [&](std::string_view step, const core::Grid<core::CellKind>&) {
    seen += (seen.empty() ? "" : ", ") + std::string(step);
  };
  (void)rooms_level(r, 3);
  EXPECT_EQ(seen, generator("rooms").steps);
}

}  // namespace
}  // namespace dungen::pipeline
