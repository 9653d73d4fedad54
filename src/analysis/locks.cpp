#include "analysis/locks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "analysis/floor_stack.hpp"
#include "analysis/lock_plan.hpp"
#include "analysis/lock_proof.hpp"
#include "analysis/reachability.hpp"
#include "analysis/room_graph.hpp"
#include "core/plural.hpp"

namespace dungen::analysis {
namespace {

// Facts about the level (or the stack of floors) that every attempt shares.
struct Context {
  const FloorStack& stack;
  RoomGraph graph;
  int exit_node = -1;
};

// The keys needed to reach each room: the locks on its tree path, ascending ({-1} when not
// reached). Parents first: a room needs its parent's keys and its own lock's. Rooms share
// their nearest locked ancestor's set (one per lock), so the sets hold at most locks^2 ids.
core::ZoneKeys zones_of(const Context& ctx, const LockPlan& plan) {
  const auto rooms = static_cast<std::size_t>(ctx.stack.rooms());
  std::vector<std::vector<int>> sets{{-1}, {}};  // not reached; no key needed
  std::vector<std::uint32_t> set_of(rooms, 0);
  std::vector<int> lock_at(rooms, -1);  // a room holds one lock at most
  for (std::size_t i = 0; i < plan.lock_node.size(); ++i)
    lock_at[static_cast<std::size_t>(plan.lock_node[i])] = static_cast<int>(i);
  for (int node : ctx.graph.order) {
    const int parent = ctx.graph.parent[static_cast<std::size_t>(node)];
    const std::uint32_t base = parent >= 0 ? set_of[static_cast<std::size_t>(parent)] : 1;
    set_of[static_cast<std::size_t>(node)] = base;
    if (const int own = lock_at[static_cast<std::size_t>(node)]; own >= 0) {
      std::vector<int> keys = sets[base];
      keys.insert(std::upper_bound(keys.begin(), keys.end(), own), own);
      set_of[static_cast<std::size_t>(node)] = static_cast<std::uint32_t>(sets.size());
      sets.push_back(std::move(keys));
    }
  }
  return {std::move(sets), std::move(set_of)};
}

// Walls up floor `k`'s `sealed` loops (stack connection ids); returns each of its
// connections' index once they are gone (-1 for a sealed one).
std::vector<int> seal_loops(const Context& ctx, std::size_t k, const std::vector<bool>& sealed,
                            core::Level& out) {
  std::vector<core::Connection> kept;
  std::vector<int> new_index(out.map.connections.size(), -1);
  for (std::size_t c = 0; c < out.map.connections.size(); ++c) {
    const core::Connection& con = out.map.connections[c];
    if (!sealed[static_cast<std::size_t>(ctx.stack.connection_id(k, static_cast<int>(c)))]) {
      new_index[c] = static_cast<int>(kept.size());
      kept.push_back(con);
      continue;
    }
    for (core::Point p : passage_cells(out.map, con)) out.map.cells[p] = core::CellKind::Wall;
    out.map.unused_doors.push_back(
        {con.a, con.door_a(), con.door(), core::UnusedReason::BypassesLock});
    out.map.unused_doors.push_back(
        {con.b, con.door_b(), con.door_b_span(), core::UnusedReason::BypassesLock});
  }
  std::sort(out.map.unused_doors.begin(), out.map.unused_doors.end(),
            [](const auto& x, const auto& y) {
              return std::pair(x.placement, x.door) < std::pair(y.placement, y.door);
            });
  out.map.connections = std::move(kept);
  // Sealed doors may have split off cells counted before, and walks got longer.
  update_unreachable(out);
  return new_index;
}

// Applies `plan` to floor `k` of the stack, `out` (changed in place: a huge level is not
// copied): its locks, the keys lying on it, its zones, and its `sealed` loops walled up.
void apply_plan(const Context& ctx, const LockPlan& plan, const std::vector<bool>& sealed,
                const core::ZoneKeys& zones, std::size_t k, core::Level& out) {
  const int first = ctx.stack.room(k, 0);
  std::vector<std::uint32_t> set_of(out.map.placements.size());
  for (std::size_t p = 0; p < set_of.size(); ++p)
    set_of[p] = zones.set_of(static_cast<std::size_t>(first) + p);
  out.puzzle.zones = core::ZoneKeys(zones.sets(), std::move(set_of));
  const std::vector<int> new_index = seal_loops(ctx, k, sealed, out);
  for (std::size_t i = 0; i < plan.lock_node.size(); ++i) {
    const int id = static_cast<int>(i);
    const std::size_t key_floor = ctx.stack.floor_of_room(plan.key_node[i]);
    if (key_floor == k) {
      out.puzzle.keys.push_back(
          core::Key{id, plan.key_cell[i], ctx.stack.placement(plan.key_node[i])});
    }
    const int node = plan.lock_node[i];
    if (ctx.stack.floor_of_room(node) != k) continue;
    const int edge = ctx.graph.parent_edge[static_cast<std::size_t>(node)];
    const core::Connection& con = out.map.connections[static_cast<std::size_t>(
        new_index[static_cast<std::size_t>(edge - ctx.stack.connection_id(k, 0))])];
    const int parent = ctx.stack.placement(ctx.graph.parent[static_cast<std::size_t>(node)]);
    // The door as seen from the entrance's side: it faces the locked room.
    const core::Door d = con.door();
    const core::Door door =
        con.a == parent ? d : core::Door{d.start, d.width, core::opposite(d.facing)};
    out.puzzle.locks.push_back(core::Lock{id, parent, ctx.stack.placement(node), door, id,
                                          key_floor == k ? 0 : static_cast<int>(key_floor) + 1});
  }
}

// Draws and proofs of lock plans for one level, with what they found so far.
class Search {
 public:
  explicit Search(const Context& ctx)
      : spots_(ctx.stack),
        planner_(ctx.graph, ctx.exit_node, spots_),
        proof_(ctx.stack, ctx.graph),
        ctx_(ctx) {
    if (ctx.stack.size() < 2) return;
    std::vector<int> floor_of(static_cast<std::size_t>(ctx.stack.rooms()));
    for (std::size_t r = 0; r < floor_of.size(); ++r)
      floor_of[r] = static_cast<int>(ctx.stack.floor_of_room(static_cast<int>(r)));
    planner_.spread_over_floors(std::move(floor_of));
  }

