#include "analysis/lock_plan.hpp"

#include <algorithm>

#include "analysis/reachability.hpp"

namespace dungen::analysis {
namespace {

// Subtracted from the distance of a room that cannot hold a key: far below any distance.
constexpr std::int64_t kNoKey = std::int64_t{1} << 40;

}  // namespace

KeySpots::KeySpots(const core::Level& level) : levels_{&level}, room_first_{0} {
  room_first_.push_back(level.map.placements.size());
  reached_.push_back(reachable_cells(level.map.cells, *level.analysis.entrance));
  count_.assign(room_first_.back(), 0);
  for (std::size_t room = 0; room < count_.size(); ++room)
    for_each_spot(room, [&](core::Point) { ++count_[room]; });
}

KeySpots::KeySpots(const FloorStack& stack) : room_first_{0} {
  for (std::size_t k = 0; k < stack.size(); ++k) {
    const core::Level& level = stack.floor(k);
    levels_.push_back(&level);
    room_first_.push_back(room_first_.back() + level.map.placements.size());
    reached_.push_back(reachable_cells(level.map.cells, *level.analysis.entrance));
  }
  count_.assign(room_first_.back(), 0);
  for (std::size_t room = 0; room < count_.size(); ++room)
    for_each_spot(room, [&](core::Point) { ++count_[room]; });
}

std::size_t KeySpots::floor_of(std::size_t room) const {
  return static_cast<std::size_t>(
      std::upper_bound(room_first_.begin(), room_first_.end(), room) - room_first_.begin() - 1);
}

template <typename Visit>
void KeySpots::for_each_spot(std::size_t room, Visit visit) const {
  const std::size_t floor = floor_of(room);
  const core::Level& level = *levels_[floor];
  const std::vector<bool>& reached = reached_[floor];
  const core::Map& map = level.map;
  const std::size_t p = room - room_first_[floor];
  const core::Rect b = map.bounds(map.placements[p]);
  for (int y = std::max(b.y, 0); y < std::min(b.bottom(), map.cells.height()); ++y) {
    for (int x = std::max(b.x, 0); x < std::min(b.right(), map.cells.width()); ++x) {
      const core::Point q{x, y};
      if (map.cells[q] != core::CellKind::Floor ||
          !reached[static_cast<std::size_t>(y) * static_cast<std::size_t>(map.cells.width()) +
                   static_cast<std::size_t>(x)] ||
          q == *level.analysis.entrance || q == level.analysis.exit ||
          !core::placement_owns(map, p, q))
        continue;
      visit(q);
    }
  }
}

core::Point KeySpots::spot(int room, std::size_t i) {
  const auto r = static_cast<std::size_t>(room);
  std::vector<core::Point>& ranked = ranked_[room];
  if (i >= ranked.size()) {
    // By squared distance from the centre, in doubled coordinates so odd sizes stay integral;
    // ties row-major: a total order, so the best k are those a full sort puts first. Only
    // they are kept (a room of 40,000 floor cells kept 320 KB for the one key it got).
    const core::Level& level = *levels_[floor_of(r)];
    const core::Rect b = level.map.bounds(level.map.placements[r - room_first_[floor_of(r)]]);
    const auto distance = [&](core::Point q) {
      const std::int64_t dx = 2 * q.x - (2 * b.x + b.width - 1),
                         dy = 2 * q.y - (2 * b.y + b.height - 1);
      return dx * dx + dy * dy;
    };
    std::vector<core::Point> all;
    all.reserve(count_[r]);
    for_each_spot(r, [&](core::Point q) { all.push_back(q); });
    const std::size_t keep = std::min(all.size(), std::max<std::size_t>(16, 2 * (i + 1)));
    std::partial_sort(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(keep), all.end(),
                      [&](core::Point p, core::Point q) {
                        const std::int64_t dp = distance(p), dq = distance(q);
                        return dp != dq ? dp < dq : std::pair(p.y, p.x) < std::pair(q.y, q.x);
                      });
    ranked.assign(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(keep));
  }
  return ranked[i];
}

LockPlanner::LockPlanner(const RoomGraph& graph, int exit_node, KeySpots& key_spots)
    : graph_(graph), spots_(key_spots), distance_(std::vector<std::int64_t>{}) {
  const std::size_t n = graph.parent.size();
  tin_.assign(n, 0);
  tout_.assign(n, 0);
  pos_.assign(n, 0);
  first_needed_.assign(n, 0);
  used_spots_.assign(n, 0);
  std::vector<std::vector<int>> children(n);
  for (std::size_t i = 0; i < graph.order.size(); ++i) {
    const int node = graph.order[i];
    pos_[static_cast<std::size_t>(node)] = i;
    if (const int p = graph.parent[static_cast<std::size_t>(node)]; p >= 0)
      children[static_cast<std::size_t>(p)].push_back(node);
  }
  // Depth-first positions: a subtree is the range tin .. tout - 1.
  std::vector<int> stack{graph.root};
  while (!stack.empty()) {
    const int u = stack.back();
    stack.pop_back();
    tin_[static_cast<std::size_t>(u)] = at_tin_.size();
    at_tin_.push_back(u);
    const auto& c = children[static_cast<std::size_t>(u)];
    stack.insert(stack.end(), c.rbegin(), c.rend());
  }
  std::vector<std::size_t> size(n, 1);
  for (auto it = graph.order.rbegin(); it != graph.order.rend(); ++it) {
    const auto i = static_cast<std::size_t>(*it);
    if (const int p = graph.parent[i]; p >= 0) size[static_cast<std::size_t>(p)] += size[i];
    tout_[i] = tin_[i] + size[i];
  }
  for (int cur = exit_node; cur >= 0; cur = graph.parent[static_cast<std::size_t>(cur)])
    first_needed_[static_cast<std::size_t>(cur)] = 1;
  // A room's distance in tree steps from the needed rooms is the one from its nearest needed
  // ancestor: the needed rooms are the root and whole ways down from it.
  std::vector<int> top_depth(n, 0);
  std::vector<std::int64_t> values(graph.order.size());
  for (std::size_t i = 0; i < graph.order.size(); ++i) {
    const auto node = static_cast<std::size_t>(graph.order[i]);
    const int p = graph.parent[node];
    top_depth[node] = first_needed_[node] != 0 || p < 0 ? graph.depth[node]
                                                        : top_depth[static_cast<std::size_t>(p)];
    values[tin_[node]] =
        spots_.count(static_cast<int>(node)) == 0 ? -kNoKey : graph.depth[node] - top_depth[node];
    if (first_needed_[node] != 0 && node != static_cast<std::size_t>(graph.root))
      first_candidates_.push_back(i);
  }
  distance_ = MaxCountTree(values);
  needed_ = first_needed_;
}

void LockPlanner::start_draw() {
  distance_.reset();
  for (int room : touched_) {
    needed_[static_cast<std::size_t>(room)] = first_needed_[static_cast<std::size_t>(room)];
    used_spots_[static_cast<std::size_t>(room)] = 0;
  }
  touched_.clear();
  candidates_ = first_candidates_;
}

int LockPlanner::key_room(int lock_node, core::Rng& rng) {
  // Every room outside the lock's subtree: the positions before and after its range.
  const std::size_t lo = tin_[static_cast<std::size_t>(lock_node)],
                    hi = tout_[static_cast<std::size_t>(lock_node)], end = at_tin_.size();
  const MaxCountTree::Best before = distance_.best(0, lo), after = distance_.best(hi, end);
  const std::int64_t farthest = std::max(before.value, after.value);
  if (farthest < 0) return -1;
  ties_.clear();
  distance_.collect(0, lo, farthest, ties_);
  distance_.collect(hi, end, farthest, ties_);
  for (std::size_t& t : ties_) t = pos_[static_cast<std::size_t>(at_tin_[t])];
  std::sort(ties_.begin(), ties_.end());  // breadth-first order
  return graph_.order[ties_[rng.uniform(ties_.size())]];
}

void LockPlanner::lock(int node) {
  const auto i = static_cast<std::size_t>(node);
  candidates_.erase(std::lower_bound(candidates_.begin(), candidates_.end(), pos_[i]));
  distance_.add(tin_[i], tout_[i], -kNoKey);  // no key behind it
}

void LockPlanner::need(int node) {
  for (int cur = node; cur >= 0 && needed_[static_cast<std::size_t>(cur)] == 0;
       cur = graph_.parent[static_cast<std::size_t>(cur)]) {
    const auto i = static_cast<std::size_t>(cur);
    needed_[i] = 1;
    touched_.push_back(cur);
    candidates_.insert(std::lower_bound(candidates_.begin(), candidates_.end(), pos_[i]), pos_[i]);
    distance_.add(tin_[i], tout_[i], -1);  // its subtree is a step nearer the needed rooms
  }
}

LockPlan LockPlanner::draw(int count, core::Rng& rng) {
  start_draw();
  LockPlan plan;
  std::vector<int> shuffled;
  std::vector<int> on_floor;  // locks drawn per floor, when spreading
  for (int f : floor_) on_floor.resize(std::max(on_floor.size(), static_cast<std::size_t>(f) + 1));
  const auto locks_on = [&](int node) {
    return on_floor[static_cast<std::size_t>(floor_[static_cast<std::size_t>(node)])];
  };
  for (int i = 0; i < count; ++i) {
    shuffled.clear();
    for (std::size_t p : candidates_) shuffled.push_back(graph_.order[p]);
    rng.shuffle(shuffled);
    if (!floor_.empty()) {
      // Floors short of their share first, the deepest of them first: locks open in the
      // reverse of their order, so the deepest floor's locks come first and their keys may
      // lie on any floor before them.
      const auto order = [&](int node) {
        const int share = (count + static_cast<int>(on_floor.size()) - 1) /
                          static_cast<int>(on_floor.size());
        return std::pair(locks_on(node) >= share, -floor_[static_cast<std::size_t>(node)]);
      };
      std::stable_sort(shuffled.begin(), shuffled.end(),
                       [&](int a, int b) { return order(a) < order(b); });
    }
    bool placed = false;
    for (int node : shuffled) {
      if (graph_.entered_by_stair(node)) continue;  // a stair takes no lock
      const int key = key_room(node, rng);
      if (key < 0) continue;
      std::size_t& used = used_spots_[static_cast<std::size_t>(key)];
      if (used == spots_.count(key)) continue;  // earlier keys took every spot
      plan.lock_node.push_back(node);
      if (!floor_.empty()) ++on_floor[static_cast<std::size_t>(floor_[static_cast<std::size_t>(node)])];
      plan.key_node.push_back(key);
      plan.key_cell.push_back(spots_.spot(key, used++));
      touched_.push_back(key);
      lock(node);
      need(key);
      placed = true;
      break;
    }
    if (!placed) break;
  }
  return plan;
}

}  // namespace dungen::analysis
