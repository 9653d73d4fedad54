#include "core/level_graph.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <deque>
#include <set>
#include <string_view>

#include "core/error.hpp"

namespace dungen::core {

bool has_tag(const std::vector<std::string>& tags, std::string_view tag) {
  return std::binary_search(tags.begin(), tags.end(), tag);
}

bool valid_tag(std::string_view tag) {
  if (tag.empty() || tag.size() > 64) return false;
  return std::all_of(tag.begin(), tag.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
  });
}

std::string link_name(const LevelGraph& graph, const GraphLink& link) {
  return fmt::format("{}-{}", graph.rooms[static_cast<std::size_t>(link.a)].name,
                     graph.rooms[static_cast<std::size_t>(link.b)].name);
}

std::vector<std::vector<std::pair<int, int>>> graph_adjacency(const LevelGraph& graph) {
  std::vector<std::vector<std::pair<int, int>>> adj(graph.rooms.size());
  for (std::size_t k = 0; k < graph.links.size(); ++k) {
    const GraphLink& l = graph.links[k];
    adj[static_cast<std::size_t>(l.a)].emplace_back(l.b, static_cast<int>(k));
    adj[static_cast<std::size_t>(l.b)].emplace_back(l.a, static_cast<int>(k));
  }
  return adj;
}

std::vector<int> graph_distances(const LevelGraph& graph, int from) {
  const auto adj = graph_adjacency(graph);
  std::vector<int> dist(graph.rooms.size(), -1);
  std::deque<int> queue{from};
  dist[static_cast<std::size_t>(from)] = 0;
  while (!queue.empty()) {
    const int r = queue.front();
    queue.pop_front();
    for (const auto& [n, link] : adj[static_cast<std::size_t>(r)]) {
      if (dist[static_cast<std::size_t>(n)] >= 0) continue;
      dist[static_cast<std::size_t>(n)] = dist[static_cast<std::size_t>(r)] + 1;
      queue.push_back(n);
    }
  }
  return dist;
}

namespace {

int first_room(const LevelGraph& graph, std::string_view word) {
  for (std::size_t i = 0; i < graph.rooms.size(); ++i) {
    if (has_tag(graph.rooms[i].tags, word)) return static_cast<int>(i);
  }
  for (std::size_t i = 0; i < graph.rooms.size(); ++i) {
    if (graph.rooms[i].name == word) return static_cast<int>(i);
  }
  return -1;
}

void check_sizes(const LevelGraph& g) {
  if (g.rooms.empty()) throw file_error(g.name, "the graph has no room; list at least one room");
  if (g.rooms.size() > kMaxGraphRooms) {
    throw file_error(g.name, fmt::format("{} rooms, more than the {} a graph may have; use fewer "
                                         "rooms",
                                         g.rooms.size(), kMaxGraphRooms));
  }
  if (g.links.size() > kMaxGraphConnections) {
    throw file_error(g.name, fmt::format("{} connections, more than the {} a graph may have; use "
                                         "fewer connections",
                                         g.links.size(), kMaxGraphConnections));
  }
}

void check_names(const LevelGraph& g) {
  std::set<std::string_view> names;
  for (std::size_t i = 0; i < g.rooms.size(); ++i) {
    const std::string& name = g.rooms[i].name;
    if (name.empty())
      throw file_error(g.name, fmt::format("rooms[{}]: the name is empty; give it a name", i));
    if (!names.insert(name).second) {
      throw file_error(g.name, fmt::format("rooms[{}]: the name \"{}\" is used twice; give each "
                                           "room its own name",
                                           i, name));
    }
  }
}

void check_links(const LevelGraph& g) {
  std::set<std::pair<int, int>> pairs;
  const int n = static_cast<int>(g.rooms.size());
  for (std::size_t k = 0; k < g.links.size(); ++k) {
    const GraphLink& l = g.links[k];
    if (l.a < 0 || l.b < 0 || l.a >= n || l.b >= n)
      throw file_error(g.name, fmt::format("connections[{}]: names no room of the graph", k));
    if (l.a == l.b) {
      throw file_error(g.name, fmt::format("connections[{}]: joins \"{}\" to itself; join two "
                                           "different rooms",
                                           k, g.rooms[static_cast<std::size_t>(l.a)].name));
    }
    if (!pairs.insert({std::min(l.a, l.b), std::max(l.a, l.b)}).second) {
      throw file_error(g.name, fmt::format("connections[{}]: joins {} again; list each pair of "
                                           "rooms once",
                                           k, link_name(g, l)));
    }
  }
}

}  // namespace

void validate_graph(const LevelGraph& graph) {
  check_sizes(graph);
  check_names(graph);
  check_links(graph);
  const std::vector<int> dist = graph_distances(graph, 0);
  for (std::size_t i = 0; i < dist.size(); ++i) {
    if (dist[i] >= 0) continue;
    throw file_error(graph.name,
                     fmt::format("room \"{}\" is not connected to \"{}\"; the graph must be one "
                                 "piece: add a connection",
                                 graph.rooms[i].name, graph.rooms[0].name));
  }
}

int entrance_room(const LevelGraph& graph) { return std::max(first_room(graph, "start"), 0); }

int exit_room(const LevelGraph& graph) {
  if (const int tagged = first_room(graph, "exit"); tagged >= 0) return tagged;
  const std::vector<int> dist = graph_distances(graph, entrance_room(graph));
  int best = entrance_room(graph);
  for (std::size_t i = 0; i < dist.size(); ++i) {
    if (dist[i] > dist[static_cast<std::size_t>(best)]) best = static_cast<int>(i);
  }
  return best;
}

}  // namespace dungen::core
