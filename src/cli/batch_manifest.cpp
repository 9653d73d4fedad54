// A batch's manifest, written as its levels are done (batch_manifest.hpp).
#include "cli/batch_manifest.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

namespace dungen::cli {
namespace {

// The gallery's room: its head, style, script and range section, then a card a level (about
// 1.2 KB with every file linked; more for a failed level's message).
constexpr std::uint64_t kGalleryHead = std::uint64_t{64} << 10;
constexpr std::uint64_t kGalleryCard = 3072;
// A dungeon's card has a thumbnail and a line of links a floor (about 0.5 KB).
constexpr std::uint64_t kGalleryFloor = 1024;

constexpr const char* kOutOfMemory = "out of memory; use fewer --jobs or ask for smaller levels";

// A CSV field in quotes (RFC 4180): a quote inside is doubled.
std::string csv_field(std::string_view text) {
  std::string field = "\"";
  for (const char c : text) field.append(c == '"' ? 2 : 1, c);
  field += '"';
  return field;
}

// The manifest's first line: the level's own columns, then the metrics the manifest shows
// (export/metric_table.hpp), then for dungeons their floors and stairs, then with --require
// whether the level meets it.
std::string header_line(const std::vector<const exporters::Metric*>& metrics, bool require,
                        bool floors) {
  std::string csv =
      "index,seed,name,tiles,unused_doors,unreachable_regions,terminated_early,status,hash";
  for (const exporters::Metric* m : metrics) csv += fmt::format(",{}", m->key);
  if (floors) csv += ",floors,stairs";
  csv += require ? ",require\n" : "\n";
  return csv;
}

// Level `i`'s line; a level that failed has its columns from `tiles` on empty.
std::string row_line(int i, const BatchRow& r, const std::vector<const exporters::Metric*>& metrics,
                     bool require, bool floors) {
  if (!error_of(r).empty()) {
    std::string status = "error: ";
    status += error_of(r);
    return fmt::format("{},{},{},,,,,{},{}{}{}\n", i, r.seed, r.name, csv_field(status),
                       std::string(metrics.size(), ','), floors ? ",," : "", require ? "," : "");
  }
  std::string line = fmt::format("{},{},{},{},{},{},{},\"{}\",{}", i, r.seed, r.name, r.tiles,
                                 r.unused, r.unreachable, r.early ? "true" : "false", "ok", r.hash);
  for (const exporters::Metric* m : metrics)
    line += fmt::format(",{}", exporters::machine_value(*m, r.metrics));
  if (floors) line += fmt::format(",{},{}", r.floors, csv_field(r.stairs));
  if (require) {
    line += ',';
    std::string missed = "missed ";
    missed += r.missed;
    line += r.missed.empty() ? std::string("met") : csv_field(missed);
  }
  line += '\n';
  return line;
}

// The bytes kept ahead of the manifest beyond the rows waiting. A row is at most about 1.2 KB
// (an error message is cut at 1000 bytes), a dungeon's 32 bytes more a floor (its stair): room
// for two per worker, as the levels in flight when the disk fills are still listed.
std::uint64_t margin_of(int jobs, bool gallery, int floors) {
  const std::uint64_t row = 2560 + (floors > 1 ? 32 * static_cast<std::uint64_t>(floors) : 0);
  return (std::uint64_t{16} << 10) + row * static_cast<std::uint64_t>(jobs) +
         (gallery ? kGalleryHead : 0);
}

// The gallery's bytes kept for a level listed: its card, a dungeon's with a floor's more each.
std::uint64_t card_of(int floors) {
  return kGalleryCard + (floors > 1 ? kGalleryFloor * static_cast<std::uint64_t>(floors) : 0);
}

void count(BatchTally& t, const BatchRow& r) {
  ++t.listed;
  t.failed += !error_of(r).empty();
  t.unwritable += r.unwritable;
  t.early += r.early;
  t.unreachable += r.unreachable > 0;
  t.missed += !r.missed.empty();
}

}  // namespace

const std::string& error_of(const BatchRow& r) {
  static const std::string oom = kOutOfMemory;
  return r.out_of_memory ? oom : r.error;
}

ManifestStream::ManifestStream(io::fs::OutputSet& files, const std::filesystem::path& path,
                               std::span<const exporters::Metric> table, bool require, int jobs,
                               bool gallery, int floors)
    : files_(files),
      table_(table),
      require_(require),
      floors_(floors > 1),
      margin_(margin_of(jobs, gallery, floors)),
      per_level_(gallery ? card_of(floors) : 0) {
  file_ = files_.open(path);
  files_.append(file_, header_line(exporters::metrics_of(exporters::MetricOutput::Manifest, table_),
                                   require_, floors_));
}

bool ManifestStream::put(int index, BatchRow row) {
  try {
    std::optional<std::string> line;
    if (!row.no_room) {
      line = row_line(index, row, exporters::metrics_of(exporters::MetricOutput::Manifest, table_),
                      require_, floors_);
    }
    const std::lock_guard lock(mutex_);
    if (failure_) return false;
    if (line) count(tally_, row);
    waiting_ += line ? line->size() : 0;
    waiting_rows_.emplace(index, line ? std::move(*line) : std::string());
    for (auto it = waiting_rows_.begin(); it != waiting_rows_.end() && it->first == next_;
         it = waiting_rows_.erase(it)) {
      files_.append(file_, it->second);
      waiting_ -= it->second.size();
      ahead_ -= std::min<std::uint64_t>(ahead_, it->second.size());
      ++next_;
    }
    // Room ahead for the rows waiting, those to come from the levels in flight, and the page.
    const std::uint64_t need = waiting_ + margin_ / 2 + per_level_ * tally_.listed;
    if (ahead_ >= need) return true;
    if (!files_.keep_room(file_, need + margin_)) return false;
    ahead_ = need + margin_;
    return true;
  } catch (...) {
    const std::lock_guard lock(mutex_);
    if (!failure_) failure_ = std::current_exception();
    return false;
  }
}

void ManifestStream::finish() {
  const std::lock_guard lock(mutex_);
  if (failure_) std::rethrow_exception(failure_);
}

BatchTally ManifestStream::tally() const {
  const std::lock_guard lock(mutex_);
  return tally_;
}

}  // namespace dungen::cli
