#include "analysis/obstacles.hpp"

#include <algorithm>
#include <array>

#include "analysis/solver.hpp"

namespace dungen::analysis {
namespace {

using core::Point;

std::size_t count_reached(const std::vector<bool>& reached) {
  return static_cast<std::size_t>(std::count(reached.begin(), reached.end(), true));
}

}  // namespace

std::vector<bool> lock_door_cells(const core::Level& level) {
  const auto& cells = level.map.cells;
  std::vector<bool> lock(cells.data().size(), false);
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) {
      const Point c = l.door.cell(i);
      if (cells.contains(c)) lock[static_cast<std::size_t>(c.y * cells.width() + c.x)] = true;
    }
  }
  return lock;
}

Obstacles::Obstacles(const core::Level& level)
    : level_(level),
      width_(level.map.cells.width()),
      blocked_(level.map.cells.data().size(), false),
      lock_cell_(lock_door_cells(level)),
      reached_(solve(level).reached),
      reachable_(count_reached(reached_)) {}

bool Obstacles::open(Point p) const {
  return level_.map.cells.contains(p) && core::passable(level_.map.cells[p]) && !blocked_[index(p)];
}

bool Obstacles::ring_joins(Point p, bool locks_closed) const {
  constexpr Point kRing[8] = {{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}};
  auto is_open = [&](Point q) { return locks_closed ? lock_free_open(q) : open(q); };
  int runs = 0, orthogonal_open = 0;
  for (int i = 0; i < 8; ++i) {
    const bool here = is_open(p + kRing[i]), before = is_open(p + kRing[(i + 7) % 8]);
    runs += here && !before;
    orthogonal_open += i % 2 == 0 && here;
  }
  if (orthogonal_open == 0) return true;
  // One run of open ring cells holds every open orthogonal neighbour; a run that is only a
  // diagonal cell does not join anything (4-connected walking).
  return runs == 1 || (runs == 0 && orthogonal_open == 4);
}

bool Obstacles::ring_joins_around(Point p) const { return ring_joins(p, false); }

bool Obstacles::beside_lock(Point p) const {
  for (core::Facing f : core::kFacings) {
    const Point q = p + core::step(f);
    if (open(q) && lock_cell_[index(q)]) return true;
  }
  return false;
}

void Obstacles::close(Point p) {
  blocked_[index(p)] = true;
  if (solids_) solids_->add(p);
}

void Obstacles::block(Point p) {
  const std::size_t i = index(p);
  // The count goes down by one, as the solver's would if `p` was reached and nothing else is
  // lost; whether that holds is known here only when the way around needs no lock door.
  if (!reached_[i] || beside_lock(p) || (!level_.puzzle.locks.empty() && !ring_joins(p, true))) {
    exact_ = false;
    regions_valid_ = false;
  }
  close(p);
  reached_[i] = false;
  --reachable_;
}

void Obstacles::accept(Point p) {
  close(p);
  reached_[index(p)] = false;
  --reachable_;
}

bool Obstacles::try_block(Point p) {
  if (!exact_ || beside_lock(p) || p == level_.analysis.entrance) return try_block_by_solver(p);
  if (!reached_[index(p)]) return false;  // blocking it changes nothing the solver reaches
  if (!solids_)
    solids_.emplace(level_.map.cells.size(), [this](Point q) { return !lock_free_open(q); });
  if (solids_->keeps_joined(p)) {
    accept(p);
    return true;
  }
  if (level_.puzzle.locks.empty()) return false;  // a side is closed off, and no lock leads there
  switch (split_by(p)) {
    case Split::kJoined:
      accept(p);
      return true;
    case Split::kApart:
      return false;
    case Split::kApartByLock:
      // The solver still reaches every region it reached, and each side of `p`.
      if (regions_->reached() + 1 != reached_regions_ + static_cast<std::size_t>(pieces_)) {
        regions_->undo();
        return false;
      }
      regions_->keep();
      reached_regions_ += static_cast<std::size_t>(pieces_) - 1;
      accept(p);
      return true;
    case Split::kUnsure:
      break;
  }
  return try_block_by_solver(p);
}

bool Obstacles::try_block_by_solver(Point p) {
  const std::size_t i = index(p);
  blocked_[i] = true;
  SolveResult walk = solve(level_, -1, &blocked_);
  const std::size_t reached = count_reached(walk.reached);
  if (reached + 1 != reachable_) {
    blocked_[i] = false;
    return false;
  }
  if (solids_) solids_->add(p);
  reachable_ = reached;
  reached_ = std::move(walk.reached);
  exact_ = true;
  regions_valid_ = false;  // the obstacle may have split a region
  return true;
}

void Obstacles::ensure_regions() {
  if (regions_valid_) return;
  if (!regions_) regions_.emplace(level_, lock_cell_);
  regions_->relabel([this](Point q) { return lock_free_open(q); });
  reached_regions_ = regions_->reached();
  regions_valid_ = true;
}

// The breadth-first searches of split_by, one from each open neighbour of the cell blocked;
// searches that meet become one group (union-find over the searches).
struct Obstacles::Searches {
  std::array<std::vector<Point>, 4> found;  // per search: the cells it found, in order
  std::array<std::size_t, 4> head{};
  std::array<int, 4> parent{0, 1, 2, 3};    // union-find over the searches
  std::array<bool, 4> by_lock{}, closed{};  // per group root
  int count = 0;                            // searches begun
  int groups = 0, open_groups = 0;          // groups left, and those of them not closed

