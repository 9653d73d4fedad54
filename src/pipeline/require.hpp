#pragma once
/// \file require.hpp
/// Designer targets (`--require EXPR`, every level command): conditions over a level's metrics
/// (the keys of the reports' metrics, e.g. "loops>=3,dead_ends<=8,reachable_share>=0.98") that the
/// level is made again with other seeds until they hold. A level that cannot meet them is the
/// best attempt, with a note naming the target it missed and how close it came.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/level.hpp"
#include "core/rng.hpp"

namespace dungen::pipeline {

/// One condition: metric `key` compared by `op` ("<", "<=", "=", ">=", ">") with `value`.
struct Target {
  std::string key;
  std::string op;
  double value = 0;
  std::string text;  ///< as it reads in messages: "loops>=3"
};

/// How targets read a level's metrics: the keys there are (and "reachable", the same as
/// "reachable_share"), a metric's value and its text for scripts ("12", "0.9820"). The CLI
/// reads them from export/metric_table.hpp.
struct MetricReader {
  std::vector<std::string> keys;
  std::function<double(std::string_view key, const core::LevelMetrics&)> value;
  std::function<std::string(std::string_view key, const core::LevelMetrics&)> text;
};

/// The targets of one expression, all of which must hold, and how they read the metrics.
struct Requirements {
  std::vector<Target> targets;
  MetricReader metrics;
  [[nodiscard]] bool empty() const { return targets.empty(); }
};

/// Levels made per requirement at most: the seed and kRequireAttempts - 1 retry seeds
/// (core::retry_seed).
inline constexpr int kRequireAttempts = 100;

/// Parses `text`: targets "KEY OP NUMBER" separated by commas, spaces allowed around each part;
/// KEY one of `metrics.keys` (or "reachable" for reachable_share). Throws Error (usage, field
/// "require") naming the part that is wrong, with the closest metric for an unknown one.
[[nodiscard]] Requirements parse_requirements(std::string_view text, MetricReader metrics);

/// How a level meets `r`: the first target it misses ("" when all hold) and how far it is from
/// meeting them all (0 when it does; a sum of each missed target's distance, as a share of
/// its value).
struct Verdict {
  std::string missed;  ///< e.g. "loops>=3 (the level has 1)"
  double shortfall = 0;
  [[nodiscard]] bool met() const { return missed.empty(); }
};
[[nodiscard]] Verdict judge(const Requirements& r, const core::LevelMetrics& m);

/// The level `make` makes for `seed`, or, while it misses `r`, for the next retry seed, up to
/// kRequireAttempts levels: the first that meets them, else the one that came closest, with a
/// note ("--require not met after N levels: loops>=3 (the best has 1, seed S)") and
/// Outcome::requirement_missed set.
[[nodiscard]] core::Level make_meeting(const std::function<core::Level(core::Seed)>& make,
                                       core::Seed seed, const Requirements& r);

}  // namespace dungen::pipeline
