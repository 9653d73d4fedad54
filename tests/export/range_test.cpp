#include "export/range.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "export/range_picture.hpp"

namespace dungen::exporters {
namespace {

const Metric& metric(std::string_view key) {
  const Metric* m = metric_by_key(key);
  if (m == nullptr) throw std::out_of_range(std::string(key));
  return *m;
}

// A level with `dead_ends` dead ends and `loops` loops, 100 passable cells of which `reached`
// are reached, 10 placements joined by `connections` connections.
RangeLevel level(core::Seed seed, int dead_ends, int loops, int reached = 100,
                 int connections = 9) {
  return {seed,
          {.passable_cells = 100,
           .reachable_cells = reached,
           .dead_ends = dead_ends,
           .loops = loops,
           .exit_steps = 10 * dead_ends,
           .exit_rooms = 2,
           .connections = connections,
           .placements = 10}};
}

// Seeds 5..9: dead ends 1, 3, 3, 2, 1; loops 0, 2, 2, 0, 1.
std::vector<RangeLevel> five_levels() {
  return {level(5, 1, 0), level(6, 3, 2, 90, 11), level(7, 3, 2), level(8, 2, 0, 80),
          level(9, 1, 1)};
}

TEST(Range, MetricsAreFoundByKeyOnly) {
  EXPECT_EQ(metric_by_key("dead_ends")->label, "dead ends");
  EXPECT_EQ(metric_by_key("dead ends"), nullptr);  // a label is no key
  EXPECT_EQ(metric_by_key("dead_end"), nullptr);
}

TEST(Range, CountBinsHoldOneValueEachWhileTheyFit) {
  const auto levels = five_levels();
  const RangeBins bins = bin_metric(metric("dead_ends"), levels);
  EXPECT_EQ(bins.count, 3);
  EXPECT_EQ(bins.low, 1);
  EXPECT_EQ(bins.width, 1);
  EXPECT_EQ(bins.label(0), "1");
  EXPECT_EQ(bins.label(2), "3");
  EXPECT_EQ(bins.bin_of(3), 2);
  EXPECT_EQ(bins.bin_of(99), 2);  // clamped
}

TEST(Range, WideCountsShareWholeBins) {
  // exit_steps 0 .. 400: 401 numbers in bins of ceil(401 / 16) = 26, 16 bins.
  const std::vector<RangeLevel> levels = {level(1, 0, 0), level(2, 40, 0)};
  const RangeBins bins = bin_metric(metric("exit_steps"), levels);
  EXPECT_EQ(bins.width, 26);
  EXPECT_EQ(bins.count, 16);
  EXPECT_EQ(bins.label(0), "0-25");
  EXPECT_EQ(bins.label(15), "390-415");
  EXPECT_EQ(bins.bin_of(400), 15);
  EXPECT_EQ(bins.bin_of(25), 0);
  EXPECT_EQ(bins.bin_of(26), 1);
}

TEST(Range, SharesSplitTheirSpanInSixteen) {
  const auto levels = five_levels();  // reachable 0.80 .. 1.00
  const RangeBins bins = bin_metric(metric("reachable_share"), levels);
  EXPECT_EQ(bins.count, kMaxRangeBins);
  EXPECT_EQ(bins.label(0), "0.8000");
  EXPECT_EQ(bins.bin_of(1.0), 15);  // the last bin holds its upper edge
  EXPECT_EQ(bins.bin_of(0.8), 0);
  // Branching 1.98 .. 2.10 in 16 bins of 0.0075: a third decimal tells them apart.
  std::vector<RangeLevel> branchy = {level(1, 0, 0), level(2, 0, 0)};
  branchy[0].metrics.placements = branchy[1].metrics.placements = 100;
  branchy[0].metrics.connections = 99;
  branchy[1].metrics.connections = 105;
  const RangeBins b = bin_metric(metric("branching"), branchy);
  EXPECT_EQ(b.label(0), "1.980");
  EXPECT_EQ(b.edge(4), "2.010");
  for (int i = 1; i < b.count; ++i) EXPECT_NE(b.label(i - 1), b.label(i)) << i;
  const std::vector<RangeLevel> same = {level(1, 0, 0), level(2, 1, 0)};
  EXPECT_EQ(bin_metric(metric("reachable_share"), same).count, 1);
}

TEST(Range, SummaryHasMinMeanMedianMax) {
  const auto levels = five_levels();
  const MetricSummary d = summarize(metric("dead_ends"), levels);  // 1 1 2 3 3
  EXPECT_EQ(d.min, 1);
  EXPECT_DOUBLE_EQ(d.mean, 2.0);
  EXPECT_EQ(d.median, 2);
  EXPECT_EQ(d.max, 3);
  const std::vector<RangeLevel> four(levels.begin(), levels.begin() + 4);  // loops 0 0 2 2
  EXPECT_EQ(summarize(metric("loops"), four).median, 1);
  EXPECT_EQ(summarize(metric("loops"), {}).max, 0);
}

TEST(Range, HistogramAndHeatmapCountEveryLevelOnce) {
  const auto levels = five_levels();
  EXPECT_EQ(histogram(metric("loops"), levels).counts, (std::vector<int>{2, 1, 2}));
  const RangeHeatmap h = heatmap(metric("dead_ends"), metric("loops"), levels);
  ASSERT_EQ(h.x.count, 3);
  ASSERT_EQ(h.y.count, 3);
  EXPECT_EQ(h.at(0, 0), 1);  // dead ends 1, loops 0: seed 5
  EXPECT_EQ(h.at(0, 1), 1);  // seed 9
  EXPECT_EQ(h.at(1, 0), 1);  // seed 8
  EXPECT_EQ(h.at(2, 2), 2);  // seeds 6 and 7
  EXPECT_EQ(h.peak(), 2);
}

TEST(Range, CsvHasOneRowPerLevelWithEveryMetric) {
  const auto levels = five_levels();
  const std::string csv = range_csv(metric_table(), levels);
  EXPECT_EQ(csv.substr(0, csv.find('\n')),
            "index,seed,reachable_share,passable_cells,reachable_cells,unreachable_placements,"
            "dead_ends,loops,exit_steps,exit_rooms,branching");
  EXPECT_NE(csv.find("\n1,6,0.9000,100,90,0,3,2,30,2,2.20\n"), std::string::npos) << csv;
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 6);
}

TEST(Range, TableSumsUpEachMetricThenTheHeatmap) {
  const auto levels = five_levels();
  const RangeRun run{.tiles = "tiles",
                     .first_seed = 5,
                     .options = {"--max-tiles 20"},
                     .metrics = metric_table(),
                     .x = &metric("dead_ends"),
                     .y = &metric("loops")};
  const std::string text = range_table(run, levels);
  EXPECT_EQ(text.substr(0, text.find("\n\n")),
            "dungen range: 5 levels of tiles, seeds 5 to 9\noption: --max-tiles 20");
  EXPECT_NE(text.find("dead_ends                      1      2.00         2         3\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("reachable_share           0.8000    0.9400    1.0000    1.0000\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("loops \\ dead_ends    1    2    3\n"
                      "2                    0    0    2\n"
                      "1                    1    0    0\n"
                      "0                    1    1    0\n"),
            std::string::npos)
      << text;
}

TEST(RangePicture, InkRunsFromWhiteThroughTheRamp) {
  EXPECT_EQ(range_ink(0, 5), (core::Rgba{255, 255, 255, 255}));
  EXPECT_EQ(range_ink(1, 5), (core::Rgba{253, 231, 37, 255}));
  EXPECT_EQ(range_ink(5, 5), (core::Rgba{68, 1, 84, 255}));
  EXPECT_EQ(range_ink(3, 5), (core::Rgba{33, 145, 140, 255}));  // halfway: the middle stop
  EXPECT_EQ(range_ink(1, 1), (core::Rgba{253, 231, 37, 255}));
}

// How many pixels of `img` are `c`.
int pixels_of(const core::Image& img, core::Rgba c) {
  return static_cast<int>(std::count(img.pixels.begin(), img.pixels.end(), c));
}

TEST(RangePicture, HeatmapColoursEachBinByItsCount) {
  const auto levels = five_levels();
  const RangeRun run{.tiles = "tiles",
                     .first_seed = 5,
                     .options = {},
                     .metrics = metric_table(),
                     .x = &metric("dead_ends"),
                     .y = &metric("loops")};
  const RangeHeatmap h = heatmap(*run.x, *run.y, levels);
  const core::Image img = range_heatmap_picture(run, h, levels);
  EXPECT_GT(img.size.width, 2 * 3 * 30);
  EXPECT_GT(img.size.height, 2 * 3 * 26);
  // Three bins of one level (yellow) and one of two (purple, the peak); the legend has a
  // swatch of each (18 x 11 less its border: 16 x 9); the digits in the bins are few pixels;
  // every drawn pixel is 2 x 2.
  const int yellow = pixels_of(img, range_ink(1, 2)), purple = pixels_of(img, range_ink(2, 2));
  EXPECT_GT(yellow, 4 * (3 * 28 * 24 - 3 * 40));
  EXPECT_LT(yellow, 4 * (3 * 28 * 24 + 16 * 9));
  EXPECT_GT(purple, 4 * (28 * 24 - 40));
  EXPECT_LT(purple, 4 * (28 * 24 + 16 * 9));
  EXPECT_EQ(range_heatmap_picture(run, h, levels).pixels, img.pixels);  // the same pixels
}

TEST(RangePicture, HistogramsHaveAPanelPerMetric) {
  const auto levels = five_levels();
  RangeRun run;
  run.tiles = "tiles";
  run.first_seed = 5;
  const core::Image img = range_histograms_picture(run, levels);
  EXPECT_EQ(img.size.width, 2 * (2 * 12 + 3 * 250));
  EXPECT_EQ(img.size.height, 2 * (12 + 2 * 14 + 3 * 186 + 12));  // 9 metrics, 3 rows
  EXPECT_GT(pixels_of(img, {59, 82, 139, 255}), 4 * 9 * 20);     // bars of every panel
}

}  // namespace
}  // namespace dungen::exporters
