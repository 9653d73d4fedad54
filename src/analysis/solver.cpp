#include "analysis/solver.hpp"

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

// Where the puzzle lies on the cells: the lock of each lock door cell, the key on each key
// cell, and the locks each key opens (by key id).
struct PuzzleCells {
  CellIds lock_at, key_at;
  std::vector<std::vector<int>> locks_of_key;
};

PuzzleCells puzzle_cells(const core::Level& level) {
  const auto& cells = level.map.cells;
  PuzzleCells puzzle{CellIds(cells.data().size()), CellIds(cells.data().size()),
                     std::vector<std::vector<int>>(level.puzzle.keys.size())};
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) {
      if (cells.contains(l.door.cell(i))) puzzle.lock_at.set(cells.index(l.door.cell(i)), l.id);
    }
    puzzle.locks_of_key[static_cast<std::size_t>(l.key)].push_back(l.id);
  }
  for (const core::Key& k : level.puzzle.keys) {
    if (cells.contains(k.cell)) puzzle.key_at.set(cells.index(k.cell), k.id);
  }
  return puzzle;
}

// The walk of solve() from the entrance, in one pass: keys picked up and locks opened go to
// `result` in their order; returns the cells reached. One loop over the walk's front, kept
// whole: it visits every cell reached.
std::vector<bool> walk_from_entrance(const core::Level& level, const PuzzleCells& puzzle,
                                     int walled, const std::vector<bool>* blocked,
                                     SolveResult& result) {
  const auto& cells = level.map.cells;
  std::vector<bool> held(level.puzzle.keys.size(), false), opened(level.puzzle.locks.size(), false);
  const auto& data = cells.data();
  const std::size_t n = data.size(), w = static_cast<std::size_t>(cells.width());
  std::vector<bool> seen(n, false);
  std::vector<std::vector<std::size_t>> waiting(
      level.puzzle.locks.size());  // cells stopped at each lock
  // First in, first out; cells walked are let go, so the queue holds about the walk's front,
  // not every cell reached (a huge map reaches hundreds of millions).
  std::deque<std::size_t> queue{cells.index(*level.analysis.entrance)};
  seen[queue.front()] = true;
  auto pass = [&](int lock, std::size_t q) {  // q, a cell of `lock`, may now be entered
    if (!opened[static_cast<std::size_t>(lock)]) result.locks_opened.push_back(lock);
    opened[static_cast<std::size_t>(lock)] = true;
    queue.push_back(q);
  };
  while (!queue.empty()) {
    const std::size_t p = queue.front();
    queue.pop_front();
    if (const int k = puzzle.key_at.find(p); k >= 0 && !held[static_cast<std::size_t>(k)]) {
      held[static_cast<std::size_t>(k)] = true;
      result.keys_in_order.push_back(k);
      for (int lock : puzzle.locks_of_key[static_cast<std::size_t>(k)]) {
        for (std::size_t c : waiting[static_cast<std::size_t>(lock)]) pass(lock, c);
        waiting[static_cast<std::size_t>(lock)].clear();
      }
    }
    // The 4 neighbours in kFacings order: north, east, south, west.
    const std::size_t x = p % w;
    const std::size_t next[4] = {p >= w ? p - w : SIZE_MAX, x + 1 < w ? p + 1 : SIZE_MAX,
                                 p + w < n ? p + w : SIZE_MAX, x > 0 ? p - 1 : SIZE_MAX};
    for (std::size_t q : next) {
      if (q == SIZE_MAX || !core::passable(data[q]) || seen[q]) continue;
      if (blocked != nullptr && (*blocked)[q]) continue;
      seen[q] = true;
      const int l = puzzle.lock_at.find(q);
      if (l < 0) {
        queue.push_back(q);
      } else if (l != walled) {
        const core::Lock& lock = level.puzzle.locks[static_cast<std::size_t>(l)];
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

}  // namespace

SolveResult solve(const core::Level& level, int walled, const std::vector<bool>* blocked) {
  SolveResult result;
  if (!level.analysis.entrance || !level.analysis.exit) return result;
  // Which lock a door cell belongs to, which key lies where.
  const PuzzleCells puzzle = puzzle_cells(level);
  // One pass from the entrance: keys picked up, locks opened, cells reached.
  result.reached = walk_from_entrance(level, puzzle, walled, blocked, result);
  result.exit_reached = result.reached[level.map.cells.index(*level.analysis.exit)];
  return result;
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
  std::vector<int> key_of_lock(level.puzzle.locks.size());
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) {
      if (cells.contains(l.door.cell(i)))
        groups.gates.lock[static_cast<std::size_t>(groups.node_at(l.door.cell(i)))] = l.id;
    }
    key_of_lock[static_cast<std::size_t>(l.id)] = l.key;
  }
  groups.gates.keys = key_nodes(level, groups);
  groups.gates.start = groups.node_at(*level.analysis.entrance);
  groups.gates.goal = groups.node_at(*level.analysis.exit);
  const auto [graph, gates] = contract(groups.graph, groups.gates);
  GatedWalk walk(graph, gates, std::move(key_of_lock), static_cast<int>(level.puzzle.keys.size()));
  for (const core::Lock& l : level.puzzle.locks) {
    if (walk.reaches_goal(l.id)) unneeded.push_back(l.id);
  }
  return unneeded;
}

}  // namespace dungen::analysis
