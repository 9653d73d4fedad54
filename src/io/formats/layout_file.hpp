#pragma once
/// \file layout_file.hpp
/// Reading a designed layout from JSON (format in docs/layouts.md):
/// {"space": {"width": 85, "height": 64},
///  "rooms": [{"name": "hall", "x": 1, "y": 1, "width": 20, "height": 20}, ...],
///  "connections": [{"from": "hall", "to": "vault", "kind": "door"|"hallway"|"auto",
///                   "width": 1, "at": 3}, ...]}
/// "space" is optional (default 85x64); x and y are the floor's top-left cell.

#include <cstddef>
#include <string>
#include <string_view>

#include "core/layout.hpp"

namespace dungen::io::formats {

/// The most rooms a layout file may list (2^20, as many as grid:1023x1023 makes, the largest
/// grid of the 4096x4096 space); a longer list is refused before its rooms are read, with the
/// limit in the message. Such a file takes about 1.5 GB of memory (docs/performance.md).
inline constexpr std::size_t kMaxLayoutRooms = std::size_t{1} << 20;

/// Parses layout JSON `text` read from `source`. Throws Error "<source>: ..." for malformed
/// JSON or a number too large to read (with line and column), a missing or mistyped key, a
/// number out of its range (the range is named), an unknown key (with a suggestion), more
/// than kMaxLayoutRooms rooms, a room name used twice, a connection naming no room or
/// joining the same two rooms as an earlier one. Linear in the file's size. A UTF-8
/// byte-order mark at the start is skipped. Geometry is checked later by
/// gen::validate_layout.
[[nodiscard]] core::LayoutSpec parse_layout(std::string_view text, const std::string& source);

}  // namespace dungen::io::formats
