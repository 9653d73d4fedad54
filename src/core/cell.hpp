#pragma once
/// \file cell.hpp
/// The kinds of map cell every tile, map and level is made of.

#include <cstdint>
#include <optional>
#include <string_view>

namespace dungen::core {

/// What one cell of a tile or map is. Void = outside the tile (nothing there).
/// Floor and Door cells can be walked on; Wall and Void cannot.
enum class CellKind : std::uint8_t { Void = 0, Floor = 1, Wall = 2, Door = 3 };

/// True for cells a player can stand on (floor and doors).
[[nodiscard]] constexpr bool passable(CellKind k) {
  return k == CellKind::Floor || k == CellKind::Door;
}

/// Lower-case name: "empty", "floor", "wall" or "door" (the names palette files use).
[[nodiscard]] std::string_view cell_kind_name(CellKind k);

/// Parses "empty" (or "void"), "floor", "wall", "door"; nullopt otherwise.
[[nodiscard]] std::optional<CellKind> parse_cell_kind(std::string_view name);

}  // namespace dungen::core
