#include "analysis/content.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <functional>

#include "analysis/obstacles.hpp"
#include "analysis/reachability.hpp"
#include "core/plural.hpp"

namespace dungen::analysis {
namespace {

using core::CellKind;
using core::Point;

constexpr int kMonsterSteps = 6;  // monsters stand at least this many steps from the start

// The cells (row-major) fewer than `steps` steps from `from` over passable cells, ascending.
std::vector<std::size_t> cells_near(const core::Grid<CellKind>& cells, Point from, int steps) {
  std::vector<Point> layer{from}, next;
  std::vector<std::size_t> near{static_cast<std::size_t>(from.y) * cells.width() +
                                static_cast<std::size_t>(from.x)};
  for (int d = 1; d < steps; ++d) {
    for (Point p : layer) {
      for (core::Facing f : core::kFacings) {
        const Point q = p + core::step(f);
        if (!core::passable(cells.get_or(q, CellKind::Void))) continue;
        const std::size_t i =
            static_cast<std::size_t>(q.y) * cells.width() + static_cast<std::size_t>(q.x);
        if (std::find(near.begin(), near.end(), i) != near.end()) continue;  // a few dozen
        near.push_back(i);
        next.push_back(q);
      }
    }
    layer.swap(next);
    next.clear();
  }
  std::sort(near.begin(), near.end());
  return near;
}

struct Place {
  const core::Level& level;
  std::vector<bool> taken;  ///< cells holding a feature, row-major
  Obstacles obstacles;      ///< placed content the solver walks around
  /// Cells the start reaches walking (locks aside), row-major: a bit each where steps from
  /// the start would take four bytes a cell; only the few cells near the start keep theirs.
  std::vector<bool> reached;
  std::vector<std::size_t> near_start;  ///< cells fewer than kMonsterSteps from the start

  [[nodiscard]] std::size_t index(Point p) const {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(level.map.cells.width()) +
           static_cast<std::size_t>(p.x);
  }
  [[nodiscard]] CellKind at(Point p) const { return level.map.cells.get_or(p, CellKind::Void); }
  [[nodiscard]] int walls_around(Point p) const {
    int n = 0;
    for (core::Facing f : core::kFacings) n += at(p + core::step(f)) == CellKind::Wall;
    return n;
  }
  [[nodiscard]] bool hallway(Point p) const {
    const bool ns_walls =
        at(p + Point{0, -1}) == CellKind::Wall && at(p + Point{0, 1}) == CellKind::Wall;
    const bool ew_walls =
        at(p + Point{-1, 0}) == CellKind::Wall && at(p + Point{1, 0}) == CellKind::Wall;
    const bool ns_open =
        core::passable(at(p + Point{0, -1})) && core::passable(at(p + Point{0, 1}));
    const bool ew_open =
        core::passable(at(p + Point{-1, 0})) && core::passable(at(p + Point{1, 0}));
    return (ns_walls && ew_open) || (ew_walls && ns_open);
  }
  /// At least kMonsterSteps steps from the start (a reached cell).
  [[nodiscard]] bool far_from_start(Point p) const {
    const Point s = *level.analysis.entrance;
    if (std::abs(p.x - s.x) + std::abs(p.y - s.y) >= kMonsterSteps) return true;
    return !std::binary_search(near_start.begin(), near_start.end(), index(p));
  }
  [[nodiscard]] bool free(Point p) const {
    if (at(p) != CellKind::Floor || taken[index(p)] || !reached[index(p)]) return false;
    for (core::Facing f : core::kFacings) {
      if (at(p + core::step(f)) == CellKind::Door) return false;  // keep doorways clear
    }
    return true;
  }
};

struct Kind {
  core::FeatureKind kind;
  const char* plural;
  int wanted;
  const char* rule;
  std::function<bool(const Place&, Point)> allowed;
  [[nodiscard]] bool solid() const { return core::is_obstacle(kind); }  ///< blocks walking
};

// The candidate cells of one kind, a bit per cell (row-major): a huge map has hundreds of
// millions, which as a list would take 4 bytes each.
struct CandidateBits {
  std::vector<std::uint64_t> words;
  std::size_t count = 0;

