#include "cli/level_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <random>

#include "analysis/tiers.hpp"
#include "cli/exit_codes.hpp"
#include "cli/messages.hpp"
#include "cli/option_lines.hpp"
#include "cli/step_pictures.hpp"
#include "cli/validators.hpp"
#include "cli/wad_output.hpp"
#include "core/error.hpp"
#include "core/palette.hpp"
#include "core/plural.hpp"
#include "pipeline/floors.hpp"
#include "pipeline/require.hpp"

namespace dungen::cli {

int run_batch(const LevelOptions& o, const LevelSource& source, core::Seed seed,
              const io::fs::RunFiles& files);  // batch.cpp

std::vector<LevelOptions::Output> LevelOptions::default_outputs(
    std::span<const exporters::Writer> table) {
  std::vector<Output> outputs(table.size());
  if (const std::size_t map = exporters::writer_index("map", table); map < table.size())
    outputs[map].path = "dungeon.png";
  return outputs;
}

pipeline::Analyses LevelOptions::dungeon_analyses() const {
  pipeline::Analyses a;
  a.locks = locks;
  a.content = content;
  for (const exporters::Writer& w : writers) {
    if (w.route_turn_cost >= 0 && writes(w.name))
      a.route_turn_cost = std::max(a.route_turn_cost, w.route_turn_cost);
  }
  return a;
}

bool LevelOptions::keys_across_floors() const {
  return floors > 1 && locks > 0 && !writes("wad");
}

pipeline::Analyses LevelOptions::analyses(const io::fs::RunFiles& files) const {
  pipeline::Analyses a = dungeon_analyses();
  if (keys_across_floors()) a.locks = 0;  // placed over the whole dungeon (pipeline/floors.hpp)
  if (dump_steps.empty()) return a;
  a.observe = StepPictures(dump_steps, scale, quiet, files);
  return a;
}

bool LevelOptions::writes(std::string_view name) const {
  const std::size_t i = exporters::writer_index(name, writers);
  if (i >= outputs.size()) return false;
  if (!batch()) return !outputs[i].path.empty();
  return writers[i].batch_help.empty() || outputs[i].with;
}

bool LevelOptions::writes_tiled_map() const {
  return std::any_of(writers.begin(), writers.end(),
                     [&](const exporters::Writer& w) { return w.tiled && writes(w.name); });
}

const std::string& LevelOptions::path(std::string_view name) const {
  static const std::string none;
  const std::size_t i = exporters::writer_index(name, writers);
  return i < outputs.size() ? outputs[i].path : none;
}

exporters::OutputPlan LevelOptions::single_plan(int floor) const {
  std::vector<std::string> paths;
  for (std::size_t i = 0; i < outputs.size(); ++i) {  // a dungeon's WAD is one file, not per floor
    const bool whole = floor > 0 && i < writers.size() && writers[i].write_floors != nullptr;
    paths.push_back(whole ? "" : floor_path(outputs[i].path, floor));
  }
  return exporters::single_plan(paths, writers);
}

exporters::OutputPlan LevelOptions::batch_plan(const std::string& base) const {
  std::vector<bool> with;
  for (const Output& out : outputs) with.push_back(out.with);
  return exporters::batch_plan(base, with, writers);
}

void add_level_shape_options(CLI::App& cmd, LevelOptions& o) {
  cmd.option_defaults()->group("Generation");
  cmd.add_option("--seed", o.seed,
                 "Seed of the random choices, 0 to 2^64-1 (default: chosen and printed)")
      ->each([&o](const std::string&) { o.seed_given = true; });
  cmd.add_option("--locks", o.locks,
                 "Lock-and-key puzzles: N locked doors, each needed, with keys far from them "
                 "(docs/locks.md)")
      ->transform(whole_number(0, 1000));
  cmd.option_defaults()->group("Content");
  cmd.add_option("--spikes", o.content.spikes,
                 "Spikes on hallway cells (walled on two opposite sides)")
      ->transform(whole_number(0, 100000));
  cmd.add_option("--monsters", o.content.monsters, "Monsters on floor away from the start")
      ->transform(whole_number(0, 100000));
  cmd.add_option("--chests", o.content.chests, "Chests against room walls")
      ->transform(whole_number(0, 100000));
  cmd.add_option("--loot", o.content.loot, "Loot on floor")->transform(whole_number(0, 100000));
  cmd.add_option("--decor", o.content.decor, "Decor against walls")
      ->transform(whole_number(0, 100000));
  cmd.option_defaults()->group("Generation");
}

void add_require_option(CLI::App& cmd, LevelOptions& o) {
  cmd.add_option("--require", o.require,
                 "Targets over the level's metrics, e.g. 'loops>=3,dead_ends<=8': levels are made "
                 "again with other seeds (up to 100) until they hold, else the closest is kept "
                 "with a note (docs/cli.md)")
      ->check(non_empty_name("targets, e.g. loops>=3, or leave the option out")
                 .description("TARGETS"));
}

void add_tiers_option(CLI::App& cmd, LevelOptions& o) {
  cmd.add_option("--tiers", o.content.tiers,
                 "Monsters, chests and loot get a tier from 1 to this, rising along the route "
                 "and behind locks (docs/content.md)")
      ->transform(whole_number(1, analysis::kMostTiers));
}

void add_level_options(CLI::App& cmd, LevelOptions& o) {
  add_level_shape_options(cmd, o);
  cmd.option_defaults()->group("Content");  // tiers change no metric: not for range
  add_tiers_option(cmd, o);
  cmd.option_defaults()->group("Generation");
  cmd.add_option("--floors", o.floors,
                 "A dungeon of N floors from one seed, each floor's way down on the same cell as "
                 "the next one's way up; every output is written per floor as NAME-floorK.EXT, "
                 "--json also as one file with every floor and the stairs, --wad and --demo "
                 "only as one file with a map per floor; in a batch each level is such a dungeon "
                 "(docs/floors.md)")
      ->transform(whole_number(1, pipeline::kMostFloors));
  cmd.add_flag("--strict", o.strict,
               "Exit with status 3 when the level ends prematurely, has cells the entrance "
               "cannot reach or misses --require (the outputs are still written)");
  add_require_option(cmd, o);
  cmd.add_option(
         "--dump-steps", o.dump_steps,
         "Write the map after each step of the generator into this folder as NNN-STEP.png (at "
         "--scale), to see how a level grew (one level only; docs/cli.md)")
      ->each([&o](const std::string&) { o.dump_steps_given = true; });
  cmd.option_defaults()->group("Output");
  const auto ws = o.writers;
  for (std::size_t i = 0; i < ws.size(); ++i) {
    CLI::Option* opt =
        cmd.add_option(std::string(ws[i].option), o.outputs[i].path, std::string(ws[i].help))
            ->check(non_empty_name());  // an unset shell variable is a mistake, not "none"
    if (!o.outputs[i].path.empty()) opt->capture_default_str();
  }
  add_wad_options(cmd, o);
  cmd.add_option("--scale", o.scale, "Pixels per cell of the preview and of the --uvtt picture")
      ->transform(whole_number(1, 64))
      ->capture_default_str();
  cmd.add_flag("-q,--quiet", o.quiet, "Print nothing but errors");
  cmd.option_defaults()->group("Batch");
  cmd.add_option("--count", o.count,
                 "Batch: write this many levels (with --floors, dungeons) into --out-dir (seeds S, "
                 "S+1, ...)")
      ->transform(whole_number(1, 1000000));
  cmd.add_option("--out-dir", o.out_dir,
                 "Batch: folder for the levels and manifest.csv (created if missing)")
      ->check(non_empty_name());
  cmd.add_option("-j,--jobs", o.jobs, "Batch: worker threads")
      ->transform(whole_number(1, 256))
      ->capture_default_str();
  cmd.add_flag("--gallery", o.gallery,
               "Batch: also write index.html, a page of every level's thumbnail, seed and "
               "metrics, sortable, linking its files (docs/cli.md)");
  cmd.add_flag("--wait", o.wait,
               "Batch: when another batch is writing into --out-dir, wait for it to end "
               "(without: refused, exit 4)");
  for (std::size_t i = 0; i < ws.size(); ++i) {
    if (!ws[i].batch_help.empty())
      cmd.add_flag(fmt::format("--with-{}", ws[i].name), o.outputs[i].with,
                   std::string(ws[i].batch_help));
  }
}

namespace {

// Every output through one plan, all or none: the files are renamed over their targets only
// once every one is written. Reports are streamed: a map of a million tiles never holds them
// whole.
// Returns the plan written.
exporters::OutputPlan write_outputs(const LevelOptions& o, const core::Level& level,
                                    const io::fs::RunFiles& files) {
  io::fs::OutputSet outputs = files.outputs();
  exporters::OutputPlan plan = o.single_plan();
  (void)exporters::write_level(level, plan, writer_settings(o, o.path("wad") + " has"), outputs);
  outputs.commit();
  return plan;
}

std::string shown_path(const std::string& path) { return path == "-" ? "standard output" : path; }

// "also wrote r.txt, m.json, m.tmx, dungen-tiles.png": every file of `plan` but the map (the
// line before names it), tileset images last, or "" when the map is all.
std::string other_files(const exporters::OutputPlan& plan) {
  std::vector<std::string> names;
  for (const exporters::OutputPlan::File& f : plan.files) {
    if (f.writer->name == "map") continue;
    names.push_back(f.path == "-" ? fmt::format("standard output ({})", f.writer->name) : f.path);
  }
  names.insert(names.end(), plan.tileset_images.begin(), plan.tileset_images.end());
  return names.empty() ? "" : fmt::format("also wrote {}", fmt::join(names, ", "));
}


std::string unreachable_warning(const core::Level& level) {
  const core::LevelMetrics& m = level.analysis.metrics;
  return fmt::format(
      "{} in {} the entrance cannot reach ({:.1f} % of the level; the preview shows them, the "
      "report lists them)",
      core::count_of(m.passable_cells - m.reachable_cells, "passable cells"),
      core::count_of(level.analysis.unreachable.size(), "regions"),
      100.0 * (1.0 - m.reachable_share()));
}

int run_single(const LevelOptions& o, const LevelSource& source, const io::fs::RunFiles& files) {
  const core::Seed seed = resolve_seed(o, "--seed {} makes this map again");
  set_run_phase(RunPhase::Making);
  const core::Level level = source.make(seed);
  set_run_phase(RunPhase::Writing);
  const exporters::OutputPlan plan = write_outputs(o, level, files);
  if (!o.quiet) {
    print_line(fmt::format("wrote {} ({}x{} cells, {}, {}, seed {})", shown_path(o.path("map")),
                           level.map.cells.width(), level.map.cells.height(),
                           core::count_of(level.map.placements.size(), source.units),
                           core::count_of(level.map.unused_doors.size(), "unused doors"),
                           level.origin.seed));
    if (const std::string others = other_files(plan); !others.empty()) print_line(others);
    for (const auto* notes :
         {&level.outcome.notes, &level.puzzle.lock_notes, &level.content.notes}) {
      for (const std::string& note : *notes) print_message("note", note);
    }
  }
  if (!o.quiet && !level.analysis.unreachable.empty())
    print_message("warning", unreachable_warning(level));
  for (const std::string& why : level.outcome.early_notes) {
    if (!o.quiet) print_message("warning", "level ended early: " + why);
  }
  return o.strict && !level.complete() ? kIncomplete : kOk;
}

}  // namespace

// The only place dungen reads entropy.
core::Seed resolve_seed(const LevelOptions& o, const std::string& how_to_remake) {
  if (const auto seed = parse_seed(o)) return *seed;
  const core::Seed seed = std::random_device{}();
  if (!o.quiet)
    print_line(fmt::format("seed {} (chosen at random; {})", seed,
                           fmt::format(fmt::runtime(how_to_remake), seed)));
  return seed;
}

std::function<core::Level(core::Seed)> meeting_requirements(
    const LevelOptions& o, std::function<core::Level(core::Seed)> make) {
  if (o.require.empty()) return make;
  // made again with other seeds until the targets hold
  return [make = std::move(make), targets = requirements(o)](core::Seed seed) {
    return pipeline::make_meeting(make, seed, targets);
  };
}

int run_levels(const LevelOptions& o, const LevelSource& source, const io::fs::RunFiles& files) {
  LevelSource meeting = source;
  meeting.make = meeting_requirements(o, source.make);
  if (!o.batch() && o.floors > 1) return run_floors(o, meeting, files);
  if (!o.batch()) return run_single(o, meeting, files);
  return run_batch(o, meeting, resolve_seed(o, "level i uses seed {} + i"), files);
}

// The shared options' lines, after each generator's own.
const OptionLine<LevelOptions> kLevelLines[] = {
    {"require", "--require", [](const LevelOptions& o) { return o.require; },
     [](const LevelOptions& o) { return !o.require.empty(); }},
    {"locks", "--locks", [](const LevelOptions& o) { return whole(o.locks); },
     [](const LevelOptions& o) { return o.locks > 0; }},
    {"spikes", "--spikes", [](const LevelOptions& o) { return whole(o.content.spikes); },
     [](const LevelOptions& o) { return o.content.spikes > 0; }},
    {"monsters", "--monsters", [](const LevelOptions& o) { return whole(o.content.monsters); },
     [](const LevelOptions& o) { return o.content.monsters > 0; }},
    {"chests", "--chests", [](const LevelOptions& o) { return whole(o.content.chests); },
     [](const LevelOptions& o) { return o.content.chests > 0; }},
    {"loot", "--loot", [](const LevelOptions& o) { return whole(o.content.loot); },
     [](const LevelOptions& o) { return o.content.loot > 0; }},
    {"decor", "--decor", [](const LevelOptions& o) { return whole(o.content.decor); },
     [](const LevelOptions& o) { return o.content.decor > 0; }},
    {"tiers", "--tiers", [](const LevelOptions& o) { return whole(o.content.tiers); },
     [](const LevelOptions& o) { return o.content.tiers > 0; }},
};

pipeline::Requirements requirements(const LevelOptions& o) {
  pipeline::MetricReader reader;
  for (const exporters::Metric& m : o.metrics) reader.keys.emplace_back(m.key);
  const auto row = [table = o.metrics](std::string_view key) -> const exporters::Metric& {
    return *std::find_if(table.begin(), table.end(),
                         [&](const exporters::Metric& m) { return m.key == key; });
  };
  reader.value = [row](std::string_view key, const core::LevelMetrics& m) {
    return row(key).value(m);
  };
  reader.text = [row](std::string_view key, const core::LevelMetrics& m) {
    return exporters::machine_value(row(key), m);
  };
  return pipeline::parse_requirements(o.require, std::move(reader));
}

void add_level_option_lines(const LevelOptions& o, std::vector<std::string>& lines) {
  add_option_lines(kLevelLines, o, lines);
}

}  // namespace dungen::cli
