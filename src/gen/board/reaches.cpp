#include "gen/board/reaches.hpp"

#include <algorithm>
#include <iterator>
#include <unordered_map>

#include "gen/board/candidates.hpp"

namespace dungen::gen {
namespace {

int grid_steps(core::Point a, core::Point b) {
  return (a.x > b.x ? a.x - b.x : b.x - a.x) + (a.y > b.y ? a.y - b.y : b.y - a.y);
}

// An end door as one sortable number: cells, width, kind and facing (ends_at's order).
std::tuple<int, int, int, int, int> end_key(const core::Door& d) {
  return {d.start.y, d.start.x, d.width, d.kind, static_cast<int>(d.facing)};
}

// An end door as one number (cells in 16 bits each; ends lie within a few tiles of their door).
std::uint64_t end_hash(const core::Door& d) {
  return (std::uint64_t{static_cast<std::uint16_t>(d.start.x)} << 48) |
         (std::uint64_t{static_cast<std::uint16_t>(d.start.y)} << 32) |
         (std::uint64_t{static_cast<std::uint16_t>(d.width)} << 16) | (std::uint64_t{d.kind} << 8) |
         static_cast<std::uint64_t>(d.facing);
}

// The reaches of one kind of open door, found breadth-first.
class ReachSearch {
 public:
  ReachSearch(const Candidates& c, std::vector<Reach>& out) : c_(c), out_(out) {}

  void run(const core::Door& open) {
    out_.push_back(Reach{open, 0, 0, {}});
    extend(out_.front());
    const std::size_t ones = out_.size();
    for (std::size_t i = 1; i < ones && out_.size() < Reaches::kMaxWays; ++i) extend(out_[i]);
    std::stable_sort(out_.begin(), out_.end(), [](const Reach& a, const Reach& b) {
      return end_key(a.end) < end_key(b.end);
    });
  }

 private:
  // Adds the ways one tile longer than `before`.
  void extend(const Reach before) {
    std::vector<bool> shapes(c_.shape_count(), false);  // copies of one tile lead alike
    for (const CandidateGroup& g : c_.mates_of(before.end)) {
      if (shapes[g.shape]) continue;
      shapes[g.shape] = true;
      for (const CandidateDoor& cd : g.doors) {
        const OrientedTile& v = c_.variants()[cd.variant];
        const core::Point origin = before.end.start - v.doors[cd.door].start;
        for (std::uint32_t e = 0; e < v.doors.size(); ++e) {
          if (e == cd.door || v.door_part[e] != v.door_part[cd.door]) continue;
          add(before, ReachPiece{cd.variant, cd.door, e, origin});
        }
      }
    }
  }

  void add(const Reach& before, const ReachPiece& piece) {
    const OrientedTile& v = c_.variants()[piece.variant];
    Reach r = before;
    r.pieces[r.depth++] = piece;
    r.end = v.doors[piece.exit].shifted(piece.origin);
    r.steps += grid_steps(v.doors[piece.entry].start, v.doors[piece.exit].start);
    int& kept = per_end_[end_hash(r.end)];
    if (kept == Reaches::kWaysPerEnd || out_.size() == Reaches::kMaxWays) return;
    ++kept;
    out_.push_back(r);
  }

