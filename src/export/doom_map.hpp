#pragma once
/// \file doom_map.hpp
/// A level as a classic (vanilla) Doom map: vertices, linedefs, sidedefs, sectors and things
/// (docs/doom.md). The mapping, built by build_doom_map:
///  - one cell = kDoomUnitsPerCell map units; Doom's y points north, so map y is flipped: the
///    grid point (gx, gy) (cell corners, 0..width x 0..height) is Doom point
///    ((gx - width / 2) * 64, (height / 2 - gy) * 64), centred on the origin;
///  - one sector per connected open region (floor cells, 4-connected) and one per door
///    (door cells, 4-connected): a door sector is closed (ceiling = floor) and opens once and
///    stays open (special 31, or 33 / 32 / 34 with the red / blue / yellow keycard);
///  - one-sided impassable lines between open and solid cells (wall and empty cells are
///    solid), two-sided lines between a room and a door with their front (right) side toward
///    the room, so "use" opens the door from either room; the faces of a door sector holding a
///    door of the kind named "secret" (palette `door:secret`) carry the secret flag (32: the
///    automap draws them as walls) and, unless locked, the wall texture;
///  - the exit cell's walls are exit switches (special 11); a cell with no wall beside it
///    becomes a switch pillar; player 1 starts at the entrance, keycards lie at the keys.
/// Exporters never open files: this is data, wad.hpp turns it into bytes.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/grid.hpp"
#include "core/level.hpp"

