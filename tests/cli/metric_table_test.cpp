// A metric added to the table (export/metric_table.hpp) appears in the text report, the JSON
// report, a batch's manifest.csv and its gallery page with no change to any of them: each
// reads whatever table LevelOptions holds.

#include "export/metric_table.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/clock_levels.hpp"
#include "cli/level_command.hpp"

namespace dungen::cli {
namespace {
namespace fs = std::filesystem;
using test::clock_level;
using test::read;
using test::run_clock_levels;
using MetricTable = test::FolderTest;

// Placements and connections in one number: a value no real metric of the level has.
double rooms_and_doors(const core::LevelMetrics& m) {
  return 1000.0 * m.placements + m.connections;
}

// The real table and a dummy row last in every output.
std::vector<exporters::Metric> table_with_dummy() {
  std::vector<exporters::Metric> table(exporters::metric_table().begin(),
                                       exporters::metric_table().end());
  table.push_back({.key = "rooms_and_doors",
                   .label = "rooms and doors",
                   .value = rooms_and_doors,
                   .place = {.text = 100, .json = 100, .manifest = 100, .gallery = 100}});
  return table;
}

// The dummy's value in the level of `seed`, as every output writes a whole number.
std::string dummy_value(core::Seed seed) {
  return fmt::format("{}", rooms_and_doors(clock_level(seed).analysis.metrics));
}

TEST_F(MetricTable, ADummyMetricIsInBothReports) {
  const auto table = table_with_dummy();
  LevelOptions o;
  o.metrics = table;
  ASSERT_EQ(
      run_clock_levels(o, {"--seed", "3", "-o", (dir_ / "m.png").string(), "--report",
                           (dir_ / "r.txt").string(), "--json", (dir_ / "r.json").string(), "-q"}),
      0);
  const std::string value = dummy_value(3);
  EXPECT_EQ(value, "13012");  // the clock's 13 rooms and 12 doors
  // Last of the metrics: after the branching line, before the features.
  const std::string text = read(dir_ / "r.txt");
  EXPECT_NE(text.find(fmt::format(
                " connected doors per placement\n  rooms and doors: {}\nfeatures:", value)),
            std::string::npos)
      << text;
  const std::string json = read(dir_ / "r.json");
  EXPECT_NE(json.find(fmt::format(", \"rooms_and_doors\": {}}},\n", value)), std::string::npos)
      << json;
}

TEST_F(MetricTable, ADummyMetricIsInTheManifestAndGallery) {
  const auto table = table_with_dummy();
  LevelOptions o;
  o.metrics = table;
  ASSERT_EQ(run_clock_levels(
                o, {"--seed", "5", "--count", "2", "--out-dir", dir_.string(), "--gallery", "-q"}),
            0);
  const std::string csv = read(dir_ / "manifest.csv");
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "index,seed,name,tiles,unused_doors,unreachable_regions,terminated_early,status,hash,"
            "reachable_share,dead_ends,loops,exit_steps,exit_rooms,branching,rooms_and_doors");
  EXPECT_NE(csv.find(fmt::format(",{}\n1,6,level-0001,", dummy_value(5))), std::string::npos)
      << csv;
  EXPECT_EQ(csv.substr(csv.size() - dummy_value(6).size() - 2), "," + dummy_value(6) + "\n");
  const std::string html = read(dir_ / "index.html");
  EXPECT_NE(html.find("<button type=\"button\" data-key=\"branching\">branching</button> "
                      "<button type=\"button\" data-key=\"rooms-and-doors\">rooms and doors"
                      "</button> <button type=\"button\" data-key=\"unused\">"),
            std::string::npos);
  EXPECT_NE(html.find(fmt::format("data-rooms-and-doors=\"{}\" data-unused=", dummy_value(6))),
            std::string::npos);
  EXPECT_NE(html.find(fmt::format("<tr data-key=\"rooms-and-doors\"><th>rooms and doors</th>"
                                  "<td>{}</td></tr>\n<tr data-key=\"unused\">",
                                  dummy_value(5))),
            std::string::npos);
}

TEST_F(MetricTable, TheRealTableHasNoDummy) {
  const LevelOptions o;
  EXPECT_EQ(o.metrics.data(), exporters::metric_table().data());
  EXPECT_EQ(o.metrics.size(), 9u);
  for (const exporters::Metric& m : o.metrics) EXPECT_NE(m.key, "rooms_and_doors");
}

}  // namespace
}  // namespace dungen::cli
