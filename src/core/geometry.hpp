#pragma once
/// \file geometry.hpp
/// Integer geometry on the cell grid. Coordinates are in cells; the origin is the
/// top-left cell, x grows to the right (east) and y grows downwards (south).

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace dungen::core {

/// A cell position (or an offset between cells), in cells.
struct Point {
  int x = 0;
  int y = 0;
  friend constexpr bool operator==(Point, Point) = default;
  friend constexpr auto operator<=>(Point a, Point b) {
    // Row-major order: first by y, then by x (the order a scan of an image visits cells).
    if (a.y != b.y) return a.y <=> b.y;
    return a.x <=> b.x;
  }
  friend constexpr Point operator+(Point a, Point b) { return {a.x + b.x, a.y + b.y}; }
  friend constexpr Point operator-(Point a, Point b) { return {a.x - b.x, a.y - b.y}; }
};

/// The Manhattan (taxicab) distance between cells `a` and `b`, in cells.
[[nodiscard]] constexpr int manhattan(Point a, Point b) {
  return (a.x > b.x ? a.x - b.x : b.x - a.x) + (a.y > b.y ? a.y - b.y : b.y - a.y);
}

/// A width and height, in cells.
struct Size {
  int width = 0;
  int height = 0;
  friend constexpr bool operator==(Size, Size) = default;
  /// Number of cells, as a 64-bit count (maps can exceed 2^31 cells).
  [[nodiscard]] constexpr std::int64_t area() const {
    return static_cast<std::int64_t>(width) * height;
  }
};

/// An axis-aligned rectangle of cells: [x, x + width) x [y, y + height).
struct Rect {
  int x = 0;
  int y = 0;
  int width = 0;
  int height = 0;
  friend constexpr bool operator==(Rect, Rect) = default;
  [[nodiscard]] constexpr bool empty() const { return width <= 0 || height <= 0; }
  [[nodiscard]] constexpr int right() const { return x + width; }    ///< one past the last column
  [[nodiscard]] constexpr int bottom() const { return y + height; }  ///< one past the last row
  [[nodiscard]] constexpr bool contains(Point p) const {
    return p.x >= x && p.y >= y && p.x < right() && p.y < bottom();
  }
  /// The smallest rectangle holding both; an empty rectangle counts as nothing.
  [[nodiscard]] Rect united(Rect other) const;
  /// True when the two rectangles share at least one cell.
  [[nodiscard]] constexpr bool intersects(Rect o) const {
    return !empty() && !o.empty() && x < o.right() && o.x < right() && y < o.bottom() &&
           o.y < bottom();
  }
};

/// The outward direction a door faces: the side on which the cells beyond it are
/// empty. North = -y, East = +x, South = +y, West = -x. Values are in clockwise order.
enum class Facing : std::uint8_t { North = 0, East = 1, South = 2, West = 3 };

/// All four facings in clockwise order, starting at north.
inline constexpr std::array<Facing, 4> kFacings = {Facing::North, Facing::East, Facing::South,
                                                   Facing::West};

/// The facing turned by 180 degrees (north <-> south, east <-> west).
[[nodiscard]] constexpr Facing opposite(Facing f) {
  return static_cast<Facing>((static_cast<int>(f) + 2) % 4);
}

/// The one-cell step in direction `f`, e.g. North -> (0, -1).
[[nodiscard]] constexpr Point step(Facing f) {
  constexpr std::array<Point, 4> kSteps = {Point{0, -1}, Point{1, 0}, Point{0, 1}, Point{-1, 0}};
  return kSteps[static_cast<int>(f)];
}

/// The unit step along a door that faces `f`: doors facing north/south run along
/// +x, doors facing east/west run along +y.
[[nodiscard]] constexpr Point along(Facing f) {
  return (f == Facing::North || f == Facing::South) ? Point{1, 0} : Point{0, 1};
}

/// Lower-case name: "north", "east", "south" or "west".
[[nodiscard]] std::string_view facing_name(Facing f);

/// Parses a lower-case facing name; nullopt when `name` is not one.
[[nodiscard]] std::optional<Facing> parse_facing(std::string_view name);

}  // namespace dungen::core
