#pragma once
/// \file builtins.hpp
/// Level graphs without a file: the built-ins `grid:COLSxROWS`, `clock` and `chain:N`, and
/// a designed layout's rooms and connections read as a graph (docs/graph.md).

#include <string>

#include "core/layout.hpp"
#include "core/level_graph.hpp"

namespace dungen::gen {

/// The graph of `spec`: its rooms (names kept, no tags) and connections (a width other than
/// the default 1 kept); coordinates, kinds and positions are dropped.
[[nodiscard]] core::LevelGraph graph_from_layout(const core::LayoutSpec& spec);

/// A built-in graph by name: "grid:COLSxROWS" and "clock" have the rooms and connections of
/// the built-in layouts of the same names (gen/layout.hpp: a grid's rooms joined along an
/// S-shaped path; 12 hours in a ring joined in order and a boss room off hour 12), without
/// door widths; "chain:N" is N rooms joined in a line. Rooms carry no tags: the entrance is
/// the first room, the exit the last. Throws Error (usage) for an unknown name, bad numbers
/// or more than core::kMaxGraphRooms rooms.
[[nodiscard]] core::LevelGraph builtin_graph(const std::string& name);

/// True when `name` names a built-in graph (whether or not its numbers are valid).
[[nodiscard]] bool is_builtin_graph(const std::string& name);

}  // namespace dungen::gen