  // Up to kAttempts draws of `target` locks; the number of locks of the first one proven
  // (kept as found()), or 0. With `above` < 0, a draw that falls short ends the tries (the
  // rooms it reached cannot hold `target`); with `above` >= 0, a short draw of more than
  // `above` locks is proven as it is (a draw of that many would be the same), `above` rises
  // to the most proven, and the tries go on: the result is then the most locks proven.
  int holds(int target, core::Rng& rng, int above = -1) {
    constexpr int kAttempts = 12;
    int best = 0;
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
      LockPlan plan = planner_.draw(target, rng);
      const auto size = static_cast<int>(plan.lock_node.size());
      most_ = std::max(most_, plan.lock_node.size());
      if (size < target && above < 0) return 0;
      if (size <= above) continue;
      std::vector<bool> sealed = sealed_connections(ctx_.stack, ctx_.graph, plan);
      if (!proof_.proven(plan, sealed)) {
        unproven_ = std::max(unproven_, plan.lock_node.size());
        continue;
      }
      found_ = std::move(plan);
      sealed_ = std::move(sealed);
      if (size == target) return size;
      best = size;
      above = size;
    }
    return best;
  }

  [[nodiscard]] const LockPlan& found() const { return found_; }
  [[nodiscard]] const std::vector<bool>& sealed() const { return sealed_; }
  // Why no more than found() locks were placed.
  [[nodiscard]] std::string shortfall() const {
    const std::size_t placed = found_.lock_node.size();
    constexpr const char* kLarger = "a larger level (more tiles, rooms or spaces)";
    if (most_ == 0 && ctx_.exit_node == ctx_.graph.root) {
      return fmt::format(
          "the exit is in the entrance's room, so no door on the way to it can take a lock; {} "
          "may put rooms between them",
          kLarger);
    }
    if (most_ == 0) {
      return fmt::format(
          "no door on the way to the exit has a room before it with floor for the key; {} has "
          "more rooms for keys",
          kLarger);
    }
    if (unproven_ > placed) {
      return fmt::format(
          "placements of up to {} were drawn, but none{} could be proven solvable with every "
          "lock needed (a way around a lock, such as a door or floor joining more rooms than its "
          "connection, or a room split in two)",
          core::count_of(unproven_, "locks"),
          placed == 0 ? std::string() : fmt::format(" with more than {}", placed));
    }
    return fmt::format(
        "the rooms on the way to the exit (and to the keys) cannot hold more needed locks "
        "(at most {} in any placement drawn)",
        most_);
  }

