// `generate --count K --out-dir DIR`: many levels, written in parallel, with a manifest.
#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <functional>
#include <iostream>

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

struct Row {
  core::Seed seed = 0;
  std::string name;
  int tiles = 0, unused = 0, unreachable = 0;
  bool early = false;
  std::string hash, error;
  bool out_of_memory = false;  ///< error is then kOutOfMemory (set without allocating)
  bool unwritable = false;     ///< error says an output cannot be written (exit 4)
  core::LevelMetrics metrics;
  core::Size size;     ///< the map, in cells
  std::string missed;  ///< --require's target the level misses ("" = met or none)
};

constexpr const char* kOutOfMemory = "out of memory; use fewer --jobs or ask for smaller levels";

const std::string& error_of(const Row& r) {
  static const std::string oom = kOutOfMemory;
  return r.out_of_memory ? oom : r.error;
}

Row make_one(const LevelOptions& o, const LevelSource& source, const io::fs::RunFiles& run,
             const exporters::WriterSettings& settings, core::Seed seed, const std::string& name) {
  Row row{seed, name, 0, 0, 0, false, "", "", false, false, {}, {}, ""};
  try {
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
    } catch (const std::bad_alloc&) {
      row.out_of_memory = true;
    }
  }
  return row;
}

// A CSV field in quotes (RFC 4180): a quote inside is doubled.
std::string csv_field(std::string_view text) {
  std::string field = "\"";
  for (const char c : text) field.append(c == '"' ? 2 : 1, c);
  return field + '"';
}

// manifest.csv (docs/cli.md "Batch"): the level's own columns, then the metrics the manifest
// shows (export/metric_table.hpp), then with --require whether the level meets it.
std::string manifest(const std::vector<Row>& rows, std::span<const exporters::Metric> table,
                     bool require) {
  const std::vector<const exporters::Metric*> metrics =
      exporters::metrics_of(exporters::MetricOutput::Manifest, table);
  std::string csv =
      "index,seed,name,tiles,unused_doors,unreachable_regions,terminated_early,status,hash";
  for (const exporters::Metric* m : metrics) csv += fmt::format(",{}", m->key);
  csv += require ? ",require\n" : "\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    if (!error_of(r).empty()) {  // no level: its columns stay empty
      csv += fmt::format("{},{},{},,,,,{},{}{}\n", i, r.seed, r.name,
                         csv_field("error: " + error_of(r)), std::string(metrics.size(), ','),
                         require ? "," : "");
      continue;
    }
    csv += fmt::format("{},{},{},{},{},{},{},\"{}\",{}", i, r.seed, r.name, r.tiles, r.unused,
                       r.unreachable, r.early ? "true" : "false", "ok", r.hash);
    for (const exporters::Metric* m : metrics)
      csv += fmt::format(",{}", exporters::machine_value(*m, r.metrics));
    if (require)
      csv += "," + (r.missed.empty() ? std::string("met") : csv_field("missed " + r.missed));
    csv += '\n';
  }
  return csv;
}

struct Tally {
  int failed = 0, early = 0, unreachable = 0, missed = 0;
  int unwritable = 0;  ///< of the failed, those whose files could not be written
};

Tally tally(const std::vector<Row>& rows) {
  Tally t;
  for (const Row& r : rows) {
    t.failed += !error_of(r).empty();
    t.unwritable += r.unwritable;
    t.early += r.early;
    t.unreachable += r.unreachable > 0;
    t.missed += !r.missed.empty();
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
                       const std::vector<Row>& rows, const Tally& t, const io::fs::RunFiles& run) {
  io::fs::OutputSet files = run.outputs();
  files.write_text(fs::path(o.out_dir) / "manifest.csv",
                   manifest(rows, o.metrics, !o.require.empty()));
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
    files.write(fs::path(o.out_dir) / exporters::kGalleryName, [&](const io::fs::BlockSink& sink) {
      exporters::write_gallery(
          batch, [&](std::size_t i) { return gallery_level(rows[i]); }, sink);
    });
  }
  files.commit();
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
        row = make_one(o, source, run, settings, seed + static_cast<core::Seed>(i),
                       io::fs::batch_level_name(i, o.count));
      } catch (...) {  // make_one catches all; only naming the level can fail here (memory)
        row.out_of_memory = true;
      }
      progress.finished(i, error_of(row));
    }
  };
  SetAside set_aside(batch_files_reserve(rows.size()));  // unmapped for the manifest
  set_run_phase(RunPhase::Making);                       // the levels' own failures are their rows
  io::fs::prepare_output_listing();  // the manifest's write needs it, whatever is left
  run_workers(std::min(o.jobs, o.count), worker, o.quiet);
  const Tally t = tally(rows);
  set_run_phase(RunPhase::Writing);  // the manifest and gallery
  set_aside.release();
  write_batch_files(o, source, seed, rows, t, run);
  const auto [failed, early, unreachable, missed, unwritable] = t;
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (!o.quiet) {
    print_line(fmt::format(
        "{} written to {} ({} ended early, {} with cells the entrance cannot reach, {} failed) in "
        "{:.2f} s",
        core::count_of(o.count - failed, "levels"), o.out_dir, early, unreachable, failed, secs));
    if (!o.require.empty())
      print_line(fmt::format("{} of them {} --require (manifest.csv, column require)", missed,
                             missed == 1 ? "misses" : "miss"));
    if (o.gallery)
      print_line(fmt::format("gallery of the levels: {}",
                             (fs::path(o.out_dir) / exporters::kGalleryName).string()));
    note_stale_files(o, run);
  }
  // As a single run: 4 when an output cannot be written, 1 for a level that failed otherwise.
  if (unwritable > 0) return kOutput;
  if (failed > 0) return kFailure;
  return o.strict && early + unreachable + missed > 0 ? kIncomplete : kOk;
}

}  // namespace dungen::cli
