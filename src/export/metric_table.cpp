#include "export/metric_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <array>

#include "core/plural.hpp"

namespace dungen::exporters {
namespace {

// A whole-number field's value.
template <int core::LevelMetrics::*Field>
double count(const core::LevelMetrics& m) {
  return m.*Field;
}

std::string reachable_line(const core::LevelMetrics& m) {
  if (m.passable_cells == 0) return "reachable: no passable cells";  // not "100.0 % (0 of 0)"
  return fmt::format("reachable: {:.1f} % of the passable cells ({} of {})",
                     100.0 * m.reachable_share(), m.reachable_cells, m.passable_cells);
}

std::string exit_distance_line(const core::LevelMetrics& m) {
  return fmt::format("exit distance: {}, {}", core::count_of(m.exit_steps, "steps"),
                     core::count_of(m.exit_rooms, "rooms"));
}

std::string branching_line(const core::LevelMetrics& m) {
  return fmt::format("branching: {:.2f} connected doors per placement", m.branching());
}

// The text report says the passable and reachable cells on the reachable line and the exit's
// rooms on the exit distance line; the gallery shows loops before dead ends.
const std::array<Metric, 9> kMetrics = {{
    {.key = "reachable_share",
     .label = "reachable",
     .value = [](const core::LevelMetrics& m) { return m.reachable_share(); },
     .format = MetricFormat::Share,
     .place = {.text = 1, .json = 1, .manifest = 1, .gallery = 1},
     .text_line = reachable_line},
    {.key = "passable_cells",
     .label = "passable cells",
     .value = count<&core::LevelMetrics::passable_cells>,
     .place = {.json = 2}},
    {.key = "reachable_cells",
     .label = "reachable cells",
     .value = count<&core::LevelMetrics::reachable_cells>,
     .place = {.json = 3}},
    {.key = "unreachable_placements",
     .label = "unreachable placements",
     .value = count<&core::LevelMetrics::unreachable_placements>,
     .place = {.text = 2, .json = 4}},
    {.key = "dead_ends",
     .label = "dead ends",
     .value = count<&core::LevelMetrics::dead_ends>,
     .place = {.text = 3, .json = 5, .manifest = 2, .gallery = 3}},
    {.key = "loops",
     .label = "loops",
     .value = count<&core::LevelMetrics::loops>,
     .place = {.text = 4, .json = 6, .manifest = 3, .gallery = 2}},
    {.key = "exit_steps",
     .label = "exit steps",
     .value = count<&core::LevelMetrics::exit_steps>,
     .place = {.text = 5, .json = 7, .manifest = 4, .gallery = 4},
     .text_line = exit_distance_line},
    {.key = "exit_rooms",
     .label = "exit rooms",
     .value = count<&core::LevelMetrics::exit_rooms>,
     .place = {.json = 8, .manifest = 5, .gallery = 5}},
    {.key = "branching",
     .label = "branching",
     .value = [](const core::LevelMetrics& m) { return m.branching(); },
     .format = MetricFormat::Mean,
     .place = {.text = 6, .json = 9, .manifest = 6, .gallery = 6},
     .text_line = branching_line},
}};

int place(const Metric& metric, MetricOutput output) {
  switch (output) {
    case MetricOutput::Text:
      return metric.place.text;
    case MetricOutput::Json:
      return metric.place.json;
    case MetricOutput::Manifest:
      return metric.place.manifest;
    case MetricOutput::Gallery:
      return metric.place.gallery;
  }
  return 0;
}

}  // namespace

std::span<const Metric> metric_table() { return kMetrics; }

std::vector<const Metric*> metrics_of(MetricOutput output, std::span<const Metric> table) {
  std::vector<const Metric*> shown;
  for (const Metric& metric : table) {
    if (place(metric, output) > 0) shown.push_back(&metric);
  }
  std::stable_sort(shown.begin(), shown.end(), [output](const Metric* a, const Metric* b) {
    return place(*a, output) < place(*b, output);
  });
  return shown;
}

std::string metric_number(const Metric& metric, double v) {
  switch (metric.format) {
    case MetricFormat::Share:
      return fmt::format("{:.4f}", v);
    case MetricFormat::Mean:
      return fmt::format("{:.2f}", v);
    case MetricFormat::Count:
      break;
  }
  if (v == std::floor(v)) return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{:.2f}", v);
}

std::string machine_value(const Metric& metric, const core::LevelMetrics& m) {
  return metric_number(metric, metric.value(m));
}

std::string shown_value(const Metric& metric, const core::LevelMetrics& m) {
  if (metric.format != MetricFormat::Share) return machine_value(metric, m);
  return fmt::format("{:.1f} %", 100.0 * metric.value(m));
}

std::string metric_text_line(const Metric& metric, const core::LevelMetrics& m) {
  if (metric.text_line != nullptr) return metric.text_line(m);
  return fmt::format("{}: {}", metric.label, shown_value(metric, m));
}

std::string gallery_key(const Metric& metric) {
  std::string key(metric.label);
  std::replace(key.begin(), key.end(), ' ', '-');
  return key;
}

}  // namespace dungen::exporters
