#include "analysis/solver.hpp"

#include <algorithm>
#include <cstdint>
#include <deque>
#include <unordered_map>

#include "analysis/walk_graph.hpp"

namespace dungen::analysis {
namespace {

// The lock or key id on each cell, or -1: a bit per cell says whether to look it up, so a
// walk of a big map hashes only at the few cells that hold one. Lookups only, never iterated.
class CellIds {
 public:
  explicit CellIds(std::size_t cells) : marked_(cells, false) {}
  void set(std::size_t cell, int id) {
    marked_[cell] = true;
    ids_[cell] = id;
  }
  [[nodiscard]] int find(std::size_t cell) const {
    return marked_[cell] ? ids_.find(cell)->second : -1;
  }

 private:
  std::vector<bool> marked_;
  std::unordered_map<std::size_t, int> ids_;
};

// Where the puzzle lies on the cells of one floor: the lock of each lock door cell and the
// key on each key cell.
struct PuzzleCells {
  CellIds lock_at, key_at;
};

PuzzleCells puzzle_cells(const core::Level& level) {
  const auto& cells = level.map.cells;
  PuzzleCells puzzle{CellIds(cells.data().size()), CellIds(cells.data().size())};
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) {
      if (cells.contains(l.door.cell(i))) puzzle.lock_at.set(cells.index(l.door.cell(i)), l.id);
    }
  }
  for (const core::Key& k : level.puzzle.keys) {
    if (cells.contains(k.cell)) puzzle.key_at.set(cells.index(k.cell), k.id);
  }
  return puzzle;
}

// The walk of solve() from the first floor's entrance over every floor of `floors` (maps of
// one size; floor k's exit and floor k + 1's entrance a stair walked both ways), in one pass:
// keys picked up and locks opened go to `result` in their order; returns the cells reached,
// floor by floor (cell i of floor k at k * cells + i). A single floor carries the keys of
// its locks whose keys lie on other floors (Lock::key_floor); a stack carries none. One loop
// over the walk's front, kept whole: it visits every cell reached.
std::vector<bool> walk_from_entrance(const std::vector<const core::Level*>& floors, int walled,
                                     const std::vector<bool>* blocked, SolveResult& result) {
  std::size_t ids = 0;
  for (const core::Level* f : floors) ids = std::max(ids, f->puzzle.id_bound());
  std::vector<PuzzleCells> puzzle;
  for (const core::Level* f : floors) puzzle.push_back(puzzle_cells(*f));
  std::vector<bool> held(ids, false), opened(ids, false);
  std::vector<const core::Lock*> lock_of(ids, nullptr);
  std::vector<std::vector<int>> locks_of_key(ids);  // on every floor
  for (const core::Level* f : floors) {
    for (const core::Lock& l : f->puzzle.locks) {
      lock_of[static_cast<std::size_t>(l.id)] = &l;
      locks_of_key[static_cast<std::size_t>(l.key)].push_back(l.id);
      if (floors.size() == 1 && l.key_floor != 0) held[static_cast<std::size_t>(l.key)] = true;
    }
  }
  const auto& cells = floors.front()->map.cells;
  const auto& data = cells.data();
  const std::size_t n = data.size(), w = static_cast<std::size_t>(cells.width());
  std::vector<bool> seen(n * floors.size(), false);
  std::vector<std::vector<std::size_t>> waiting(ids);  // cells stopped at each lock
  // First in, first out; cells walked are let go, so the queue holds about the walk's front,
  // not every cell reached (a huge map reaches hundreds of millions).
  std::deque<std::size_t> queue{cells.index(*floors.front()->analysis.entrance)};
  seen[queue.front()] = true;
  auto pass = [&](int lock, std::size_t q) {  // q, a cell of `lock`, may now be entered
    if (!opened[static_cast<std::size_t>(lock)]) result.locks_opened.push_back(lock);
    opened[static_cast<std::size_t>(lock)] = true;
    queue.push_back(q);
  };
  while (!queue.empty()) {
    const std::size_t at = queue.front(), k = at / n, p = at % n;
    queue.pop_front();
    const core::Level& floor = *floors[k];
    if (const int key = puzzle[k].key_at.find(p); key >= 0 && !held[static_cast<std::size_t>(key)]) {
      held[static_cast<std::size_t>(key)] = true;
      result.keys_in_order.push_back(key);
      for (int lock : locks_of_key[static_cast<std::size_t>(key)]) {
        for (std::size_t c : waiting[static_cast<std::size_t>(lock)]) pass(lock, c);
        waiting[static_cast<std::size_t>(lock)].clear();
      }
    }
    // The 4 neighbours in kFacings order (north, east, south, west), then the stairs.
    const std::size_t x = p % w, base = k * n;
    std::size_t next[6] = {p >= w ? base + p - w : SIZE_MAX, x + 1 < w ? base + p + 1 : SIZE_MAX,
                           p + w < n ? base + p + w : SIZE_MAX, x > 0 ? base + p - 1 : SIZE_MAX,
                           SIZE_MAX, SIZE_MAX};
    if (k + 1 < floors.size() && floor.analysis.exit && cells.index(*floor.analysis.exit) == p)
      next[4] = base + n + p;  // down the stair: the floor below's entrance, the same cell
    if (k > 0 && floor.analysis.entrance && cells.index(*floor.analysis.entrance) == p)
      next[5] = base - n + p;  // up the stair
    for (std::size_t q : next) {
      if (q == SIZE_MAX || seen[q]) continue;
      const core::Level& to = *floors[q / n];
      if (!core::passable(to.map.cells.data()[q % n])) continue;
      if (blocked != nullptr && (*blocked)[q % n]) continue;
      seen[q] = true;
      const int l = puzzle[q / n].lock_at.find(q % n);
      if (l < 0) {
        queue.push_back(q);
      } else if (l != walled) {
        const core::Lock& lock = *lock_of[static_cast<std::size_t>(l)];
        if (held[static_cast<std::size_t>(lock.key)]) {
          pass(lock.id, q);
        } else {
          waiting[static_cast<std::size_t>(lock.id)].push_back(q);
        }
      }
    }
  }
  return seen;
}

