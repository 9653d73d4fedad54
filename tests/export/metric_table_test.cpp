#include "export/metric_table.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

namespace dungen::exporters {
namespace {

std::vector<std::string> keys_of(MetricOutput output) {
  std::vector<std::string> keys;
  for (const Metric* m : metrics_of(output)) keys.emplace_back(m->key);
  return keys;
}

// 291 of 300 cells reached, 12 placements joined by 11 connections.
core::LevelMetrics sample_metrics() {
  return {.passable_cells = 300,
          .reachable_cells = 291,
          .dead_ends = 4,
          .loops = 2,
          .exit_steps = 1,
          .exit_rooms = 5,
          .connections = 11,
          .placements = 12};
}

const Metric& metric(std::string_view key) {
  for (const Metric& m : metric_table()) {
    if (m.key == key) return m;
  }
  throw std::out_of_range(std::string(key));
}

TEST(MetricTable, EachOutputHasItsOwnOrder) {
  EXPECT_EQ(keys_of(MetricOutput::Json),
            (std::vector<std::string>{"reachable_share", "passable_cells", "reachable_cells",
                                      "unreachable_placements", "dead_ends", "loops", "exit_steps",
                                      "exit_rooms", "branching"}));
  EXPECT_EQ(keys_of(MetricOutput::Text),
            (std::vector<std::string>{"reachable_share", "unreachable_placements", "dead_ends",
                                      "loops", "exit_steps", "branching"}));
  EXPECT_EQ(keys_of(MetricOutput::Manifest),
            (std::vector<std::string>{"reachable_share", "dead_ends", "loops", "exit_steps",
                                      "exit_rooms", "branching"}));
  EXPECT_EQ(keys_of(MetricOutput::Gallery),
            (std::vector<std::string>{"reachable_share", "loops", "dead_ends", "exit_steps",
                                      "exit_rooms", "branching"}));
}

TEST(MetricTable, FormatsForScriptsAndForPeople) {
  const core::LevelMetrics m = sample_metrics();
  EXPECT_EQ(machine_value(metric("reachable_share"), m), "0.9700");
  EXPECT_EQ(shown_value(metric("reachable_share"), m), "97.0 %");
  EXPECT_EQ(machine_value(metric("branching"), m), "1.83");
  EXPECT_EQ(shown_value(metric("branching"), m), "1.83");
  EXPECT_EQ(machine_value(metric("passable_cells"), m), "300");
  EXPECT_EQ(shown_value(metric("dead_ends"), m), "4");
}

TEST(MetricTable, TextLines) {
  core::LevelMetrics m = sample_metrics();
  EXPECT_EQ(metric_text_line(metric("reachable_share"), m),
            "reachable: 97.0 % of the passable cells (291 of 300)");
  EXPECT_EQ(metric_text_line(metric("dead_ends"), m), "dead ends: 4");
  EXPECT_EQ(metric_text_line(metric("exit_steps"), m), "exit distance: 1 step, 5 rooms");
  EXPECT_EQ(metric_text_line(metric("branching"), m),
            "branching: 1.83 connected doors per placement");
  m.passable_cells = m.reachable_cells = 0;
  EXPECT_EQ(metric_text_line(metric("reachable_share"), m), "reachable: no passable cells");
}

// The gallery's keys go into data-KEY attributes and #sort=KEY, which its script matches as
// [a-z-]+; JSON keys and manifest columns are plain words. Neither may repeat.
TEST(MetricTable, KeysAreDistinctAndPlain) {
  std::set<std::string> keys, gallery;
  for (const Metric& m : metric_table()) {
    EXPECT_TRUE(keys.insert(std::string(m.key)).second) << m.key;
    EXPECT_EQ(m.key.find_first_not_of("abcdefghijklmnopqrstuvwxyz_"), std::string::npos) << m.key;
    const std::string g = gallery_key(m);
    EXPECT_TRUE(gallery.insert(g).second) << g;
    EXPECT_EQ(g.find_first_not_of("abcdefghijklmnopqrstuvwxyz-"), std::string::npos) << g;
    EXPECT_NE(m.value, nullptr) << m.key;
  }
  EXPECT_EQ(gallery_key(metric("dead_ends")), "dead-ends");
  EXPECT_EQ(gallery_key(metric("reachable_share")), "reachable");
}

}  // namespace
}  // namespace dungen::exporters