  // The cells of the candidates of `ranks` (row-major order among the candidates), in the
  // order given.
  [[nodiscard]] std::vector<std::uint32_t> cells(const std::vector<std::size_t>& ranks) const {
    std::vector<std::pair<std::size_t, std::size_t>> sorted;  // (rank, slot)
    for (std::size_t s = 0; s < ranks.size(); ++s) sorted.emplace_back(ranks[s], s);
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::uint32_t> out(ranks.size());
    std::size_t seen = 0, w = 0;  // candidates in words before w
    for (const auto& [rank, slot] : sorted) {
      for (; seen + static_cast<std::size_t>(std::popcount(words[w])) <= rank; ++w)
        seen += static_cast<std::size_t>(std::popcount(words[w]));
      std::uint64_t word = words[w];
      for (std::size_t skip = rank - seen; skip > 0; --skip) word &= word - 1;
      out[slot] =
          static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(std::countr_zero(word)));
    }
    return out;
  }
};

int place_kind(Place& place, core::Level& level, const Kind& kind, core::Rng& rng) {
  const auto& cells = level.map.cells;
  CandidateBits candidates;
  candidates.words.assign((cells.data().size() + 63) / 64, 0);
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      if (!place.free({x, y}) || !kind.allowed(place, {x, y})) continue;
      const std::size_t i = place.index({x, y});
      candidates.words[i / 64] |= std::uint64_t{1} << (i % 64);
      ++candidates.count;
    }
  }
  // Shuffled as a list of them would be; only as many as are tried are found.
  core::ShuffleOrder order(rng, candidates.count);
  int placed = 0, tests = 0;
  constexpr int kMaxTests = 200;  // beyond, only cells that surely cut nothing off
  const auto width = static_cast<std::uint32_t>(cells.width());
  std::vector<std::uint32_t> batch;
  std::size_t tried = 0, next = 0;
  const std::size_t first = 2 * static_cast<std::size_t>(kind.wanted) + 64;
  // A stretch holds 28 bytes per position while its cells are found: at most a sixteenth of
  // the candidates (past which the order keeps the whole shuffled list, 4 bytes each) or 65,536.
  const std::size_t longest = std::max<std::size_t>(std::size_t{1} << 16, candidates.count / 16 + 1);
  while (placed < kind.wanted) {
    if (tried == batch.size()) {  // the next stretch of the order, four times the last
      if (next == candidates.count) break;
      const std::size_t to =
          std::min(candidates.count, next + std::min(longest, std::max(first, 3 * next)));
      batch = candidates.cells(order.positions(next, to));
      next = to;
      tried = 0;
    }
    const std::uint32_t c = batch[tried++];
    const Point p{static_cast<int>(c % width), static_cast<int>(c / width)};
    if (!place.free(p)) continue;
    if (kind.solid() && !place.obstacles.ring_joins_around(p)) {
      // A solid thing may cut nothing off: the solver must still reach every cell it
      // reached before but this one (the exit, keys, other content included).
      if (++tests > kMaxTests || !place.obstacles.try_block(p)) continue;
    } else if (kind.solid()) {
      place.obstacles.block(p);
    }
    place.taken[place.index(p)] = true;
    level.content.features.push_back({kind.kind, p});
    ++placed;
  }
  if (placed < kind.wanted) {
    level.content.notes.push_back(fmt::format(
        "placed {} of {}: {} must go on {}{}", placed, core::count_of(kind.wanted, kind.plural),
        kind.plural, kind.rule, kind.solid() ? " where they cut nothing off" : ", off doorways"));
  }
  return placed;
}

}  // namespace

void place_content(core::Level& level, const ContentOptions& options, core::Rng& rng) {
  if (!level.analysis.entrance || !level.analysis.exit) return;
  level.content.features.push_back({core::FeatureKind::Start, *level.analysis.entrance});
  level.content.features.push_back({core::FeatureKind::WayDown, *level.analysis.exit});
  for (const core::Key& k : level.puzzle.keys)
    level.content.features.push_back({core::FeatureKind::Key, k.cell});
  if (!options.any()) return;
  const std::size_t n = level.map.cells.data().size();
  const Point start = *level.analysis.entrance;
  Place place{level, std::vector<bool>(n, false), Obstacles(level),
              reachable_cells(level.map.cells, start),
              cells_near(level.map.cells, start, kMonsterSteps)};
  for (const core::Feature& f : level.content.features) place.taken[place.index(f.cell)] = true;
  const Kind kinds[] = {
      {core::FeatureKind::Spikes, "spikes", options.spikes,
       "hallway cells walled on two opposite sides",
       [](const Place& pl, Point p) { return pl.hallway(p); }},
      {core::FeatureKind::Monster, "monsters", options.monsters,
       "floor cells at least 6 steps from the start",
       [](const Place& pl, Point p) { return pl.far_from_start(p); }},
      {core::FeatureKind::Chest, "chests", options.chests, "room floor cells against a wall",
       [](const Place& pl, Point p) { return pl.walls_around(p) >= 1 && !pl.hallway(p); }},
      {core::FeatureKind::Loot, "loot", options.loot, "floor cells",
       [](const Place&, Point) { return true; }},
      {core::FeatureKind::Decor, "decor", options.decor, "floor cells against a wall",
       [](const Place& pl, Point p) { return pl.walls_around(p) >= 1; }},
  };
  for (const Kind& kind : kinds) {
    if (kind.wanted > 0) place_kind(place, level, kind, rng);
  }
}

}  // namespace dungen::analysis
