#pragma once
/// \file layout_file.hpp
/// Reading a designed layout from JSON (format in docs/layouts.md):
/// {"space": {"width": 85, "height": 64},
///  "rooms": [{"name": "hall", "x": 1, "y": 1, "width": 20, "height": 20}, ...],
///  "connections": [{"from": "hall", "to": "vault", "kind": "door"|"hallway"|"auto",
///                   "width": 1, "at": 3}, ...]}
/// "space" is optional (default 85x64); x and y are the floor's top-left cell.

#include <string>
#include <string_view>

#include "core/layout.hpp"

namespace dungen::io {

/// Parses layout JSON `text` read from `source`. Throws Error "<source>: ..." for malformed
/// JSON (with line and column), a missing or mistyped key, an unknown key (with a
/// suggestion), a room name used twice, or a connection naming no room. Geometry is checked
/// later by gen::validate_layout.
[[nodiscard]] core::LayoutSpec parse_layout(std::string_view text, const std::string& source);

}  // namespace dungen::io
