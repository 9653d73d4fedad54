// `generate --count K --out-dir DIR`: many levels, written in parallel, with a manifest.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <iostream>

#include "cli/batch_folder.hpp"
#include "cli/batch_workers.hpp"
#include "cli/level_checks.hpp"
#include "cli/exit_codes.hpp"
#include "cli/flag_names.hpp"
#include "cli/level_command.hpp"
#include "cli/messages.hpp"
#include "cli/progress.hpp"
#include "cli/wad_output.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/plural.hpp"
#include "export/gallery.hpp"
#include "export/metric_table.hpp"
#include "export/output_plan.hpp"
#include "export/tiled.hpp"
#include "io/files.hpp"
#include "io/png.hpp"

namespace dungen::cli {
namespace fs = std::filesystem;
namespace {

struct Row {
  core::Seed seed = 0;
  std::string name;
  int tiles = 0, unused = 0, unreachable = 0;
  bool early = false;
  std::string hash, error;
  bool out_of_memory = false;  ///< error is then kOutOfMemory (set without allocating)
  core::LevelMetrics metrics;
  core::Size size;  ///< the map, in cells
};

constexpr const char* kOutOfMemory = "out of memory; use fewer --jobs or ask for smaller levels";

const std::string& error_of(const Row& r) {
  static const std::string oom = kOutOfMemory;
  return r.out_of_memory ? oom : r.error;
}

std::string level_name(int index, int count) {
  const int digits = std::max(4, static_cast<int>(std::to_string(count).size()));
  return fmt::format("level-{:0{}}", index, digits);
}

Row make_one(const LevelOptions& o, const LevelSource& source,
             const exporters::WriterSettings& settings, core::Seed seed, const std::string& name) {
  Row row{seed, name, 0, 0, 0, false, "", "", false, {}, {}};
  try {
    const core::Level level = source.make(seed);
    io::OutputSet files;  // a level's files: all or none
    const std::uint64_t hash = exporters::write_level(
        level, o.batch_plan((fs::path(o.out_dir) / name).string()), settings, files);
    files.commit();
    row.seed = level.origin.seed;
    row.tiles = static_cast<int>(level.map.placements.size());
    row.unused = static_cast<int>(level.map.unused_doors.size());
    row.unreachable = static_cast<int>(level.analysis.unreachable.size());
    row.early = level.outcome.terminated_early;
    row.metrics = level.analysis.metrics;
    row.size = level.map.cells.size();
    row.hash = core::hex64(hash);
  } catch (
      const std::bad_alloc&) {  // what() would say only "std::bad_alloc"; a flag needs no memory
    row.out_of_memory = true;
  } catch (const std::exception& e) {
    try {
      const auto* error = dynamic_cast<const Error*>(&e);
      row.error = error ? flag_text(*error) : e.what();
    } catch (const std::bad_alloc&) {
      row.out_of_memory = true;
    }
  }
  return row;
}

// manifest.csv (docs/cli.md "Batch"): the level's own columns, then the metrics the manifest
// shows (export/metric_table.hpp).
std::string manifest(const std::vector<Row>& rows, std::span<const exporters::Metric> table) {
  const std::vector<const exporters::Metric*> metrics =
      exporters::metrics_of(exporters::MetricOutput::Manifest, table);
  std::string csv =
      "index,seed,name,tiles,unused_doors,unreachable_regions,terminated_early,status,hash";
  for (const exporters::Metric* m : metrics) csv += fmt::format(",{}", m->key);
  csv += '\n';
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    if (!error_of(r).empty()) {  // no level: its columns stay empty
      std::string status;  // quoted as CSV quotes (RFC 4180): a quote is doubled
      for (const char c : "error: " + error_of(r)) status.append(c == '"' ? 2 : 1, c);
      csv += fmt::format("{},{},{},,,,,\"{}\",{}\n", i, r.seed, r.name, status,
                         std::string(metrics.size(), ','));
      continue;
    }
    csv += fmt::format("{},{},{},{},{},{},{},\"{}\",{}", i, r.seed, r.name, r.tiles, r.unused,
                       r.unreachable, r.early ? "true" : "false", "ok", r.hash);
    for (const exporters::Metric* m : metrics)
      csv += fmt::format(",{}", exporters::machine_value(*m, r.metrics));
    csv += '\n';
  }
  return csv;
}

struct Tally {
  int failed = 0, early = 0, unreachable = 0;
};

Tally tally(const std::vector<Row>& rows) {
  Tally t;
  for (const Row& r : rows) {
    t.failed += !error_of(r).empty();
    t.early += r.early;
    t.unreachable += r.unreachable > 0;
  }
  return t;
}

exporters::GalleryLevel gallery_level(const Row& r) {
  return {.name = r.name,
          .seed = r.seed,
          .size = r.size,
          .placements = r.tiles,
          .unused_doors = r.unused,
          .unreachable_regions = r.unreachable,
          .terminated_early = r.early,
          .error = error_of(r),
          .metrics = r.metrics};
}

// The manifest and, with --gallery, the gallery page: both or neither, from the rows alone.
void write_batch_files(const LevelOptions& o, const LevelSource& source, core::Seed seed,
                       const std::vector<Row>& rows, const Tally& t) {
  io::OutputSet files;
  files.write_text(fs::path(o.out_dir) / "manifest.csv", manifest(rows, o.metrics));
  if (o.gallery) {
    exporters::GalleryBatch batch{.count = rows.size(),
                                  .first_seed = seed,
                                  .units = source.units,
                                  .files = {},
                                  .early = t.early,
                                  .unreachable = t.unreachable,
                                  .failed = t.failed,
                                  .metrics = o.metrics};
    for (const exporters::Writer& w : o.writers) {
      if (o.writes(w.name)) batch.files.push_back(&w);
    }
    files.write(fs::path(o.out_dir) / exporters::kGalleryName, [&](const io::BlockSink& sink) {
      exporters::write_gallery(
          batch, [&](std::size_t i) { return gallery_level(rows[i]); }, sink);
    });
  }
  files.commit();
}

// Says when the folder holds level files of an earlier batch, which the manifest and gallery
// do not list: mixed with this batch's, they would be taken for its levels.
void note_stale_files(const LevelOptions& o) {
  const StaleFiles stale = stale_level_files(o.out_dir, o.count, level_suffixes(o));
  if (stale.count == 0) return;
  print_message("note",
                fmt::format("{} holds {} of an earlier batch that this one did not write "
                            "(e.g. {}); a new --out-dir keeps batches apart",
                            o.out_dir, core::count_of(stale.count, "level files"), stale.first));
}

}  // namespace

