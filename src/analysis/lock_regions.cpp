#include "analysis/lock_regions.hpp"

#include <algorithm>
#include <deque>
#include <unordered_map>

namespace dungen::analysis {
namespace {

using core::Point;

void add_once(std::vector<int>& list, int item) {
  if (std::find(list.begin(), list.end(), item) == list.end()) list.push_back(item);
}

}  // namespace

LockRegions::LockRegions(const core::Level& level, const std::vector<bool>& lock_cell)
    : width_(level.map.cells.width()),
      is_marked_(lock_cell.size(), false),
      sides_(level.puzzle.id_bound()),
      next_(level.puzzle.id_bound()),
      key_of_lock_(level.puzzle.id_bound(), 0),
      locks_of_key_(level.puzzle.id_bound()) {
  const auto& cells = level.map.cells;
  auto index = [&](Point p) {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(p.x);
  };
  std::unordered_map<std::size_t, int> lock_at;  // lookups only, never iterated
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) lock_at[index(l.door.cell(i))] = l.id;
    key_of_lock_[static_cast<std::size_t>(l.id)] = l.key;
    if (l.key_floor != 0) carried_.push_back(l.key);  // held from the start
    locks_of_key_[static_cast<std::size_t>(l.key)].push_back(l.id);
  }
  std::vector<std::pair<std::size_t, int>> beside;  // (open cell, lock beside it)
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) {
      const Point c = l.door.cell(i);
      if (!cells.contains(c) || !core::passable(cells[c])) continue;
      for (core::Facing f : core::kFacings) {
        const Point q = c + core::step(f);
        if (!cells.contains(q) || !core::passable(cells[q])) continue;
        if (const auto m = lock_at.find(index(q)); m == lock_at.end()) {
          beside.emplace_back(index(q), l.id);
        } else if (m->second != l.id) {
          add_once(next_[static_cast<std::size_t>(l.id)], m->second);
        }
      }
    }
  }
  for (const auto& [cell, lock] : beside) cells_.push_back(cell);
  for (const core::Key& k : level.puzzle.keys) cells_.push_back(index(k.cell));
  cells_.push_back(index(*level.analysis.entrance));
  std::sort(cells_.begin(), cells_.end());
  cells_.erase(std::unique(cells_.begin(), cells_.end()), cells_.end());
  for (std::size_t c : cells_) is_marked_[c] = true;
  region_.assign(cells_.size(), 0);
  key_at_.assign(cells_.size(), -1);
  beside_.resize(cells_.size());
  for (const auto& [cell, lock] : beside) {
    add_once(beside_[static_cast<std::size_t>(mark_of(cell))], lock);
    add_once(sides_[static_cast<std::size_t>(lock)], mark_of(cell));
  }
  for (const core::Key& k : level.puzzle.keys)
    key_at_[static_cast<std::size_t>(mark_of(index(k.cell)))] = k.id;
  entrance_ = mark_of(index(*level.analysis.entrance));
}

int LockRegions::mark_of(std::size_t cell) const {
  return static_cast<int>(std::lower_bound(cells_.begin(), cells_.end(), cell) - cells_.begin());
}

void LockRegions::relabel(const std::function<bool(Point)>& open) {
  std::fill(region_.begin(), region_.end(), -1);
  regions_ = 0;
  moves_.clear();
  std::vector<bool> seen(is_marked_.size(), false);
  // First in, first out, cells let go once walked: the queue holds about the flood's front,
  // not every cell of a region (a bit per cell says which were seen).
  std::deque<Point> queue;
  const auto w = static_cast<std::size_t>(width_);
  for (std::size_t m = 0; m < cells_.size(); ++m) {
    if (region_[m] >= 0) continue;
    const int region = regions_++;
    queue.assign(1, Point{static_cast<int>(cells_[m] % w), static_cast<int>(cells_[m] / w)});
    seen[cells_[m]] = true;
    while (!queue.empty()) {
      const Point p = queue.front();
      queue.pop_front();
      const std::size_t i = static_cast<std::size_t>(p.y) * w + static_cast<std::size_t>(p.x);
      if (is_marked_[i]) region_[static_cast<std::size_t>(mark_of(i))] = region;
      for (core::Facing f : core::kFacings) {
        const Point q = p + core::step(f);
        if (!open(q)) continue;
        const std::size_t qi = static_cast<std::size_t>(q.y) * w + static_cast<std::size_t>(q.x);
        if (seen[qi]) continue;
        seen[qi] = true;
        queue.push_back(q);
      }
    }
  }
  regions_kept_ = regions_;
}

