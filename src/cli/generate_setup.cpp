#include "cli/generate_setup.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>
#include <iostream>

#include "analysis/tile_check.hpp"
#include "cli/mask_file.hpp"
#include "cli/messages.hpp"
#include "cli/option_lines.hpp"
#include "cli/tile_input.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/tile_settings.hpp"
#include "core/transform.hpp"
#include "core/utf8.hpp"
#include "export/render.hpp"
#include "export/report.hpp"
#include "gen/graph/builtins.hpp"
#include "io/formats/graph_file.hpp"
#include "io/fs/read.hpp"
#include "pipeline/require.hpp"

namespace dungen::cli {
namespace fs = std::filesystem;
namespace {

// The largest --max-size side: any map a run can grow fits within it (cells, 2^30).
constexpr int kMaxSizeSide = 1 << 30;
// --place cells lie below this, as a mask's sides do: the map reaches from cell 0,0 to the pins.
constexpr int kMaxPinCell = 4096;

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
std::string start_from_path(const std::string& folder, const std::string& name,
                            const std::string& flag) {
  if (name.find('/') == std::string::npos) return "";
  const fs::path path(name);
  std::error_code ec;
  const fs::path parent = path.parent_path().empty() ? fs::path(".") : path.parent_path();
  if (!path.has_filename() || !fs::equivalent(parent, folder, ec)) {
    throw usage_error(flag,
                      fmt::format("'{}' is not a tile of the folder '{}'; give the file name of "
                                  "one of its tiles, as {} room.png",
                                  name, folder, flag));
  }
  return path.filename().string();
}

core::TileId find_start(const io::formats::LoadedTileSet& tiles, const std::string& folder,
                        const std::string& given, const std::string& flag) {
  const core::TileSet& set = tiles.set;
  const std::string from_path = start_from_path(folder, given, flag);
  const std::string& name = from_path.empty() ? given : from_path;
  if (const auto id = set.find(name)) return *id;
  for (const auto& [file, why] : tiles.skipped) {
    if (file == name) {
      throw usage_error(flag, fmt::format("the {} tile was skipped as invalid "
                                          "(--skip-invalid): {}",
                                          flag == "--start" ? "start" : "pinned", why));
    }
  }
  std::vector<std::string> names;
  for (const core::Tile& t : set.tiles) names.push_back(t.name);
  const std::string hint = core::closest_match(name, names);
  throw usage_error(flag,
                    fmt::format("no tile '{}' in the folder; {}", name,
                                hint.empty() ? fmt::format("'dungen inspect {}' lists its tiles",
                                                           printable(folder, 200))
                                             : fmt::format("did you mean '{}'?{}", hint,
                                                           core::same_letters_note(name, hint))));
}

// The pins of --place TILE@X,Y[:ORIENTATION], in the order given: tiles named as --start names
// them, cells 0 to 2^30 - 1, orientations named as in tileset.txt (r0 unless given).
std::vector<gen::Pin> parse_pins(const GenerateOptions& o, const io::formats::LoadedTileSet& tiles) {
  std::vector<gen::Pin> pins;
  for (const std::string& spec : o.place) {
    const auto fail = [&](const std::string& what) {
      return usage_error("--place", fmt::format("'{}': {}", printable(spec, 200), what));
    };
    const std::size_t at = spec.rfind('@');
    if (at == std::string::npos || at == 0)
      throw fail("give TILE@X,Y or TILE@X,Y:ORIENTATION, e.g. room_large.png@20,10:r90");
    const std::string cell = spec.substr(at + 1);
    const std::size_t colon = cell.find(':');
    const std::string xy = cell.substr(0, colon);
    const std::size_t comma = xy.find(',');
    long long x = -1, y = -1;
    const char* end = xy.data() + xy.size();
    const bool numbers = comma != std::string::npos && xy[0] != '-' && xy[comma + 1] != '-' &&
                         std::from_chars(xy.data(), xy.data() + comma, x).ptr == xy.data() + comma &&
                         std::from_chars(xy.data() + comma + 1, end, y).ptr == end;
    if (!numbers || x < 0 || y < 0 || x >= kMaxPinCell || y >= kMaxPinCell)
      throw fail(fmt::format("the cell '{}' is not X,Y in cells from the map's top-left "
                             "(0 to {}), e.g. 20,10",
                             printable(xy, 100), kMaxPinCell - 1));
    gen::Pin pin;
    pin.tile = find_start(tiles, o.input.folder, spec.substr(0, at), "--place");
    pin.origin = core::Point{static_cast<int>(x), static_cast<int>(y)};
    if (colon != std::string::npos) {
      const auto orientation = core::parse_orientation(cell.substr(colon + 1));
      if (!orientation)
        throw fail(fmt::format("'{}' is no orientation; give r0, r90, r180, r270, f0, f90, f180 "
                               "or f270 (docs/tile-format.md)",
                               printable(cell.substr(colon + 1), 100)));
      pin.orientation = *orientation;
    }
    pins.push_back(pin);
  }
  return pins;
}

void check_start_joins(const GenerateSetup& s, core::TileId start) {
  if (pipeline::start_can_grow(*s.candidates, start)) return;
  const core::Tile& t = s.tiles.set.tiles[start];
  throw usage_error(
      "--start", fmt::format("no tile can attach to the start tile '{}': {}", t.name,
                             t.doors.empty() ? "it has no doors"
                                             : "no tile has a door that mates any of its doors"));
}

// --loops auto: one loop per 20 tiles of the budget, 1 to 1000 (docs/cli.md).
int auto_loops(int max_tiles) { return std::clamp(max_tiles / 20, 1, 1000); }

// --require's targets on loops and dead ends steer growth, where its own options leave them
// free: a loops target raises --loops auto to it, a dead-ends bound trims to it
// (docs/cli.md "Designer targets").
void aim_at_requirements(const GenerateOptions& o, gen::StitchOptions& stitch) {
  if (o.level.require.empty()) return;
  for (const pipeline::Target& t : requirements(o.level).targets) {
    const int whole = static_cast<int>(std::clamp(t.value, 0.0, 1e6));
    if (t.key == "loops" && o.loops == "auto" && (t.op == ">=" || t.op == ">" || t.op == "="))
      stitch.loops = std::max(stitch.loops, whole + (t.op == ">" ? 1 : 0));
    if (t.key == "dead_ends" && o.max_dead_ends.empty() &&
        (t.op == "<=" || t.op == "<" || t.op == "="))
      stitch.max_dead_ends = gen::DeadEndLimit{std::max(0, whole - (t.op == "<" ? 1 : 0)), false};
  }
}

// What generate's option lines read: the options as given, the settings as used and the
// start tile's name ("" without --start).
struct GenerateLines {
  const GenerateOptions& o;
  const pipeline::GenerateSettings& s;
  std::string start;
};

bool unguided(const GenerateLines& l) { return l.o.graph.empty(); }
bool guided(const GenerateLines& l) { return !l.o.graph.empty(); }
// The graph as its line prints it: a file by its name, a built-in as given.
std::string graph_text(const GenerateLines& l) {
  return gen::is_builtin_graph(l.o.graph) ? l.o.graph : fs::path(l.o.graph).filename().string();
}

// The option lines of generate and graph (and of the deprecated generate --graph); the shared
// options' lines and the tile input's follow.
const OptionLine<GenerateLines> kGenerateLines[] = {
    // The graph command and its GRAPH, as layout's lines begin: "graph clock".
    {"graph", "graph", graph_text, [](const GenerateLines& l) { return l.o.command == "graph"; }},
    {"graph", "--graph", graph_text,
     [](const GenerateLines& l) { return guided(l) && l.o.command == "generate"; }},
    {"max_tiles", "--max-tiles", [](const GenerateLines& l) { return whole(l.s.stitch.max_tiles); },
     unguided},
    {"min_tiles", "--min-tiles", [](const GenerateLines& l) { return whole(l.s.stitch.min_tiles); },
     unguided},
    {"policy", "--policy", [](const GenerateLines& l) { return l.o.policy; }, unguided},
    {"start", "--start", [](const GenerateLines& l) { return l.start; },
     [](const GenerateLines& l) { return unguided(l) && l.s.stitch.start.has_value(); }},
    {"corridor_max", "--corridor-max",
     [](const GenerateLines& l) { return whole(l.o.corridor_max); }, guided},
    {"no_flip", "--no-flip", nullptr, [](const GenerateLines& l) { return l.o.input.no_flip; }},
    {"no_rotate", "--no-rotate", nullptr,
     [](const GenerateLines& l) { return l.o.input.no_rotate; }},
    {"max_size", "--max-size", [](const GenerateLines& l) { return l.o.max_size; },
     [](const GenerateLines& l) { return unguided(l) && !l.o.max_size.empty(); }},
    {"mask", "--mask", [](const GenerateLines& l) { return fs::path(l.o.mask).filename().string(); },
     [](const GenerateLines& l) { return unguided(l) && !l.o.mask.empty(); }},
    {"place", "--place",
     [](const GenerateLines& l) { return fmt::format("{}", fmt::join(l.o.place, " --place ")); },
     [](const GenerateLines& l) { return unguided(l) && !l.o.place.empty(); }},
    {"loops", "--loops", [](const GenerateLines& l) { return l.o.loops; },
     [](const GenerateLines& l) { return unguided(l) && l.o.loops != "auto"; }},
    {"loop_detour", "--loop-detour", [](const GenerateLines& l) { return whole(l.o.loop_detour); },
     [](const GenerateLines& l) { return unguided(l) && l.o.loop_detour != 20; }},
    {"max_dead_ends", "--max-dead-ends", [](const GenerateLines& l) { return l.o.max_dead_ends; },
     [](const GenerateLines& l) { return unguided(l) && !l.o.max_dead_ends.empty(); }},
    {"retries", "--retries", [](const GenerateLines& l) { return whole(l.o.retries); },
     [](const GenerateLines& l) { return l.o.retries > 0; }},
    {"loop_retries", "--loop-retries",
     [](const GenerateLines& l) { return whole(l.o.loop_retries); },
     [](const GenerateLines& l) { return unguided(l) && l.o.loop_retries != 2; }},
};

// The tile input's lines, last: the palette's and tile settings' file names.
const OptionLine<TileInput> kTileInputLines[] = {
    {"palette", "--palette",
     [](const TileInput& in) { return fs::path(in.palette).filename().string(); },
     [](const TileInput& in) { return !in.palette.empty(); }},
    {"tileset", "--tileset",
     [](const TileInput& in) { return fs::path(in.tileset).filename().string(); },
     [](const TileInput& in) { return !in.tileset.empty(); }},
};

std::vector<std::string> option_lines(const GenerateOptions& o, const pipeline::GenerateSettings& s,
                                      const std::string& start_name) {
  std::vector<std::string> lines;
  add_option_lines(kGenerateLines, GenerateLines{o, s, start_name}, lines);
  add_level_option_lines(o.level, lines);
  add_option_lines(kTileInputLines, o.input, lines);
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
  const std::string text = io::fs::read_text(spec, io::fs::kGraphFileLimit);
  core::LevelGraph graph = io::formats::parse_graph(text, spec);
  input_hash = core::fold_input("graph", "", text, input_hash);  // another graph, another level
  return graph;
}

void prepare_graph(const GenerateOptions& o, GenerateSetup& s) {
  pipeline::GraphSettings g;
  std::uint64_t hash = s.tiles.hash;
  g.graph = load_graph(o.graph, hash);
  g.stitch.corridor_max = o.corridor_max;
  g.retries = o.retries;
  g.analyses = s.settings.analyses;
  g.input_hash = core::hex64(hash);
  g.options = s.settings.options;  // option_lines gives the graph's lines with it
  g.generator = o.command;
  s.graph = std::move(g);
}

}  // namespace

void add_generate_inputs(const GenerateOptions& o, io::fs::RunFiles& files) {
  add_tile_inputs(o.input, files);
  if (!o.graph.empty() && !gen::is_builtin_graph(o.graph)) files.add_input(o.graph);
  if (!o.mask.empty()) files.add_input(o.mask);
}

GenerateSetup prepare_generate(const GenerateOptions& o, const io::fs::RunFiles& files) {
  return prepare_generate(o, files,
                          TileSource{[&o] { return load_tiles(o.input, o.level.quiet); }, {}});
}

GenerateSetup prepare_generate(const GenerateOptions& o, const io::fs::RunFiles& files,
                               const TileSource& source) {
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
  s.settings.loop_retries = o.loop_retries;
  s.settings.stitch.loops = o.loops == "auto" ? auto_loops(o.max_tiles) : std::stoi(o.loops);
  s.settings.stitch.loop_detour = o.loop_detour;
  if (!o.max_dead_ends.empty()) {
    const bool percent = o.max_dead_ends.back() == '%';
    s.settings.stitch.max_dead_ends = gen::DeadEndLimit{std::stoi(o.max_dead_ends), percent};
  }
  aim_at_requirements(o, s.settings.stitch);
  s.settings.analyses = o.level.analyses(files);
  s.tiles = source.load();
  if (!o.level.quiet) {  // what inspect flags, said before anyone waits on the levels
    for (const core::Tile& t : s.tiles.set.tiles) {
      const std::string warning = analysis::tile_warning(t);
      if (!warning.empty()) print_message("warning", warning);
    }
  }
  std::uint64_t hash = s.tiles.hash;
  if (!o.mask.empty()) {  // another mask, another level
    std::string mask_hash;
    s.settings.stitch.mask = std::make_shared<const core::Grid<std::uint8_t>>(
        read_mask(o.mask, mask_hash));
    hash = core::fold_input("mask", "", mask_hash, hash);
  }
  s.settings.input_hash = core::hex64(hash);
  s.settings.stitch.orientations = {.allow_flip = !o.input.no_flip,
                                    .allow_rotate = !o.input.no_rotate};
  s.candidates = source.index ? source.index(s.settings.stitch.orientations)
                               : pipeline::index_tiles(s.tiles.set, s.settings);
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
    s.settings.stitch.start = find_start(s.tiles, o.input.folder, o.start, "--start");
    check_start_joins(s, *s.settings.stitch.start);
  }
  if (o.level.floors > 1 && (!o.mask.empty() || !o.place.empty())) {
    throw usage_error(o.mask.empty() ? "--place" : "--mask",
                      "does not go with --floors yet: the floors are moved into one frame, so "
                      "its cells would not hold on the floors after the first (docs/floors.md)");
  }
  if (!o.place.empty()) {
    if (!o.start.empty())
      throw usage_error("--start", "does not go with --place, whose first tile is the start "
                                   "tile; leave --start out or place that tile first");
    s.settings.stitch.pins = parse_pins(o, s.tiles);
    gen::check_pins(s.tiles.set, *s.candidates, s.settings.stitch);  // once, not per level
  }
  s.settings.options =
      option_lines(o, s.settings,
                   s.settings.stitch.start ? s.tiles.set.tiles[*s.settings.stitch.start].name : "");
  if (!o.graph.empty()) prepare_graph(o, s);
  return s;
}

}  // namespace dungen::cli
