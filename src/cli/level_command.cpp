#include "cli/level_command.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <random>

#include "cli/exit_codes.hpp"
#include "cli/validators.hpp"
#include "cli/wad_output.hpp"
#include "core/error.hpp"
#include "export/ascii.hpp"
#include "export/render.hpp"
#include "export/report.hpp"
#include "export/tiled.hpp"
#include "io/files.hpp"
#include "io/png.hpp"

namespace dungen::cli {
namespace fs = std::filesystem;

int run_batch(const LevelOptions& o, const LevelSource& source, core::Seed seed);  // batch.cpp

std::vector<std::string> LevelOptions::outputs() const {
  std::vector<std::string> paths{output};
  for (const std::string* p : {&report, &json, &preview, &tmx, &tmj, &ascii, &wad, &demo}) {
    if (!p->empty()) paths.push_back(*p);
  }
  return paths;
}

namespace {

// A device, FIFO or socket: written into directly, with nothing beside it.
bool is_special(const std::string& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  return fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st);
}

}  // namespace

std::vector<std::string> LevelOptions::tileset_outputs() const {
  std::vector<std::string> paths;
  std::vector<fs::path> folders;
  for (const std::string* map : {&tmx, &tmj}) {
    if (map->empty() || *map == "-" || is_special(*map)) continue;
    const fs::path folder = fs::path(*map).parent_path();
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(folder.empty() ? fs::path(".") : folder, ec);
    if (std::find(folders.begin(), folders.end(), canonical) != folders.end()) continue;
    folders.push_back(canonical);
    paths.push_back((folder / exporters::kTilesetImageName).string());
  }
  return paths;
}

void add_level_options(CLI::App& cmd, LevelOptions& o) {
  cmd.option_defaults()->group("Generation");
  cmd.add_option("--seed", o.seed, "Seed of the random choices, 0 to 2^64-1 (default: chosen and printed)")
      ->each([&o](const std::string&) { o.seed_given = true; });
  cmd.add_option("--locks", o.locks,
                 "Lock-and-key puzzles: N locked doors, each needed, with keys far from them (docs/locks.md)")
      ->check(whole_number(0, 1000));
  cmd.option_defaults()->group("Content");
  cmd.add_option("--spikes", o.content.spikes, "Spikes on hallway cells (walled on two opposite sides)")->check(whole_number(0, 100000));
  cmd.add_option("--monsters", o.content.monsters, "Monsters on floor away from the start")->check(whole_number(0, 100000));
  cmd.add_option("--chests", o.content.chests, "Chests against room walls")->check(whole_number(0, 100000));
  cmd.add_option("--loot", o.content.loot, "Loot on floor")->check(whole_number(0, 100000));
  cmd.add_option("--decor", o.content.decor, "Decor against walls")->check(whole_number(0, 100000));
  cmd.option_defaults()->group("Generation");
  cmd.add_flag("--strict", o.strict, "Exit with status 3 when the level ends prematurely");
  cmd.option_defaults()->group("Output");
  cmd.add_option("-o,--output", o.output, "Map PNG to write ('-' = standard output)")->capture_default_str();
  cmd.add_option("--report", o.report, "Also write the text report here ('-' = standard output)");
  cmd.add_option("--json", o.json, "Also write the JSON report here ('-' = standard output)");
  cmd.add_option("--preview", o.preview, "Also write an annotated, scaled-up picture here");
  cmd.add_option("--tmx", o.tmx,
                 "Also write a Tiled TMX map here, with dungen-tiles.png beside it (docs/export.md)");
  cmd.add_option("--tmj", o.tmj,
                 "Also write a Tiled JSON (TMJ) map here, with dungen-tiles.png beside it (docs/export.md)");
  cmd.add_option("--ascii", o.ascii, "Also write the map as text, one character per cell ('-' = standard output)");
  add_wad_options(cmd, o);
  cmd.add_option("--scale", o.scale, "Preview pixels per cell")->check(whole_number(1, 64))->capture_default_str();
  cmd.add_flag("-q,--quiet", o.quiet, "Print nothing but errors");
  cmd.option_defaults()->group("Batch");
  cmd.add_option("--count", o.count, "Batch: write this many levels into --out-dir (seeds S, S+1, ...)")
      ->check(whole_number(1, 1000000));
  cmd.add_option("--out-dir", o.out_dir, "Batch: folder for the levels and manifest.csv (created if missing)");
  cmd.add_option("-j,--jobs", o.jobs, "Batch: worker threads")->check(whole_number(1, 256))->capture_default_str();
  cmd.add_flag("--with-tmx", o.with_tmx, "Batch: also write level-NNNN.tmx (and dungen-tiles.png once)");
  cmd.add_flag("--with-tmj", o.with_tmj, "Batch: also write level-NNNN.tmj (and dungen-tiles.png once)");
  cmd.add_flag("--with-ascii", o.with_ascii, "Batch: also write level-NNNN.ascii.txt");
  add_wad_batch_flags(cmd, o);
}