  [[nodiscard]] int root(int s) const {
    while (parent[static_cast<std::size_t>(s)] != s) s = parent[static_cast<std::size_t>(s)];
    return s;
  }
  // Every search of group `r` has no cell left.
  [[nodiscard]] bool ran_out(int r) const {
    for (int s = 0; s < count; ++s) {
      const auto u = static_cast<std::size_t>(s);
      if (root(s) == r && head[u] < found[u].size()) return false;
    }
    return true;
  }
  // Closes each group that ran out of cells: a closed side, apart by a lock door when one is
  // beside it; stops at the first side cut off (kApart). Returns the split so far.
  [[nodiscard]] Split close_spent(Split result) {
    for (int r = 0; r < count && groups > 1; ++r) {
      const auto u = static_cast<std::size_t>(r);
      if (root(r) != r || closed[u] || !ran_out(r)) continue;
      closed[u] = true;
      --open_groups;
      result = by_lock[u] ? Split::kApartByLock : Split::kApart;
      if (result == Split::kApart) break;
    }
    return result;
  }
};

// Breadth-first searches from each open neighbour of `p`, with `p` blocked and lock doors
// closed, one cell each in turn; searches that meet become one group. Joined when one group
// is left. A group that runs out of cells is a closed side: cut off when no lock door is
// beside it, else the search goes on until at most one group is still open, and the closed
// sides become regions. The work is about the number of neighbours times the cells of the
// smaller sides, or of the way around.
Obstacles::Split Obstacles::split_by(Point p) {
  if (mark_.empty()) mark_.assign(blocked_.size(), 0);
  Searches searches;
  start_searches(p, searches);  // one from each open neighbour
  Split result = searches.count == 0 ? Split::kUnsure : Split::kJoined;
  while (searches.groups > 1 && searches.open_groups > 1 && result != Split::kApart) {
    grow_searches(p, searches);             // each search takes its next cell
    result = searches.close_spent(result);  // groups out of cells are closed sides
  }
  if (result == Split::kApartByLock) {  // the closed sides become regions
    for (int s = 0; s < searches.count; ++s)
      searches.parent[static_cast<std::size_t>(s)] = searches.root(s);
    split_regions(searches.found, searches.parent, searches.closed);
    pieces_ = searches.groups;
  }
  for (const std::vector<Point>& cells : searches.found) {  // unmarked for the next split
    for (const Point& c : cells) mark_[index(c)] = 0;
  }
  return result;
}

// A search from each open neighbour of `p`, its first cell marked with it.
void Obstacles::start_searches(Point p, Searches& searches) {
  for (core::Facing f : core::kFacings) {
    const Point q = p + core::step(f);
    if (!open(q)) continue;
    mark_[index(q)] = static_cast<std::uint8_t>(searches.count + 1);
    searches.found[static_cast<std::size_t>(searches.count++)].push_back(q);
  }
  searches.groups = searches.open_groups = searches.count;
}

// One round: each search with a cell left takes it and finds its open neighbours but `p`.
// A neighbour found by another group joins the two groups; a lock door marks the group.
void Obstacles::grow_searches(Point p, Searches& searches) {
  auto& found = searches.found;
  auto& by_lock = searches.by_lock;
  for (int s = 0; s < searches.count && searches.groups > 1; ++s) {
    const auto u = static_cast<std::size_t>(s);
    if (searches.head[u] == found[u].size()) continue;
    const Point c = found[u][searches.head[u]++];
    for (core::Facing f : core::kFacings) {
      const Point q = c + core::step(f);
      if (q == p || !open(q)) continue;
      const std::size_t qi = index(q);
      if (lock_cell_[qi]) {
        by_lock[static_cast<std::size_t>(searches.root(s))] = true;
      } else if (mark_[qi] == 0) {
        mark_[qi] = static_cast<std::uint8_t>(s + 1);
        found[u].push_back(q);
      } else if (const int a = searches.root(s), b = searches.root(mark_[qi] - 1); a != b) {
        searches.parent[static_cast<std::size_t>(b)] = a;
        by_lock[static_cast<std::size_t>(a)] =
            by_lock[static_cast<std::size_t>(a)] || by_lock[static_cast<std::size_t>(b)];
        --searches.groups;
        --searches.open_groups;
      }
    }
  }
}

// Each closed side of a split becomes a new region: its marked cells move there.
void Obstacles::split_regions(const std::array<std::vector<Point>, 4>& found,
                              const std::array<int, 4>& group, const std::array<bool, 4>& closed) {
  ensure_regions();
  for (std::size_t r = 0; r < closed.size(); ++r) {
    if (!closed[r]) continue;
    const int region = regions_->new_region();
    for (std::size_t s = 0; s < found.size(); ++s) {
      if (static_cast<std::size_t>(group[s]) != r) continue;
      for (const Point& c : found[s]) {
        if (regions_->marked(index(c))) regions_->move(index(c), region);
      }
    }
  }
}

}  // namespace dungen::analysis
