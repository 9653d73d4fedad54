// Loops on purpose (stitch.hpp, --loops): once growth has made the level, pairs of open doors
// near each other in space but far apart on foot are joined through one to three tiles. After
// Brogue's addLoops (a door is cut where it saves a walk of more than 20 steps) on drawn tiles:
// the tiles that join a pair are found by meeting in the middle, runs of one or two tiles from
// one door against runs of one tile from the other, matched by geometry alone; only matches are
// tested on the board, and laid in a trial that undoes them unless the last tile joins both.
#include <algorithm>
#include <limits>
#include <queue>
#include <tuple>

#include "gen/stitch/stitcher.hpp"

namespace dungen::gen {
namespace {

constexpr std::size_t kMaxMeetings = 256;   // ways of joining one pair found at most
constexpr std::size_t kMaxJoinTries = 8;    // geometric matches laid on the board per pair
constexpr std::size_t kMaxFitTests = 8;     // geometric matches tested against the map per pair
constexpr std::size_t kPairsLookedAt = 32;  // pairs of doors looked at per loop asked, per call
constexpr std::size_t kPairsPerLoop = 6;    // pairs laid on the board per loop asked, in all
constexpr int kDeepSearchesPerLoop = 4;     // pairs met by two tiles from a, per loop asked
constexpr int kDeepSearchesWhileGrowing = 1;  // of those, per call while the level grows
constexpr int kCountedDetours = 4;          // walks count up to distance + 4 x --loop-detour

}  // namespace

void Stitcher::make_loops(bool growing) {
  const auto asked = static_cast<std::size_t>(std::max(options_.loops, 0));
  if (result_.loops.size() >= asked || loop_pairs_tried_ >= kPairsPerLoop * asked) return;
  // Two doors farther apart than two runs of two tiles reach are never joined.
  set_loop_reach();
  index_connections();
  std::vector<std::uint32_t> doors = live_doors();
  rng_.shuffle(doors);  // which doors are paired first, when there are more than are looked at
  // Runs of one tile from a first, for every pair; runs of two only where those found none
  // and loops are still wanted, the pairs whose tree path is longest first. While the level
  // grows, one such search per call: they are most of the loops' work, and the doors open now
  // are mostly still open at the next call.
  std::vector<LoopPair> deeper;
  for (LoopPair pair : loop_pairs(doors, kPairsLookedAt * asked)) {
    if (result_.loops.size() == asked || loop_pairs_tried_ >= kPairsPerLoop * asked) break;
    if (!still_open(pair)) continue;
    const std::array<std::uint32_t, 4> key{pair.a, pair.generation_a, pair.b, pair.generation_b};
    if (!loop_pairs_seen_.insert(key).second) continue;
    const PairOutcome outcome = join_pair(pair, false);
    if (outcome == PairOutcome::Joined) index_connections();
    if (outcome == PairOutcome::Deeper) deeper.push_back(pair);
  }
  std::stable_sort(deeper.begin(), deeper.end(), [](const LoopPair& x, const LoopPair& y) {
    return x.tree - x.space > y.tree - y.space;
  });
  const int deep_at_start = loop_deep_searches_;
  for (LoopPair& pair : deeper) {
    if (!still_open(pair)) continue;
    if (result_.loops.size() < asked && loop_pairs_tried_ < kPairsPerLoop * asked &&
        loop_deep_searches_ < kDeepSearchesPerLoop * options_.loops &&
        (!growing || loop_deep_searches_ - deep_at_start < kDeepSearchesWhileGrowing)) {
      if (join_pair(pair, true) == PairOutcome::Joined) index_connections();
    } else {
      ++result_.loop_tally.pairs;
      ++result_.loop_tally.no_tiles;
    }
  }
}

void Stitcher::set_loop_reach() {
  if (loop_reach_ == 0)
    loop_reach_ = std::clamp(2 * candidates_.reaches().farthest(), 1, kMaxLoopReach);
}

bool Stitcher::loops_due() {
  // At every eighth of the budget from five eighths on (the doors open then are many).
  const int eighth = loop_eighths_done_ + 5;
  if (eighth > 7 || options_.loops <= 0 || !complete_but_far() ||
      8 * static_cast<std::int64_t>(map_.placements.size()) <
          eighth * std::int64_t{options_.max_tiles})
    return false;
  ++loop_eighths_done_;
  return true;
}

std::vector<std::uint32_t> Stitcher::live_doors() {
  std::vector<std::uint32_t> doors;
  std::vector<bool> seen(board_.slot_count(), false);
  for (std::size_t i = frontier_head_; i < frontier_.size(); ++i) {
    const OpenRef ref = frontier_[i];
    if (!is_open(ref) || seen[ref.slot]) continue;
    seen[ref.slot] = true;
    doors.push_back(ref.slot);
  }
  return doors;
}

std::vector<LoopPair> Stitcher::loop_pairs(const std::vector<std::uint32_t>& doors,
                                           std::size_t most) {
  // Doors bucketed by loop_reach_ squares: a door's partners lie in its bucket or the 8 around.
  const auto bucket = [this](core::Point p) {
    const auto cell = [this](int v) {
      return v >= 0 ? v / loop_reach_ : (v + 1) / loop_reach_ - 1;
    };
    return (std::uint64_t{static_cast<std::uint32_t>(cell(p.x))} << 32) |
           static_cast<std::uint32_t>(cell(p.y));
  };
  // (bucket, door index) sorted: a bucket's doors lie side by side, in door order.
  std::vector<std::pair<std::uint64_t, std::size_t>> buckets;
  buckets.reserve(doors.size());
  for (std::size_t i = 0; i < doors.size(); ++i)
    buckets.emplace_back(bucket(board_.record(doors[i]).span.start), i);
  std::sort(buckets.begin(), buckets.end());
  std::vector<LoopPair> pairs;
  for (std::size_t i = 0; i < doors.size() && pairs.size() < most; ++i) {
    const core::Door& a = board_.record(doors[i]).span;
    for (int dy = -loop_reach_; dy <= loop_reach_; dy += loop_reach_) {
      for (int dx = -loop_reach_; dx <= loop_reach_; dx += loop_reach_) {
        const std::uint64_t key = bucket(a.start + core::Point{dx, dy});
        auto it = std::lower_bound(buckets.begin(), buckets.end(), std::pair(key, std::size_t{0}));
        for (; it != buckets.end() && it->first == key; ++it) {
          const std::size_t j = it->second;
          const core::Door& b = board_.record(doors[j]).span;
          const int space = grid_distance(a.start, b.start);
          if (j <= i || space > loop_reach_ || pairs.size() == most) continue;
          // The tree path is one walk: where even it saves less than a detour, no walk does.
          const int tree = tree_walk(doors[i], doors[j]);
          if (tree - space < options_.loop_detour) {
            ++result_.loop_tally.near_on_tree;
            continue;
          }
          pairs.push_back({doors[i], doors[j], 0, space, tree, board_.record(doors[i]).generation,
                           board_.record(doors[j]).generation});
        }
      }
    }
  }
  // With --max-dead-ends, pairs at a dead end first (a loop there is one dead end fewer); then
  // nearest first: the fewest tiles join them.
  const auto at_dead_end = [this](const LoopPair& p) {
    if (!options_.max_dead_ends) return 1;
    const auto degree = [this](std::uint32_t slot) {
      const auto placement = static_cast<std::size_t>(board_.record(slot).placement);
      return placement < degree_.size() ? degree_[placement] : 0;
    };
    return degree(p.a) <= 1 || degree(p.b) <= 1 ? 0 : 1;
  };
  std::stable_sort(pairs.begin(), pairs.end(), [&](const LoopPair& x, const LoopPair& y) {
    return std::pair(at_dead_end(x), x.space) < std::pair(at_dead_end(y), y.space);
  });
  return pairs;
}

bool Stitcher::still_open(const LoopPair& pair) const {
  // A loop laid since the pair was found may have closed a door, and its slot hold another.
  const OpenDoor& a = board_.record(pair.a);
  const OpenDoor& b = board_.record(pair.b);
  return a.open && b.open && a.generation == pair.generation_a && b.generation == pair.generation_b;
}

Stitcher::PairOutcome Stitcher::join_pair(LoopPair& pair, bool deep) {
  const core::Door a = board_.record(pair.a).span, b = board_.record(pair.b).span;
  const Reaches& reaches = candidates_.reaches();
  // Meet in the middle: a way from a and a way from b that end on the same cells, facing each
  // other, join a to b. Ways are in their door's frame: a's end, seen from b, is offset.
  const core::Point offset = b.start - a.start;
  auto& meetings = loop_meetings_;  // tiles, from a, from b
  meetings.clear();
  int fewest_steps = std::numeric_limits<int>::max();
  const Reaches::Table* b_ways = reaches.table(b);
  if (b_ways == nullptr)
    return ++result_.loop_tally.pairs, ++result_.loop_tally.no_tiles, PairOutcome::Failed;
  // Only ways from a that end where some way from b ends can meet one: the rows of b's box
  // (the ways are sorted by end row), then its columns.
  // `most_steps`: ways through more steps than that save too little of the walk to be kept.
  const auto meet = [&](std::span<const Reach> from_a, int least_depth, int most_steps) {
    const core::Point low = b_ways->low + offset, high = b_ways->high + offset;
    std::span<const Reach> from_b;  // the ways from b that end where the last x did
    const Reach* last_x = nullptr;
    for (const Reach& x : Reaches::rows_between(from_a, low.y, high.y)) {
      // A way from b to x's end is at least as long as the straight steps between them.
      if (x.depth < least_depth || x.end.start.x < low.x || x.end.start.x > high.x ||
          x.steps + grid_distance(x.end.start, offset) > most_steps)
        continue;
      if (last_x == nullptr || !(x.end == last_x->end)) {  // ways of one end lie side by side
        from_b =
            b_ways->may_end_at(x.end.start - offset)
                ? Reaches::ends_at(b_ways, core::Door{x.end.start - offset, x.end.width,
                                                      core::opposite(x.end.facing), x.end.kind})
                : std::span<const Reach>{};
        last_x = &x;
      }
      for (const Reach& y : from_b) {
        if (x.depth + y.depth == 0 || x.steps + y.steps > most_steps) continue;
        if (meetings.size() == kMaxMeetings) return;
        meetings.emplace_back(x.depth + y.depth, &x, &y);
        fewest_steps = std::min(fewest_steps, x.steps + y.steps);
      }
    }
  };
  const auto walk = [&] {  // the walk between them, counted up to a bound
    // No longer than the tree path: a search bounded by it looks at fewer doors. While the
    // level is a tree (one connection fewer than placements) the tree path is the only one.
    if (pair.walk != 0) return pair.walk;
    const int limit = pair.space + kCountedDetours * options_.loop_detour;
    pair.walk = map_.connections.size() + 1 == map_.placements.size()
                    ? std::min(pair.tree, limit)
                    : walk_between(pair.a, pair.b, std::min(limit, pair.tree + 1));
    return pair.walk;
  };
  LoopTally& tally = result_.loop_tally;
  if (!deep) {
    meet(reaches.near(a), 0, pair.tree - options_.loop_detour);  // one tile from a, two from b
    if (meetings.empty()) return PairOutcome::Deeper;
    ++tally.pairs;
  } else {
    // Two from a as well, where the walk is long enough for such ways to save a detour: every
    // way of two tiles from a is looked at (the dearest step of a loop).
    ++tally.pairs;
    const Reaches::Table* a_ways = reaches.table(a);
    if (a_ways == nullptr) return ++tally.no_tiles, PairOutcome::Failed;
    if (walk() - a_ways->least_two_tile_steps < options_.loop_detour)
      return ++tally.short_walk, PairOutcome::Failed;
    ++loop_deep_searches_;
    const int most_steps = walk() - options_.loop_detour;
    const auto groups =
        std::min(a_ways->two_tile_groups.size() - 1,
                 static_cast<std::size_t>(most_steps / Reaches::kStepsPerGroup) + 1);
    for (std::size_t g = 0; g < groups && meetings.size() < kMaxMeetings; ++g)
      meet(a_ways->two_tile_group(g), 2, most_steps);
    if (meetings.empty()) return ++tally.no_tiles, PairOutcome::Failed;
  }
  // Worth a loop only where it saves a long walk: measured once some tiles could join them.
  if (walk() - fewest_steps < options_.loop_detour) return ++tally.short_walk, PairOutcome::Failed;
  ++loop_pairs_tried_;
  std::stable_sort(meetings.begin(), meetings.end(),
                   [](const auto& m, const auto& n) { return std::get<0>(m) < std::get<0>(n); });
  std::size_t tested = 0, tries = 0;
  for (const auto& [tiles, x, y] : meetings) {
    if (tries == kMaxJoinTries || tested == kMaxFitTests) break;
    if (pair.walk - x->steps - y->steps < options_.loop_detour) continue;
    const LoopRun run_a = placed_run(*x, a.start), run_b = placed_run(*y, b.start);
    if (!run_usable(run_a) || !run_usable(run_b)) continue;
    ++tested;
    if (!run_fits(run_a) || !run_fits(run_b)) continue;
    ++tries;
    if (lay_loop(pair, run_a, y->depth > 0 ? &run_b : nullptr)) return PairOutcome::Joined;
  }
  ++tally.collide;
  return PairOutcome::Failed;
}

bool Stitcher::run_fits(const LoopRun& run) {
  // Each tile alone on the board as it is (the run's own tiles are not there yet): most ways
  // that cannot be laid collide with the map, and this rules them out without laying any.
  for (std::size_t i = 0; i < run.count; ++i) {
    if (test(run.pieces[i].variant, run.pieces[i].origin) != Fit::Ok) return false;
  }
  return true;
}

LoopRun Stitcher::placed_run(const Reach& reach, core::Point door) const {
  LoopRun run;
  for (std::size_t i = 0; i < reach.depth; ++i) {
    const ReachPiece& p = reach.pieces[i];
    run.pieces[run.count++] = LoopPiece{p.variant, door + p.origin, p.entry, p.exit};
  }
  run.end = reach.end.shifted(door);
  run.steps = reach.steps;
  return run;
}

bool Stitcher::run_usable(const LoopRun& run) const {
  for (std::size_t i = 0; i < run.count; ++i) {
    const core::TileId tile = candidates_.variants()[run.pieces[i].variant].tile;
    if (!usable(tile) || !grows(tile) || set_.tiles[tile].settings.far) return false;
  }
  return true;
}

bool Stitcher::lay_loop(const LoopPair& pair, const LoopRun& a_side, const LoopRun* b_side) {
  const OpenRef a{pair.a, board_.record(pair.a).generation};
  const OpenRef b{pair.b, board_.record(pair.b).generation};
  core::MadeLoop loop{board_.record(pair.a).placement, board_.record(pair.b).placement, {}, 0};
  // The pieces from a, then those from b; each joins the open end before it on its side, and
  // the last one the other side's end too (where the runs meet).
  std::vector<std::pair<const LoopPiece*, core::Door>> lay;  // piece, the door it is laid on
  core::Door a_end = board_.record(pair.a).span, b_end = board_.record(pair.b).span;
  const std::vector<OrientedTile>& variants = candidates_.variants();
  for (std::size_t i = 0; i < a_side.count; ++i) {
    lay.emplace_back(&a_side.pieces[i], a_end);
    a_end = variants[a_side.pieces[i].variant].doors[a_side.pieces[i].exit].shifted(
        a_side.pieces[i].origin);
  }
  for (std::size_t i = 0; b_side != nullptr && i < b_side->count; ++i) {
    lay.emplace_back(&b_side->pieces[i], b_end);
    b_end = variants[b_side->pieces[i].variant].doors[b_side->pieces[i].exit].shifted(
        b_side->pieces[i].origin);
  }
  begin_trial();
  bool ok = true;
  for (const auto& [piece, on] : lay) {
    const std::optional<std::uint32_t> slot = board_.slot_at(on.start);
    // A tile's uses as laid so far: two pieces of one tile may not pass its max= together.
    ok = slot.has_value() && usable(variants[piece->variant].tile) &&
         test(piece->variant, piece->origin) == Fit::Ok;
    const auto& joins = board_.plan().joins;
    ok = ok &&
         std::any_of(joins.begin(), joins.end(), [&](const auto& j) { return j.second == *slot; });
    if (!ok) break;
    apply();
    loop.through.push_back(static_cast<int>(map_.placements.size()) - 1);
  }
  // Both doors joined, and where the runs meet joined too (no open end left by the loop).
  ok = ok && !is_open(a) && !is_open(b) && (b_side == nullptr || !board_.slot_at(a_end.start));
  end_trial(ok);
  if (!ok) return false;
  loop.steps_saved = pair.walk - a_side.steps - (b_side != nullptr ? b_side->steps : 0);
  result_.loops.push_back(std::move(loop));
  return true;
}

}  // namespace dungen::gen