// solve() over `floors` (a single level, or a dungeon's floors): the last floor's exit is
// the goal.
SolveResult solve_stack(const std::vector<const core::Level*>& floors, int walled,
                        const std::vector<bool>* blocked) {
  SolveResult result;
  for (const core::Level* f : floors) {
    if (!f->analysis.entrance || !f->analysis.exit) return result;
  }
  result.reached = walk_from_entrance(floors, walled, blocked, result);
  const core::Level& last = *floors.back();
  result.exit_reached =
      result.reached[(floors.size() - 1) * last.map.cells.data().size() +
                     last.map.cells.index(*last.analysis.exit)];
  return result;
}

}  // namespace

SolveResult solve(const core::Level& level, int walled, const std::vector<bool>* blocked) {
  return solve_stack({&level}, walled, blocked);
}

SolveResult solve_floors(const std::vector<const core::Level*>& floors, int walled) {
  return solve_stack(floors, walled, nullptr);
}

std::vector<int> unneeded_floor_locks(const std::vector<const core::Level*>& floors) {
  std::vector<int> unneeded;
  for (const core::Level* f : floors) {
    for (const core::Lock& l : f->puzzle.locks) {
      if (solve_floors(floors, l.id).exit_reached) unneeded.push_back(l.id);
    }
  }
  return unneeded;
}

std::vector<int> unneeded_locks(const core::Level& level) {
  std::vector<int> unneeded;
  if (!level.analysis.entrance || !level.analysis.exit) return unneeded;
  // One grouping of the cells, then one walk of the groups per lock walled.
  const auto& cells = level.map.cells;
  std::vector<std::size_t> special{cells.index(*level.analysis.entrance),
                                   cells.index(*level.analysis.exit)};
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) {
      if (cells.contains(l.door.cell(i))) special.push_back(cells.index(l.door.cell(i)));
    }
  }
  CellGroups groups = group_cells(cells, std::move(special));
  std::vector<int> key_of_lock(level.puzzle.id_bound(), 0);
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) {
      if (cells.contains(l.door.cell(i)))
        groups.gates.lock[static_cast<std::size_t>(groups.node_at(l.door.cell(i)))] = l.id;
    }
    key_of_lock[static_cast<std::size_t>(l.id)] = l.key;
  }
  groups.gates.keys = key_nodes(level, groups);
  groups.gates.start = groups.node_at(*level.analysis.entrance);
  for (const core::Lock& l : level.puzzle.locks) {  // keys carried from another floor
    if (l.key_floor != 0) groups.gates.keys.emplace_back(groups.gates.start, l.key);
  }
  groups.gates.goal = groups.node_at(*level.analysis.exit);
  const auto [graph, gates] = contract(groups.graph, groups.gates);
  GatedWalk walk(graph, gates, std::move(key_of_lock),
                 static_cast<int>(level.puzzle.id_bound()));
  for (const core::Lock& l : level.puzzle.locks) {
    if (walk.reaches_goal(l.id)) unneeded.push_back(l.id);
  }
  return unneeded;
}

}  // namespace dungen::analysis
