#pragma once
/// \file doom_map_internal.hpp
/// Steps of build_doom_map (doom_map.hpp), shared by its source files and the tests: cell
/// sides become edges, collinear edges of the same kind become runs, runs become linedefs.
/// Grid points are cell corners in map cells (x right, y down), 0..width x 0..height.

#include <optional>
#include <utility>
#include <vector>

#include "export/doom_map.hpp"

namespace dungen::exporters::detail {

/// What a line between two cells is.
enum class EdgeKind {
  Wall,      ///< open region | solid: one-sided, wall texture
  Track,     ///< door | solid: one-sided, door track texture, lower unpegged
  DoorFace,  ///< open region | door: two-sided, the door special, front toward the room
  Switch,    ///< the exit cell | solid (or room | exit pillar): one-sided exit switch
};

/// One cell side that becomes (part of) a line.
struct Edge {
  bool forward = false;  ///< the front is the cell after the side (south or east of it)
  int front = 0;         ///< sector on the front (right) side
  int back = -1;         ///< sector on the back side, -1 for one-sided lines
  EdgeKind kind = EdgeKind::Wall;
  int lock = -1;  ///< DoorFace: the lock of the door sector, -1 for a plain door
};

/// Horizontal sides run along x (between rows), vertical ones along y.
enum class Axis { Horizontal, Vertical };

/// Longest run merged into one line, in cells (1024 map units): long lines render with
/// visible wobble in vanilla.
inline constexpr int kMaxRunCells = 16;

/// Collinear, contiguous edges with the same sides and kind: one linedef.
struct LineRun {
  Edge edge;
  core::Point start;  ///< the grid point with the smallest coordinate
  int length = 1;     ///< in cells
  Axis axis = Axis::Horizontal;
};

/// Every line of the map, as runs: horizontal sides row by row from the top, then vertical
/// sides column by column from the left. `pillar` is the exit cell when it is a switch
/// pillar (solid, with switches on its sides), else nullopt; `exit` is the exit cell.
[[nodiscard]] std::vector<LineRun> line_runs(const DoomSectors& flood, core::Point exit,
                                             std::optional<core::Point> pillar);

/// The run's two grid points in linedef order (v1, v2), so that its front lies on the right
/// walking from v1 to v2 in Doom's frame (y up).
[[nodiscard]] std::pair<core::Point, core::Point> run_ends(const LineRun& run);

}  // namespace dungen::exporters::detail
