// Tests of export/text_report: one line per placement and door, whatever the names hold.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "export/report.hpp"
#include "pipeline/layout.hpp"

namespace dungen::exporters {
namespace {

TEST(TextReport, ControlBytesInNamesCannotSplitLines) {
  pipeline::LayoutSettings s;
  s.builtin = "clock";
  core::Level level = pipeline::layout_level(s, 1);
  const std::string plain = text_report(level);
  level.map.tile_names = {"evil\nname\r.png"};
  const std::string report = text_report(level);
  EXPECT_EQ(std::count(report.begin(), report.end(), '\n'),
            std::count(plain.begin(), plain.end(), '\n'));
  EXPECT_NE(report.find("evil\\x0aname\\x0d.png"), std::string::npos);
}

// A level with no passable cell says so, not "100.0 % of the passable cells (0 of 0)".
TEST(TextReport, NoPassableCellsIsSaidInWords) {
  pipeline::LayoutSettings s;
  s.builtin = "clock";
  core::Level level = pipeline::layout_level(s, 1);
  level.analysis.metrics.passable_cells = 0;
  level.analysis.metrics.reachable_cells = 0;
  const std::string report = text_report(level);
  EXPECT_NE(report.find("  reachable: no passable cells\n"), std::string::npos) << report;
  EXPECT_EQ(report.find("(0 of 0)"), std::string::npos);
}

}  // namespace
}  // namespace dungen::exporters
