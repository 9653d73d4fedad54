#include "cli/generate_command.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>

#include "cli/exit_codes.hpp"
#include "cli/validators.hpp"
#include "cli/generate_setup.hpp"
#include "core/error.hpp"
#include "export/render.hpp"
#include "export/report.hpp"
#include "io/files.hpp"
#include "io/png.hpp"

namespace dungen::cli {
namespace {

void check_outputs(const GenerateOptions& o) {
  int to_stdout = 0;
  std::vector<std::filesystem::path> seen;
  for (const std::string* path : {&o.output, &o.report, &o.json, &o.preview}) {
    if (path->empty() && path != &o.output) continue;
    if (*path == "-") {
      ++to_stdout;
      continue;
    }
    io::check_writable(*path);
    std::error_code ec;
    const auto canonical = std::filesystem::weakly_canonical(*path, ec);
    if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) {
      throw usage_error(*path, "is named by two outputs; give each of -o, --report, --json and --preview its own file");
    }
    seen.push_back(canonical);
  }
  if (to_stdout > 1) throw usage_error("-o/--report/--json/--preview", "only one output can be '-' (standard output)");
  if (o.output == "-" && ::isatty(STDOUT_FILENO) != 0) {
    throw usage_error("-o -", "standard output is a terminal; redirect it to a file or pipe (dungen ... -o - > map.png)");
  }
}

// Reports are streamed to their files: a map of a million tiles never holds them whole.
void write_outputs(const GenerateOptions& o, const core::Level& level) {
  io::write_file(o.output, io::encode_cells_png(level.map.cells));
  if (!o.report.empty()) {
    io::write_streamed(o.report, [&](const io::BlockSink& sink) { exporters::write_text_report(level, sink); });
  }
  if (!o.json.empty()) {
    io::write_streamed(o.json, [&](const io::BlockSink& sink) { exporters::write_json_report(level, sink); });
  }
  if (!o.preview.empty()) {
    io::write_file(o.preview, io::encode_png(exporters::render_preview(level, {o.scale})));
  }
}

int run_single(const GenerateOptions& o) {
  check_outputs(o);
  const GenerateSetup setup = prepare_generate(o);
  for (const std::string* path : {&o.output, &o.report, &o.json, &o.preview}) {
    check_output_path(*path, o.input, setup.tiles);
  }
  const core::Seed seed = resolve_seed(setup, o.quiet, "--seed {} makes this map again");
  const core::Level level = pipeline::generate_level(setup.tiles.set, *setup.candidates, setup.settings, seed);
  write_outputs(o, level);
  if (!o.quiet) {
    std::cerr << fmt::format("dungen: wrote {} ({}x{} cells, {} tiles, {} unused doors, seed {})\n",
                             o.output, level.map.cells.width(), level.map.cells.height(),
                             level.map.placements.size(), level.map.unused_doors.size(), level.seed);
  }
  if (level.terminated_early) {
    for (const std::string& why : level.early_notes) {
      if (!o.quiet) std::cerr << "dungen: warning: level ended early: " << why << "\n";
    }
    if (o.strict) return kIncomplete;
  }
  return kOk;
}

void add_generation_options(CLI::App& cmd, GenerateOptions& o) {
  cmd.option_defaults()->group("Generation");
  cmd.add_option("--seed", o.seed, "Seed of the random choices, 0 to 2^64-1 (default: chosen and printed)")
      ->each([&o](const std::string&) { o.seed_given = true; });
  cmd.add_option("--max-tiles", o.max_tiles, "Grow until this many tiles are placed, then close open doors")
      ->check(whole_number(1, 10000000))
      ->capture_default_str();
  cmd.add_option("--min-tiles", o.min_tiles,
                 "Fewer tiles than this = the level ended prematurely (default: half of --max-tiles)")
      ->check(whole_number(0, 100000000));
  cmd.add_option("--start", o.start, "File name of the first tile (default: drawn by weight)");
  cmd.add_option("--policy", o.policy,
                 "Which open door grows next: random (compact), breadth (rings around the start), "
                 "depth (long branches)")
      ->check(CLI::IsMember({"random", "breadth", "depth"}))
      ->capture_default_str();
  cmd.add_option("--max-size", o.max_size, "Largest map, WIDTHxHEIGHT in cells (e.g. 120x80)");
  cmd.add_option("--retries", o.retries, "When a level ends prematurely, try up to K next seeds")
      ->check(whole_number(0, 1000000));
  cmd.add_flag("--strict", o.strict, "Exit with status 3 when the level ends prematurely");
  cmd.add_option("--locks", o.locks,
                 "Lock-and-key puzzles: N locked doors, each needed, with keys far from them (docs/locks.md)")
      ->check(whole_number(0, 1000));
}

void add_output_options(CLI::App& cmd, GenerateOptions& o) {
  cmd.option_defaults()->group("Output");
  cmd.add_option("-o,--output", o.output, "Map PNG to write ('-' = standard output)")->capture_default_str();
  cmd.add_option("--report", o.report, "Also write the text report here ('-' = standard output)");
  cmd.add_option("--json", o.json, "Also write the JSON report here ('-' = standard output)");
  cmd.add_option("--preview", o.preview, "Also write an annotated, scaled-up picture here");
  cmd.add_option("--scale", o.scale, "Preview pixels per cell")->check(whole_number(1, 64))->capture_default_str();
  cmd.option_defaults()->group("Batch");
  cmd.add_option("--count", o.count, "Batch: write this many levels into --out-dir (seeds S, S+1, ...)")
      ->check(whole_number(1, 100000000));
  cmd.add_option("--out-dir", o.out_dir, "Batch: folder for the levels and manifest.csv (created if missing)");
  cmd.add_option("-j,--jobs", o.jobs, "Batch: worker threads")->check(whole_number(1, 256))->capture_default_str();
  cmd.option_defaults()->group("Output");
  cmd.add_flag("-q,--quiet", o.quiet, "Print nothing but errors");
}

}  // namespace

void add_generate_command(CLI::App& app, int& status) {
  auto o = std::make_shared<GenerateOptions>();
  CLI::App* cmd = app.add_subcommand("generate", "Stitch a folder of tiles into a dungeon map");
  add_tile_input(*cmd, o->input);
  add_generation_options(*cmd, *o);
  add_output_options(*cmd, *o);
  cmd->callback([o, cmd, &status] {
    const bool batch = cmd->count("--count") > 0 || cmd->count("--out-dir") > 0;
    if (batch) {
      if (o->count == 0 || o->out_dir.empty()) {
        throw usage_error("--count/--out-dir", "a batch needs both --count K (1 or more) and a non-empty --out-dir DIR");
      }
      for (const char* name : {"--output", "--report", "--json", "--preview"}) {
        if (cmd->count(name) > 0) {
          throw usage_error(name, "a batch writes each level's map, text and JSON reports into --out-dir; drop this option");
        }
      }
      status = run_batch(*o);
    } else {
      status = run_single(*o);
    }
  });
}

}  // namespace dungen::cli
