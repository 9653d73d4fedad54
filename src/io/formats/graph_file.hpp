#pragma once
/// \file graph_file.hpp
/// Reading a level graph from JSON (format in docs/graph.md):
/// {"rooms": [{"name": "hall", "tags": ["boss"]}, ...],
///  "connections": [{"from": "hall", "to": "vault", "width": 2}, ...]}
/// A layout file (io/layout_file.hpp) reads as a graph too: its "space", room coordinates and
/// sizes and its connections' "kind" and "at" are accepted and ignored.

#include <string>
#include <string_view>

#include "core/level_graph.hpp"

namespace dungen::io::formats {

/// Parses graph JSON `text` read from `source`. Throws Error "<source>: ..." for malformed
/// JSON (with line and column), a missing or mistyped key, an unknown key (with a
/// suggestion), a tag that is not a word of letters, digits, '_' and '-', more than
/// core::kMaxTags tags on a room, and any fault core::validate_graph finds (more than
/// core::kMaxGraphRooms rooms, a name used twice, a connection naming no room, ...). A
/// UTF-8 byte-order mark at the start is skipped.
[[nodiscard]] core::LevelGraph parse_graph(std::string_view text, const std::string& source);

}  // namespace dungen::io::formats
