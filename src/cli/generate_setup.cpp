#include "cli/generate_setup.hpp"

#include <fmt/format.h>

#include <charconv>
#include <iostream>

#include "analysis/tile_check.hpp"
#include "cli/messages.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/tile_settings.hpp"
#include "export/render.hpp"
#include "export/report.hpp"
#include "gen/graph/builtins.hpp"
#include "io/files.hpp"
#include "io/graph_file.hpp"
#include "io/png.hpp"

namespace dungen::cli {
namespace fs = std::filesystem;
namespace {

// The largest --max-size side: any map a run can grow fits within it (cells, 2^30).
constexpr int kMaxSizeSide = 1 << 30;

core::Size parse_size(const std::string& text) {
  const auto x = text.find('x');
  long long w = 0, h = 0;
  const char* end = text.data() + text.size();
  const bool ok = x != std::string::npos && text[0] != '-' && text[x + 1] != '-' &&
                  std::from_chars(text.data(), text.data() + x, w).ptr == text.data() + x &&
                  std::from_chars(text.data() + x + 1, end, h).ptr == end;
  if (!ok || w < 1 || h < 1 || w > kMaxSizeSide || h > kMaxSizeSide) {
    throw usage_error("--max-size",
                      fmt::format("'{}' is not WIDTHxHEIGHT in cells (1 to {}), e.g. 120x80",
                                  printable(text, 100), kMaxSizeSide));
  }
  return {static_cast<int>(w), static_cast<int>(h)};
}

gen::GrowthPolicy parse_policy(const std::string& p) {
  if (p == "random") return gen::GrowthPolicy::Random;
  if (p == "breadth") return gen::GrowthPolicy::BreadthFirst;
  return gen::GrowthPolicy::DepthFirst;  // CLI11 allowed only random, breadth, depth
}

// The tile a --start that names a path ("tiles/room.png", as shell completion writes it)
// means: its file name, when the path leads into the tile folder. Empty for a plain name.
std::string start_from_path(const std::string& folder, const std::string& name) {
  if (name.find('/') == std::string::npos) return "";
  const fs::path path(name);
  std::error_code ec;
  const fs::path parent = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  if (!path.has_filename() || !fs::equivalent(parent, folder, ec)) {
    throw usage_error("--start",
                      fmt::format("'{}' is not a tile of the folder '{}'; give the file name of "
                                  "one of its tiles, as --start room.png",
                                  name, folder));
  }
  return path.filename().string();
}

core::TileId find_start(const io::LoadedTileSet& tiles, const std::string& folder,
                        const std::string& given) {
  const core::TileSet& set = tiles.set;
  const std::string from_path = start_from_path(folder, given);
  const std::string& name = from_path.empty() ? given : from_path;
  if (const auto id = set.find(name)) return *id;
  for (const auto& [file, why] : tiles.skipped) {
    if (file == name) {
      throw usage_error("--start", fmt::format("the start tile was skipped as invalid "
                                               "(--skip-invalid): {}",
                                               why));
    }
  }
  std::vector<std::string> names;
  for (const core::Tile& t : set.tiles) names.push_back(t.name);
  const std::string hint = core::closest_match(name, names);
  throw usage_error(
      "--start", fmt::format("no tile '{}' in the folder; {}", name,
                             hint.empty() ? fmt::format("'dungen inspect {}' lists its tiles",
                                                        printable(folder, 200))
                                          : fmt::format("did you mean '{}'?", hint)));
}

void check_start_joins(const GenerateSetup& s, core::TileId start) {
  if (pipeline::start_can_grow(*s.candidates, start)) return;
  const core::Tile& t = s.tiles.set.tiles[start];
  throw usage_error(
      "--start", fmt::format("no tile can attach to the start tile '{}': {}", t.name,
                             t.doors.empty() ? "it has no doors"
                                             : "no tile has a door that mates any of its doors"));
}

/// Appends the level options' lines, then the palette's and tile settings' file names.
void add_level_and_input_lines(const GenerateOptions& o, std::vector<std::string>& lines) {
  for (std::string& line : level_option_lines(o.level)) lines.push_back(std::move(line));
  if (!o.input.palette.empty())
    lines.push_back("--palette " + fs::path(o.input.palette).filename().string());
  if (!o.input.tileset.empty())
    lines.push_back("--tileset " + fs::path(o.input.tileset).filename().string());
}

std::vector<std::string> option_lines(const GenerateOptions& o,
                                      const pipeline::GenerateSettings& s,
                                      const std::string& start_name) {
  std::vector<std::string> lines = {fmt::format("--max-tiles {}", s.stitch.max_tiles),
                                    fmt::format("--min-tiles {}", s.stitch.min_tiles),
                                    fmt::format("--policy {}", o.policy)};
  if (s.stitch.start) lines.push_back("--start " + start_name);
  if (o.input.no_flip) lines.emplace_back("--no-flip");
  if (o.input.no_rotate) lines.emplace_back("--no-rotate");
  if (!o.max_size.empty()) lines.push_back("--max-size " + o.max_size);
  if (o.retries > 0) lines.push_back(fmt::format("--retries {}", o.retries));
  add_level_and_input_lines(o, lines);
  return lines;
}

// The graph `spec` names; a graph file's bytes are folded into `input_hash`.
core::LevelGraph load_graph(const std::string& spec, std::uint64_t& input_hash) {
  // A name that exists (a link too, even one that leads nowhere) or ends in .json is a file:
  // reading it says what is wrong with it. Any other name must be a built-in.
  std::error_code ec;
  // '-' is read as a file too, which says that dungen reads no input from standard input.
  const bool file = spec == "-" || fs::exists(fs::symlink_status(spec, ec)) ||
                    fs::path(spec).extension() == ".json";
  if (gen::is_builtin_graph(spec) || !file) return gen::builtin_graph(spec);
  const std::string text = io::read_text(spec, io::kGraphFileLimit);
  core::LevelGraph graph = io::parse_graph(text, spec);
  io::protect_input(spec);
  input_hash = core::fold_input("graph", "", text, input_hash);  // another graph, another level
  return graph;
}

std::vector<std::string> graph_option_lines(const GenerateOptions& o) {
  std::vector<std::string> lines = {
      "--graph " +
          (gen::is_builtin_graph(o.graph) ? o.graph : fs::path(o.graph).filename().string()),
      fmt::format("--corridor-max {}", o.corridor_max)};
  if (o.input.no_flip) lines.emplace_back("--no-flip");
  if (o.input.no_rotate) lines.emplace_back("--no-rotate");
  if (o.retries > 0) lines.push_back(fmt::format("--retries {}", o.retries));
  add_level_and_input_lines(o, lines);
  return lines;
}

void prepare_graph(const GenerateOptions& o, GenerateSetup& s) {
  pipeline::GraphSettings g;
  std::uint64_t hash = s.tiles.hash;
  g.graph = load_graph(o.graph, hash);
  g.stitch.corridor_max = o.corridor_max;
  g.retries = o.retries;
  g.analyses = s.settings.analyses;
  g.input_hash = core::hex64(hash);
  g.options = graph_option_lines(o);
  s.graph = std::move(g);
}

}  // namespace

GenerateSetup prepare_generate(const GenerateOptions& o) {
  const int min_tiles = o.min_tiles.value_or((o.max_tiles + 1) / 2);
  if (min_tiles > o.max_tiles) {
    throw usage_error("--min-tiles", fmt::format("{} is above --max-tiles {}; lower it or raise "
                                                 "--max-tiles",
                                                 min_tiles, o.max_tiles));
  }
  GenerateSetup s;
  s.settings.stitch.max_tiles = o.max_tiles;
  s.settings.stitch.min_tiles = min_tiles;
  s.settings.stitch.policy = parse_policy(o.policy);
  if (!o.max_size.empty()) s.settings.stitch.max_size = parse_size(o.max_size);
  s.settings.retries = o.retries;
  s.settings.analyses = o.level.analyses();
  s.tiles = load_tiles(o.input, o.level.quiet);
  if (!o.level.quiet) {  // what inspect flags, said before anyone waits on the levels
    for (const core::Tile& t : s.tiles.set.tiles) {
      const std::string warning = analysis::tile_warning(t);
      if (!warning.empty()) print_message("warning", warning);
    }
  }
  s.settings.input_hash = core::hex64(s.tiles.hash);
  s.settings.stitch.orientations = {.allow_flip = !o.input.no_flip,
                                    .allow_rotate = !o.input.no_rotate};
  s.candidates = pipeline::index_tiles(s.tiles.set, s.settings);
  const bool any_door = std::any_of(s.tiles.set.tiles.begin(), s.tiles.set.tiles.end(),
                                    [](const core::Tile& t) { return !t.doors.empty(); });
  if (!any_door) {
    throw file_error(o.input.folder,
                     o.input.palette.empty()
                         ? "no tile has a door, so nothing can join; draw doors in red #FF0000 "
                           "on the tiles' outlines (dungen inspect shows them)"
                         : fmt::format("no tile has a door, so nothing can join; draw doors in "
                                       "a colour the palette '{}' names door (red #FF0000 unless "
                                       "it names red otherwise) on the tiles' outlines (dungen "
                                       "inspect shows them)",
                                       o.input.palette));
  }
  if (!o.start.empty()) {
    s.settings.stitch.start = find_start(s.tiles, o.input.folder, o.start);
    check_start_joins(s, *s.settings.stitch.start);
  }
  s.settings.options = option_lines(
      o, s.settings,
      s.settings.stitch.start ? s.tiles.set.tiles[*s.settings.stitch.start].name : "");
  if (!o.graph.empty()) prepare_graph(o, s);
  return s;
}

}  // namespace dungen::cli
