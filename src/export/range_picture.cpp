#include "export/range_picture.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "export/raster.hpp"

namespace dungen::exporters {
namespace {

constexpr core::Rgba kPaper{255, 255, 255, 255};
constexpr core::Rgba kInk{0, 0, 0, 255};
constexpr core::Rgba kFaint{110, 110, 110, 255};  // axes' numbers, notes
constexpr core::Rgba kRule{200, 200, 200, 255};   // bin borders
constexpr core::Rgba kBar{59, 82, 139, 255};      // histogram bars
constexpr int kEdge = 12;                         // margin around a picture, pixels
constexpr int kLine = 14;                         // a text line at size 1, with its gap
constexpr int kBinHeight = 26;                    // a heatmap row
constexpr int kBinWidth = 30;                     // a heatmap column, at least
constexpr int kLegendSteps = 6;                   // swatches in the legend, at most
constexpr int kZoom = 2;                          // picture pixels per drawn pixel

// The ramp's stops (viridis, reversed: light for few levels, dark for many).
constexpr std::array<core::Rgba, 5> kRamp = {{{253, 231, 37, 255},
                                              {94, 201, 98, 255},
                                              {33, 145, 140, 255},
                                              {59, 82, 139, 255},
                                              {68, 1, 84, 255}}};

// `text` centred on x = cx.
void text_centred(Canvas& img, int cx, int y, std::string_view text, core::Rgba c) {
  draw_text(img, cx - text_width(text) / 2, y, text, c);
}

// `text` ending at x = right.
void text_right(Canvas& img, int right, int y, std::string_view text, core::Rgba c) {
  draw_text(img, right - text_width(text), y, text, c);
}

std::string seeds_text(const RangeRun& run, std::size_t levels) {
  const core::Seed last = run.first_seed + (levels == 0 ? 0 : levels - 1);
  return fmt::format("{} levels of {}, seeds {} to {}", levels, printable(run.tiles, 60),
                     run.first_seed, last);
}

// The x axis's title: its key, and the bins' width when a column holds more than one value
// (the columns are labelled by their lower edges).
std::string x_title(const RangeBins& x) {
  if (x.metric->format == MetricFormat::Count && x.width > 1)
    return fmt::format("{} (x, bins of {} from the value shown)", x.metric->key,
                       range_number(*x.metric, x.width));
  return fmt::format("{} (x)", x.metric->key);
}

// Where the heatmap's parts go, in pixels.
struct HeatmapLayout {
  int label_width = 0;  // the y bins' labels, left of the grid
  int column = 0;       // a bin's width
  core::Point grid;     // the grid's top-left
  int legend_x = 0;     // the legend's left
  core::Size size;
};

HeatmapLayout lay_out(const RangeRun& run, const RangeHeatmap& h, std::size_t levels) {
  HeatmapLayout l;
  for (int i = 0; i < h.y.count; ++i)
    l.label_width = std::max(l.label_width, text_width(h.y.label(i)));
  l.column = kBinWidth;
  for (int i = 0; i < h.x.count; ++i) l.column = std::max(l.column, text_width(h.x.edge(i)) + 8);
  l.grid = {kEdge + l.label_width + 8, kEdge + 3 * kLine + 4};
  const int grid_right = l.grid.x + h.x.count * l.column;
  l.legend_x = grid_right + 24;
  const int legend_width = text_width("levels per bin") + 8;
  const int width =
      std::max({l.legend_x + legend_width + kEdge, l.grid.x + text_width(x_title(h.x)) + kEdge,
                kEdge + text_width(seeds_text(run, levels)) + kEdge,
                kEdge + text_width(fmt::format("{} (y)", run.y->key)) + kEdge});
  const int grid_bottom = l.grid.y + h.y.count * kBinHeight;
  const int legend_bottom = l.grid.y + (kLegendSteps + 2) * kLine;
  l.size = {width, std::max(grid_bottom + 2 * kLine + 8, legend_bottom) + kEdge};
  return l;
}

// The counts the legend shows: 0, 1, then evenly up to peak (at most kLegendSteps).
std::vector<int> legend_counts(int peak) {
  std::vector<int> counts{0};
  const int steps = std::min(peak, kLegendSteps - 1);
  for (int i = 1; i <= steps; ++i) {
    const int c = 1 + (peak - 1) * (i - 1) / std::max(1, steps - 1);
    if (c != counts.back()) counts.push_back(c);
  }
  if (peak > 0 && counts.back() != peak) counts.back() = peak;
  return counts;
}

void draw_legend_ramp(Canvas& img, const HeatmapLayout& l, int peak) {
  draw_text(img, l.legend_x, l.grid.y, "levels per bin", kInk);
  int y = l.grid.y + kLine + 2;
  for (const int c : legend_counts(peak)) {
    fill_rect(img, {l.legend_x, y, 18, 11}, range_ink(c, peak));
    outline_rect(img, {l.legend_x, y, 18, 11}, kRule);
    draw_text(img, l.legend_x + 24, y + 1, fmt::format("{}", c), kInk);
    y += kLine;
  }
}

void draw_bins(Canvas& img, const HeatmapLayout& l, const RangeHeatmap& h) {
  const int peak = h.peak();
  for (int iy = 0; iy < h.y.count; ++iy) {
    const int top = l.grid.y + (h.y.count - 1 - iy) * kBinHeight;
    text_right(img, l.grid.x - 6, top + kBinHeight / 2 - 4, h.y.label(iy), kFaint);
    for (int ix = 0; ix < h.x.count; ++ix) {
      const core::Rect cell{l.grid.x + ix * l.column, top, l.column, kBinHeight};
      const int count = h.at(ix, iy);
      fill_rect(img, cell, range_ink(count, peak));
      outline_rect(img, cell, kRule);
      if (count == 0) continue;
      text_centred(img, cell.x + l.column / 2, top + kBinHeight / 2 - 4, fmt::format("{}", count),
                   range_ink_dark(count, peak) ? kPaper : kInk);
    }
  }
  const int bottom = l.grid.y + h.y.count * kBinHeight;
  for (int ix = 0; ix < h.x.count; ++ix)
    text_centred(img, l.grid.x + ix * l.column + l.column / 2, bottom + 4, h.x.edge(ix), kFaint);
  text_centred(img, l.grid.x + h.x.count * l.column / 2, bottom + kLine + 6, x_title(h.x), kInk);
}

// One histogram panel with its top-left at `at`.
constexpr core::Size kPanel{250, 186};

void draw_panel(Canvas& img, core::Point at, const Metric& m, std::span<const RangeLevel> levels) {
  const RangeHistogram h = histogram(m, levels);
  const MetricSummary s = summarize(m, levels);
  const std::string mean =
      m.format == MetricFormat::Count ? fmt::format("{:.2f}", s.mean) : range_number(m, s.mean);
  draw_text(img, at.x, at.y, m.key, kInk);
  draw_text(img, at.x, at.y + kLine,
            fmt::format("min {}  max {}", range_number(m, s.min), range_number(m, s.max)), kFaint);
  draw_text(img, at.x, at.y + 2 * kLine,
            fmt::format("mean {}  median {}", mean, range_number(m, s.median)), kFaint);
  const int peak = std::max(1, *std::max_element(h.counts.begin(), h.counts.end()));
  const core::Rect plot{at.x + 28, at.y + 3 * kLine + 6, kPanel.width - 44,
                        kPanel.height - 5 * kLine - 10};
  text_right(img, plot.x - 4, plot.y, fmt::format("{}", peak), kFaint);
  text_right(img, plot.x - 4, plot.bottom() - 8, "0", kFaint);
  const int bar = plot.width / h.bins.count;
  for (int i = 0; i < h.bins.count; ++i) {
    const int height = h.counts[static_cast<std::size_t>(i)] * plot.height / peak;
    fill_rect(img, {plot.x + i * bar + 1, plot.bottom() - height, std::max(1, bar - 2), height},
              kBar);
  }
  fill_rect(img, {plot.x, plot.bottom(), bar * h.bins.count, 1}, kInk);
  draw_text(img, plot.x, plot.bottom() + 4, h.bins.label(0), kFaint);
  if (h.bins.count > 1)
    text_right(img, plot.x + bar * h.bins.count, plot.bottom() + 4, h.bins.label(h.bins.count - 1),
               kFaint);
}

// `img` with every pixel made a kZoom x kZoom block: the small bitmap font read at a glance.
core::Image zoomed(const core::Image& img) {
  core::Image big({img.size.width * kZoom, img.size.height * kZoom});
  for (int y = 0; y < big.size.height; ++y) {
    for (int x = 0; x < big.size.width; ++x) big.at(x, y) = img.at(x / kZoom, y / kZoom);
  }
  return big;
}

}  // namespace

core::Rgba range_ink(int count, int peak) {
  if (count <= 0 || peak <= 0) return kPaper;
  const int segments = static_cast<int>(kRamp.size()) - 1;
  // Position along the ramp in 1/1000ths: 1 level at the start, `peak` levels at the end.
  const int pos = peak <= 1 ? 0 : (std::min(count, peak) - 1) * 1000 / (peak - 1);
  const int seg = std::min(pos * segments / 1000, segments - 1);
  const int t = pos * segments - seg * 1000;  // 0..1000 within the segment
  const core::Rgba a = kRamp[static_cast<std::size_t>(seg)];
  const core::Rgba b = kRamp[static_cast<std::size_t>(seg + 1)];
  const auto mix = [t](int x, int y) { return static_cast<std::uint8_t>(x + (y - x) * t / 1000); };
  return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b), 255};
}

