// The growth loop of the tile stitcher (algorithm in stitch.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "core/tile_parts.hpp"
#include "gen/stitch/stitch.hpp"
#include "gen/stitch/stitcher.hpp"

namespace dungen::gen {
namespace {

// Undos one level may spend per placement it must reach (--min-tiles), and at least: enough to
// walk back out of a dead end of a few tiles and try the other choices there, bounded so a
// tile set that cannot reach the size asked for fails fast.
constexpr int kUndosPerTile = 1;
constexpr int kMinUndos = 16;

// The most ways one tile is tried onto one open door (its doors that mate it, in every
// orientation). A tile with more is tried at a sample of this many: a tile with thousands of
// doors would otherwise make every open door cost thousands of tests, and the closing phase,
// with thousands of open doors, millions. Real tile sets stay far below (at most 64 ways in
// ../shared/corpus), so they are tried whole.
constexpr std::size_t kMaxWaysPerTile = 256;

// The board's frame: a mask's, or with pins the quarter plane right of and below cell 0,0.
std::optional<BoardFrame> frame_of(const StitchOptions& o) {
  if (o.mask) return BoardFrame{o.mask->size(), o.mask.get()};
  if (!o.pins.empty()) return BoardFrame{core::Size{1 << 30, 1 << 30}, nullptr};
  return std::nullopt;
}

}  // namespace

const char* stop_reason_text(StopReason r) {
  return r == StopReason::TileBudget ? "tile budget (--max-tiles) reached" : "no open door left";
}

const char* stop_reason_key(StopReason r) {
  return r == StopReason::TileBudget ? "tile_budget" : "no_open_doors";
}

Stitcher::Stitcher(const core::TileSet& set, const Candidates& candidates,
                   const StitchOptions& options, core::Rng& rng, std::vector<bool> excluded_starts)
    : set_(set),
      candidates_(candidates),
      options_(options),
      rng_(rng),
      excluded_starts_(std::move(excluded_starts)),
      board_(candidates, options.max_size, ReadOrder::FloorsFirst, frame_of(options)),
      uses_(set.tiles.size(), 0),
      shape_of_variant_(candidates.variants().size(), -1),
      lists_(candidates.list_count()),
      tile_groups_(set.tiles.size()),
      shape_misses_(2 * std::size_t{candidates.shape_count()}) {
  for (const core::Tile& t : set.tiles) {
    map_.tile_names.push_back(t.name);
    required_missing_ += t.settings.required;
    if (t.settings.far && t.settings.grows())
      far_tiles_.push_back(static_cast<core::TileId>(map_.tile_names.size() - 1));
    const int limit = t.settings.required ? 1 : std::numeric_limits<int>::max();
    limits_.push_back(std::min(limit, t.settings.max_uses.value_or(limit)));
  }
  core::record_door_kinds(set, map_);
  // Reserved, not touched: no copy (and no doubled memory) when the vectors grow, no resident
  // memory until used. The closing phase may add caps beyond the budget; loops add edges.
  const auto expected = static_cast<std::size_t>(std::min(options.max_tiles, 1 << 26));
  map_.placements.reserve(expected + expected / 2 + 64);
  map_.connections.reserve(2 * expected + 64);
  map_.unused_doors.reserve(expected / 2 + 64);
  low_frontier_ = low_frontier(options.max_tiles);
  search_budget_ =
      options.search ? std::max(kMinUndos, kUndosPerTile * std::max(options.min_tiles, 0)) : 0;
}

StitchResult Stitcher::run() {
  start();
  grow();
  return finish();
}

void Stitcher::start() {
  seed_first_room();  // the start tile, at the stitch origin
  observe("start");
}

void Stitcher::grow() {
  for (;;) {
    grow_from_open_doors();  // until the budget is spent or no door the entrance reaches is open
    if (pins_waiting()) join_pins(true);  // pins not joined yet: runs of two tiles too
    observe("grown");
    if (complete_but_far()) make_loops(false);  // join open doors near in space, far on foot
    place_far_tiles();             // tiles set `far`, at the open doors farthest on foot
    close_open_doors();            // cap or seal what is still open
    observe("closed");
    remember_if_best();                      // a short level longer than any before: kept to replay
    if (complete() || !backtrack()) return;  // short: undo the latest placement, try again
    observe("undone");
  }
}

StitchResult Stitcher::finish() {
  for (std::size_t i = 1; i < pin_placements_.size(); ++i) {
    if (!pin_joined(i)) result_.unjoined_pins.push_back(static_cast<int>(i));
  }
  seal_unreachable_doors();  // doors in parts of tiles the entrance cannot reach
  release_growth_state();    // before the map's grid is made: the two never add up
  result_.map = finish_map();
  if (options_.max_dead_ends) {  // dead-end branches taken away, their doors sealed
    std::vector<bool> keep;  // required and far tiles and pins stay, whatever branch they end
    for (const core::Placement& p : result_.map.placements)
      keep.push_back(set_.tiles[p.tile].settings.required || set_.tiles[p.tile].settings.far);
    for (const int p : pin_placements_) keep[static_cast<std::size_t>(p)] = true;
    result_.trimmed = trim_dead_ends(result_.map, *options_.max_dead_ends, result_.loops, keep);
  }
  if (options_.observe) options_.observe("finished", result_.map.cells);
  return std::move(result_);
}

void Stitcher::observe(std::string_view step) const {
  if (options_.observe) options_.observe(step, board_.picture(board_.bounds()));
}

bool Stitcher::grows(core::TileId tile) const {
  return set_.tiles[tile].settings.grows();
}

bool Stitcher::fits_max_size(std::uint32_t variant) const {
  if (!options_.max_size) return true;
  const core::Rect c = candidates_.variants()[variant].content;
  return c.width <= options_.max_size->width && c.height <= options_.max_size->height;
}

OpenRef Stitcher::next_open_door() {
  switch (options_.policy) {
    case GrowthPolicy::BreadthFirst: {
      const OpenRef ref = frontier_[frontier_head_++];
      if (frontier_head_ >= 4096 &&
          2 * frontier_head_ >= frontier_.size()) {  // drop the used prefix
        frontier_.erase(frontier_.begin(),
                        frontier_.begin() + static_cast<std::ptrdiff_t>(frontier_head_));
        frontier_head_ = 0;
      }
      return ref;
    }
    case GrowthPolicy::DepthFirst: {
      const OpenRef ref = frontier_.back();
      frontier_.pop_back();
      return ref;
    }
    case GrowthPolicy::Random:
      break;
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
    if (loops_due()) make_loops(true);  // while open doors are many: a share of the loops asked
    if (pin_due()) join_pins(true);      // pins near an open door: laid a way to
    const std::optional<OpenRef> toward = door_toward_pin();
    const OpenRef ref = toward ? *toward : next_open_door();
    if (!is_open(ref)) continue;
    if (live_open_ == 1 && try_fill(ref.slot, Phase::LastDoor)) continue;
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

bool Stitcher::too_lossy(const OrientedTile& v, std::size_t entry_door) const {
  const std::int64_t placed = placed_cells_ + v.passable_cells;
  const std::int64_t lost =
      placed - reached_cells_ - (v.passable_cells - v.cells_lost_entering_by(entry_door));
  return lost * 1000 > static_cast<std::int64_t>(options_.max_unreachable_permille) * placed;
}

void Stitcher::draw_ways(const CandidateGroup& group) {
  const std::size_t n = group.doors.size();
  if (n <= kMaxWaysPerTile) {
    order_ = group.doors;
    rng_.shuffle(order_);
    return;
  }
  // From a random start with a random stride coprime with n: distinct doors spread over the
  // list, in O(kMaxWaysPerTile) whatever the tile's door count (gcd(n - 1, n) = 1 ends the loop).
  const core::Rng::Spread walk = rng_.spread(n);
  order_.clear();
  for (std::size_t i = 0; i < kMaxWaysPerTile; ++i) order_.push_back(group.doors[walk.at(i)]);
}

bool Stitcher::try_group(const CandidateGroup& group, std::uint32_t record, Phase phase,
                         Misses& misses) {
  draw_ways(group);
  if (!group.even_entries) {
    // Enter by the door whose part holds most of the tile: the player reaches the most of it.
    // A stable insertion sort: the lists are short, and the shuffled order breaks ties.
    for (std::size_t i = 1; i < order_.size(); ++i) {
      for (std::size_t j = i; j > 0 && order_[j].lost < order_[j - 1].lost; --j)
        std::swap(order_[j], order_[j - 1]);
    }
  }
  const bool required = set_.tiles[group.tile].settings.required;
  for (const CandidateDoor& cd : order_) {
    ++result_.candidate_tests;
    const OrientedTile& v = candidates_.variants()[cd.variant];
    const core::Point origin = board_.record(record).span.start - v.doors[cd.door].start;
    if (!forbidden_.empty() && forbidden(cd.variant, origin)) {
      misses.forbidden = true;
      continue;
    }
    if (phase == Phase::Closing && far_steps_ >= 0 && beyond_far(record, cd.variant, cd.door)) continue;
    if (cd.floorless || (!required && cd.lost > 0 && too_lossy(v, cd.door))) {
      // Tested only to tell the reason (growth only): one that fits is enough.
      if (phase == Phase::Growth)
        misses.lossy = misses.lossy || test(cd.variant, origin) == Fit::Ok;
      continue;
    }
    // Door landings first: a few cells that may rule the candidate out before the collision
    // test reads all of its cells (the same choices, the reasons matter only in growth).
    if (phase != Phase::Growth && !(phase == Phase::Closing && required) &&
        !may_accept(v, cd.door, origin, phase))
      continue;
    const Fit fit = test(cd.variant, origin);
    misses.too_big = misses.too_big || fit == Fit::TooBig;
    misses.outside_mask = misses.outside_mask || fit == Fit::OutsideMask;
    const std::vector<int>& opens = board_.plan().opens;
    const bool leads_on = std::any_of(opens.begin(), opens.end(), [&](int d) {
      return v.door_part[static_cast<std::size_t>(d)] == v.door_part[cd.door];
    });
    const bool accept =
        phase == Phase::Growth || (phase == Phase::LastDoor ? leads_on : opens.empty() || required);
    if (fit == Fit::Ok && accept) {
      apply();
      return true;
    }
  }
  return false;
}

bool Stitcher::try_shape(const CandidateGroup& group, const GroupDraw& info, std::uint32_t record,
                         Phase phase, Misses& misses, bool recall) {
  // Beyond kMaxWaysPerTile each group is tried at its own sample of ways: no recall then.
  if (!recall || info.ways > kMaxWaysPerTile) return try_group(group, record, phase, misses);
  ShapeMiss& seen = shape_misses_[2 * std::size_t{info.shape} + info.required];
  if (seen.fill != fill_) {
    Misses mine;
    if (try_group(group, record, phase, mine)) return true;
    seen = ShapeMiss{fill_, mine};
  } else {
    rng_.skip_shuffle(info.ways);  // draw_ways' draws
  }
  misses.too_big = misses.too_big || seen.misses.too_big;
  misses.outside_mask = misses.outside_mask || seen.misses.outside_mask;
  misses.lossy = misses.lossy || seen.misses.lossy;
  misses.forbidden = misses.forbidden || seen.misses.forbidden;
  return false;
}

bool Stitcher::try_fill(std::uint32_t record, Phase phase) {
  const std::uint32_t list = candidates_.mates_list(board_.record(record).span);
  if (list == candidates_.list_count()) {
    close_door(record, core::UnusedReason::NoTileWithWidth);
    return false;
  }
  Misses misses;
  bool tried = false;
  const bool placed = try_groups(list, record, phase, misses, tried);
  restore(list);  // the groups drawn at this door only
  if (placed) return true;
  if (phase == Phase::LastDoor) return false;  // the caller tries again with any tile
  // Tiles growth never draws (weight=0, max=0) are no answer: as if no tile had the width.
  const core::UnusedReason reason = phase == Phase::Closing   ? core::UnusedReason::TileBudget
                                    : !lists_[list].any_grows ? core::UnusedReason::NoTileWithWidth
                                    : !tried                  ? core::UnusedReason::UsesExhausted
                                    : misses.forbidden        ? core::UnusedReason::DeadEnds
                                    : misses.lossy   ? core::UnusedReason::LeavesUnreachable
                                    : misses.too_big ? core::UnusedReason::OutsideMaxSize
                                    : misses.outside_mask ? core::UnusedReason::OutsideMask
                                                          : core::UnusedReason::AllCollide;
  close_door(record, reason);
  return false;
}

void Stitcher::release_growth_state() {
  core::release(frontier_);
  board_.release_records();
  core::release(node_base_);
  core::release(reached_);
  core::release(links_);
  core::release(reach_stack_);
  core::release(lists_);
  core::release(tile_groups_);
  door_links_ = DoorLinks{};
  core::release(walk_steps_);
  core::release(walk_touched_);
}

// The map's rectangle: the placements' bounds, grown by one cell at each edge that has a
// floor or door cell on it, so that wall_off_outside walls them in place (no second grid).
core::Rect Stitcher::final_bounds() {
  // With a mask, the map is the mask's frame (nothing lies outside it, walls included).
  if (options_.mask) return core::Rect{0, 0, options_.mask->width(), options_.mask->height()};
  if (!options_.pins.empty()) {  // the pins' frame: from cell 0,0 (nothing lies left or above)
    const core::Rect b = grown_bounds();
    return core::Rect{0, 0, b.right(), b.bottom()};
  }
  return grown_bounds();
}

core::Rect Stitcher::grown_bounds() {
  const Occupancy& occupancy = board_.occupancy();
  const core::Rect b = board_.bounds();
  const auto walkable = [](CellState s) { return s == CellState::Floor || s == CellState::Door; };
  std::vector<CellState> row(static_cast<std::size_t>(b.width));
  const auto row_walkable = [&](int y) {
    occupancy.copy_row(y, b.x, b.right(), row.data());
    return std::any_of(row.begin(), row.end(), walkable);
  };
  bool left = false, right = false;
  for (int y = b.y; y < b.bottom(); ++y) {
    left = left || walkable(occupancy.get(core::Point{b.x, y}));
    right = right || walkable(occupancy.get(core::Point{b.right() - 1, y}));
  }
  const bool top = b.height > 0 && row_walkable(b.y),
             bottom = b.height > 0 && row_walkable(b.bottom() - 1);
  return core::Rect{b.x - left, b.y - top, b.width + left + right, b.height + top + bottom};
}

core::Map Stitcher::finish_map() {
  const core::Rect b = final_bounds();
  // Copied band by band (64 rows), each band's chunks freed once copied: the grid's pages are
  // touched only as they are written, so occupancy and grid never both hold the whole map.
  map_.cells = core::Grid<core::CellKind>(core::Size{b.width, b.height}, core::kUninitialized);
  // CellState Empty..Door have CellKind's values; Open cannot remain (every door was
  // connected or sealed) and would read as wall.
  static_assert(static_cast<int>(CellState::Door) == static_cast<int>(core::CellKind::Door));
  std::vector<CellState> row(static_cast<std::size_t>(b.width));
  Occupancy& occupancy = board_.occupancy();
  for (int y = b.y; y < b.bottom(); ++y) {
    occupancy.copy_row(y, b.x, b.right(), row.data());
    core::CellKind* out = &map_.cells[core::Point{0, y - b.y}];
    for (std::size_t x = 0; x < row.size(); ++x) {
      out[x] = row[x] == CellState::Open      ? core::CellKind::Wall
               : row[x] == CellState::Blocked ? core::CellKind::Void
                                              : static_cast<core::CellKind>(row[x]);
    }
    if (((y + 1) & (Occupancy::kChunkSide - 1)) == 0)
      occupancy.release_band(y >> Occupancy::kChunkShift);
  }
  const core::Point shift{-b.x, -b.y};
  for (auto& p : map_.placements) p.origin = p.origin + shift;
  for (auto& c : map_.connections) c.shift(shift);
  for (auto& u : map_.unused_doors) u.span = u.span.shifted(shift);
  std::sort(map_.unused_doors.begin(), map_.unused_doors.end(),
            [](const core::UnusedDoor& a, const core::UnusedDoor& b2) {
              return std::pair(a.placement, a.door) < std::pair(b2.placement, b2.door);
            });
  result_.walled_cells = core::wall_off_outside(map_);  // corner door cells, gaps in walls
  return std::move(map_);
}

}  // namespace dungen::gen
