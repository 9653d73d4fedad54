// group_cells and its row runs, declared in walk_graph.hpp.
#include <algorithm>
#include <cstdint>

#include "analysis/walk_graph.hpp"

namespace dungen::analysis {
namespace {

// The root of run k in the union-find whose parents the runs' node fields hold while rows are
// joined (halving the path on the way). Every run's parent is the run itself or an earlier run.
std::uint32_t find_root(std::vector<CellRun>& runs, std::uint32_t k) {
  while (static_cast<std::uint32_t>(runs[k].node) != k) {
    const auto up = static_cast<std::uint32_t>(runs[static_cast<std::uint32_t>(runs[k].node)].node);
    runs[k].node = static_cast<std::int32_t>(up);
    k = up;
  }
  return k;
}

// Joins the sets of runs a and b; the earlier root stays the root, so each set's root is its
// first run in row-major order.
void unite(std::vector<CellRun>& runs, std::uint32_t a, std::uint32_t b) {
  a = find_root(runs, a);
  b = find_root(runs, b);
  if (a < b) runs[b].node = static_cast<std::int32_t>(a);
  if (b < a) runs[a].node = static_cast<std::int32_t>(b);
}

// Appends the runs of row y (passable cells that are not special) to g.runs, each its own
// union-find set; `s` is the first special cell not before the row, and is moved past it.
void add_row_runs(const core::Grid<core::CellKind>& cells, int y, std::size_t& s, CellGroups& g) {
  const auto w = static_cast<std::size_t>(cells.width());
  const std::size_t base = static_cast<std::size_t>(y) * w;
  const core::CellKind* row = cells.data().data() + base;
  std::size_t x = 0;
  while (x < w) {
    // The next special cell of the row bounds the run.
    while (s < g.special.size() && g.special[s] < base + x) ++s;
    const std::size_t stop =
        s < g.special.size() && g.special[s] < base + w ? g.special[s] - base : w;
    while (x < stop && !core::passable(row[x])) ++x;
    const std::size_t x0 = x;
    while (x < stop && core::passable(row[x])) ++x;
    if (x > x0) {
      const auto k = static_cast<std::int32_t>(g.runs.size());
      g.runs.push_back({static_cast<std::int32_t>(x0), static_cast<std::int32_t>(x), k});
    }
    if (x == stop && stop < w) ++x;  // the special cell itself
  }
}

// Unites the overlapping runs of two rows: runs [a, a_end) above, [b, b_end) below.
void unite_rows(std::vector<CellRun>& runs, std::size_t a, std::size_t a_end, std::size_t b,
                std::size_t b_end) {
  while (a < a_end && b < b_end) {
    if (runs[a].x0 < runs[b].x1 && runs[b].x0 < runs[a].x1)
      unite(runs, static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(b));
    if (runs[a].x1 <= runs[b].x1) {
      ++a;
    } else {
      ++b;
    }
  }
}

// Replaces each run's union-find parent by its region's number, regions numbered in the order
// of their first run; returns how many there are.
std::int32_t number_regions(std::vector<CellRun>& runs) {
  std::int32_t regions = 0;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    const auto parent = static_cast<std::size_t>(runs[k].node);
    // An earlier parent holds its region's number already.
    runs[k].node = parent == k ? regions++ : runs[parent].node;
  }
  return regions;
}

// The region of cell `cell` (row-major, on the map) by a binary search of its row's runs; -1
// when no run holds it (impassable or special).
std::int32_t run_node(const CellGroups& g, std::size_t cell) {
  const auto w = static_cast<std::size_t>(g.width);
  const std::size_t y = cell / w;
  const auto x = static_cast<std::int32_t>(cell % w);
  const auto first = g.runs.begin() + static_cast<std::ptrdiff_t>(g.row_first[y]),
             last = g.runs.begin() + static_cast<std::ptrdiff_t>(g.row_first[y + 1]);
  const auto it =
      std::upper_bound(first, last, x, [](std::int32_t v, const CellRun& r) { return v < r.x0; });
  if (it == first || x >= std::prev(it)->x1) return -1;
  return std::prev(it)->node;
}

// The edges of `g`'s nodes, as compressed rows with each node's neighbours ascending, made
// in place (no list of pairs): a count of each node's edges, then the edges, then each row
// sorted and its repeats dropped. Regions touch only special cells (two regions that touched
// would be one), so every edge has a special end.
NodeGraph special_edges(const CellGroups& g, std::size_t w, std::size_t n) {
  const std::size_t nodes = g.gates.open.size();
  NodeGraph graph;
  graph.first.assign(nodes + 1, 0);
  // Calls add(from, to) for each edge, repeats included. The neighbours in each direction
  // (north, east, south, west) come in ascending order, so each direction's place in the
  // special list walks forward instead of being searched.
  const auto for_each_edge = [&](auto add) {
    std::size_t ahead[4] = {0, 0, 0, 0};
    for (std::size_t j = 0; j < g.special.size(); ++j) {
      const std::int32_t self = g.regions + static_cast<std::int32_t>(j);
      const std::size_t i = g.special[j], x = i % w;
      const std::size_t next[4] = {i >= w ? i - w : SIZE_MAX, x + 1 < w ? i + 1 : SIZE_MAX,
                                   i + w < n ? i + w : SIZE_MAX, x > 0 ? i - 1 : SIZE_MAX};
      for (std::size_t d = 0; d < 4; ++d) {
        const std::size_t q = next[d];
        if (q == SIZE_MAX) continue;
        std::size_t& k = ahead[d];
        while (k < g.special.size() && g.special[k] < q) ++k;
        const std::int32_t other = k < g.special.size() && g.special[k] == q
                                       ? g.regions + static_cast<std::int32_t>(k)
                                       : run_node(g, q);
        if (other < 0) continue;
        add(self, other);
        if (other < g.regions) add(other, self);
      }
    }
  };
  for_each_edge(
      [&](std::int32_t from, std::int32_t) { ++graph.first[static_cast<std::size_t>(from) + 1]; });
  for (std::size_t v = 0; v < nodes; ++v) graph.first[v + 1] += graph.first[v];
  graph.next.resize(graph.first[nodes]);
  // first[v] walks to the end of v's row (v + 1's start), then is set back.
  for_each_edge([&](std::int32_t from, std::int32_t to) {
    graph.next[graph.first[static_cast<std::size_t>(from)]++] = to;
  });
  for (std::size_t v = nodes; v > 0; --v) graph.first[v] = graph.first[v - 1];
  graph.first[0] = 0;
  std::uint32_t kept = 0;
  for (std::size_t v = 0; v < nodes; ++v) {
    const auto row = graph.next.begin() + graph.first[v],
               end = graph.next.begin() + graph.first[v + 1];
    std::sort(row, end);
    const auto last = std::unique(row, end);
    const auto out = graph.next.begin() + kept;
    if (out != row) std::copy(row, last, out);  // rows move down past dropped repeats
    graph.first[v] = kept;
    kept += static_cast<std::uint32_t>(last - row);
  }
  graph.first[nodes] = kept;
  graph.next.resize(kept);
  return graph;
}

}  // namespace

