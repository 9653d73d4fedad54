// Which tile an open door of the stitcher tries next (stitcher.hpp): candidate lists' weights
// kept from door to door, drawn from in O(log n) per group drawn.
#include <algorithm>

#include "gen/stitch/stitcher.hpp"

namespace dungen::gen {
namespace {

// The shortest list restore() makes anew: shorter ones are reweighed a group at a time.
constexpr std::size_t kRemakeFrom = 256;

// True when entering the group's tile by one of its doors leaves two or more doors of the
// same part to go on by: placing it can add to the open doors, where others only keep or end
// a branch.
bool branches(const CandidateGroup& g, const std::vector<OrientedTile>& variants) {
  return std::any_of(g.doors.begin(), g.doors.end(), [&](const CandidateDoor& cd) {
    const OrientedTile& v = variants[cd.variant];
    const int part = v.door_part[cd.door];
    return std::count(v.door_part.begin(), v.door_part.end(), part) >= 3;
  });
}

}  // namespace

Stitcher::ListDraw& Stitcher::list_draw(std::uint32_t list) {
  ListDraw& d = lists_[list];
  if (d.made) return d;
  const std::vector<CandidateGroup>& groups = candidates_.list(list);
  // A tile entered here leaving much of itself out of reach is drawn less: its weight scaled
  // by the square of the share a player can reach (unscaled when every tile is reached whole).
  const bool scale = std::any_of(groups.begin(), groups.end(), [](const CandidateGroup& g) {
    return g.keep < CandidateGroup::kFullKeep;
  });
  for (std::uint32_t i = 0; i < groups.size(); ++i) {
    const CandidateGroup& g = groups[i];
    const core::TileSettings& s = set_.tiles[g.tile].settings;
    // Far tiles are never drawn: the far phase places them (far.cpp).
    std::uint32_t w = s.far ? 0 : std::max<std::uint32_t>(s.weight, s.required ? 1 : 0);
    if (scale) w *= std::max<std::uint32_t>(1, g.keep * g.keep / CandidateGroup::kFullKeep);
    d.groups.push_back(GroupDraw{g.tile, w, static_cast<std::uint32_t>(g.doors.size()), g.shape,
                                 s.required && !s.far, branches(g, candidates_.variants())});
    d.any_grows = d.any_grows || grows(g.tile);
    tile_groups_[g.tile].emplace_back(list, i);
  }
  reweigh_all(d);
  d.made = true;
  return d;
}

void Stitcher::reweigh_all(ListDraw& d) {
  weights_.clear();
  for (const GroupDraw& g : d.groups) weights_.push_back(usable(g.tile) ? g.weight : 0);
  d.all.assign(weights_);
  for (std::size_t i = 0; i < d.groups.size(); ++i)
    weights_[i] = weights_[i] > 0 && d.groups[i].required ? 1 : 0;
  d.required.assign(weights_);
  for (std::size_t i = 0; i < d.groups.size(); ++i)
    weights_[i] = d.groups[i].branches ? d.all.weight(i) : 0;
  d.branching.assign(weights_);
}

void Stitcher::restore(std::uint32_t list) {
  ListDraw& d = lists_[list];
  // Most of a long list drawn (a door nothing fits): made anew in O(n), not O(n log n).
  if (d.groups.size() >= kRemakeFrom && drawn_.size() > d.groups.size() / 8) {
    reweigh_all(d);
  } else {
    for (const std::uint32_t group : drawn_) reweigh(list, group);
  }
  drawn_.clear();
}

void Stitcher::reweigh(std::uint32_t list, std::uint32_t group) {
  ListDraw& d = lists_[list];
  const GroupDraw& g = d.groups[group];
  const std::uint32_t w = usable(g.tile) ? g.weight : 0;
  d.all.set(group, w);
  d.required.set(group, w > 0 && g.required ? 1 : 0);
  d.branching.set(group, g.branches ? w : 0);
}

void Stitcher::count_use(core::TileId tile, int change) {
  const bool was_usable = usable(tile);
  uses_[tile] += change;
  if (set_.tiles[tile].settings.required) {
    if (change > 0 && uses_[tile] == 1) --required_missing_;
    if (change < 0 && uses_[tile] == 0) ++required_missing_;
  }
  if (usable(tile) == was_usable) return;
  for (const auto& [list, group] : tile_groups_[tile]) reweigh(list, group);
}

int Stitcher::low_frontier(std::int64_t placements_left) {
  int doors = 2;
  while (doors < kMaxLowFrontier && 4 * std::int64_t{doors} * doors <= placements_left) ++doors;
  return doors;
}

bool Stitcher::frontier_low() const {
  const auto placed = static_cast<std::int64_t>(map_.placements.size());
  return placed < options_.max_tiles && live_open_ < low_frontier_;
}

std::size_t Stitcher::pick_group(const ListDraw& draw, Phase phase) {
  const bool required_first =
      phase == Phase::Closing || 2 * static_cast<int>(map_.placements.size()) >= options_.max_tiles;
  if (required_first) {
    const std::size_t first = draw.required.first();
    if (first < draw.required.size()) return first;
  }
  if (phase != Phase::Closing && frontier_low()) {
    const std::size_t branching = draw.branching.draw(rng_);  // draws only when some is left
    if (branching < draw.branching.size()) return branching;
  }
  return draw.all.draw(rng_);  // as rng_.pick_weighted on the weights, in O(log n)
}

bool Stitcher::try_groups(std::uint32_t list, std::uint32_t record, Phase phase, Misses& misses,
                          bool& tried) {
  ListDraw& draw = list_draw(list);
  const std::vector<CandidateGroup>& groups = candidates_.list(list);
  // Copies of one tile fail alike at one door, unless the search ruled some out at this depth.
  ++fill_;
  const bool recall = forbidden_.empty() || forbidden_.back().depth < map_.placements.size();
  for (std::size_t i = pick_group(draw, phase); i < groups.size(); i = pick_group(draw, phase)) {
    draw.all.zero(i);
    draw.required.zero(i);
    draw.branching.zero(i);
    drawn_.push_back(static_cast<std::uint32_t>(i));
    tried = true;
    if (try_shape(groups[i], draw.groups[i], record, phase, misses, recall)) return true;
  }
  return false;
}

}  // namespace dungen::gen
