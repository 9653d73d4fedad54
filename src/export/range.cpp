#include "export/range.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"

namespace dungen::exporters {
namespace {

std::vector<double> metric_values(const Metric& metric, std::span<const RangeLevel> levels) {
  std::vector<double> values;
  values.reserve(levels.size());
  for (const RangeLevel& l : levels) values.push_back(metric.value(l.metrics));
  return values;
}

}  // namespace

std::string range_number(const Metric& metric, double v) {
  return metric_number(metric, v);
}

namespace {

// The heatmap's rows as text: the y bins from the largest down, the x bins across.
std::string heatmap_text(const RangeHeatmap& h) {
  std::vector<std::string> xs, ys;
  for (int i = 0; i < h.x.count; ++i) xs.push_back(h.x.label(i));
  for (int i = 0; i < h.y.count; ++i) ys.push_back(h.y.label(i));
  std::size_t first = fmt::format("{} \\ {}", h.y.metric->key, h.x.metric->key).size();
  for (const std::string& y : ys) first = std::max(first, y.size());
  std::size_t cell = 5;
  for (const std::string& x : xs) cell = std::max(cell, x.size() + 1);
  std::string text =
      fmt::format("{:<{}}", fmt::format("{} \\ {}", h.y.metric->key, h.x.metric->key), first);
  for (const std::string& x : xs) text += fmt::format("{:>{}}", x, cell);
  text += '\n';
  for (int iy = h.y.count - 1; iy >= 0; --iy) {
    text += fmt::format("{:<{}}", ys[static_cast<std::size_t>(iy)], first);
    for (int ix = 0; ix < h.x.count; ++ix) text += fmt::format("{:>{}}", h.at(ix, iy), cell);
    text += '\n';
  }
  return text;
}

}  // namespace

int RangeBins::bin_of(double v) const {
  const double at = std::floor((v - low) / width);
  return static_cast<int>(std::clamp(at, 0.0, static_cast<double>(count - 1)));
}

std::string RangeBins::label(int i) const {
  const double from = low + i * width;
  if (metric->format != MetricFormat::Count) return edge(i);
  if (width == 1) return range_number(*metric, from);
  return fmt::format("{}-{}", range_number(*metric, from), range_number(*metric, from + width - 1));
}

std::string RangeBins::edge(int i) const {
  const double from = low + i * width;
  if (metric->format == MetricFormat::Count) return range_number(*metric, from);
  // The metric's own decimals, and more while a bin is narrower than the last digit (at most
  // 6), so that no two bins print alike.
  int decimals = metric->format == MetricFormat::Share ? 4 : 2;
  for (double step = width * (decimals == 4 ? 1e4 : 1e2); step < 1 && decimals < 6; step *= 10)
    ++decimals;
  return fmt::format("{:.{}f}", from, decimals);
}

RangeBins bin_metric(const Metric& metric, std::span<const RangeLevel> levels) {
  if (levels.empty()) return {.metric = &metric};
  const std::vector<double> values = metric_values(metric, levels);
  const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  RangeBins bins{.metric = &metric, .low = *lo, .width = 1, .count = 1};
  if (metric.format == MetricFormat::Count) {
    const double span = *hi - *lo + 1;  // whole numbers from lo to hi
    bins.width = std::ceil(span / kMaxRangeBins);
    bins.count = static_cast<int>(std::ceil(span / bins.width));
  } else if (*hi > *lo) {
    bins.count = kMaxRangeBins;
    bins.width = (*hi - *lo) / kMaxRangeBins;
  }
  return bins;
}

MetricSummary summarize(const Metric& metric, std::span<const RangeLevel> levels) {
  if (levels.empty()) return {};
  std::vector<double> values = metric_values(metric, levels);
  double sum = 0;
  for (const double v : values) sum += v;  // in level order: the same sum on every run
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size(), mid = n / 2;
  return {.min = values.front(),
          .mean = sum / static_cast<double>(n),
          .median = n % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2,
          .max = values.back()};
}

RangeHistogram histogram(const Metric& metric, std::span<const RangeLevel> levels) {
  RangeHistogram h{.bins = bin_metric(metric, levels), .counts = {}};
  h.counts.assign(static_cast<std::size_t>(h.bins.count), 0);
  for (const RangeLevel& l : levels)
    ++h.counts[static_cast<std::size_t>(h.bins.bin_of(metric.value(l.metrics)))];
  return h;
}

int RangeHeatmap::peak() const {
  return counts.empty() ? 0 : *std::max_element(counts.begin(), counts.end());
}

RangeHeatmap heatmap(const Metric& x, const Metric& y, std::span<const RangeLevel> levels) {
  RangeHeatmap h{.x = bin_metric(x, levels), .y = bin_metric(y, levels), .counts = {}};
  h.counts.assign(static_cast<std::size_t>(h.x.count * h.y.count), 0);
  for (const RangeLevel& l : levels) {
    const int ix = h.x.bin_of(x.value(l.metrics)), iy = h.y.bin_of(y.value(l.metrics));
    ++h.counts[static_cast<std::size_t>(iy * h.x.count + ix)];
  }
  return h;
}

const Metric* metric_by_key(std::string_view key, std::span<const Metric> table) {
  const auto it =
      std::find_if(table.begin(), table.end(), [key](const Metric& m) { return m.key == key; });
  return it == table.end() ? nullptr : &*it;
}

std::string range_table(const RangeRun& run, std::span<const RangeLevel> levels) {
  const core::Seed last = run.first_seed + (levels.empty() ? 0 : levels.size() - 1);
  std::string text = fmt::format("dungen range: {} levels of {}, seeds {} to {}\n", levels.size(),
                                 printable_uncut(run.tiles), run.first_seed, last);
  for (const std::string& line : run.options) text += fmt::format("option: {}\n", line);
  std::size_t key = 6;  // "metric"
  for (const Metric& m : run.metrics) key = std::max(key, m.key.size());
  text += fmt::format("\n{:<{}}{:>10}{:>10}{:>10}{:>10}\n", "metric", key, "min", "mean", "median",
                      "max");
  for (const Metric& m : run.metrics) {
    const MetricSummary s = summarize(m, levels);
    text += fmt::format(
        "{:<{}}{:>10}{:>10}{:>10}{:>10}\n", m.key, key, range_number(m, s.min),
        m.format == MetricFormat::Count ? fmt::format("{:.2f}", s.mean) : range_number(m, s.mean),
        range_number(m, s.median), range_number(m, s.max));
  }
  if (levels.empty() || run.x == nullptr || run.y == nullptr) return text;
  text += fmt::format("\nheatmap: levels per bin of {} (rows, largest first) and {} (columns)\n",
                      run.y->key, run.x->key);
  return text + heatmap_text(heatmap(*run.x, *run.y, levels));
}

std::string range_csv(std::span<const Metric> metrics, std::span<const RangeLevel> levels) {
  std::string csv = "index,seed";
  for (const Metric& m : metrics) csv += fmt::format(",{}", m.key);
  csv += '\n';
  for (std::size_t i = 0; i < levels.size(); ++i) {
    csv += fmt::format("{},{}", i, levels[i].seed);
    for (const Metric& m : metrics) csv += fmt::format(",{}", machine_value(m, levels[i].metrics));
    csv += '\n';
  }
  return csv;
}

}  // namespace dungen::exporters