std::int32_t CellGroups::node_of(std::size_t cell) const {
  if (const auto it = std::lower_bound(special.begin(), special.end(), cell);
      it != special.end() && *it == cell)
    return regions + static_cast<std::int32_t>(it - special.begin());
  return run_node(*this, cell);
}

std::int32_t CellGroups::node_at(core::Point p) const {
  if (p.x < 0 || p.y < 0 || p.x >= width || p.y >= height) return -1;
  return node_of(static_cast<std::size_t>(p.y) * static_cast<std::size_t>(width) +
                 static_cast<std::size_t>(p.x));
}

CellGroups group_cells(const core::Grid<core::CellKind>& cells, std::vector<std::size_t> special) {
  std::sort(special.begin(), special.end());
  special.erase(std::unique(special.begin(), special.end()), special.end());
  const auto& data = cells.data();
  const std::size_t n = data.size(), w = static_cast<std::size_t>(cells.width());
  CellGroups g;
  g.width = cells.width();
  g.height = cells.height();
  g.special = std::move(special);
  g.row_first.reserve(static_cast<std::size_t>(g.height) + 1);
  g.row_first.push_back(0);
  std::size_t s = 0;
  for (int y = 0; y < g.height; ++y) {
    add_row_runs(cells, y, s, g);
    g.row_first.push_back(g.runs.size());
    if (y > 0)
      unite_rows(g.runs, g.row_first[static_cast<std::size_t>(y) - 1],
                 g.row_first[static_cast<std::size_t>(y)], g.row_first[static_cast<std::size_t>(y)],
                 g.runs.size());
  }
  g.runs.shrink_to_fit();
  g.regions = number_regions(g.runs);
  const std::int32_t regions = g.regions;
  const std::size_t nodes = static_cast<std::size_t>(regions) + g.special.size();
  g.gates.open.assign(nodes, 1);
  g.gates.lock.assign(nodes, -1);
  for (std::size_t j = 0; j < g.special.size(); ++j)
    g.gates.open[static_cast<std::size_t>(regions) + j] =
        core::passable(data[g.special[j]]) ? 1 : 0;
  g.graph = special_edges(g, w, n);
  return g;
}

std::vector<std::pair<std::int32_t, std::int32_t>> key_nodes(const core::Level& level,
                                                             const CellGroups& groups) {
  const auto& cells = level.map.cells;
  std::vector<std::pair<std::size_t, std::size_t>> at;  // (cell, position in level.keys)
  for (std::size_t i = 0; i < level.puzzle.keys.size(); ++i) {
    const core::Point p = level.puzzle.keys[i].cell;
    if (!cells.contains(p)) continue;
    at.emplace_back(static_cast<std::size_t>(p.y) * static_cast<std::size_t>(cells.width()) +
                        static_cast<std::size_t>(p.x),
                    i);
  }
  std::sort(at.begin(), at.end());
  std::vector<std::pair<std::int32_t, std::int32_t>> out;
  for (std::size_t i = 0; i < at.size(); ++i) {
    if (i + 1 < at.size() && at[i + 1].first == at[i].first) continue;  // a later key lies here
    const std::int32_t node = groups.node_of(at[i].first);
    if (node >= 0) out.emplace_back(node, level.puzzle.keys[at[i].second].id);
  }
  return out;
}

}  // namespace dungen::analysis
