// The start of a stitching run: which tile starts, in which orientation, and the whole run
// with restarts from other start tiles (stitch.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <utility>

#include "core/error.hpp"
#include "core/tile_parts.hpp"
#include "gen/stitch/stitcher.hpp"

namespace dungen::gen {
namespace {

// Runs from another start tile when the search could not complete a level: the start tile
// is never undone, and some start tiles lead only into dead ends.
constexpr int kStartAttempts = 4;

// Random places the start tile is tried at inside a --mask before every allowed one is.
constexpr int kRandomStartPlaces = 256;

}  // namespace

std::vector<std::uint32_t> Stitcher::start_variants(core::TileId tile) const {
  std::vector<std::uint32_t> fitting;
  for (std::uint32_t v : candidates_.variants_of(tile)) {
    if (fits_max_size(v)) fitting.push_back(v);
  }
  return fitting;
}

bool Stitcher::start_weights(int relax) {
  // Prefer tiles that branch (two doors or more: a cap would end the level at once), that are
  // not required (a boss room should not be the way in) and whose entrance part has a door,
  // and that have a door some tile can mate; relax these in that order. Tiles growth never draws,
  // too big for --max-size in every orientation, or excluded by an earlier attempt never start.
  weights_.assign(set_.tiles.size(), 0);
  bool any = false;
  for (core::TileId id = 0; id < set_.tiles.size(); ++id) {
    const core::Tile& t = set_.tiles[id];
    if ((id < excluded_starts_.size() && excluded_starts_[id]) || !grows(id) || t.settings.far ||
        start_variants(id).empty() || (t.settings.required && relax < 2) ||
        (t.doors.size() < 2 && relax < 1) || (candidates_.start_keep(id) == 0 && relax < 2)) {
      continue;
    }
    const bool joinable = std::any_of(t.doors.begin(), t.doors.end(), [&](const core::Door& d) {
      return !candidates_.mates_of(d).empty() ||
             !candidates_.find(d.width, d.facing, d.kind).empty();
    });
    if (joinable) weights_[id] = std::max<std::uint32_t>(1, t.settings.weight);
    any = any || joinable;
  }
  // Tiles that leave much of themselves out of reach of their entrance start less often.
  bool scale = false;
  for (core::TileId id = 0; id < set_.tiles.size(); ++id) {
    scale = scale || (weights_[id] > 0 && candidates_.start_keep(id) < CandidateGroup::kFullKeep);
  }
  for (core::TileId id = 0; scale && id < set_.tiles.size(); ++id) {
    const std::uint32_t keep = candidates_.start_keep(id);
    weights_[id] *= std::max<std::uint32_t>(1, keep * keep / CandidateGroup::kFullKeep);
  }
  return any;
}

bool Stitcher::can_start() {
  if (options_.start) return true;
  return start_weights(0) || start_weights(1) || start_weights(2);
}

core::TileId Stitcher::choose_start_tile() {
  if (options_.start) return *options_.start;
  for (const int relax : {0, 1, 2}) {
    if (start_weights(relax)) return static_cast<core::TileId>(rng_.pick_weighted(weights_));
  }
  throw Error(
      "no tile can start the dungeon: none has a door another tile's door could join "
      "(same width) while having a weight above 0 in the tile settings (tileset.txt or "
      "{tileset} FILE) and fitting {max_size}; "
      "name the first tile with {start}, or check the doors with dungen inspect");
}

std::optional<std::pair<std::uint32_t, core::Point>> Stitcher::place_in_mask(
    const std::vector<std::uint32_t>& variants) {
  // Random places first; where the mask's area is narrow, every allowed cell under the
  // variant's first floor cell, from a random one on.
  const core::Grid<std::uint8_t>& mask = *options_.mask;
  const core::Size frame = mask.size();
  for (int i = 0; i < kRandomStartPlaces; ++i) {
    const std::uint32_t v = variants[rng_.uniform(variants.size())];
    const core::Rect c = candidates_.variants()[v].content;
    if (c.width > frame.width || c.height > frame.height) continue;
    const core::Point origin{
        static_cast<int>(rng_.uniform(static_cast<std::uint64_t>(frame.width - c.width + 1))) - c.x,
        static_cast<int>(rng_.uniform(static_cast<std::uint64_t>(frame.height - c.height + 1))) -
            c.y};
    if (test(v, origin) == Fit::Ok) return std::pair(v, origin);
  }
  std::vector<core::Point> allowed;
  for (int y = 0; y < frame.height; ++y) {
    for (int x = 0; x < frame.width; ++x) {
      if (mask[core::Point{x, y}] != 0) allowed.push_back(core::Point{x, y});
    }
  }
  const std::size_t first = rng_.uniform(allowed.size());
  for (const std::uint32_t v : variants) {
    const OrientedTile& variant = candidates_.variants()[v];
    if (variant.floors.empty()) continue;
    for (std::size_t i = 0; i < allowed.size(); ++i) {
      const core::Point origin = allowed[(first + i) % allowed.size()] - variant.floors.front();
      if (test(v, origin) == Fit::Ok) return std::pair(v, origin);
    }
  }
  return std::nullopt;
}

void Stitcher::seed_first_room() {
  if (!options_.pins.empty()) return place_pins();  // the first pin starts
  const core::TileId start = choose_start_tile();
  const std::vector<std::uint32_t> variants = start_variants(start);
  if (variants.empty()) {
    const core::Size size = set_.tiles[start].cells.size();
    throw field_error("start",
                      fmt::format("the start tile '{}' ({}x{} cells) has no allowed "
                                  "orientation within {{max_size}} {}x{}; raise {{max_size}}",
                                  set_.tiles[start].name, size.width, size.height,
                                  options_.max_size->width, options_.max_size->height));
  }
  // Whether another run could begin elsewhere decides how deep the search goes (backtrack()).
  if (!options_.start && start < excluded_starts_.size()) {
    excluded_starts_[start] = true;
    restart_possible_ = can_start();
    excluded_starts_[start] = false;
  }
  if (options_.mask) {
    const auto placed = place_in_mask(variants);
    if (!placed) {
      if (!options_.start && start < excluded_starts_.size()) {  // another tile may fit
        excluded_starts_[start] = true;
        if (can_start()) return seed_first_room();
      }
      throw field_error("mask", fmt::format("the start tile '{}' fits nowhere inside the mask's "
                                            "area{}; paint a larger area white, or name a "
                                            "smaller start tile with {{start}}",
                                            set_.tiles[start].name,
                                            options_.start ? "" : ", nor does any other tile"));
    }
    start_variant_ = placed->first;
    start_origin_ = placed->second;
    (void)test(start_variant_, start_origin_);
  } else {
    start_variant_ = variants[rng_.uniform(variants.size())];
    (void)test(start_variant_, core::Point{0, 0});  // fits: the map is empty
  }
  apply();
  reach_start_part();
}

void Stitcher::reach_start_part() {
  // The entrance's part (the analysis puts the entrance on the same cell) is reached.
  const OrientedTile& v = candidates_.variants()[start_variant_];
  const core::TileParts parts = core::find_parts(v.cells);
  const std::optional<core::Point> entrance = core::entrance_cell(v.cells);
  const int part = entrance ? parts.label[*entrance] : core::main_part(parts);
  if (part >= 0) reach(node_base_[0] + static_cast<std::uint32_t>(part));
}

namespace {

void mark_early(const core::TileSet& set, const StitchOptions& options, StitchResult& r) {
  r.missing_required.clear();
  for (core::TileId id = 0; id < set.tiles.size(); ++id) {
    const bool placed = std::any_of(r.map.placements.begin(), r.map.placements.end(),
                                    [&](const core::Placement& p) { return p.tile == id; });
    if (set.tiles[id].settings.required && !placed) r.missing_required.push_back(id);
  }
  r.terminated_early = static_cast<int>(r.map.placements.size()) < options.min_tiles ||
                       !r.missing_required.empty() || !r.unjoined_pins.empty();
}

}  // namespace

StitchResult stitch(const core::TileSet& set, const Candidates& candidates,
                    const StitchOptions& options, core::Rng& rng) {
  if (options.start && *options.start >= set.tiles.size()) throw Error("unknown start tile");
  std::vector<bool> excluded(set.tiles.size(), false);
  StitchResult best;
  int undone = 0;
  for (int attempt = 0; attempt < kStartAttempts; ++attempt) {
    Stitcher stitcher(set, candidates, options, rng, excluded);
    if (attempt > 0 && !stitcher.can_start()) break;
    stitcher.start();
    stitcher.grow();
    StitchResult r;
    if (stitcher.ended_below_best()) {  // the search ended lower than it once was: go back there
      Stitcher again(set, candidates, options, rng, excluded);
      again.replay(stitcher.best());
      r = again.finish();
      r.undone_placements = stitcher.undone();
    } else {
      r = stitcher.finish();
    }
    mark_early(set, options, r);
    undone += r.undone_placements;
    r.undone_placements = undone;
    r.restarts = attempt;
    excluded[r.map.placements.front().tile] = true;
    const bool better = attempt == 0 || r.map.placements.size() > best.map.placements.size();
    if (better) best = std::move(r);
    if (!best.terminated_early || options.start || !options.pins.empty() || !options.search)
      break;
  }
  best.undone_placements = undone;
  return best;
}

}  // namespace dungen::gen