void LockRegions::keep() {
  moves_.clear();
  regions_kept_ = regions_;
}

void LockRegions::move(std::size_t cell, int region) {
  const int m = mark_of(cell);
  moves_.emplace_back(m, region_[static_cast<std::size_t>(m)]);
  region_[static_cast<std::size_t>(m)] = region;
}

void LockRegions::undo() {
  for (auto it = moves_.rbegin(); it != moves_.rend(); ++it)
    region_[static_cast<std::size_t>(it->first)] = it->second;
  moves_.clear();
  regions_ = regions_kept_;
}

std::size_t LockRegions::reached() const {
  const auto regions = static_cast<std::size_t>(regions_);
  // The marked cells of each region: rows of `by_region` from start[r] to start[r + 1].
  std::vector<std::size_t> start(regions + 1, 0);
  for (int r : region_) ++start[static_cast<std::size_t>(r) + 1];
  for (std::size_t r = 0; r < regions; ++r) start[r + 1] += start[r];
  std::vector<int> by_region(region_.size());
  std::vector<std::size_t> fill(start.begin(), start.end() - 1);
  for (std::size_t m = 0; m < region_.size(); ++m)
    by_region[fill[static_cast<std::size_t>(region_[m])]++] = static_cast<int>(m);

  std::vector<bool> reached(regions, false), touched(sides_.size(), false),
      opened(sides_.size(), false), held(locks_of_key_.size(), false);
  for (int key : carried_) held[static_cast<std::size_t>(key)] = true;
  std::vector<int> regions_todo, locks_todo;
  std::size_t count = 0;
  auto reach = [&](int r) {
    if (reached[static_cast<std::size_t>(r)]) return;
    reached[static_cast<std::size_t>(r)] = true;
    regions_todo.push_back(r);
    ++count;
  };
  auto try_open = [&](int l) {
    const auto u = static_cast<std::size_t>(l);
    if (opened[u] || !touched[u] || !held[static_cast<std::size_t>(key_of_lock_[u])]) return;
    opened[u] = true;
    locks_todo.push_back(l);
  };
  auto touch = [&](int l) {
    touched[static_cast<std::size_t>(l)] = true;
    try_open(l);
  };
  reach(region_[static_cast<std::size_t>(entrance_)]);
  while (!regions_todo.empty() || !locks_todo.empty()) {
    if (!locks_todo.empty()) {
      const auto l = static_cast<std::size_t>(locks_todo.back());
      locks_todo.pop_back();
      for (int m : sides_[l]) reach(region_[static_cast<std::size_t>(m)]);
      for (int other : next_[l]) touch(other);
      continue;
    }
    const auto r = static_cast<std::size_t>(regions_todo.back());
    regions_todo.pop_back();
    for (std::size_t k = start[r]; k < start[r + 1]; ++k) {
      const auto m = static_cast<std::size_t>(by_region[k]);
      if (const int key = key_at_[m]; key >= 0) {
        held[static_cast<std::size_t>(key)] = true;
        for (int l : locks_of_key_[static_cast<std::size_t>(key)]) try_open(l);
      }
      for (int l : beside_[m]) touch(l);
    }
  }
  return count;
}

}  // namespace dungen::analysis
