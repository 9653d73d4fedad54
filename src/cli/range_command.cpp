#include "cli/range_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <exception>
#include <iostream>
#include <memory>
#include <random>

#include "cli/batch_workers.hpp"
#include "cli/exit_codes.hpp"
#include "cli/generate_command.hpp"
#include "cli/generate_setup.hpp"
#include "cli/messages.hpp"
#include "cli/progress.hpp"
#include "cli/tile_input.hpp"
#include "cli/validators.hpp"
#include "core/error.hpp"
#include "core/tile_settings.hpp"
#include "export/range.hpp"
#include "export/range_picture.hpp"
#include "io/formats/png.hpp"

namespace dungen::cli {
namespace {

struct RangeOptions {
  GenerateOptions generate;  ///< the tiles and the options that shape a level, as generate's
  int count = 100;
  std::string x{exporters::kRangeX}, y{exporters::kRangeY};  ///< metric keys (metric_table.hpp)
  std::string base = "range";
  int jobs = 1;
};

// The metric keyed `key`, or a usage error of `flag` naming the nearest key and all of them.
const exporters::Metric& metric_option(const std::string& flag, const std::string& key,
                                       std::span<const exporters::Metric> table) {
  if (const exporters::Metric* m = exporters::metric_by_key(key, table)) return *m;
  std::vector<std::string> keys;
  for (const exporters::Metric& m : table) keys.emplace_back(m.key);
  const std::string near = core::closest_match(key, keys);
  throw usage_error(flag,
                    fmt::format("'{}' is not a metric{}; the metrics are {}", printable(key, 100),
                                near.empty() ? "" : fmt::format(" (did you mean '{}'?)", near),
                                fmt::join(keys, ", ")));
}

// BASE without a ".png" that was typed out of habit.
std::string base_of(const std::string& given) {
  const std::string png = ".png";
  if (given.size() > png.size() && given.ends_with(png))
    return given.substr(0, given.size() - png.size());
  return given;
}

// The four outputs, in the order written: heatmap, histograms, table, CSV.
io::fs::SingleRunPlan range_plan(const std::string& base) {
  if (base == "-")
    throw usage_error("-o",
                      "the range writes four files, none to standard output; give a "
                      "base name, e.g. -o range (range.png, range.txt, ...)");
  io::fs::SingleRunPlan plan;
  plan.files = {{base + ".png", "-o", true, ".png"},
                {base + "-histograms.png", "-o", true, ".png"},
                {base + ".txt", "-o", false, ".txt"},
                {base + ".csv", "-o", false, ".csv"}};
  plan.options = {"-o"};
  return plan;
}

// The levels of seeds seed .. seed + count - 1 on `jobs` threads, with a progress bar on a
// terminal. A level that throws ends the run with its error (the first by seed), once every
// worker is done.
std::vector<exporters::RangeLevel> measure_levels(
    const RangeOptions& o, const std::function<core::Level(core::Seed)>& make, core::Seed seed) {
  std::vector<exporters::RangeLevel> levels(static_cast<std::size_t>(o.count));
  std::vector<std::exception_ptr> errors(levels.size());
  std::atomic<int> next{0};
  const bool quiet = o.generate.level.quiet;
  BatchProgress progress(o.count, !quiet && ::isatty(STDERR_FILENO) != 0, std::cerr);
  auto worker = [&] {
    for (int i = next++; i < o.count; i = next++) {
      const auto at = static_cast<std::size_t>(i);
      const core::Seed s = seed + static_cast<core::Seed>(i);
      try {
        levels[at] = {s, make(s).analysis.metrics};
      } catch (...) {
        errors[at] = std::current_exception();
      }
      progress.finished(i, "");
    }
  };
  run_workers(std::min(o.jobs, o.count), worker, quiet);
  for (const std::exception_ptr& e : errors) {
    if (e) std::rethrow_exception(e);
  }
  return levels;
}

// The four files of `plan` (range_plan), all or none.
void write_range(const io::fs::RunFiles& files, const io::fs::SingleRunPlan& plan,
                 const exporters::RangeRun& run, std::span<const exporters::RangeLevel> levels) {
  io::fs::OutputSet outputs = files.outputs();
  const exporters::RangeHeatmap heat = exporters::heatmap(*run.x, *run.y, levels);
  outputs.write(plan.files[0].path,
                io::formats::encode_png(exporters::range_heatmap_picture(run, heat, levels)));
  outputs.write(plan.files[1].path,
                io::formats::encode_png(exporters::range_histograms_picture(run, levels)));
  outputs.write_text(plan.files[2].path, exporters::range_table(run, levels));
  outputs.write_text(plan.files[3].path, exporters::range_csv(run.metrics, levels));
  outputs.commit();
}

core::Seed range_seed(const RangeOptions& o) {
  if (const auto seed = parse_seed(o.generate.level)) return *seed;
  const core::Seed seed = std::random_device{}();
  if (!o.generate.level.quiet)
    print_line(
        fmt::format("seed {} (chosen at random; --seed {} makes this range again)", seed, seed));
  return seed;
}

int run_range(const RangeOptions& o) {
  const std::span<const exporters::Metric> table = o.generate.level.metrics;
  const exporters::Metric& x = metric_option("-x", o.x, table);
  const exporters::Metric& y = metric_option("-y", o.y, table);
  io::fs::RunFiles files;  // this run's inputs and outputs
  add_generate_inputs(o.generate, files);
  const std::string base = base_of(o.base);
  const io::fs::SingleRunPlan plan = range_plan(base);
  files.check(plan);  // before any tile is read
  const auto setup = std::make_shared<const GenerateSetup>(prepare_generate(o.generate, files));
  const core::Seed seed = range_seed(o);  // said once the tiles are read, as generate says it
  const auto make = meeting_requirements(o.generate.level, [setup](core::Seed s) {
    return pipeline::generate_level(setup->tiles.set, *setup->candidates, setup->settings, s);
  });
  set_run_phase(RunPhase::Making);
  const std::vector<exporters::RangeLevel> levels = measure_levels(o, make, seed);
  set_run_phase(RunPhase::Writing);
  write_range(files, plan,
              {.tiles = o.generate.input.folder,
               .first_seed = seed,
               .options = setup->settings.options,
               .metrics = table,
               .x = &x,
               .y = &y},
              levels);
  if (!o.generate.level.quiet)
    print_line(fmt::format(
        "wrote {0}.png ({1} against {2}), {0}-histograms.png, {0}.txt and "
        "{0}.csv: {3} levels, seeds {4} to {5}",
        base, y.key, x.key, o.count, seed, seed + static_cast<core::Seed>(o.count - 1)));
  return kOk;
}

void add_range_options(CLI::App& cmd, RangeOptions& o) {
  cmd.option_defaults()->group("Range");
  cmd.add_option("--count", o.count, "Levels to make and measure (seeds S, S+1, ...)")
      ->transform(whole_number(1, 1000000))
      ->capture_default_str();
  cmd.add_option("-x,--x-axis", o.x, "The heatmap's metric across (a metric key, docs/reports.md)")
      ->capture_default_str();
  cmd.add_option("-y,--y-axis", o.y, "The heatmap's metric up (a metric key)")
      ->capture_default_str();
  cmd.add_option("-o,--output", o.base,
                 "Base name: writes BASE.png (heatmap), BASE-histograms.png, BASE.txt, BASE.csv")
      ->check(non_empty_name())
      ->capture_default_str();
  cmd.add_option("-j,--jobs", o.jobs, "Worker threads")
      ->transform(whole_number(1, 256))
      ->capture_default_str();
  cmd.add_flag("-q,--quiet", o.generate.level.quiet, "Print nothing but errors");
}

}  // namespace

void add_range_command(CLI::App& app, int& status) {
  auto o = std::make_shared<RangeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "range",
      "The expressive range of a tile set: generate's levels over N seeds as a heatmap of two "
      "metrics, histograms, a table and a CSV (docs/quality.md)");
  add_tile_input(*cmd, o->generate.input);
  add_generation_options(*cmd, o->generate);
  add_level_shape_options(*cmd, o->generate.level);
  add_require_option(*cmd, o->generate.level);
  add_range_options(*cmd, *o);
  cmd->callback([o, &status] { status = run_range(*o); });
}

}  // namespace dungen::cli