// An earlier batch's manifest and gallery would describe levels this one replaces until it
// ends, or for good if it is interrupted: they go now. What this batch writes again at the end
// (the manifest, a gallery asked for) goes where it will land, through a symbolic link as when
// it is written (check_writable has refused an input there). A gallery not asked for goes only
// as a file of the folder itself: never through a link, never when it is an input.
void remove_old_summaries(const LevelOptions& o) {
  std::error_code ec;
  const fs::path manifest = io::output_target(fs::path(o.out_dir) / "manifest.csv");
  if (fs::is_regular_file(fs::symlink_status(manifest, ec))) fs::remove(manifest, ec);
  fs::path gallery = fs::path(o.out_dir) / exporters::kGalleryName;
  if (o.gallery) gallery = io::output_target(gallery);
  if (fs::is_regular_file(fs::symlink_status(gallery, ec)) && !io::is_input(gallery))
    fs::remove(gallery, ec);
}

// Writes `o.count` levels into `o.out_dir` (docs/cli.md "Batch"); level i uses seed + i.
int run_batch(const LevelOptions& o, const LevelSource& source, core::Seed seed) {
  io::refuse_dangling_link(o.out_dir, o.out_dir);
  std::error_code ec;
  fs::create_directories(o.out_dir, ec);
  std::error_code is_dir_ec;
  if (!fs::is_directory(o.out_dir, is_dir_ec)) {
    const std::error_code& e = ec ? ec : is_dir_ec;
    throw output_error(
        o.out_dir, fmt::format("cannot create the output folder: {}; give a folder path you may "
                               "write to",
                               e ? e.message() : "a file is in the way"));
  }
  io::check_writable(fs::path(o.out_dir) / "manifest.csv");
  if (o.gallery) io::check_writable(fs::path(o.out_dir) / exporters::kGalleryName);
  std::vector<std::string> names{"manifest.csv"};
  if (o.gallery) names.emplace_back(exporters::kGalleryName);
  if (o.writes_tiled_map()) names.emplace_back(exporters::kTilesetImageName);
  refuse_aliased_batch_files(o.out_dir, o.count, level_suffixes(o), names);
  remove_old_summaries(o);
  // One tileset image for every level's Tiled maps, which name it relative to themselves.
  if (o.writes_tiled_map()) {
    refuse_folder_as_tileset_image((fs::path(o.out_dir) / exporters::kTilesetImageName).string());
    io::write_file(fs::path(o.out_dir) / exporters::kTilesetImageName,
                   io::encode_png(exporters::tileset_image()));
  }
  const exporters::WriterSettings settings = writer_settings(o, "the levels' maps have");
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<Row> rows;
  try {
    rows.resize(static_cast<std::size_t>(o.count));
  } catch (const std::bad_alloc&) {
    throw usage_error(
        "--count",
        fmt::format("not enough memory to keep the manifest rows of {}; write the batch in "
                    "parts with smaller --count and --seed",
                    core::count_of(o.count, "levels")));
  }
  std::atomic<int> next{0};
  BatchProgress progress(o.count, !o.quiet && ::isatty(STDERR_FILENO) != 0, std::cerr);
  auto worker = [&] {
    for (int i = next++; i < o.count; i = next++) {
      Row& row = rows[static_cast<std::size_t>(i)];
      try {
        row = make_one(o, source, settings, seed + static_cast<core::Seed>(i),
                       level_name(i, o.count));
      } catch (...) {  // make_one catches all; only naming the level can fail here (memory)
        row.out_of_memory = true;
      }
      progress.finished(i, error_of(row));
    }
  };
  SetAside set_aside(batch_files_reserve(rows.size()));  // unmapped for the manifest
  set_run_phase(RunPhase::Making);  // the levels' own failures are their rows
  io::prepare_output_listing();       // the manifest's write needs it, whatever is left
  run_workers(std::min(o.jobs, o.count), worker, o.quiet);
  const Tally t = tally(rows);
  set_run_phase(RunPhase::Writing);  // the manifest and gallery
  set_aside.release();
  write_batch_files(o, source, seed, rows, t);
  const auto [failed, early, unreachable] = t;
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!o.quiet) {
    print_line(fmt::format(
        "{} written to {} ({} ended early, {} with cells the entrance cannot reach, {} failed) in "
        "{:.2f} s",
        core::count_of(o.count - failed, "levels"), o.out_dir, early, unreachable, failed, secs));
    if (o.gallery)
      print_line(fmt::format("gallery of the levels: {}",
                             (fs::path(o.out_dir) / exporters::kGalleryName).string()));
    note_stale_files(o);
  }
  if (failed > 0) return kFailure;
  return o.strict && early + unreachable > 0 ? kIncomplete : kOk;
}

}  // namespace dungen::cli
