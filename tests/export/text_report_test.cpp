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

}  // namespace
}  // namespace dungen::exporters
