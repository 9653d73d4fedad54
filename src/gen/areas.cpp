// Seed-and-spread and merging of the areas generator (areas.hpp).
#include "gen/areas.hpp"

#include <algorithm>
#include <map>
#include <vector>

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
  // Sizes, shared cell sides and each space's cells, counted once and then kept up to date as
  // spaces merge (a merge used to count the whole grid again: quadratic in spaces).
  std::map<int, int> size;
  std::map<int, std::map<int, int>> border;       // space -> neighbour -> shared cell sides
  std::map<int, std::vector<std::size_t>> cells;  // space -> its cells' indexes
  for (int y = 0; y < space_of.height(); ++y) {
    for (int x = 0; x < space_of.width(); ++x) {
      const int s = space_of[Point{x, y}];
      if (s < 0) continue;
      ++size[s];
      cells[s].push_back(static_cast<std::size_t>(y) * static_cast<std::size_t>(space_of.width()) +
                         static_cast<std::size_t>(x));
      for_neighbours(space_of, {x, y}, [&](Point q) {
        if (space_of[q] >= 0 && space_of[q] != s) ++border[s][space_of[q]];
      });
    }
  }
  int merged = 0;
  // Smallest id first. A space passed over stays passed over (it only grows, or it has no
  // neighbour to merge into), and a space merged into is never a smaller one still too
  // small, so one ascending pass merges as recounting after every merge did.
  for (auto it = size.begin(); it != size.end();) {
    const int s = it->first;
    std::map<int, int>& around = border[s];
    if (it->second >= min_cells || around.empty()) {
      ++it;
      continue;
    }
    int into = -1, longest = -1;
    for (const auto& [t, shared] : around) {
      if (shared > longest) {
        into = t;
        longest = shared;
      }
    }
    for (const auto& [t, shared] : around) {  // s's borders become into's
      border[t].erase(s);
      if (t == into) continue;
      border[into][t] += shared;
      border[t][into] += shared;
    }
    border[into].erase(s);
    border.erase(s);
    std::vector<std::size_t>& from = cells[s];
    for (std::size_t i : from) space_of.data()[i] = into;
    std::vector<std::size_t>& to = cells[into];
    to.insert(to.end(), from.begin(), from.end());
    cells.erase(s);
    size[into] += it->second;
    it = size.erase(it);
    ++merged;
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
