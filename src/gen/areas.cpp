// Seed-and-spread and merging of the areas generator (areas.hpp).
#include "gen/areas.hpp"

#include <algorithm>
#include <map>

namespace dungen::gen {
namespace {

using core::Point;

template <typename Visit>
void for_neighbours(const core::Grid<int>& g, Point p, Visit visit) {
  for (core::Facing f : core::kFacings) {
    const Point q = p + core::step(f);
    if (g.contains(q)) visit(q);
  }
}

}  // namespace

core::Grid<int> seed_and_spread(const core::Grid<std::uint8_t>& usable, int count, core::Rng& rng) {
  core::Grid<int> space(usable.size(), -1);
  std::vector<Point> cells;
  for (int y = 0; y < usable.height(); ++y) {
    for (int x = 0; x < usable.width(); ++x) {
      if (usable[Point{x, y}]) cells.push_back({x, y});
    }
  }
  rng.shuffle(cells);
  cells.resize(std::min(cells.size(), static_cast<std::size_t>(std::max(count, 0))));
  std::vector<std::vector<Point>> frontier(cells.size());
  for (std::size_t s = 0; s < cells.size(); ++s) {
    space[cells[s]] = static_cast<int>(s);
    frontier[s].push_back(cells[s]);
  }
  // Round robin: each space claims one random cell next to it, until none can grow.
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t s = 0; s < frontier.size(); ++s) {
      auto& f = frontier[s];
      while (!f.empty()) {
        const std::size_t i = rng.uniform(f.size());
        std::vector<Point> open;
        for_neighbours(space, f[i], [&](Point q) {
          if (usable[q] && space[q] < 0) open.push_back(q);
        });
        if (open.empty()) {  // this frontier cell is spent
          f[i] = f.back();
          f.pop_back();
          continue;
        }
        const Point claim = open[rng.uniform(open.size())];
        space[claim] = static_cast<int>(s);
        f.push_back(claim);
        grew = true;
        break;
      }
    }
  }
  return space;
}

int merge_small(core::Grid<int>& space_of, int min_cells) {
  int merged = 0;
  for (bool again = true; again;) {
    again = false;
    std::map<int, int> size;
    std::map<int, std::map<int, int>> border;  // space -> neighbour -> shared cell sides
    for (int y = 0; y < space_of.height(); ++y) {
      for (int x = 0; x < space_of.width(); ++x) {
        const int s = space_of[Point{x, y}];
        if (s < 0) continue;
        ++size[s];
        for_neighbours(space_of, {x, y}, [&](Point q) {
          if (space_of[q] >= 0 && space_of[q] != s) ++border[s][space_of[q]];
        });
      }
    }
    for (const auto& [s, n] : size) {  // smallest id first: deterministic
      if (n >= min_cells || border[s].empty()) continue;
      int into = -1, longest = -1;
      for (const auto& [t, shared] : border[s]) {
        if (shared > longest) {
          into = t;
          longest = shared;
        }
      }
      for (int& v : space_of.data()) v = v == s ? into : v;
      ++merged;
      again = true;
      break;  // sizes and borders changed: count again
    }
  }
  std::map<int, int> renumber;  // by first cell, row-major
  for (int& v : space_of.data()) {
    if (v < 0) continue;
    const auto it = renumber.emplace(v, static_cast<int>(renumber.size())).first;
    v = it->second;
  }
  return merged;
}

}  // namespace dungen::gen