core::Image range_heatmap_picture(const RangeRun& run, const RangeHeatmap& h,
                                  std::span<const RangeLevel> levels) {
  const HeatmapLayout l = lay_out(run, h, levels.size());
  Canvas img{core::Image(l.size, kPaper), 0};
  draw_text(img, kEdge, kEdge,
            fmt::format("expressive range: {} against {}", h.y.metric->key, h.x.metric->key), kInk);
  draw_text(img, kEdge, kEdge + kLine, seeds_text(run, levels.size()), kFaint);
  draw_text(img, kEdge, kEdge + 2 * kLine + 2, fmt::format("{} (y)", h.y.metric->key), kInk);
  draw_bins(img, l, h);
  draw_legend_ramp(img, l, h.peak());
  return zoomed(img.pixels);
}

core::Image range_histograms_picture(const RangeRun& run, std::span<const RangeLevel> levels) {
  constexpr int kColumns = 3;
  const int n = static_cast<int>(run.metrics.size());
  const int rows = (n + kColumns - 1) / kColumns;
  const int top = kEdge + 2 * kLine;
  const core::Size size{2 * kEdge + kColumns * kPanel.width,
                        top + std::max(1, rows) * kPanel.height + kEdge};
  Canvas img{core::Image(size, kPaper), 0};
  draw_text(img, kEdge, kEdge, "expressive range: levels per bin of each metric", kInk);
  draw_text(img, kEdge, kEdge + kLine, seeds_text(run, levels.size()), kFaint);
  for (int i = 0; i < n; ++i) {
    const core::Point at{kEdge + (i % kColumns) * kPanel.width,
                         top + (i / kColumns) * kPanel.height};
    draw_panel(img, at, run.metrics[static_cast<std::size_t>(i)], levels);
  }
  return zoomed(img.pixels);
}

}  // namespace dungen::exporters
