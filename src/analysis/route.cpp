#include "analysis/route.hpp"

#include <cstdint>
#include <functional>
#include <queue>
#include <utility>

#include "analysis/solver.hpp"

namespace dungen::analysis {
namespace {

using core::Facing;
using core::Point;

// Quarter turns between two headings: 0, 1 or 2.
int turns(Facing a, Facing b) {
  const int d = (static_cast<int>(b) - static_cast<int>(a) + 4) % 4;
  return d == 3 ? 1 : d;
}

// Where a leg may go: passable, not blocked, and a lock's cells only with its key held.
std::vector<bool> walkable(const core::Level& level, const std::vector<bool>& held,
                           const std::vector<bool>* blocked) {
  const auto& cells = level.map.cells;
  std::vector<bool> ok(cells.data().size());
  for (std::size_t i = 0; i < ok.size(); ++i)
    ok[i] = core::passable(cells.data()[i]) && !(blocked && (*blocked)[i]);
  for (const core::Lock& l : level.puzzle.locks) {
    if (held[static_cast<std::size_t>(l.key)]) continue;
    for (int i = 0; i < l.door.width; ++i) {
      const Point p = l.door.cell(i);
      ok[static_cast<std::size_t>(p.y) * static_cast<std::size_t>(cells.width()) +
         static_cast<std::size_t>(p.x)] = false;
    }
  }
  return ok;
}

// The cheapest walk from `from` (heading `facing`) to `to` over `ok` cells: Dijkstra over
// (cell, heading) states, cost 1 per step plus `turn_cost` per quarter turn; ties go to the
// lower state index, so the walk is the same every time. Empty when `to` cannot be reached.
std::vector<Point> leg(core::Size size, const std::vector<bool>& ok, Point from, Facing facing,
                       Point to, int turn_cost) {
  const auto index = [&](Point p) {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(size.width) +
           static_cast<std::size_t>(p.x);
  };
  const std::size_t states = ok.size() * 4;
  std::vector<std::int64_t> cost(states, -1);
  std::vector<std::size_t> parent(states, states);
  using Entry = std::pair<std::int64_t, std::size_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  const std::size_t start = index(from) * 4 + static_cast<std::size_t>(facing);
  cost[start] = 0;
  queue.push({0, start});
  std::size_t found = states;
  while (!queue.empty()) {
    const auto [c, s] = queue.top();
    queue.pop();
    if (c != cost[s]) continue;
    const Point p{static_cast<int>(s / 4 % static_cast<std::size_t>(size.width)),
                  static_cast<int>(s / 4 / static_cast<std::size_t>(size.width))};
    if (p == to) {
      found = s;
      break;
    }
    for (Facing f : core::kFacings) {
      const Point q = p + core::step(f);
      if (q.x < 0 || q.y < 0 || q.x >= size.width || q.y >= size.height || !ok[index(q)]) continue;
      const std::size_t t = index(q) * 4 + static_cast<std::size_t>(f);
      const std::int64_t next =
          c + 1 + static_cast<std::int64_t>(turn_cost) * turns(static_cast<Facing>(s % 4), f);
      if (cost[t] >= 0 && cost[t] <= next) continue;
      cost[t] = next;
      parent[t] = s;
      queue.push({next, t});
    }
  }
  std::vector<Point> walk;
  for (std::size_t s = found; s != states; s = parent[s]) {
    walk.push_back({static_cast<int>(s / 4 % static_cast<std::size_t>(size.width)),
                    static_cast<int>(s / 4 / static_cast<std::size_t>(size.width))});
  }
  return {walk.rbegin(), walk.rend()};
}

// Cells a player cannot walk through: those holding obstacles (monsters, chests, decor).
std::vector<bool> obstacles(const core::Level& level) {
  std::vector<bool> blocked(level.map.cells.data().size(), false);
  const auto width = static_cast<std::size_t>(level.map.cells.width());
  for (const core::Feature& f : level.content.features) {
    if (core::is_obstacle(f.kind))
      blocked[static_cast<std::size_t>(f.cell.y) * width + static_cast<std::size_t>(f.cell.x)] =
          true;
  }
  return blocked;
}

}  // namespace

Facing open_facing(const core::Grid<core::CellKind>& cells, Point from) {
  constexpr Facing kOrder[] = {Facing::East, Facing::North, Facing::West, Facing::South};
  Facing best = Facing::East;
  int best_run = -1;
  for (Facing f : kOrder) {
    int run = 0;
    for (Point p = from + core::step(f); core::passable(cells.get_or(p, core::CellKind::Void));
         p = p + core::step(f)) {
      ++run;
    }
    if (run > best_run) best = f, best_run = run;
  }
  return best;
}

void find_play_route(core::Level& level, int turn_cost) {
  level.analysis.route.clear();
  if (!level.analysis.entrance) return;
  const std::vector<bool> blocked = obstacles(level);
  auto route = find_route(
      level, {turn_cost, open_facing(level.map.cells, *level.analysis.entrance), &blocked});
  if (route) level.analysis.route = std::move(*route);
}

std::optional<std::vector<Point>> find_route(const core::Level& level,
                                             const RouteOptions& options) {
  if (!level.analysis.entrance || !level.analysis.exit) return std::nullopt;
  std::vector<Point> targets;
  for (int key : solve(level, -1, options.blocked).keys_in_order) {
    for (const core::Key& k : level.puzzle.keys) {
      if (k.id == key) targets.push_back(k.cell);
    }
  }
  targets.push_back(*level.analysis.exit);
  std::vector<bool> held(level.puzzle.id_bound(), false);
  for (const core::Lock& l : level.puzzle.locks) {  // keys carried from another floor
    if (l.key_floor != 0) held[static_cast<std::size_t>(l.key)] = true;
  }
  std::vector<Point> route{*level.analysis.entrance};
  Facing facing = options.start_facing;
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const std::vector<Point> walk =
        leg(level.map.cells.size(), walkable(level, held, options.blocked), route.back(), facing,
            targets[i], options.turn_cost);
    if (walk.empty()) return std::nullopt;
    route.insert(route.end(), walk.begin() + 1, walk.end());
    for (Facing f : core::kFacings) {  // the heading of the last step, if any
      if (walk.size() >= 2 && walk[walk.size() - 2] + core::step(f) == walk.back()) facing = f;
    }
    if (i + 1 < targets.size()) {
      for (const core::Key& k : level.puzzle.keys)
        held[static_cast<std::size_t>(k.id)] =
            held[static_cast<std::size_t>(k.id)] || k.cell == targets[i];
    }
  }
  return route;
}

}  // namespace dungen::analysis
