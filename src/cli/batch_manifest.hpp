#pragma once
/// \file batch_manifest.hpp
/// A batch's rows (one per level) and its manifest.csv, written as the levels are done, in
/// index order (docs/cli.md "Batch"), so that a batch of any size holds in memory only the
/// rows of levels done ahead of an earlier one, and a batch stopped by a full disk still
/// lists exactly the levels it wrote.

#include <cstdint>
#include <filesystem>
#include <map>
#include <mutex>
#include <span>
#include <string>

#include "core/level.hpp"
#include "export/metric_table.hpp"
#include "io/fs/output_set.hpp"

namespace dungen::cli {

/// What a batch knows of one level once it is done: the manifest's and the gallery's columns.
struct BatchRow {
  core::Seed seed = 0;
  std::string name;
  int tiles = 0, unused = 0, unreachable = 0;
  bool early = false;
  std::string hash, error;
  bool out_of_memory = false;  ///< error is then kOutOfMemory (set without allocating)
  bool unwritable = false;     ///< error says an output cannot be written (exit 4)
  bool no_room = false;        ///< not written: the disk (or quota) was full; never listed
  core::LevelMetrics metrics;
  core::Size size;     ///< the map, in cells
  std::string missed;  ///< --require's target the level misses ("" = met or none)
  int floors = 0;      ///< a dungeon's floors (--floors N > 1; cli/batch_floors.hpp); 0: a level
  std::string stairs;  ///< a dungeon's stair cells, "x,y;x,y" floor 1's way down first
};

/// The row's error message ("" for a level written); kOutOfMemory when out_of_memory.
[[nodiscard]] const std::string& error_of(const BatchRow& r);

/// Counts over the rows listed so far.
struct BatchTally {
  int listed = 0;  ///< rows in the manifest: levels written, or failed otherwise than no room
  int failed = 0, early = 0, unreachable = 0, missed = 0;
  int unwritable = 0;  ///< of the failed, those whose files could not be written
};

/// manifest.csv, open in `files` for the whole batch: rows come from the workers in any order
/// and are appended in index order. Disk is kept allocated ahead of the rows (the rows
/// waiting and room for one more per worker), so that once the levels fill the disk, the rows
/// of the levels written still fit. Every member is safe to call from any worker.
class ManifestStream {
 public:
  /// Opens `path` in `files` (which must outlive the stream) and writes the header line.
  /// Throws Error (kind Output) as OutputSet::write does.
  /// With `gallery`, room for the gallery page of the levels listed is kept too (about 3 KB a
  /// level, 1 KB more a floor), given back when the manifest is committed, for the page to be
  /// written into. With `floors` above 1 (a batch of dungeons) the rows end with the columns
  /// `floors` and `stairs` (before `require`).
  ManifestStream(io::fs::OutputSet& files, const std::filesystem::path& path,
                 std::span<const exporters::Metric> table, bool require, int jobs, bool gallery,
                 int floors = 1);
  /// Takes level `index`'s row (every level taken gives one, in any order) and appends the rows
  /// now in order; a row with no_room is left out. Returns false when the disk had no room to
  /// keep ahead for the rows to come: the batch should take no new level. Never throws: a row
  /// that cannot be appended (memory, the disk) is remembered and rethrown by finish().
  bool put(int index, BatchRow row);
  /// After the workers: throws the error an append met, if any.
  void finish();
  /// The counts over the rows appended.
  [[nodiscard]] BatchTally tally() const;

 private:
  void append(int index, const BatchRow& row);

  io::fs::OutputSet& files_;
  std::size_t file_ = 0;
  std::span<const exporters::Metric> table_;
  bool require_;
  bool floors_;                    ///< the rows have the floors and stairs columns
  std::uint64_t margin_;           ///< bytes kept ahead beyond the rows waiting
  std::uint64_t ahead_ = 0;        ///< bytes allocated past what is written
  std::uint64_t waiting_ = 0;      ///< bytes of the rows waiting
  std::uint64_t per_level_ = 0;    ///< bytes kept for the gallery, a level listed
  mutable std::mutex mutex_;
  int next_ = 0;                   ///< the index of the next row to append
  std::map<int, std::string> waiting_rows_;  ///< lines of rows done ahead of next_
  BatchTally tally_;
  std::exception_ptr failure_;
};

}  // namespace dungen::cli
