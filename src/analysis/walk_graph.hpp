#pragma once
/// \file walk_graph.hpp
/// The solver's walk (solver.hpp) on groups of cells instead of cells, for proofs that walk
/// one level many times (each lock walled in turn, each attempt of lock placement). The
/// cells that matter one by one (doors that may be locked or sealed, the entrance, the exit)
/// are nodes of their own; every other passable cell belongs to the node of its 4-connected
/// region. A region once entered is walked whole, so the walk of the groups sees the exit
/// exactly when the walk of the cells does, in time proportional to the groups, not the
/// cells. Groups can be grouped again (contract), so that a proof's many walks cost about one
/// step per lock cell each.

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "core/level.hpp"

namespace dungen::analysis {

/// Nodes joined by edges, in compressed rows: the neighbours of node n are
/// next[first[n]] .. next[first[n + 1] - 1].
struct NodeGraph {
  std::vector<std::uint32_t> first{0};
  std::vector<std::int32_t> next;

  /// Number of nodes.
  [[nodiscard]] std::size_t size() const { return first.size() - 1; }
  /// The neighbours of node `n`.
  [[nodiscard]] std::span<const std::int32_t> neighbours(std::size_t n) const {
    return {next.data() + first[n], next.data() + first[n + 1]};
  }
};

/// Compressed rows of `edges` (from, to) over `nodes` nodes, by counting sort: each node's
/// neighbours in the order the edges are listed. Node ids must be below `nodes`.
[[nodiscard]] NodeGraph compress(std::size_t nodes,
                                 const std::vector<std::pair<std::int32_t, std::int32_t>>& edges);

/// What a walk may do on each node of a NodeGraph.
struct Gates {
  std::vector<std::uint8_t> open;  ///< per node: 1 when it can be entered (passable)
  std::vector<std::int32_t> lock;  ///< per node: id of the lock on it, -1 for none
  /// (node, key id): the key is picked up when the node is walked.
  std::vector<std::pair<std::int32_t, std::int32_t>> keys;
  std::int32_t start = -1;  ///< the node walked first, open or not (the entrance's)
  std::int32_t goal = -1;   ///< the node the walk must see (the exit's)
};

/// A run of CellGroups: cells x0 .. x1 - 1 of one row, all in region `node`.
struct CellRun {
  std::int32_t x0 = 0;
  std::int32_t x1 = 0;
  std::int32_t node = 0;
};

/// A map's cells in groups: every special cell a node of its own (open when passable), every
/// 4-connected region of the other passable cells one open node. Nodes: the regions in
/// row-major order of their first cell, then the special cells in row-major order. The
/// regions are kept as row runs, never a number per cell: memory grows with the runs (about
/// rooms x rows) and the special cells, not with the map's cells.
struct CellGroups {
  NodeGraph graph;
  Gates gates;                       ///< open as above; no locks, no keys, start and goal -1
  int width = 0;                     ///< of the map grouped, in cells
  int height = 0;                    ///< of the map grouped, in cells
  std::int32_t regions = 0;          ///< region nodes are 0 .. regions - 1
  std::vector<std::size_t> special;  ///< special cells (row-major), ascending: node regions + j
  /// Row y's runs are runs[row_first[y]] .. runs[row_first[y + 1] - 1]; height + 1 entries.
  std::vector<std::size_t> row_first;
  std::vector<CellRun>
      runs;  ///< per row, ascending x: the cells of regions (passable, not special)

  /// The node of map cell `p` (-1: impassable and not special, or off the map). Two binary
  /// searches: the special cells, then the runs of p's row.
  [[nodiscard]] std::int32_t node_at(core::Point p) const;
  /// The node of the cell at row-major index `cell` (on the map), as node_at.
  [[nodiscard]] std::int32_t node_of(std::size_t cell) const;
};

/// Groups `cells` around the `special` cells (row-major indices, repeats allowed). Time linear
/// in the number of cells (one scan of each row); memory in the runs and special cells: the
/// regions are labelled by union-find over the runs of adjacent rows that overlap.
[[nodiscard]] CellGroups group_cells(const core::Grid<core::CellKind>& cells,
                                     std::vector<std::size_t> special);

/// The same walk on fewer nodes: each connected group of open nodes without a lock becomes
/// one node holding the group's keys; every other node stays a node of its own; edges into
/// closed nodes are dropped. The start and the goal move with their nodes.
[[nodiscard]] std::pair<NodeGraph, Gates> contract(const NodeGraph& graph, const Gates& gates);

/// Walks of one gated graph, as solve() walks cells: from the start, entering open nodes,
/// picking up the keys of each node walked, entering a lock's node only with its key held
/// (once the key is found, the nodes waiting at that lock go on). Each walk costs the nodes
/// and edges it reaches.
class GatedWalk {
 public:
  /// `key_of_lock`: per lock id, the id of the key that opens it; key ids are below
  /// `key_count`. The graph and gates must outlive the walk.
  GatedWalk(const NodeGraph& graph, const Gates& gates, std::vector<int> key_of_lock,
            int key_count);

  /// True when the walk sees the goal (enters it, or stands before it as a closed lock)
  /// while the lock `walled` (an id, or -1 for none) can never be crossed.
  [[nodiscard]] bool reaches_goal(int walled);

 private:
  const NodeGraph& graph_;
  const Gates& gates_;
  std::vector<int> key_of_lock_;
  std::vector<std::uint32_t> key_first_;  ///< keys of node n: keys_[key_first_[n]..]
  std::vector<std::int32_t> keys_;
  std::vector<std::vector<int>> locks_of_key_;
  std::vector<std::uint32_t> seen_;                 ///< per node: the last walk that saw it
  std::vector<std::uint32_t> held_;                 ///< per key: the last walk that picked it up
  std::vector<std::vector<std::int32_t>> waiting_;  ///< per lock: nodes stopped before it
  std::vector<std::int32_t> queue_;
  std::uint32_t walk_ = 0;
};

/// The level's keys as Gates::keys wants them: (node of the key's cell in `groups`, key id),
/// one key per cell as solve() counts them (of keys sharing a cell, the last listed). Keys on
/// cells without a node (impassable, so never walked) are left out.
[[nodiscard]] std::vector<std::pair<std::int32_t, std::int32_t>> key_nodes(
    const core::Level& level, const CellGroups& groups);

}  // namespace dungen::analysis
