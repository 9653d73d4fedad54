#pragma once
/// \file layout.hpp
/// Designed layouts (after Ron Jeffries, "Dungeon 136", ../shared/seeds/
/// dungeon-designed-layouts.txt): validate a LayoutSpec and carve it into a map, and the
/// built-in layouts `grid:COLSxROWS`, `clock` and `maze[:LOOPS]`.

#include <string>

#include "core/layout.hpp"
#include "core/map.hpp"
#include "core/rng.hpp"

namespace dungen::gen {

/// Checks `spec` and throws Error "<spec.name>: <entry>: <what>; <fix>" for the first fault:
/// a room whose walls leave the space, rooms whose floors are less than one wall apart,
/// a link naming no room or a room twice, a door between rooms that share no wall along a
/// range wider than the door, a hallway between rooms that do not face each other, a hallway
/// that other rooms block at every door position (hallway_blocks.hpp; from the rooms'
/// rectangles, so about linear in the links for layouts of short hallways).
void validate_layout(const core::LayoutSpec& spec);

/// The map of a valid `spec` (space-sized, coordinates kept): rooms walled, links carved
/// (doors centred unless `at` says where). Placements are the rooms in spec order; the
/// map's `rooms` are their floor rectangles. Throws Error as validate_layout, and
/// "<spec.name>: connections[k]: the hallway ... crosses another hallway ..." when hallways
/// carved earlier take every place a hallway could go.
[[nodiscard]] core::Map layout_map(const core::LayoutSpec& spec, core::Rng& rng);

/// A built-in layout by name: "grid:COLSxROWS" (rooms filling the space with single walls
/// between them, joined along an S-shaped path; grid:4x3 is the article's level), "clock"
/// (12 rooms around the border of a 4x4 grid like a square clock face, joined in order
/// 1..12, room 12 opening onto a central boss room) or "maze" / "maze:LOOPS" (one room
/// filling the space, holding a maze made by the recursive backtracker, with a LOOPS
/// fraction of extra openings). Throws Error (usage) for an unknown name or bad numbers.
[[nodiscard]] core::LayoutSpec builtin_layout(const std::string& name, core::Size space,
                                              core::Rng& rng);

/// True when `name` names a built-in layout (whether or not its numbers are valid).
[[nodiscard]] bool is_builtin_layout(const std::string& name);

}  // namespace dungen::gen
