// The growth loop of the tile stitcher (algorithm in stitch.hpp).
#include "gen/stitch.hpp"

#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "core/error.hpp"
#include "gen/stitcher.hpp"

namespace dungen::gen {

const char* stop_reason_text(StopReason r) {
  return r == StopReason::TileBudget ? "tile budget (--max-tiles) reached" : "no open door left";
}

const char* stop_reason_key(StopReason r) {
  return r == StopReason::TileBudget ? "tile_budget" : "no_open_doors";
}

Stitcher::Stitcher(const core::TileSet& set, const Candidates& candidates,
                   const StitchOptions& options, core::Rng& rng)
    : set_(set), candidates_(candidates), options_(options), rng_(rng), uses_(set.tiles.size(), 0),
      shape_of_variant_(candidates.variants().size(), -1) {
  for (const core::Tile& t : set.tiles) map_.tile_names.push_back(t.name);
  // Reserved, not touched: no copy (and no doubled memory) when the vectors grow, no resident
  // memory until used. The closing phase may add caps beyond the budget; loops add edges.
  const auto expected = static_cast<std::size_t>(std::min(options.max_tiles, 1 << 26));
  map_.placements.reserve(expected + expected / 2 + 64);
  map_.connections.reserve(2 * expected + 64);
}

StitchResult Stitcher::run() {
  start();
  grow();
  return finish();
}

void Stitcher::start() { seed_first_room(); }  // the start tile, at the stitch origin

void Stitcher::grow() { grow_from_open_doors(); }  // until the budget is spent or no door is open

StitchResult Stitcher::finish() {
  close_open_doors();  // cap or seal what is still open
  result_.map = finish_map();
  return std::move(result_);
}

bool Stitcher::usable(core::TileId tile) const {
  const core::TileSettings& s = set_.tiles[tile].settings;
  if (s.required && uses_[tile] > 0) return false;
  return !s.max_uses || uses_[tile] < *s.max_uses;
}

bool Stitcher::fits_max_size(std::uint32_t variant) const {
  if (!options_.max_size) return true;
  const core::Rect c = candidates_.variants()[variant].content;
  return c.width <= options_.max_size->width && c.height <= options_.max_size->height;
}

std::vector<std::uint32_t> Stitcher::start_variants(core::TileId tile) const {
  std::vector<std::uint32_t> fitting;
  for (std::uint32_t v : candidates_.variants_of(tile)) {
    if (fits_max_size(v)) fitting.push_back(v);
  }
  return fitting;
}

core::TileId Stitcher::choose_start_tile() {
  if (options_.start) return *options_.start;
  // Prefer tiles that branch (two doors or more: a cap would end the level at once), that are
  // not required (a boss room should not be the way in), and that have a door some tile can
  // mate; relax these in that order. Tiles growth never draws, or too big for --max-size in
  // every orientation, never start.
  for (const int relax : {0, 1, 2}) {
    weights_.assign(set_.tiles.size(), 0);
    for (core::TileId id = 0; id < set_.tiles.size(); ++id) {
      const core::Tile& t = set_.tiles[id];
      const bool never_grows = (t.settings.weight == 0 && !t.settings.required) ||
                               t.settings.max_uses.value_or(1) == 0;
      if (start_variants(id).empty() || never_grows || (t.settings.required && relax < 2) ||
          (t.doors.size() < 2 && relax < 1)) {
        continue;
      }
      const bool joinable = std::any_of(t.doors.begin(), t.doors.end(), [&](const core::Door& d) {
        return !candidates_.find(d.width, core::opposite(d.facing)).empty() ||
               !candidates_.find(d.width, d.facing).empty();
      });
      if (joinable) weights_[id] = std::max<std::uint32_t>(1, t.settings.weight);
    }
    const std::size_t pick = rng_.pick_weighted(weights_);
    if (pick < weights_.size()) return static_cast<core::TileId>(pick);
  }
  throw Error("no tile can start the dungeon: none has a door another tile's door could join "
              "(same width) while having a weight above 0 in tileset.txt and fitting --max-size; "
              "name the first tile with --start, or check the doors with dungen inspect");
}

void Stitcher::seed_first_room() {
  const core::TileId start = choose_start_tile();
  const std::vector<std::uint32_t> variants = start_variants(start);
  if (variants.empty()) {
    const core::Size size = set_.tiles[start].cells.size();
    throw usage_error("--start", fmt::format("the start tile '{}' ({}x{} cells) has no allowed "
                                             "orientation within --max-size {}x{}; raise --max-size",
                                             set_.tiles[start].name, size.width, size.height,
                                             options_.max_size->width, options_.max_size->height));
  }
  (void)test(variants[rng_.uniform(variants.size())], core::Point{0, 0});  // fits: the map is empty
  apply();
}

OpenRef Stitcher::next_open_door() {
  switch (options_.policy) {
    case GrowthPolicy::BreadthFirst: {
      const OpenRef ref = frontier_[frontier_head_++];
      if (frontier_head_ >= 4096 && 2 * frontier_head_ >= frontier_.size()) {  // drop the used prefix
        frontier_.erase(frontier_.begin(), frontier_.begin() + static_cast<std::ptrdiff_t>(frontier_head_));
        frontier_head_ = 0;
      }
      return ref;
    }
    case GrowthPolicy::DepthFirst: {
      const OpenRef ref = frontier_.back();
      frontier_.pop_back();
      return ref;
    }
    case GrowthPolicy::Random: break;
  }
  const std::size_t n = frontier_.size() - frontier_head_;
  const std::size_t i = frontier_head_ + static_cast<std::size_t>(rng_.uniform(n));
  std::swap(frontier_[i], frontier_.back());
  const OpenRef ref = frontier_.back();
  frontier_.pop_back();
  return ref;
}

void Stitcher::grow_from_open_doors() {
  while (frontier_head_ < frontier_.size()) {
    if (static_cast<int>(map_.placements.size()) >= options_.max_tiles) {
      result_.stop = StopReason::TileBudget;
      return;
    }
    const OpenRef ref = next_open_door();
    if (!is_open(ref)) continue;
    if (open_count_ == 1 && try_fill(ref.slot, Phase::LastDoor)) continue;
    if (is_open(ref)) try_fill(ref.slot, Phase::Growth);
  }
  result_.stop = StopReason::NoOpenDoors;
}

void Stitcher::close_open_doors() {
  result_.growth_placements = static_cast<int>(map_.placements.size());
  // In frontier order; a required tile placed here may append open doors, so index by k.
  for (std::size_t k = frontier_head_; k < frontier_.size(); ++k) {
    const OpenRef ref = frontier_[k];
    if (!is_open(ref)) continue;
    if (!options_.close_with_caps || !try_fill(ref.slot, Phase::Closing)) {
      if (is_open(ref)) close_door(ref.slot, core::UnusedReason::TileBudget);
    }
  }
  result_.cap_placements = static_cast<int>(map_.placements.size()) - result_.growth_placements;
}

std::size_t Stitcher::pick_group(const std::vector<CandidateGroup>& groups, Phase phase) {
  const bool required_first =
      phase == Phase::Closing || 2 * static_cast<int>(map_.placements.size()) >= options_.max_tiles;
  if (required_first) {
    for (std::size_t i = 0; i < groups.size(); ++i) {
      if (weights_[i] > 0 && set_.tiles[groups[i].tile].settings.required) return i;
    }
  }
  return rng_.pick_weighted(weights_);
}

bool Stitcher::try_group(const CandidateGroup& group, std::uint32_t record, Phase phase,
                         bool& too_big) {
  order_ = group.doors;
  rng_.shuffle(order_);
  const bool required = set_.tiles[group.tile].settings.required;
  for (const CandidateDoor& cd : order_) {
    const OrientedTile& v = candidates_.variants()[cd.variant];
    const core::Point origin = records_[record].span.start - v.doors[cd.door].start;
    const Fit fit = test(cd.variant, origin);
    too_big = too_big || fit == Fit::TooBig;
    const bool accept = phase == Phase::Growth || (phase == Phase::LastDoor ? !plan_.opens.empty()
                                                                            : plan_.opens.empty() || required);
    if (fit == Fit::Ok && accept) {
      apply();
      return true;
    }
  }
  return false;
}

bool Stitcher::try_fill(std::uint32_t record, Phase phase) {
  const core::Door span = records_[record].span;
  const auto& groups = candidates_.find(span.width, core::opposite(span.facing));
  if (groups.empty()) {
    close_door(record, core::UnusedReason::NoTileWithWidth);
    return false;
  }
  weights_.clear();
  for (const CandidateGroup& g : groups) {
    const core::TileSettings& s = set_.tiles[g.tile].settings;
    weights_.push_back(usable(g.tile) ? std::max<std::uint32_t>(s.weight, s.required ? 1 : 0) : 0);
  }
  bool tried = false, too_big = false;
  for (std::size_t i = pick_group(groups, phase); i < groups.size(); i = pick_group(groups, phase)) {
    weights_[i] = 0;
    tried = true;
    if (try_group(groups[i], record, phase, too_big)) return true;
  }
  if (phase == Phase::LastDoor) return false;  // the caller tries again with any tile
  const core::UnusedReason reason = phase == Phase::Closing ? core::UnusedReason::TileBudget
                                    : !tried                ? core::UnusedReason::UsesExhausted
                                    : too_big               ? core::UnusedReason::OutsideMaxSize
                                                            : core::UnusedReason::AllCollide;
  close_door(record, reason);
  return false;
}

core::Map Stitcher::finish_map() {
  const core::Rect b = bounds_;
  // Copied band by band (64 rows), each band's chunks freed once copied: the grid's pages are
  // touched only as they are written, so occupancy and grid never both hold the whole map.
  map_.cells = core::Grid<core::CellKind>(core::Size{b.width, b.height}, core::kUninitialized);
  // CellState Empty..Door have CellKind's values; Open cannot remain (every door was
  // connected or sealed) and would read as wall.
  static_assert(static_cast<int>(CellState::Door) == static_cast<int>(core::CellKind::Door));
  std::vector<CellState> row(static_cast<std::size_t>(b.width));
  for (int y = b.y; y < b.bottom(); ++y) {
    occupancy_.copy_row(y, b.x, b.right(), row.data());
    core::CellKind* out = &map_.cells[core::Point{0, y - b.y}];
    for (std::size_t x = 0; x < row.size(); ++x) {
      out[x] = row[x] == CellState::Open ? core::CellKind::Wall : static_cast<core::CellKind>(row[x]);
    }
    if (((y + 1) & (Occupancy::kChunkSide - 1)) == 0) occupancy_.release_band(y >> Occupancy::kChunkShift);
  }
  const core::Point shift{-b.x, -b.y};
  for (auto& p : map_.placements) p.origin = p.origin + shift;
  for (auto& c : map_.connections) {
    c.door = c.door.shifted(shift);
    c.door_b_span = c.door_b_span.shifted(shift);
  }
  for (auto& u : map_.unused_doors) u.span = u.span.shifted(shift);
  std::sort(map_.unused_doors.begin(), map_.unused_doors.end(),
            [](const core::UnusedDoor& a, const core::UnusedDoor& b2) {
              return std::pair(a.placement, a.door) < std::pair(b2.placement, b2.door);
            });
  return std::move(map_);
}

StitchResult stitch(const core::TileSet& set, const Candidates& candidates,
                    const StitchOptions& options, core::Rng& rng) {
  if (options.start && *options.start >= set.tiles.size()) throw Error("unknown start tile");
  Stitcher stitcher(set, candidates, options, rng);
  StitchResult r = stitcher.run();
  for (core::TileId id = 0; id < set.tiles.size(); ++id) {
    const bool placed = std::any_of(r.map.placements.begin(), r.map.placements.end(),
                                    [&](const core::Placement& p) { return p.tile == id; });
    if (set.tiles[id].settings.required && !placed) r.missing_required.push_back(id);
  }
  r.terminated_early = static_cast<int>(r.map.placements.size()) < options.min_tiles ||
                       !r.missing_required.empty();
  return r;
}

}  // namespace dungen::gen
