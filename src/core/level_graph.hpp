#pragma once
/// \file level_graph.hpp
/// A level graph: the rooms a designer wants and which of them connect, without positions
/// (docs/graph.md). Made from a graph file (io/graph_file.hpp), a layout's rooms and
/// connections, or a built-in (gen/graph/builtins.hpp); realised from tiles by
/// gen::graph_stitch.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dungen::core {

/// The most rooms a level graph may hold: chain:1024 and grid:32x32 take about a second, and
/// larger graphs kept the search busy for minutes (docs/performance.md "Level graphs").
inline constexpr std::size_t kMaxGraphRooms = 1024;
/// The most connections a level graph may hold.
inline constexpr std::size_t kMaxGraphConnections = 4096;
/// The most tags one graph room or tile may carry.
inline constexpr std::size_t kMaxTags = 32;

/// One wanted room: its name (unique in the graph) and the tags a tile must carry to be it.
struct GraphRoom {
  std::string name;
  std::vector<std::string> tags;  ///< sorted, without repeats
};

/// A wanted connection between rooms `a` and `b` (indices into LevelGraph::rooms), joined
/// through doors `width` cells wide, or of any width when `width` is 0.
struct GraphLink {
  int a = 0;
  int b = 0;
  int width = 0;
};

/// A whole level graph: rooms in the order given, connections in the order given.
struct LevelGraph {
  std::string name;  ///< the file or built-in it came from
  std::vector<GraphRoom> rooms;
  std::vector<GraphLink> links;
};

/// Checks `graph` and throws Error "<graph.name>: <what>; <fix>" for the first fault: no
/// room, more than kMaxGraphRooms rooms or kMaxGraphConnections connections, an empty or
/// repeated room name, a connection naming no room, joining a room to itself or the same two
/// rooms as an earlier one, or rooms no chain of connections reaches from the first.
void validate_graph(const LevelGraph& graph);

/// Neighbours of every room: for room r, the (other room, link index) pairs of its
/// connections, in link order.
[[nodiscard]] std::vector<std::vector<std::pair<int, int>>> graph_adjacency(
    const LevelGraph& graph);

/// The entrance room: the first room named or tagged `start`, else room 0.
[[nodiscard]] int entrance_room(const LevelGraph& graph);

/// The exit room: the first room tagged `exit` (else named `exit`), else the room farthest
/// from the entrance by connections (the first of equally far ones). A one-room graph's exit
/// is its entrance.
[[nodiscard]] int exit_room(const LevelGraph& graph);

/// Connection counts from room `from` to every room (breadth-first), -1 for rooms not reached.
[[nodiscard]] std::vector<int> graph_distances(const LevelGraph& graph, int from);

/// True when `tags` (sorted) holds `tag`.
[[nodiscard]] bool has_tag(const std::vector<std::string>& tags, std::string_view tag);

/// True when `tag` may be a tag: 1 to 64 bytes of ASCII letters, digits, '_' and '-'.
[[nodiscard]] bool valid_tag(std::string_view tag);

/// "a-b" for a connection: the two room names joined by a dash.
[[nodiscard]] std::string link_name(const LevelGraph& graph, const GraphLink& link);

}  // namespace dungen::core
