#pragma once
/// \file layout.hpp
/// A designed layout: which rooms exist (floor rectangles in a tile space) and how they
/// connect. Written by level designers as JSON (io/layout_file.hpp, docs/layouts.md) or made
/// by a built-in (gen/layout/layout.hpp); turned into a map by gen::layout_map.

#include <string>
#include <vector>

#include "core/geometry.hpp"

namespace dungen::core {

/// One room: its floor rectangle in the tile space (cells; its walls are the ring around).
struct LayoutRoom {
  std::string name;
  Rect floor;
  /// Extra wall cells inside the floor, tile-space coordinates (a maze's walls).
  std::vector<Point> inner_walls;
};

/// How two rooms connect.
enum class LinkKind : unsigned char {
  Auto,     ///< a door if they share a wall, a hallway if they face each other across a gap
  Door,     ///< a door in the single wall they share
  Hallway,  ///< a corridor across the gap between facing walls
};

/// A connection between rooms `a` and `b` (indices into LayoutSpec::rooms).
struct LayoutLink {
  int a = 0;
  int b = 0;
  LinkKind kind = LinkKind::Auto;
  int width = 1;  ///< door (and hallway) width, cells
  int at = -1;    ///< door position along the shared range, from its start; -1 = centred
};

/// Smallest and largest width or height of a layout's tile space, cells.
inline constexpr int kMinSpaceSide = 3;
inline constexpr int kMaxSpaceSide = 4096;

/// A whole designed layout. Coordinates are tile-space cells, origin top-left, y down.
struct LayoutSpec {
  std::string name;    ///< the file or built-in it came from
  Size space{85, 64};  ///< the tile space: the map's size
  std::vector<LayoutRoom> rooms;
  std::vector<LayoutLink> links;
};

}  // namespace dungen::core
