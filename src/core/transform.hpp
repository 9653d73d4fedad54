#pragma once
/// \file transform.hpp
/// The 8 orientations of a tile: the dihedral group D4 (4 rotations, each with or
/// without a mirror).
///
/// Convention (DESIGN.md "Orientation convention"), in image coordinates with y down:
/// the mirror is applied FIRST and flips the tile horizontally (x -> w-1-x); the
/// rotation is applied SECOND and turns the tile CLOCKWISE by 0, 90, 180 or 270 degrees.
/// (fast-wfc turns anticlockwise; we do not.) One clockwise quarter turn maps the cell
/// (x, y) of a w x h tile to (h-1-y, x) of the h x w result.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/geometry.hpp"

namespace dungen::core {

/// One element of D4. The value is `mirror * 4 + quarter_turns`; names say
/// "r<degrees>" for a plain rotation and "f<degrees>" for flip-then-rotate.
enum class Orientation : std::uint8_t {
  R0 = 0,
  R90 = 1,
  R180 = 2,
  R270 = 3,
  F0 = 4,
  F90 = 5,
  F180 = 6,
  F270 = 7,
};

/// All 8 orientations in value order (R0 first: the tile as drawn).
inline constexpr std::array<Orientation, 8> kOrientations = {
    Orientation::R0, Orientation::R90, Orientation::R180, Orientation::R270,
    Orientation::F0, Orientation::F90, Orientation::F180, Orientation::F270};

/// Builds an orientation from a mirror flag and a number of clockwise quarter turns
/// (any integer; taken modulo 4).
[[nodiscard]] constexpr Orientation make_orientation(bool flip, int quarter_turns) {
  return static_cast<Orientation>((flip ? 4 : 0) + (((quarter_turns % 4) + 4) % 4));
}
/// True when the orientation mirrors the tile (applied before the rotation).
[[nodiscard]] constexpr bool is_flipped(Orientation o) { return static_cast<int>(o) >= 4; }
/// Clockwise quarter turns, 0..3 (applied after the mirror).
[[nodiscard]] constexpr int quarter_turns(Orientation o) { return static_cast<int>(o) % 4; }
/// Clockwise rotation in degrees: 0, 90, 180 or 270.
[[nodiscard]] constexpr int degrees(Orientation o) { return quarter_turns(o) * 90; }

/// The orientation that applies `first` and then `second`.
[[nodiscard]] constexpr Orientation compose(Orientation first, Orientation second) {
  // R^r2 M^m2 R^r1 M^m1 = R^(r2 -/+ r1) M^(m1 xor m2), because M R = R^-1 M.
  const bool flip = is_flipped(first) != is_flipped(second);
  const int turns = is_flipped(second) ? quarter_turns(second) - quarter_turns(first)
                                       : quarter_turns(second) + quarter_turns(first);
  return make_orientation(flip, turns);
}

/// The orientation that undoes `o`: compose(o, inverse(o)) == R0.
[[nodiscard]] constexpr Orientation inverse(Orientation o) {
  // A reflection is its own inverse; a rotation's inverse turns back.
  return is_flipped(o) ? o : make_orientation(false, -quarter_turns(o));
}

/// The size of a `size` tile after orientation `o` (width and height swap on odd turns).
[[nodiscard]] constexpr Size apply(Orientation o, Size size) {
  return quarter_turns(o) % 2 == 1 ? Size{size.height, size.width} : size;
}

/// Where cell `p` of a tile of `size` (before orientation) lands after orientation `o`.
[[nodiscard]] constexpr Point apply(Orientation o, Point p, Size size) {
  if (is_flipped(o)) p.x = size.width - 1 - p.x;
  for (int i = 0; i < quarter_turns(o); ++i) {
    p = Point{size.height - 1 - p.y, p.x};
    size = Size{size.height, size.width};
  }
  return p;
}

/// The facing a door has after orientation `o` (the mirror swaps east and west).
[[nodiscard]] constexpr Facing apply(Orientation o, Facing f) {
  int v = static_cast<int>(f);
  if (is_flipped(o) && (f == Facing::East || f == Facing::West)) v = (v + 2) % 4;
  return static_cast<Facing>((v + quarter_turns(o)) % 4);
}

/// Short name: "r0", "r90", "r180", "r270", "f0", "f90", "f180", "f270".
[[nodiscard]] std::string_view orientation_name(Orientation o);

/// Parses a short name (see orientation_name); nullopt when it is not one.
[[nodiscard]] std::optional<Orientation> parse_orientation(std::string_view name);

/// Tiled's flip bits for a tile drawn in orientation `o`: 0x80000000 horizontal,
/// 0x40000000 vertical, 0x20000000 anti-diagonal (Tiled applies the diagonal flip first,
/// then horizontal, then vertical). Lossless: from_tmx_flags(to_tmx_flags(o)) == o.
[[nodiscard]] std::uint32_t to_tmx_flags(Orientation o);

/// The orientation for Tiled's flip bits (other bits of `gid` are ignored).
[[nodiscard]] Orientation from_tmx_flags(std::uint32_t gid);

}  // namespace dungen::core
