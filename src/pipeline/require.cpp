#include "pipeline/require.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>

#include "core/error.hpp"
#include "core/tile_settings.hpp"

namespace dungen::pipeline {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

std::string_view canonical(std::string_view key) {
  return key == "reachable" ? "reachable_share" : key;
}

[[noreturn]] void refuse(std::string_view part, const std::string& why) {
  throw field_error("require", fmt::format("'{}': {}", part, why));
}

Target parse_target(std::string_view part, const MetricReader& metrics) {
  static constexpr std::string_view kOps[] = {">=", "<=", "==", "=", ">", "<"};
  for (std::string_view op : kOps) {
    const std::size_t at = part.find(op);
    if (at == std::string_view::npos) continue;
    const std::string key(trim(part.substr(0, at)));
    const std::string_view number = trim(part.substr(at + op.size()));
    if (std::find(metrics.keys.begin(), metrics.keys.end(), canonical(key)) ==
        metrics.keys.end()) {
      std::vector<std::string> keys{"reachable"};
      keys.insert(keys.end(), metrics.keys.begin(), metrics.keys.end());
      const std::string near = core::closest_match(key, keys);
      refuse(part, fmt::format("'{}' is not a metric{}; the metrics are {}", key,
                               near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near),
                               fmt::join(keys, ", ")));
    }
    double value = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), value);
    if (number.empty() || ec != std::errc{} || end != number.data() + number.size() ||
        !std::isfinite(value))
      refuse(part, "give a number after the comparison, e.g. loops>=3");
    return Target{std::string(canonical(key)), op == "==" ? "=" : std::string(op),
                  value, std::string(trim(part))};
  }
  refuse(part, "give METRIC OP NUMBER with OP one of >=, <=, =, >, <, e.g. loops>=3");
}

bool holds(const Target& t, double v) {
  if (t.op == ">=") return v >= t.value;
  if (t.op == "<=") return v <= t.value;
  if (t.op == ">") return v > t.value;
  if (t.op == "<") return v < t.value;
  return v == t.value;
}

}  // namespace

Requirements parse_requirements(std::string_view text, MetricReader metrics) {
  Requirements r;
  r.metrics = std::move(metrics);
  std::size_t from = 0;
  while (from <= text.size()) {
    const std::size_t comma = std::min(text.find(',', from), text.size());
    const std::string_view part = trim(text.substr(from, comma - from));
    if (part.empty()) refuse(text, "a target is empty; give METRIC OP NUMBER, e.g. loops>=3");
    r.targets.push_back(parse_target(part, r.metrics));
    from = comma + 1;
  }
  return r;
}

Verdict judge(const Requirements& r, const core::LevelMetrics& m) {
  Verdict v;
  for (const Target& t : r.targets) {
    const double value = r.metrics.value(t.key, m);
    if (holds(t, value)) continue;
    if (v.missed.empty())
      v.missed = fmt::format("{} (the level has {})", t.text, r.metrics.text(t.key, m));
    v.shortfall += std::abs(value - t.value) / std::max(1.0, std::abs(t.value)) + 1e-9;
  }
  return v;
}

core::Level make_meeting(const std::function<core::Level(core::Seed)>& make, core::Seed seed,
                         const Requirements& r) {
  core::Level best;
  Verdict best_verdict;
  for (int attempt = 0; attempt < kRequireAttempts; ++attempt) {
    core::Level level = make(core::retry_seed(seed, attempt));
    const Verdict v = judge(r, level.analysis.metrics);
    if (v.met()) return level;
    if (attempt == 0 || v.shortfall < best_verdict.shortfall) {
      best = std::move(level);
      best_verdict = v;
    }
  }
  best.outcome.requirement_missed = best_verdict.missed;
  best.outcome.notes.push_back(fmt::format("--require not met in {} levels: {}, seed {}",
                                           kRequireAttempts, best_verdict.missed,
                                           best.origin.seed));
  return best;
}

}  // namespace dungen::pipeline