namespace {

void check_single_outputs(const LevelOptions& o) {
  int to_stdout = 0;
  std::vector<fs::path> seen;
  for (const std::string& path : o.outputs()) {
    if (path == "-") {
      ++to_stdout;
      continue;
    }
    io::check_writable(path);
    std::error_code ec;
    const auto canonical = fs::weakly_canonical(path, ec);
    if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) {
      throw usage_error(path, "is named by two outputs; give each of -o, --report, --json, --preview, --tmx, "
                              "--tmj and --ascii its own file");
    }
    seen.push_back(canonical);
  }
  for (const std::string& path : o.tileset_outputs()) {
    io::check_writable(path);
    std::error_code ec;
    if (std::find(seen.begin(), seen.end(), fs::weakly_canonical(path, ec)) != seen.end()) {
      throw usage_error(path, fmt::format("is where the Tiled map's tileset image goes (written beside the "
                                          "--tmx/--tmj map, always named {}); write the other output elsewhere",
                                          exporters::kTilesetImageName));
    }
  }
  if (to_stdout > 1) {
    throw usage_error("-o/--report/--json/--preview/--tmx/--tmj/--ascii", "only one output can be '-' (standard output)");
  }
  if (o.output == "-" && ::isatty(STDOUT_FILENO) != 0) {
    throw usage_error("-o -", "standard output is a terminal; redirect it to a file or pipe (dungen ... -o - > map.png)");
  }
}

// Reports are streamed to their files: a map of a million tiles never holds them whole. All
// or none: the files are renamed over their targets only once every one is written.
void write_outputs(const LevelOptions& o, const core::Level& level) {
  const WadOutputs doom = make_wad_outputs(o, level);  // first: a level too large for Doom writes nothing
  io::OutputSet files;
  files.write(o.output, io::encode_cells_png(level.map.cells));
  const auto stream = [&](const std::string& path, auto writer) {
    if (!path.empty()) files.write(path, [&](const io::BlockSink& sink) { writer(level, sink); });
  };
  stream(o.report, exporters::write_text_report);
  stream(o.json, exporters::write_json_report);
  if (!o.preview.empty()) files.write(o.preview, io::encode_png(exporters::render_preview(level, {o.scale})));
  const std::vector<std::string> tilesets = o.tileset_outputs();
  if (!tilesets.empty()) {
    const auto tileset_png = io::encode_png(exporters::tileset_image());
    for (const std::string& path : tilesets) files.write(path, tileset_png);
  }
  stream(o.tmx, exporters::write_tmx);
  stream(o.tmj, exporters::write_tmj);
  stream(o.ascii, exporters::write_ascii);
  write_wad_outputs(o, doom, files);
  files.commit();
}

// The seed to use: --seed, or one from std::random_device (below 2^32: easy to type, exact in
// JSON), announced unless quiet. The only place dungen reads entropy.
core::Seed resolve_seed(const LevelOptions& o, const std::string& how_to_remake) {
  if (const auto seed = parse_seed(o)) return *seed;
  const core::Seed seed = std::random_device{}();
  if (!o.quiet) std::cerr << fmt::format("dungen: seed {} (chosen at random; {})\n", seed, fmt::format(fmt::runtime(how_to_remake), seed));
  return seed;
}

std::string unreachable_warning(const core::Level& level) {
  const core::LevelMetrics& m = level.metrics;
  return fmt::format("{} passable cells in {} regions the entrance cannot reach ({:.1f} % of the level; the "
                     "preview shows them, the report lists them)", m.passable_cells - m.reachable_cells,
                     level.unreachable.size(), 100.0 * (1.0 - m.reachable_share()));
}

