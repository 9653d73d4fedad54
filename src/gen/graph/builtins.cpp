// Built-in level graphs and layouts read as graphs (builtins.hpp).
#include "gen/graph/builtins.hpp"

#include <fmt/format.h>

#include <charconv>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "gen/layout/layout.hpp"

namespace dungen::gen {
namespace {

/// The whole number `text` is, or -1.
long long number(std::string_view text) {
  long long n = -1;
  const char* end = text.data() + text.size();
  if (text.empty() || std::from_chars(text.data(), end, n).ptr != end) return -1;
  return n;
}

core::LevelGraph chain(const std::string& name, long long n) {
  if (n < 1 || n > static_cast<long long>(core::kMaxGraphRooms)) {
    throw usage_error(
        name, fmt::format("needs N from 1 to {} rooms, e.g. chain:8", core::kMaxGraphRooms));
  }
  core::LevelGraph g;
  g.name = name;
  for (long long i = 0; i < n; ++i) {
    g.rooms.push_back({fmt::format("room {}", i + 1), {}});
    if (i > 0) g.links.push_back({static_cast<int>(i - 1), static_cast<int>(i), 0});
  }
  return g;
}

core::LevelGraph grid(const std::string& name) {
  const std::string_view dims = std::string_view(name).substr(5);
  const std::size_t x = dims.find('x');
  const long long cols = x == std::string_view::npos ? -1 : number(dims.substr(0, x));
  const long long rows = x == std::string_view::npos ? -1 : number(dims.substr(x + 1));
  if (cols < 1 || rows < 1 || cols * rows > static_cast<long long>(core::kMaxGraphRooms)) {
    throw usage_error(name, fmt::format("needs COLSxROWS with at least one column and one row "
                                        "and at most {} rooms, e.g. grid:4x3",
                                        core::kMaxGraphRooms));
  }
  // The layout built-in needs floors of at least 3 cells: give it just that much space.
  const core::Size space{static_cast<int>(4 * cols + 1), static_cast<int>(4 * rows + 1)};
  core::Rng unused(0);
  core::LevelGraph g = graph_from_layout(builtin_layout(name, space, unused));
  for (core::GraphLink& link : g.links) link.width = 0;
  return g;
}

}  // namespace

core::LevelGraph graph_from_layout(const core::LayoutSpec& spec) {
  core::LevelGraph g;
  g.name = spec.name;
  for (const core::LayoutRoom& room : spec.rooms) g.rooms.push_back({room.name, {}});
  for (const core::LayoutLink& link : spec.links)
    g.links.push_back({link.a, link.b, link.width == 1 ? 0 : link.width});
  return g;
}

bool is_builtin_graph(const std::string& name) {
  return name == "clock" || name.starts_with("grid:") || name.starts_with("chain:");
}

core::LevelGraph builtin_graph(const std::string& name) {
  core::LevelGraph g;
  if (name.starts_with("chain:")) {
    g = chain(name, number(std::string_view(name).substr(6)));
  } else if (name.starts_with("grid:")) {
    g = grid(name);
  } else if (name == "clock") {
    core::Rng unused(0);
    g = graph_from_layout(builtin_layout("clock", {85, 64}, unused));
    for (core::GraphLink& link : g.links) link.width = 0;
  } else {
    throw usage_error(name,
                      "is not a graph file or a built-in graph; use grid:COLSxROWS, clock "
                      "or chain:N");
  }
  g.name = name;
  core::validate_graph(g);
  return g;
}

}  // namespace dungen::gen
