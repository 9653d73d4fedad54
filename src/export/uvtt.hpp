#pragma once
/// \file uvtt.hpp
/// Universal VTT (`.dd2vtt`, format 0.3): the map file virtual tabletops read (Foundry VTT's
/// Universal Battlemap Importer, PlanarAlly, MapTool, Arkenforge), as Dungeondraft writes it.
/// One JSON object: the grid (`resolution`), the walls that block sight (`line_of_sight`),
/// the doors (`portals`), and the map picture (`image`, a PNG in base64). docs/export.md
/// "Universal VTT" gives the mapping.

#include <cstddef>
#include <vector>

#include "core/level.hpp"
#include "export/text_out.hpp"

namespace dungen::exporters {

/// A straight wall between passable (floor, door) and solid (wall, empty, outside) cells, in
/// grid units (cells; a point is a cell corner, origin at the map's top-left corner, x right,
/// y down): from `x0, y0` to `x1, y1`, horizontal or vertical, the longest run of such edges.
struct SightWall {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  friend bool operator==(const SightWall&, const SightWall&) = default;
};

/// Every boundary edge between a passable cell and a solid one (or the map's border), merged
/// into straight runs: horizontal runs row boundary by row boundary, west to east, then
/// vertical runs column boundary by column boundary, north to south.
[[nodiscard]] std::vector<SightWall> sight_walls(const core::Grid<core::CellKind>& cells);

/// A door as a tabletop sees it: a line across the doorway through the door cells' middle,
/// from `x0, y0` to `x1, y1` (grid units, halves where it crosses cells), closed when the door
/// is locked (Puzzle::locks).
struct Portal {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool closed = false;
};

/// One portal per distinct door span of the map's connections (both ends of a connection
/// through a corridor), in connection order; interior doors and unused (sealed) doors have none.
[[nodiscard]] std::vector<Portal> portals(const core::Level& level);

/// Writes `level` as Universal VTT to `sink`, the picture at `scale` pixels per cell (the map
/// PNG's colours). Throws Error (usage, field "scale") when `scale` is outside 1..64 or the
/// picture would exceed 2^26 pixels.
void write_uvtt(const core::Level& level, int scale, const TextSink& sink);

}  // namespace dungen::exporters
