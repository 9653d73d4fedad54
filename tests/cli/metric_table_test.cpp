// A metric added to the table (export/metric_table.hpp) appears in the text report, the JSON
// report, a batch's manifest.csv and its gallery page with no change to any of them: each
// reads whatever table LevelOptions holds.

#include "export/metric_table.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "cli/level_command.hpp"
#include "pipeline/layout.hpp"

namespace dungen::cli {
namespace {
namespace fs = std::filesystem;

core::Level clock_level(core::Seed seed) {
  pipeline::LayoutSettings s;
  s.builtin = "clock";
  return pipeline::layout_level(s, seed);
}

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

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Parses `args` into `o` as a level command would, and runs it on clock layouts.
int run(LevelOptions& o, std::vector<std::string> args) {
  CLI::App app;
  add_level_options(app, o);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  app.parse(args);
  check_level_options(app, o);
  LevelSource source;
  source.make = clock_level;
  source.units = "rooms";
  return run_levels(o, source);
}

class MetricTable : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           fmt::format("dungen_metric_table_{}_{}", ::getpid(),
                       testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(MetricTable, ADummyMetricIsInBothReports) {
  const auto table = table_with_dummy();
  LevelOptions o;
  o.metrics = table;
  ASSERT_EQ(run(o, {"--seed", "3", "-o", (dir_ / "m.png").string(), "--report",
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
  ASSERT_EQ(run(o, {"--seed", "5", "--count", "2", "--out-dir", dir_.string(), "--gallery", "-q"}),
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
