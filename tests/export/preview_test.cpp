#include <gtest/gtest.h>

#include <array>
#include <string>

#include "analysis/reachability.hpp"
#include "core/error.hpp"
#include "core/image.hpp"
#include "export/ink.hpp"
#include "export/preview_draw.hpp"
#include "export/preview_legend.hpp"
#include "export/raster.hpp"
#include "export/render.hpp"

namespace dungen::exporters {
namespace {

bool same(core::Rgba a, core::Rgba b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

// A 10x3 map: floor at x = 0..3 of row 1 (the entrance's side) and a lone floor cell at x = 8.
core::Level two_parts() {
  core::Level level;
  level.map.cells = core::Grid<core::CellKind>(core::Size{10, 3}, core::CellKind::Wall);
  for (int x = 0; x < 4; ++x) level.map.cells[core::Point{x, 1}] = core::CellKind::Floor;
  level.map.cells[core::Point{8, 1}] = core::CellKind::Floor;
  analysis::analyse_reachability(level);
  return level;
}

TEST(Preview, TintsTheCellsTheAnalysisFoundUnreachable) {
  core::Level level = two_parts();
  ASSERT_EQ(level.analysis.entrance, (core::Point{3, 1}));
  ASSERT_EQ(level.analysis.unreachable_runs.size(), 1u);
  EXPECT_EQ(level.analysis.unreachable_runs[0].first, (core::Point{8, 1}));
  EXPECT_EQ(level.analysis.unreachable_runs[0].length, 1);
  const int s = 8;
  const core::Image tinted = render_preview(level, {s});
  const core::Rgba reached = tinted.at(1 * s + s / 2, 1 * s + s / 2);
  EXPECT_FALSE(same(tinted.at(8 * s + s / 2, 1 * s + s / 2), reached));
  // The preview reads the runs and floods nothing itself: without them the cell is plain floor.
  level.analysis.unreachable_runs.clear();
  const core::Image plain = render_preview(level, {s});
  EXPECT_TRUE(same(plain.at(8 * s + s / 2, 1 * s + s / 2), reached));
}

TEST(Preview, RowRunsJoinNeighboursOnARowOnly) {
  core::Level level;
  level.map.cells = core::Grid<core::CellKind>(core::Size{6, 4}, core::CellKind::Wall);
  level.map.cells[core::Point{0, 0}] = core::CellKind::Floor;  // the entrance's part
  for (int x = 2; x < 6; ++x) level.map.cells[core::Point{x, 2}] = core::CellKind::Floor;
  level.map.cells[core::Point{0, 3}] = core::CellKind::Floor;
  level.map.cells[core::Point{5, 3}] = core::CellKind::Door;
  analysis::analyse_reachability(level);
  ASSERT_EQ(level.analysis.entrance, (core::Point{2, 2}));
  ASSERT_EQ(level.analysis.unreachable_runs.size(), 2u);
  EXPECT_EQ(level.analysis.unreachable_runs[0].first, (core::Point{0, 0}));
  EXPECT_EQ(level.analysis.unreachable_runs[1].first, (core::Point{0, 3}));
  EXPECT_EQ(level.analysis.unreachable_runs[1].length, 1);
  ASSERT_EQ(level.analysis.unreachable.size(), 2u);
}

// Whether a pixel of `img` from row `top` down has colour `c`.
bool shows_below(const core::Image& img, int top, core::Rgba c) {
  for (int y = top; y < img.size.height; ++y) {
    for (int x = 0; x < img.size.width; ++x) {
      if (same(img.at(x, y), c)) return true;
    }
  }
  return false;
}

// --tiers: the mark of a higher tier is darker, the legend names the tiers of the kinds with one.
TEST(Preview, TiersShadeTheMarksAndTheLegendSaysSo) {
  core::Level level = two_parts();
  level.analysis.unreachable_runs.clear();
  level.content.tiers = 3;
  level.content.features = {{core::FeatureKind::Loot, {1, 1}, 1},
                            {core::FeatureKind::Loot, {2, 1}, 3},
                            {core::FeatureKind::Decor, {8, 1}}};
  const int s = 8;
  const core::Image img = render_preview(level, {s});
  const core::Rgba loot = ink_colour(Ink::Loot);
  EXPECT_TRUE(same(img.at(1 * s + s / 2, s + s / 2), loot));
  EXPECT_TRUE(same(img.at(2 * s + s / 2, s + s / 2), tier_shade(loot, 3, 3)));
  EXPECT_TRUE(same(tier_shade(loot, 3, 3), core::Rgba{38, 81, 104, 255}));  // 45 % kept
  EXPECT_TRUE(same(tier_shade(loot, 2, 3), core::Rgba{62, 131, 170, 255}));
  const std::vector<Ink> inks = legend_inks(level);
  const std::vector<std::string> labels = legend_labels(level, inks);
  ASSERT_EQ(inks.size(), 4u);  // entrance, exit, loot, decor
  EXPECT_EQ(inks[2], Ink::Loot);
  EXPECT_EQ(labels[2], "loot: tier 1..3, darker higher");
  EXPECT_EQ(labels[3], "decor");
}

TEST(PreviewLegend, ListsOnlyWhatTheLevelShows) {
  core::Level level = two_parts();
  ASSERT_TRUE(level.analysis.exit.has_value());
  EXPECT_EQ(legend_inks(level), (std::vector<Ink>{Ink::Entrance, Ink::Exit, Ink::Unreachable}));
  level.analysis.unreachable_runs.clear();
  EXPECT_EQ(legend_inks(level), (std::vector<Ink>{Ink::Entrance, Ink::Exit}));
  level.content.features = {{core::FeatureKind::Start, {3, 1}}, {core::FeatureKind::Loot, {1, 1}}};
  level.map.placements = {core::Placement{0, core::Orientation::R0, {0, 0}, 0}};
  level.map.unused_doors = {core::UnusedDoor{0, 0, core::Door{{9, 1}, 1, core::Facing::East}}};
  level.puzzle.locks = {core::Lock{0, 0, 0, core::Door{{4, 1}, 1, core::Facing::East}, 0}};
  level.puzzle.keys = {core::Key{0, {2, 1}, 0}};
  EXPECT_EQ(legend_inks(level),
            (std::vector<Ink>{Ink::Entrance, Ink::Exit, Ink::Outline, Ink::UnusedDoor, Ink::Lock,
                              Ink::Key, Ink::Loot}));
  level.analysis.entrance.reset();
  level.analysis.exit.reset();
  level.content.features.clear();
  EXPECT_EQ(legend_inks(level),
            (std::vector<Ink>{Ink::Outline, Ink::UnusedDoor, Ink::Lock, Ink::Key}));
}

TEST(PreviewLegend, DrawsTheSwatchesOfWhatIsThereOnly) {
  const int s = 8;
  core::Level level = two_parts();
  const core::Rgba tint = blend_over(ink_colour(Ink::Floor), ink_colour(Ink::Unreachable));
  const int legend_top = level.map.cells.height() * s;
  const core::Image with_tint = render_preview(level, {s});
  EXPECT_TRUE(shows_below(with_tint, legend_top, tint));
  EXPECT_FALSE(shows_below(with_tint, legend_top, ink_colour(Ink::Monster)));
  level.analysis.unreachable_runs.clear();
  level.content.features = {{core::FeatureKind::Monster, {1, 1}}};
  const core::Image with_monster = render_preview(level, {s});
  EXPECT_FALSE(shows_below(with_monster, legend_top, tint));
  EXPECT_TRUE(shows_below(with_monster, legend_top, ink_colour(Ink::Monster)));
}

// A corridor `width` cells long: entrance at one end, exit at the other.
core::Level corridor(int width) {
  core::Level level;
  level.map.cells = core::Grid<core::CellKind>(core::Size{width, 3}, core::CellKind::Wall);
  for (int x = 0; x < width; ++x) level.map.cells[core::Point{x, 1}] = core::CellKind::Floor;
  analysis::analyse_reachability(level);
  return level;
}

TEST(PreviewSize, ASmallMapGetsANarrowPictureAndTheLegendInRows) {
  const core::Level level = two_parts();  // 10x3 cells; entrance, exit and unreachable
  ASSERT_EQ(legend_inks(level).size(), 3u);
  const int s = 4;
  const core::Image img = render_preview(level, {s});
  // As wide as the widest entry (the map is 40 pixels), far from the former 860.
  EXPECT_GE(img.size.width, text_width("unreachable") + 10);
  EXPECT_LT(img.size.width, 2 * text_width("unreachable"));
  // No two entries fit beside each other: three rows under the map.
  const LegendLayout layout = layout_legend(legend_inks(level), 10 * s);
  ASSERT_EQ(layout.at.size(), 3u);
  EXPECT_LT(layout.at[0].y, layout.at[1].y);
  EXPECT_LT(layout.at[1].y, layout.at[2].y);
  EXPECT_EQ(img.size.width, layout.width);
  EXPECT_EQ(img.size.height, 3 * s + layout.height);
  EXPECT_GE(img.size.height, 3 * s + 3 * text_height());
  // Every legend row lies inside the picture: the last row has text in it.
  EXPECT_TRUE(shows_below(img, img.size.height - text_height(), {230, 230, 230, 255}));
}

TEST(PreviewSize, AMapWiderThanTheLegendSetsTheWidthAndKeepsOneRow) {
  const core::Level level = corridor(150);
  ASSERT_EQ(legend_inks(level).size(), 2u);
  const int s = 8;
  const core::Image img = render_preview(level, {s});
  EXPECT_EQ(img.size.width, 150 * s);
  EXPECT_GE(img.size.height, 3 * s + text_height());
  EXPECT_LT(img.size.height, 3 * s + 2 * text_height());
}

TEST(PreviewSize, AMediumMapWrapsTheLegendToItsWidth) {
  core::Level level = corridor(30);
  using K = core::FeatureKind;
  for (int x = 1; x < 6; ++x)
    level.content.features.push_back({std::array{K::Spikes, K::Monster, K::Chest, K::Loot,
                                                 K::Decor}[static_cast<std::size_t>(x - 1)],
                                      {x, 1}});
  const int s = 8;  // 240 pixels: seven entries need more than one row
  const core::Image img = render_preview(level, {s});
  EXPECT_EQ(img.size.width, 30 * s);
  EXPECT_GE(img.size.height, 3 * s + 2 * text_height());
  const LegendLayout layout = layout_legend(legend_inks(level), 30 * s);
  EXPECT_LE(layout.width, 30 * s);
  EXPECT_EQ(img.size.height, 3 * s + layout.height);
}

TEST(Preview, AMapTooBigEvenAtScaleOneSaysToLeaveThePreviewOut) {
  // 8200 x 8200 cells: over 64 megapixels at scale 1, so no smaller scale is offered.
  core::Level level;
  level.map.cells = core::Grid<core::CellKind>(core::Size{8200, 8200}, core::CellKind::Void);
  try {
    (void)render_preview(level, {1});
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("would be 8200x"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("even at scale 1, over 64 megapixels; leave out preview"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace dungen::exporters
