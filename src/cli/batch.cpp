// `generate --count K --out-dir DIR`: many levels, written in parallel, with a manifest.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <iostream>
#include <mutex>
#include <vector>

#include "cli/batch_floors.hpp"
#include "cli/batch_manifest.hpp"
#include "cli/batch_workers.hpp"
#include "cli/exit_codes.hpp"
#include "cli/flag_names.hpp"
#include "cli/level_checks.hpp"
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
#include "io/formats/png.hpp"
#include "io/fs/run_files.hpp"
#include "io/fs/signal_cleanup.hpp"

namespace dungen::cli {
namespace fs = std::filesystem;
namespace {

BatchRow make_one(const LevelOptions& o, const LevelSource& source, const io::fs::RunFiles& run,
             const exporters::WriterSettings& settings, core::Seed seed, const std::string& name) {
  BatchRow row;
  row.seed = seed;
  row.name = name;
  try {
    if (o.floors > 1) {  // a dungeon (batch_floors.hpp)
      make_dungeon_row(o, source, run, settings, row);
      return row;
    }
    const core::Level level = source.make(seed);
    io::fs::OutputSet files = run.outputs();  // a level's files: all or none
    const std::uint64_t hash = exporters::write_level(
        level, o.batch_plan((fs::path(o.out_dir) / name).string()), settings, files);
    files.commit();
    row.seed = level.origin.seed;
    row.tiles = static_cast<int>(level.map.placements.size());
    row.unused = static_cast<int>(level.map.unused_doors.size());
    row.unreachable = static_cast<int>(level.analysis.unreachable.size());
    row.early = level.outcome.terminated_early;
    row.missed = level.outcome.requirement_missed;
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
      row.unwritable = error != nullptr && error->kind() == ErrorKind::Output;
      row.no_room = row.unwritable && io::fs::disk_full(e);
    } catch (const std::bad_alloc&) {
      row.out_of_memory = true;
    }
  }
  return row;
}

exporters::GalleryLevel gallery_level(const BatchRow& r) {
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

// The gallery page of the levels listed (rows without no_room), into `files`.
void write_gallery_page(const LevelOptions& o, const LevelSource& source, core::Seed seed,
                        const std::vector<BatchRow>& rows, const BatchTally& t,
                        io::fs::OutputSet& files) {
  std::vector<const BatchRow*> listed;
  for (const BatchRow& r : rows) {
    if (!r.no_room && !r.name.empty()) listed.push_back(&r);
  }
  exporters::GalleryBatch batch{.count = listed.size(),
                                .first_seed = seed,
                                .units = source.units,
                                .files = {},
                                .early = t.early,
                                .unreachable = t.unreachable,
                                .failed = t.failed,
                                .metrics = o.metrics,
                                .floors = o.floors,
                                .dungeon_files = dungeon_gallery_files(o)};
  for (const exporters::Writer& w : o.writers) {
    if (o.writes(w.name)) batch.files.push_back(&w);
  }
  files.write(fs::path(o.out_dir) / exporters::kGalleryName, [&](const io::fs::BlockSink& sink) {
    exporters::write_gallery(
        batch, [&](std::size_t i) { return gallery_level(*listed[i]); }, sink);
  });
}

// The first cause of a batch's stop: a level's files or the manifest found the disk full.
class BatchStop {
 public:
  /// Whether the batch takes no new level.
  [[nodiscard]] bool stopped() const { return stopped_.load(); }
  /// Stops the batch; `error` is the first level's error ("" for the manifest's room).
  void no_room(const std::string& error) {
    const std::lock_guard lock(mutex_);
    if (!stopped_.exchange(true)) first_ = error;
  }
  /// The first level's error, "" when the manifest's room ran out first.
  [[nodiscard]] std::string first() const {
    const std::lock_guard lock(mutex_);
    return first_;
  }

 private:
  std::atomic<bool> stopped_{false};
  mutable std::mutex mutex_;
  std::string first_;
};

// What the end of a batch needs besides its options.
struct BatchEnd {
  const LevelSource& source;
  core::Seed seed;
  const std::vector<BatchRow>& rows;
  const BatchTally& tally;
  const io::fs::RunFiles& run;
};

// A batch stopped by a full disk: the manifest of the levels written (its room was kept), the
// gallery of the same levels when it fits, then one error (exit 4).
[[noreturn]] void stopped_for_room(const LevelOptions& o, const BatchEnd& end,
                                   io::fs::OutputSet& files, const BatchStop& stop) {
  files.commit();
  std::string gallery;
  if (o.gallery) {
    try {
      io::fs::OutputSet page = end.run.outputs();
      write_gallery_page(o, end.source, end.seed, end.rows, end.tally, page);
      page.commit();
      gallery = " and index.html";
    } catch (const Error&) {
      gallery = " (index.html did not fit)";
    }
  }
  std::string cause = stop.first();
  if (cause.empty()) cause = (fs::path(o.out_dir) / "manifest.csv").string() + ": no room left";
  cause = cause.substr(0, cause.find(';'));  // the file and the system's reason
  throw output_error(o.out_dir,
                     fmt::format("the disk is full ({}); the batch stopped with {} of {} written, "
                                 "all listed in manifest.csv{}; free some space and run the same "
                                 "command again",
                                 cause, end.tally.listed, count_of_levels(o, o.count), gallery));
}

// Says when the folder holds level files of an earlier batch, which the manifest and gallery
// do not list: mixed with this batch's, they would be taken for its levels.
void note_stale_files(const LevelOptions& o, const io::fs::RunFiles& run) {
  const io::fs::StaleFiles stale = run.stale_level_files(batch_run_plan(o));
  if (stale.count == 0) return;
  print_message("note",
                fmt::format("{} holds {} of an earlier batch that this one did not write "
                            "(e.g. {}); a new --out-dir keeps batches apart",
                            o.out_dir, core::count_of(stale.count, "level files"), stale.first));
}

}  // namespace

// Writes `o.count` levels into `o.out_dir` (docs/cli.md "Batch"); level i uses seed + i.
int run_batch(const LevelOptions& o, const LevelSource& source, core::Seed seed,
              const io::fs::RunFiles& run) {
  io::fs::BatchPlan plan = batch_run_plan(o);
  plan.on_wait = [&](const std::string& note) {
    if (!o.quiet) print_message("note", note);
  };
  run.open_batch_folder(plan);
  // One tileset image for every level's Tiled maps, which name it relative to themselves.
  if (o.writes_tiled_map()) {
    run.write_file(fs::path(o.out_dir) / exporters::kTilesetImageName,
                   io::formats::encode_png(exporters::tileset_image()));
  }
  const exporters::WriterSettings settings = writer_settings(o, "the levels' maps have");
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<BatchRow> rows;  // only for the gallery, which is made from them at the end
  try {
    if (o.gallery) rows.resize(static_cast<std::size_t>(o.count));
  } catch (const std::bad_alloc&) {
    throw usage_error(
        "--count",
        fmt::format("not enough memory to keep the gallery's rows of {}; write the batch in "
                    "parts with smaller --count and --seed",
                    core::count_of(o.count, "levels")));
  }
  io::fs::OutputSet files = run.outputs();  // the manifest, written as the levels are done
  ManifestStream manifest(files, fs::path(o.out_dir) / "manifest.csv", o.metrics,
                          !o.require.empty(), std::min(o.jobs, o.count), o.gallery, o.floors);
  BatchStop stop;
  BatchProgress progress(o.count, !o.quiet && ::isatty(STDERR_FILENO) != 0, std::cerr);
  std::atomic<int> next{0};
  auto worker = [&] {
    while (!stop.stopped()) {
      const int i = next++;
      if (i >= o.count) return;
      BatchRow row;
      try {
        row = make_one(o, source, run, settings, seed + static_cast<core::Seed>(i),
                       io::fs::batch_level_name(i, o.count));
        if (o.gallery) keep_for_gallery(rows[static_cast<std::size_t>(i)], row);
      } catch (...) {  // make_one catches all; only naming the level can fail here (memory)
        row.out_of_memory = true;
      }
      if (row.no_room) stop.no_room(row.error);  // one error for the batch, not one a level
      progress.finished(i, row.no_room ? std::string() : error_of(row));
      if (!manifest.put(i, std::move(row))) stop.no_room("");
    }
  };
  SetAside set_aside(batch_files_reserve(o.gallery ? rows.size() : 0));  // unmapped for the end
  set_run_phase(RunPhase::Making);  // the levels' own failures are their rows
  io::fs::prepare_output_listing();  // the manifest's commit needs it, whatever is left
  run_workers(std::min(o.jobs, o.count), worker, o.quiet);
  set_run_phase(RunPhase::Writing);  // the manifest and gallery
  set_aside.release();
  manifest.finish();
  const BatchTally t = manifest.tally();
  if (stop.stopped()) stopped_for_room(o, {source, seed, rows, t, run}, files, stop);
  if (o.gallery) write_gallery_page(o, source, seed, rows, t, files);
  files.commit();
  const auto [listed, failed, early, unreachable, missed, unwritable] = t;
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!o.quiet) {
    print_line(fmt::format(
        "{} written to {} ({} ended early, {} with cells the entrance cannot reach, {} failed) in "
        "{:.2f} s",
        count_of_levels(o, listed - failed), o.out_dir, early, unreachable, failed, secs));
    if (!o.require.empty())
      print_line(fmt::format("{} of them {} --require (manifest.csv, column require)", missed,
                             missed == 1 ? "misses" : "miss"));
    if (o.gallery)
      print_line(fmt::format("gallery of the {}: {}", o.floors > 1 ? "dungeons" : "levels",
                             (fs::path(o.out_dir) / exporters::kGalleryName).string()));
    note_stale_files(o, run);
  }
  // As a single run: 4 when an output cannot be written, 1 for a level that failed otherwise.
  if (unwritable > 0) return kOutput;
  if (failed > 0) return kFailure;
  return o.strict && early + unreachable + missed > 0 ? kIncomplete : kOk;
}

}  // namespace dungen::cli