 private:
  KeySpots spots_;
  LockPlanner planner_;
  LockProof proof_;
  const Context& ctx_;
  LockPlan found_;
  std::vector<bool> sealed_;
  std::size_t most_ = 0;      // the most locks any draw placed
  std::size_t unproven_ = 0;  // the most locks of a full draw whose proof failed
};

// The most locks, up to `count`, that `search` can place, 0 for none. The counts from `count`
// down are tried one by one, each with fresh draws, for the first kOneByOne counts; below
// those, the largest count that holds is found by bisection (more locks seldom hold where
// fewer do not: a plan's prefix is a plan of fewer locks with the same rooms), a short draw
// counting for the locks it holds, so a request far above what the level holds costs a few
// tries per halving, not a try per count.
int most_locks(Search& search, int count, core::Rng& rng) {
  constexpr int kOneByOne = 8;
  const int last = std::max(count - kOneByOne + 1, 1);
  for (int target = count; target >= last; --target) {
    if (search.holds(target, rng) > 0) return target;
  }
  int lo = 0, hi = last - 1;  // lo holds (0 trivially); counts above hi do not
  while (lo < hi) {
    const int mid = lo + (hi - lo + 1) / 2;
    const int held = search.holds(mid, rng, lo);
    if (held > 0) lo = held;  // search.found() holds its plan
    if (held < mid) hi = mid - 1;
  }
  return lo;
}

}  // namespace

void place_locks(core::Level& level, int count, core::Rng& rng) {
  place_floor_locks({&level}, count, rng);
}

void place_floor_locks(const std::vector<core::Level*>& floors, int count, core::Rng& rng) {
  for (core::Level* f : floors) f->puzzle.locks_requested = count;
  core::Level& first = *floors.front();
  if (count <= 0) return;
  for (std::size_t k = 0; k < floors.size(); ++k) {
    if (floors[k]->analysis.entrance && floors[k]->analysis.exit) continue;
    if (floors.size() > 1) {
      first.puzzle.lock_notes.push_back(
          fmt::format("no locks: floor {} has no way in or down (no floor cell)", k + 1));
    }
    return;
  }
  const FloorStack stack({floors.begin(), floors.end()});
  Context ctx{stack, stack.room_graph(), -1};
  const core::Level& last = *floors.back();
  ctx.exit_node = stack.room(floors.size() - 1, last.map.placement_at(*last.analysis.exit));
  if (ctx.graph.root < 0 || last.map.placement_at(*last.analysis.exit) < 0 ||
      !ctx.graph.in_tree(ctx.exit_node)) {
    first.puzzle.lock_notes.push_back(
        "no locks: the exit's room is not joined to the entrance's room by doors");
    return;
  }
  // The search (key spots, planner, grouped cells) is let go before the plan is applied.
  LockPlan plan;
  std::vector<bool> sealed;
  std::string shortfall;
  int placed = 0;
  {
    Search search(ctx);
    placed = most_locks(search, count, rng);
    if (placed < count) shortfall = search.shortfall();
    plan = search.found();
    sealed = search.sealed();
  }
  if (placed == 0) {
    first.puzzle.lock_notes.push_back(
        fmt::format("placed 0 of {}: {}", core::count_of(count, "locks"), shortfall));
    return;
  }
  const core::ZoneKeys zones = zones_of(ctx, plan);
  for (std::size_t k = 0; k < floors.size(); ++k) apply_plan(ctx, plan, sealed, zones, k, *floors[k]);
  first.puzzle.lock_notes.clear();
  if (placed < count) {
    first.puzzle.lock_notes.push_back(
        fmt::format("placed {} of {}: {}", placed, core::count_of(count, "locks"), shortfall));
  }
}

}  // namespace dungen::analysis