int run_single(const LevelOptions& o, const LevelSource& source) {
  const core::Seed seed = resolve_seed(o, "--seed {} makes this map again");
  const core::Level level = source.make(seed);
  write_outputs(o, level);
  if (!o.quiet) {
    std::cerr << fmt::format("dungen: wrote {} ({}x{} cells, {} {}, {} unused doors, seed {})\n", o.output,
                             level.map.cells.width(), level.map.cells.height(), level.map.placements.size(),
                             source.units, level.map.unused_doors.size(), level.seed);
    for (const auto* notes : {&level.notes, &level.lock_notes, &level.content_notes}) {
      for (const std::string& note : *notes) std::cerr << "dungen: note: " << note << "\n";
    }
  }
  if (!o.quiet && !level.unreachable.empty()) std::cerr << "dungen: warning: " << unreachable_warning(level) << "\n";
  for (const std::string& why : level.early_notes) {
    if (!o.quiet) std::cerr << "dungen: warning: level ended early: " << why << "\n";
  }
  return o.strict && !level.complete() ? kIncomplete : kOk;
}

}  // namespace

void check_level_options(const CLI::App& cmd, const LevelOptions& o) {
  (void)parse_seed(o);
  check_wad_options(o);
  if (!o.batch()) {
    for (const char* name : {"--with-tmx", "--with-tmj", "--with-ascii", "--with-wad", "--with-demo"}) {
      if (cmd.count(name) > 0) {
        throw usage_error(name, fmt::format("is for batches (--count K --out-dir DIR); for one level give --{} FILE",
                                            std::string_view(name).substr(7)));
      }
    }
    return check_single_outputs(o);
  }
  if (o.count == 0 || o.out_dir.empty()) {
    throw usage_error("--count/--out-dir", "a batch needs both --count K (1 or more) and a non-empty --out-dir DIR");
  }
  for (const char* name : {"--output", "--report", "--json", "--preview"}) {
    if (cmd.count(name) > 0) {
      throw usage_error(name, "a batch writes each level's map, text and JSON reports into --out-dir; drop this option");
    }
  }
  for (const char* name : {"--tmx", "--tmj", "--ascii", "--wad", "--demo"}) {
    if (cmd.count(name) > 0) {
      throw usage_error(name, fmt::format("a batch names each level's files itself; use --with-{} to add "
                                          "level-NNNN files of this kind to --out-dir",
                                          std::string_view(name).substr(2)));
    }
  }
}

std::optional<core::Seed> parse_seed(const LevelOptions& o) {
  if (!o.seed_given) return std::nullopt;
  core::Seed seed = 0;
  const char* end = o.seed.data() + o.seed.size();
  const auto [ptr, ec] = std::from_chars(o.seed.data(), end, seed);
  if (o.seed.empty() || ec != std::errc{} || ptr != end) {
    throw usage_error("--seed", fmt::format("'{}' is not a whole number from 0 to 18446744073709551615", o.seed));
  }
  return seed;
}

namespace {

// Refuses before any work an output that is one of the inputs the command read: in a batch,
// an input in --out-dir named like a file the batch writes.
void refuse_inputs_as_outputs(const LevelOptions& o) {
  if (!o.batch()) {
    for (const std::string& path : o.outputs()) io::refuse_input(path);
    for (const std::string& path : o.tileset_outputs()) io::refuse_input(path);
    return;
  }
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(o.out_dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with("level-") || name == "manifest.csv" || name == exporters::kTilesetImageName) {
      io::refuse_input(entry.path());
    }
  }
}

}  // namespace

int run_levels(const LevelOptions& o, const LevelSource& source) {
  refuse_inputs_as_outputs(o);
  if (source.check_output) {
    if (o.batch()) {
      source.check_output((fs::path(o.out_dir) / "level-0000.png").string());
      if (o.with_tmx || o.with_tmj) source.check_output((fs::path(o.out_dir) / exporters::kTilesetImageName).string());
    } else {
      for (const std::string& path : o.outputs()) source.check_output(path);
      for (const std::string& path : o.tileset_outputs()) source.check_output(path);
    }
  }
  if (!o.batch()) return run_single(o, source);
  return run_batch(o, source, resolve_seed(o, "level i uses seed {} + i"));
}

std::vector<std::string> level_option_lines(const LevelOptions& o) {
  std::vector<std::string> lines;
  if (o.locks > 0) lines.push_back(fmt::format("--locks {}", o.locks));
  const std::pair<const char*, int> content[] = {{"--spikes", o.content.spikes}, {"--monsters", o.content.monsters},
                                                 {"--chests", o.content.chests}, {"--loot", o.content.loot},
                                                 {"--decor", o.content.decor}};
  for (const auto& [name, n] : content) {
    if (n > 0) lines.push_back(fmt::format("{} {}", name, n));
  }
  return lines;
}

}  // namespace dungen::cli
