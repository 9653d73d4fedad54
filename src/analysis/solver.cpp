#include "analysis/solver.hpp"

#include <unordered_map>

namespace dungen::analysis {
namespace {

std::size_t index_of(const core::Grid<core::CellKind>& cells, core::Point p) {
  return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(cells.width()) +
         static_cast<std::size_t>(p.x);
}

}  // namespace

SolveResult solve(const core::Level& level, int walled, const std::vector<bool>* blocked) {
  SolveResult result;
  const auto& cells = level.map.cells;
  if (!level.analysis.entrance || !level.analysis.exit) return result;
  // Lookups only, never iterated: which lock a door cell belongs to, which key lies where.
  std::unordered_map<std::size_t, int> lock_at, key_at;
  std::vector<std::vector<int>> locks_of_key(level.puzzle.keys.size());
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) lock_at[index_of(cells, l.door.cell(i))] = l.id;
    locks_of_key[static_cast<std::size_t>(l.key)].push_back(l.id);
  }
  for (const core::Key& k : level.puzzle.keys) key_at[index_of(cells, k.cell)] = k.id;
  std::vector<bool> held(level.puzzle.keys.size(), false), opened(level.puzzle.locks.size(), false);
  std::vector<bool> seen(cells.data().size(), false);
  std::vector<std::vector<core::Point>> waiting(
      level.puzzle.locks.size());  // cells stopped at each lock
  std::vector<core::Point> queue{*level.analysis.entrance};
  seen[index_of(cells, *level.analysis.entrance)] = true;
  auto pass = [&](int lock, core::Point q) {  // q, a cell of `lock`, may now be entered
    if (!opened[static_cast<std::size_t>(lock)]) result.locks_opened.push_back(lock);
    opened[static_cast<std::size_t>(lock)] = true;
    queue.push_back(q);
  };
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const core::Point p = queue[head];
    if (const auto k = key_at.find(index_of(cells, p));
        k != key_at.end() && !held[static_cast<std::size_t>(k->second)]) {
      held[static_cast<std::size_t>(k->second)] = true;
      result.keys_in_order.push_back(k->second);
      for (int lock : locks_of_key[static_cast<std::size_t>(k->second)]) {
        for (const core::Point& w : waiting[static_cast<std::size_t>(lock)]) pass(lock, w);
        waiting[static_cast<std::size_t>(lock)].clear();
      }
    }
    for (core::Facing f : core::kFacings) {
      const core::Point q = p + core::step(f);
      if (!cells.contains(q) || !core::passable(cells[q]) || seen[index_of(cells, q)]) continue;
      if (blocked != nullptr && (*blocked)[index_of(cells, q)]) continue;
      seen[index_of(cells, q)] = true;
      const auto l = lock_at.find(index_of(cells, q));
      if (l == lock_at.end()) {
        queue.push_back(q);
      } else if (l->second != walled) {
        const core::Lock& lock = level.puzzle.locks[static_cast<std::size_t>(l->second)];
        if (held[static_cast<std::size_t>(lock.key)]) {
          pass(lock.id, q);
        } else {
          waiting[static_cast<std::size_t>(lock.id)].push_back(q);
        }
      }
    }
  }
  result.exit_reached = seen[index_of(cells, *level.analysis.exit)];
  result.reached = std::move(seen);
  return result;
}

std::vector<int> unneeded_locks(const core::Level& level) {
  std::vector<int> unneeded;
  for (const core::Lock& l : level.puzzle.locks) {
    if (solve(level, l.id).exit_reached) unneeded.push_back(l.id);
  }
  return unneeded;
}

}  // namespace dungen::analysis