namespace dungen::exporters {

/// Doom map units per dungen cell (a player is 32 units wide, a step 24 high).
inline constexpr int kDoomUnitsPerCell = 64;
/// The widest and tallest map, in cells: 511 cells are 32704 units, within the 32767 units
/// across that vanilla's fixed-point distance arithmetic handles without overflow.
inline constexpr int kDoomMaxCells = 511;
/// Most records of one kind (vertices, linedefs, sidedefs, sectors, things): vanilla engines
/// read the indices as signed 16-bit numbers.
inline constexpr int kDoomMaxRecords = 32767;
/// Keys and locks a Doom map can tell apart: the red, blue and yellow keycards.
inline constexpr int kDoomMaxLocks = 3;
/// The linedef flag that shows a line as a one-sided wall on the automap (ML_SECRET).
inline constexpr std::int16_t kDoomSecretLine = 32;

/// A map vertex, in map units (x east, y north).
struct DoomVertex {
  std::int16_t x = 0;
  std::int16_t y = 0;
};

/// No sidedef (the left side of a one-sided line).
inline constexpr std::uint16_t kDoomNoSide = 0xFFFF;

/// A linedef: from vertex v1 to v2; `right` is the front side (on the right walking v1 -> v2),
/// `left` the back side or kDoomNoSide.
struct DoomLine {
  std::uint16_t v1 = 0;
  std::uint16_t v2 = 0;
  std::int16_t flags = 0;    ///< 1 impassable, 4 two-sided, 16 lower unpegged, 32 secret
  std::int16_t special = 0;  ///< action: 31 door, 32-34 keyed door, 11 exit switch
  std::int16_t tag = 0;
  std::uint16_t right = 0;
  std::uint16_t left = kDoomNoSide;
};

/// A sidedef: the textures of one side of a line ("-" for none) and the sector it faces.
struct DoomSide {
  std::int16_t x_offset = 0;  ///< texture offset along the line, in map units
  std::int16_t y_offset = 0;
  std::string upper = "-", lower = "-", middle = "-";
  std::uint16_t sector = 0;
};

/// A sector: heights in map units, flats, light level (0-255).
struct DoomSector {
  std::int16_t floor = 0;
  std::int16_t ceiling = 0;
  std::string floor_flat, ceiling_flat;
  std::int16_t light = 0;
  std::int16_t special = 0;
  std::int16_t tag = 0;
};

/// A thing: position in map units, angle in degrees (0 east, 90 north), Doom editor number,
/// flags (7 = on every skill level).
struct DoomThing {
  std::int16_t x = 0;
  std::int16_t y = 0;
  std::int16_t angle = 0;
  std::int16_t type = 0;
  std::int16_t flags = 7;
};

/// What a sector is made of.
struct DoomSectorInfo {
  bool door = false;    ///< a door sector (door cells), else an open region (floor cells)
  int lock = -1;        ///< door sectors: the lock id whose key opens it, or -1 for a plain door
  bool secret = false;  ///< door sectors: a door of the door kind named "secret" lies in it
};

/// The sector flood: for every map cell its sector index, or -1 for solid cells.
struct DoomSectors {
  core::Grid<int> of_cell;
  std::vector<DoomSectorInfo> sectors;
};

/// A map in Doom's records, plus what the demo writer needs to find its way.
struct DoomMap {
  std::vector<DoomThing> things;
  std::vector<DoomLine> lines;
  std::vector<DoomSide> sides;
  std::vector<DoomVertex> vertices;
  std::vector<DoomSector> sectors;
  DoomSectors flood;                  ///< sector of each cell
  core::Size cells;                   ///< the level's map size, in cells
  std::array<bool, 4> exit_switch{};  ///< by core::Facing: the exit cell's side is a switch
  bool exit_pillar = false;           ///< the exit cell itself is a switch pillar
  int start_angle = 0;                ///< player 1's angle, degrees (0, 90, 180, 270)
};

/// Texture and flat names, all present in freedoom2.wad (and Doom II).
namespace doom_names {
inline constexpr const char* kWall = "STARTAN3";
inline constexpr const char* kDoorFace = "BIGDOOR2";
inline constexpr const char* kDoorTrack = "DOORTRAK";
inline constexpr const char* kExitSwitch = "SW1EXIT";
inline constexpr const char* kFloor = "FLOOR4_8";
inline constexpr const char* kCeiling = "CEIL3_5";
inline constexpr const char* kDoorFlat = "FLAT20";
/// The face texture of the door of lock `lock` (-1: a plain door): DOORRED, DOORBLU, DOORYEL.
[[nodiscard]] const char* door_face(int lock);
}  // namespace doom_names

/// Line specials and thing types used (Doom II numbering).
namespace doom_ids {
inline constexpr std::int16_t kDoorOpenStay = 31;  ///< D1 door, opens and stays open
inline constexpr std::int16_t kExitSwitch = 11;    ///< S1 exit level
inline constexpr std::int16_t kPlayer1Start = 1;
/// The keyed door special of lock `lock` (0 red: 33, 1 blue: 32, 2 yellow: 34).
[[nodiscard]] std::int16_t keyed_door(int lock);
/// The keycard thing of key `key` (0 red: 13, 1 blue: 5, 2 yellow: 6).
[[nodiscard]] std::int16_t keycard(int key);
}  // namespace doom_ids

/// Throws Error (about the field "wad") when `level` cannot be a Doom map: (usage) wider or
/// taller than kDoomMaxCells, or more than kDoomMaxLocks locks, the message giving the size
/// and the limit; (bad input) no floor cell, so nowhere to stand.
void check_doom_limits(const core::Level& level);

/// Assigns every passable cell its sector: open regions and doors, each 4-connected, numbered
/// in row-major order of their first cell. A door sector holding cells of a lock opens with
/// that lock's key (of several locks, the one opened last on the way to the exit); one
/// holding cells of a connected door of the kind named "secret" is secret.
[[nodiscard]] DoomSectors flood_sectors(const core::Level& level);

/// The whole map (check_doom_limits first; throws the same errors, and when a record count
/// would exceed kDoomMaxRecords). Deterministic: the same level gives the same records.
[[nodiscard]] DoomMap build_doom_map(const core::Level& level);

/// The Doom point of the centre of cell `cell` of a map of `cells` cells, in map units.
[[nodiscard]] DoomVertex doom_cell_centre(core::Size cells, core::Point cell);

}  // namespace dungen::exporters