  const Candidates& c_;
  std::vector<Reach>& out_;
  std::unordered_map<std::uint64_t, int> per_end_;  // lookups only
};

// Fills t.two_tile and its groups from t.ways (sorted by end): a stable sort by group keeps
// the order by end within each group.
void group_two_tile_ways(Reaches::Table& t) {
  const auto group = [](const Reach& r) {
    return static_cast<std::size_t>(r.steps / Reaches::kStepsPerGroup);
  };
  std::copy_if(t.ways.begin(), t.ways.end(), std::back_inserter(t.two_tile),
               [](const Reach& r) { return r.depth == 2; });
  std::stable_sort(t.two_tile.begin(), t.two_tile.end(),
                   [&](const Reach& a, const Reach& b) { return group(a) < group(b); });
  const std::size_t groups = t.two_tile.empty() ? 0 : group(t.two_tile.back()) + 1;
  t.two_tile_groups.assign(groups + 1, 0);
  for (const Reach& r : t.two_tile) ++t.two_tile_groups[group(r) + 1];
  for (std::size_t g = 1; g <= groups; ++g) t.two_tile_groups[g] += t.two_tile_groups[g - 1];
}

}  // namespace

Reaches::Reaches(const Candidates& candidates) {
  for (const OrientedTile& v : candidates.variants()) {
    for (const core::Door& d : v.doors) {
      const auto [it, added] = tables_.try_emplace({d.width, d.kind, static_cast<int>(d.facing)});
      if (!added) continue;
      Table& t = it->second;
      ReachSearch(candidates, t.ways).run(core::Door{{0, 0}, d.width, d.facing, d.kind});
      t.low = t.high = t.ways.front().end.start;
      for (std::uint32_t i = 0; i < t.ways.size(); ++i) {
        const core::Point e = t.ways[i].end.start;
        t.low = {std::min(t.low.x, e.x), std::min(t.low.y, e.y)};
        t.high = {std::max(t.high.x, e.x), std::max(t.high.y, e.y)};
        auto& range = t.by_end.try_emplace(end_hash(t.ways[i].end), i, i).first->second;
        range.second = i + 1;
        farthest_ = std::max(farthest_, grid_steps(t.ways[i].end.start, {0, 0}));
        if (t.ways[i].depth <= 1) t.near.push_back(t.ways[i]);
        if (t.ways[i].depth == 2)
          t.least_two_tile_steps = std::min(t.least_two_tile_steps, t.ways[i].steps);
      }
      group_two_tile_ways(t);
      const int width = t.high.x - t.low.x + 1;
      t.ends.assign(static_cast<std::size_t>(width * (t.high.y - t.low.y + 1)), false);
      for (const Reach& r : t.ways) {
        const core::Point e = r.end.start - t.low;
        t.ends[static_cast<std::size_t>(e.y * width + e.x)] = true;
      }
    }
  }
}

const Reaches::Table* Reaches::table(const core::Door& open) const {
  const auto it = tables_.find({open.width, open.kind, static_cast<int>(open.facing)});
  return it == tables_.end() ? nullptr : &it->second;
}

std::span<const Reach> Reaches::from(const core::Door& open) const {
  const Table* t = table(open);
  if (t == nullptr) return {};
  return t->ways;
}

std::span<const Reach> Reaches::near(const core::Door& open) const {
  const Table* t = table(open);
  if (t == nullptr) return {};
  return t->near;
}

std::span<const Reach> Reaches::ends_at(const core::Door& open, const core::Door& end) const {
  return ends_at(table(open), end);
}

std::span<const Reach> Reaches::rows_between(std::span<const Reach> ways, int low_y, int high_y) {
  const auto first = std::partition_point(ways.begin(), ways.end(),
                                          [&](const Reach& r) { return r.end.start.y < low_y; });
  const auto last = std::partition_point(first, ways.end(),
                                         [&](const Reach& r) { return r.end.start.y <= high_y; });
  return ways.subspan(static_cast<std::size_t>(first - ways.begin()),
                      static_cast<std::size_t>(last - first));
}

std::span<const Reach> Reaches::ends_at(const Table* t, const core::Door& end) {
  if (t == nullptr) return {};
  const auto it = t->by_end.find(end_hash(end));
  if (it == t->by_end.end()) return {};
  const std::span<const Reach> ways = std::span<const Reach>(t->ways).subspan(
      it->second.first, it->second.second - it->second.first);
  // The hash packs cells into 16 bits each: a different door could share it far away.
  return ways.front().end == end ? ways : std::span<const Reach>{};
}

}  // namespace dungen::gen
