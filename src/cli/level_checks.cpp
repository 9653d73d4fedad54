#include "cli/level_checks.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>

#include "cli/dungeon_files.hpp"
#include "cli/wad_output.hpp"
#include "core/error.hpp"
#include "export/gallery.hpp"
#include "export/tiled.hpp"

namespace dungen::cli {

io::fs::SingleRunPlan single_run_plan(const LevelOptions& o) {
  io::fs::SingleRunPlan run;
  const auto add = [&run](const exporters::Writer& writer, const std::string& path) {
    run.files.push_back({.path = path,
                         .option = std::string(exporters::shown_option(writer)),
                         .binary = writer.binary,
                         .suffix = std::string(writer.batch_suffix)});
  };
  // One level's files, or with --floors each floor's and the dungeon's own (dungeon_files.hpp).
  DungeonPlan dungeon;
  if (o.floors > 1) {
    dungeon = single_dungeon_plan(o);
  } else {
    dungeon.floors.push_back(o.single_plan());
  }
  for (const exporters::OutputPlan& plan : dungeon.floors) {
    for (const auto& [writer, path] : plan.files) add(*writer, path);
    for (const std::string& image : plan.tileset_images) {
      if (std::find(run.tileset_images.begin(), run.tileset_images.end(), image) ==
          run.tileset_images.end())
        run.tileset_images.push_back(image);
    }
  }
  const auto writer = [&o](std::string_view name) -> const exporters::Writer& {
    return o.writers[exporters::writer_index(name, o.writers)];
  };
  if (!dungeon.json.empty()) add(writer("json"), dungeon.json);
  if (!dungeon.ascii.path.empty()) add(*dungeon.ascii.writer, dungeon.ascii.path);
  if (!dungeon.world.empty()) add(writer("tmx"), dungeon.world);
  for (const exporters::OutputPlan::File& whole : dungeon.whole) add(*whole.writer, whole.path);
  for (const exporters::Writer& w : o.writers) run.options.emplace_back(exporters::shown_option(w));
  if (o.dump_steps_given) run.step_folder = o.dump_steps;  // "" too: refused by the checks
  return run;
}

io::fs::BatchPlan batch_run_plan(const LevelOptions& o) {
  io::fs::BatchPlan run{.folder = o.out_dir,
                        .count = o.count,
                        .level_suffixes = {},
                        .manifest = "manifest.csv",
                        .gallery = std::string(exporters::kGalleryName),
                        .writes_gallery = o.gallery,
                        .tileset_image = std::string(exporters::kTilesetImageName),
                        .writes_tileset_image = o.writes_tiled_map(),
                        .lock_wait = o.wait ? io::fs::LockWait::Wait : io::fs::LockWait::Refuse,
                        .on_wait = {}};
  if (o.floors > 1) {  // a dungeon's files (dungeon_files.hpp)
    run.level_suffixes = dungeon_paths(batch_dungeon_plan(o, ""));
    return run;
  }
  for (const exporters::OutputPlan::File& f : o.batch_plan("").files)
    run.level_suffixes.push_back(f.path);
  return run;
}

namespace {

// The option's long spelling, as CLI::App::count takes it ("--output" for "-o,--output").
std::string long_option(const exporters::Writer& w) {
  return std::string(
      w.option.substr(w.option.rfind(',') == std::string_view::npos ? 0 : w.option.rfind(',') + 1));
}

}  // namespace

void check_level_options(const CLI::App& cmd, const LevelOptions& o, io::fs::RunFiles& files) {
  (void)parse_seed(o);
  if (o.floors > 1) check_floor_options(o, files);
  if (!o.require.empty()) (void)requirements(o);  // its faults first
  check_wad_options(o, files);
  const auto ws = o.writers;
  if (!o.batch()) {
    for (const exporters::Writer& w : ws) {
      const std::string flag = fmt::format("--with-{}", w.name);
      if (!w.batch_help.empty() && cmd.count(flag) > 0) {
        throw usage_error(
            flag,
            fmt::format("is for batches (--count K --out-dir DIR); for one level give {} FILE",
                        exporters::shown_option(w)));
      }
    }
    if (o.gallery) {
      throw usage_error("--gallery",
                        "is for batches: it shows the levels of --count K --out-dir DIR on one "
                        "page, DIR/index.html; for one level give --preview FILE");
    }
    if (o.wait) {
      throw usage_error("--wait",
                        "is for batches: it waits for another batch writing into --out-dir DIR; "
                        "one level needs no lock, drop it");
    }
    return files.check(single_run_plan(o));
  }
  if (o.count == 0 || o.out_dir.empty()) {
    throw usage_error("--count/--out-dir",
                      "a batch needs both --count K (1 or more) and a non-empty --out-dir DIR");
  }
  if (o.dump_steps_given) {
    throw usage_error("--dump-steps",
                      "shows the steps of one level; make that level alone with its seed from the "
                      "manifest (--seed S) and --dump-steps DIR");
  }
  for (const exporters::Writer& w : ws) {
    const std::string name = long_option(w);
    if (cmd.count(name) == 0) continue;
    if (w.batch_help.empty()) {
      throw usage_error(name,
                        "a batch writes each level's map, text and JSON reports into --out-dir; "
                        "drop this option");
    }
    throw usage_error(
        name,
        fmt::format("a batch names each level's files itself; use --with-{} to add level-NNNN "
                    "files of this kind to --out-dir",
                    w.name));
  }
  files.check(batch_run_plan(o));
}

std::optional<core::Seed> parse_seed(const LevelOptions& o) {
  if (!o.seed_given) return std::nullopt;
  core::Seed seed = 0;
  const char* end = o.seed.data() + o.seed.size();
  const auto [ptr, ec] = std::from_chars(o.seed.data(), end, seed);
  if (o.seed.empty() || ec != std::errc{} || ptr != end) {
    throw usage_error(
        "--seed", fmt::format("'{}' is not a whole number from 0 to 18446744073709551615", o.seed));
  }
  return seed;
}

}  // namespace dungen::cli
