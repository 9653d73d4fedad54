// dungen::rooms, layout, areas and graph: each command's options written out as its command
// line and made into the command's own maker (cli/library_makers.hpp), so the level for a seed
// is the command's, byte for byte, and a refused value gets the command's message.
#include <charconv>
#include <string>
#include <vector>

#include "api/impl.hpp"
#include "cli/library_makers.hpp"

namespace dungen {
namespace {

// A fraction as the CLI reads it back: the shortest text that gives the same double.
std::string fraction(double value) {
  char text[64];
  const auto end = std::to_chars(text, text + sizeof text, value).ptr;
  return std::string(text, end);
}

std::vector<std::string> rooms_arguments(const RoomsOptions& o) {
  std::vector<std::string> a;
  api::add(a, "--rooms", std::to_string(o.rooms));
  api::add(a, "--room-size",
           std::to_string(o.min_room_size) + "-" + std::to_string(o.max_room_size));
  api::add(a, "--door-width", std::to_string(o.door_width));
  api::add(a, "--gap", std::to_string(o.gap));
  api::add(a, "--loops", fraction(o.loops));
  api::add(a, "--max-steps", std::to_string(o.max_steps));
  api::add_content(a, o);
  return a;
}

std::vector<std::string> areas_arguments(const AreasOptions& o) {
  const AreasOptions defaults;
  std::vector<std::string> a;
  // As the CLI: a grid size beside a mask is refused, so the default size is left unsaid.
  if (o.width != defaults.width) api::add(a, "--width", std::to_string(o.width));
  if (o.height != defaults.height) api::add(a, "--height", std::to_string(o.height));
  api::add(a, "--spaces", std::to_string(o.spaces));
  if (o.min_space != 0) api::add(a, "--min-space", std::to_string(o.min_space));
  api::add(a, "--loops", fraction(o.loops));
  if (!o.mask.empty()) api::add(a, "--mask", o.mask);
  api::add_content(a, o);
  return a;
}

// The options, then "--" and the positional SPEC or GRAPH (even one that starts with '-').
std::vector<std::string> with_positional(std::vector<std::string> args, const std::string& value) {
  args.emplace_back("--");
  args.push_back(value);
  return args;
}

}  // namespace

Level rooms(const RoomsOptions& options, std::uint64_t seed) {
  return api::as_cli_error(
      [&] { return api::make_level(cli::rooms_maker(rooms_arguments(options))(seed)); });
}

Level layout(const std::string& spec, const LayoutOptions& options, std::uint64_t seed) {
  return api::as_cli_error([&] {
    std::vector<std::string> a;
    if (!options.space.empty()) api::add(a, "--space", options.space);
    api::add_content(a, options);
    return api::make_level(cli::layout_maker(with_positional(a, spec))(seed));
  });
}

Level areas(const AreasOptions& options, std::uint64_t seed) {
  return api::as_cli_error(
      [&] { return api::make_level(cli::areas_maker(areas_arguments(options))(seed)); });
}

Level graph(const TileSet& tiles, const std::string& graph, const GraphOptions& options,
            std::uint64_t seed) {
  return api::as_cli_error([&] {
    std::vector<std::string> a;
    api::add(a, "--corridor-max", std::to_string(options.corridor_max));
    api::add(a, "--retries", std::to_string(options.retries));
    api::add_content(a, options);
    const cli::LevelMaker make =
        cli::graph_maker(with_positional(a, graph), tiles.impl().input, tiles.impl().source());
    return api::make_level(make(seed));
  });
}

}  // namespace dungen
