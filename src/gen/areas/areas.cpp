// Seed-and-spread and merging of the areas generator (areas.hpp).
#include "gen/areas/areas.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <utility>
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

/// Space `s` claims one random usable unclaimed cell next to a random cell of its `frontier`
/// (row-major indices; dropping frontier cells with none); false when it cannot grow.
bool claim_one(core::Grid<int>& space, const core::Grid<std::uint8_t>& usable,
               std::vector<std::uint32_t>& f, int s, core::Rng& rng) {
  const auto width = static_cast<std::uint32_t>(space.width());
  while (!f.empty()) {
    const std::size_t i = rng.uniform(f.size());
    std::array<Point, 4> open;
    std::size_t n = 0;
    const Point at{static_cast<int>(f[i] % width), static_cast<int>(f[i] / width)};
    for_neighbours(space, at, [&](Point q) {
      if (usable[q] && space[q] < 0) open[n++] = q;
    });
    if (n == 0) {  // this frontier cell is spent
      f[i] = f.back();
      f.pop_back();
      continue;
    }
    const Point claim = open[rng.uniform(n)];
    space[claim] = s;
    f.push_back(static_cast<std::uint32_t>(claim.y) * width + static_cast<std::uint32_t>(claim.x));
    return true;
  }
  return false;
}

}  // namespace

core::Grid<int> seed_and_spread(const core::Grid<std::uint8_t>& usable, int count, core::Rng& rng) {
  core::Grid<int> space(usable.size(), -1);
  // The usable cells as row-major indices (4 bytes each, the list made at its size), shuffled;
  // the first `count` seed the spaces.
  const auto& use = usable.data();
  std::vector<std::uint32_t> cells;
  cells.reserve(static_cast<std::size_t>(
      std::count_if(use.begin(), use.end(), [](std::uint8_t u) { return u != 0; })));
  for (std::size_t i = 0; i < use.size(); ++i) {
    if (use[i] != 0) cells.push_back(static_cast<std::uint32_t>(i));
  }
  rng.shuffle(cells);
  cells.resize(std::min(cells.size(), static_cast<std::size_t>(std::max(count, 0))));
  cells.shrink_to_fit();
  const auto width = static_cast<std::uint32_t>(usable.width());
  std::vector<std::vector<std::uint32_t>> frontier(cells.size());  // row-major indices
  for (std::size_t s = 0; s < cells.size(); ++s) {
    const Point p{static_cast<int>(cells[s] % width), static_cast<int>(cells[s] / width)};
    space[p] = static_cast<int>(s);
    frontier[s].push_back(cells[s]);
  }
  // Round robin: each space claims one random cell next to it, until none can grow. Spaces
  // that cannot grow are dropped from the round (they draw nothing), so a round costs what
  // still grows.
  std::vector<std::size_t> growing(frontier.size());
  for (std::size_t s = 0; s < growing.size(); ++s) growing[s] = s;
  while (!growing.empty()) {
    std::size_t kept = 0;
    for (const std::size_t s : growing) {
      if (claim_one(space, usable, frontier[s], static_cast<int>(s), rng)) growing[kept++] = s;
    }
    growing.resize(kept);
  }
  return space;
}

namespace {

// Each space's size in cells and the cell sides it shares with each other space.
struct SpaceCounts {
  std::vector<int> size;
  std::vector<std::map<int, int>> border;  // neighbour -> sides
};

// One row-major pass over the grid: the loop over every cell, kept whole.
SpaceCounts count_spaces(const core::Grid<int>& space_of, int spaces) {
  SpaceCounts counts{std::vector<int>(static_cast<std::size_t>(spaces), 0),
                     std::vector<std::map<int, int>>(static_cast<std::size_t>(spaces))};
  for (int y = 0; y < space_of.height(); ++y) {
    for (int x = 0; x < space_of.width(); ++x) {
      const int s = space_of[Point{x, y}];
      if (s < 0) continue;
      const auto at = static_cast<std::size_t>(s);
      ++counts.size[at];
      for_neighbours(space_of, {x, y}, [&](Point q) {
        if (space_of[q] >= 0 && space_of[q] != s) ++counts.border[at][space_of[q]];
      });
    }
  }
  return counts;
}

// Merges space `s` into the neighbour it shares the most sides with (the lowest id of a tie):
// its sides and its size become that space's. Returns the space merged into.
int merge_into_longest(SpaceCounts& counts, std::size_t s) {
  std::map<int, int>& around = counts.border[s];
  int into = -1, longest = -1;
  for (const auto& [t, shared] : around) {
    if (shared > longest) {
      into = t;
      longest = shared;
    }
  }
  const auto to = static_cast<std::size_t>(into);
  for (const auto& [t, shared] : around) {  // s's borders become into's
    counts.border[static_cast<std::size_t>(t)].erase(static_cast<int>(s));
    if (t == into) continue;
    counts.border[to][t] += shared;
    counts.border[static_cast<std::size_t>(t)][into] += shared;
  }
  counts.border[to].erase(static_cast<int>(s));
  around.clear();
  counts.size[to] += counts.size[s];
  counts.size[s] = 0;
  return into;
}

// Each space's final space, following its merges (each chain is shortened as it is walked).
void follow_merges(std::vector<int>& merged_into) {
  for (std::size_t s = 0; s < merged_into.size(); ++s) {
    int root = static_cast<int>(s);
    while (merged_into[static_cast<std::size_t>(root)] >= 0)
      root = merged_into[static_cast<std::size_t>(root)];
    for (int t = static_cast<int>(s); t != root;)
      t = std::exchange(merged_into[static_cast<std::size_t>(t)], root);
  }
}

// Each cell's final space, numbered 0.. by first cell, row-major.
void renumber(core::Grid<int>& space_of, const std::vector<int>& merged_into, int spaces) {
  std::vector<int> number(static_cast<std::size_t>(spaces), -1);
  int next = 0;
  for (int& v : space_of.data()) {
    if (v < 0) continue;
    if (merged_into[static_cast<std::size_t>(v)] >= 0) v = merged_into[static_cast<std::size_t>(v)];
    int& n = number[static_cast<std::size_t>(v)];
    if (n < 0) n = next++;
    v = n;
  }
}

}  // namespace

int merge_small(core::Grid<int>& space_of, int min_cells) {
  // Sizes and shared cell sides, counted once and then kept up to date as spaces merge (a
  // merge used to count the whole grid again: quadratic in spaces). Spaces are numbered 0.. by
  // seed_and_spread: per-space vectors, a map only per space's borders. The cells are
  // relabelled once at the end, through the chain of merges (no list of cells per space).
  const auto& ids = space_of.data();
  const int spaces = ids.empty() ? 0 : *std::max_element(ids.begin(), ids.end()) + 1;
  SpaceCounts counts = count_spaces(space_of, spaces);
  std::vector<int> merged_into(static_cast<std::size_t>(spaces), -1);  // -1: not merged
  int merged = 0;
  // Smallest id first. A space passed over stays passed over (it only grows, or it has no
  // neighbour to merge into), and a space merged into is never a smaller one still too
  // small, so one ascending pass merges as recounting after every merge did.
  for (std::size_t s = 0; s < counts.size.size(); ++s) {
    if (counts.size[s] == 0 || counts.size[s] >= min_cells || counts.border[s].empty()) continue;
    // A live space: merged spaces leave every border map.
    merged_into[s] = merge_into_longest(counts, s);
    ++merged;
  }
  follow_merges(merged_into);               // each space's final space
  renumber(space_of, merged_into, spaces);  // the cells, through the merges
  return merged;
}

}  // namespace dungen::gen
