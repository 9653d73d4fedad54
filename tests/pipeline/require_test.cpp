// Designer targets (--require, pipeline/require.hpp): parsing, judging a level's metrics and
// making levels again until the targets hold.
#include "pipeline/require.hpp"

#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"

namespace dungen::pipeline {
namespace {

// Three of the report's metrics, read from the level as the CLI's metric table reads them.
MetricReader reader() {
  MetricReader r;
  r.keys = {"dead_ends", "loops", "reachable_share"};
  r.value = [](std::string_view key, const core::LevelMetrics& m) -> double {
    if (key == "loops") return m.loops;
    if (key == "dead_ends") return m.dead_ends;
    return m.reachable_share();
  };
  r.text = [](std::string_view key, const core::LevelMetrics& m) {
    if (key == "loops") return std::to_string(m.loops);
    if (key == "dead_ends") return std::to_string(m.dead_ends);
    return std::to_string(m.reachable_share());
  };
  return r;
}

std::string error_of(std::string_view text) {
  try {
    (void)parse_requirements(text, reader());
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

core::LevelMetrics metrics(int loops, int dead_ends) {
  core::LevelMetrics m;
  m.loops = loops;
  m.dead_ends = dead_ends;
  return m;
}

TEST(Require, ParsesTargetsWithSpacesAndTheReachableShorthand) {
  const Requirements r = parse_requirements(" loops >= 3, dead_ends<8 ,reachable=1", reader());
  ASSERT_EQ(r.targets.size(), 3u);
  EXPECT_EQ(r.targets[0].key, "loops");
  EXPECT_EQ(r.targets[0].op, ">=");
  EXPECT_EQ(r.targets[0].value, 3);
  EXPECT_EQ(r.targets[0].text, "loops >= 3");
  EXPECT_EQ(r.targets[1].op, "<");
  EXPECT_EQ(r.targets[2].key, "reachable_share");
  EXPECT_EQ(r.targets[2].op, "=");
}

TEST(Require, AnUnknownMetricNamesTheNearestAndListsThemAll) {
  const std::string e = error_of("loop>=3");
  EXPECT_NE(e.find("'loop' is not a metric (did you mean 'loops'?)"), std::string::npos) << e;
  EXPECT_NE(e.find("dead_ends, loops, reachable_share"), std::string::npos) << e;
}

TEST(Require, MalformedTargetsSayWhatToGive) {
  EXPECT_NE(error_of("loops>=").find("give a number after the comparison"), std::string::npos);
  EXPECT_NE(error_of("loops>=3x").find("give a number"), std::string::npos);
  EXPECT_NE(error_of("loops").find("give METRIC OP NUMBER"), std::string::npos);
  EXPECT_NE(error_of("loops>=3,,dead_ends<2").find("a target is empty"), std::string::npos);
  EXPECT_NE(error_of("loops>=inf").find("give a number"), std::string::npos);
}

TEST(Require, JudgeNamesTheFirstMissedTargetAndHowFar) {
  const Requirements r = parse_requirements("loops>=3,dead_ends<=8", reader());
  EXPECT_TRUE(judge(r, metrics(3, 8)).met());
  const Verdict one = judge(r, metrics(1, 8));
  EXPECT_EQ(one.missed, "loops>=3 (the level has 1)");
  const Verdict both = judge(r, metrics(1, 12));
  EXPECT_EQ(both.missed, "loops>=3 (the level has 1)");
  EXPECT_GT(both.shortfall, one.shortfall);  // two targets missed are farther than one
  EXPECT_LT(judge(r, metrics(2, 8)).shortfall, one.shortfall);
}

core::Level level_with(core::Seed seed, int loops) {
  core::Level level;
  level.origin.seed = seed;
  level.analysis.metrics = metrics(loops, 0);
  return level;
}

TEST(Require, MakesLevelsAgainUntilTheTargetsHold) {
  const Requirements r = parse_requirements("loops>=2", reader());
  int made = 0;
  const core::Level level = make_meeting(
      [&](core::Seed seed) { return level_with(seed, made++ == 4 ? 2 : 0); }, 7, r);
  EXPECT_EQ(made, 5);
  EXPECT_EQ(level.analysis.metrics.loops, 2);
  EXPECT_EQ(level.origin.seed, core::retry_seed(7, 4));
  EXPECT_TRUE(level.outcome.requirement_missed.empty());
  EXPECT_TRUE(level.outcome.notes.empty());
  // The first level meets them: no retry at all, the seed asked for.
  EXPECT_EQ(make_meeting([](core::Seed s) { return level_with(s, 3); }, 7, r).origin.seed, 7u);
}

TEST(Require, KeepsTheClosestLevelWithANoteWhenNoneMeetsThem) {
  const Requirements r = parse_requirements("loops>=5", reader());
  int made = 0;
  const core::Level level = make_meeting(
      [&](core::Seed seed) { return level_with(seed, made++ == 10 ? 3 : 1); }, 7, r);
  EXPECT_EQ(made, kRequireAttempts);
  EXPECT_EQ(level.analysis.metrics.loops, 3);
  EXPECT_EQ(level.outcome.requirement_missed, "loops>=5 (the level has 3)");
  EXPECT_FALSE(level.complete());
  ASSERT_EQ(level.outcome.notes.size(), 1u);
  EXPECT_EQ(level.outcome.notes[0],
            "--require not met in 100 levels: loops>=5 (the level has 3), seed " +
                std::to_string(core::retry_seed(7, 10)));
}

}  // namespace
}  // namespace dungen::pipeline
