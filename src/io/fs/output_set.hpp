#pragma once
/// \file output_set.hpp
/// Writing whole files, atomically. The bytes go to a temporary file ".NAME.tmp-XXXXXX" in the
/// target's folder that is then renamed over the target, so a failed or interrupted run never
/// leaves a partial file. The temporary file is removed when the write fails, and on SIGINT,
/// SIGTERM, SIGHUP and SIGQUIT once remove_temp_files_on_signals() is called
/// (signal_cleanup.hpp). Only SIGKILL (or a crash, or a power cut) can leave one behind: the
/// writer holds an flock on it, so the next write to NAME in that folder knows it for stale
/// (unlocked, untouched for 2 s) and removes it.

#include <cstdint>
#include <exception>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

#include "io/fs/block_sink.hpp"

namespace dungen::io::fs {

class OutputRules;

/// Writes `bytes` to `path` atomically (temporary name in the same folder, then rename).
/// A path of "-" writes to standard output instead; a symbolic link updates the file it
/// points to; a device or FIFO (e.g. /dev/null) is written into, never replaced. Checks the
/// output as check_writable does, without a run's rules. Throws Error of kind Output
/// "<path>: cannot write: <reason>"; the target is then untouched.
void write_file(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);

/// write_file for text.
void write_text(const std::filesystem::path& path, std::string_view text);

/// Writes to `path` (atomically, or to standard output for "-") everything `produce` hands
/// to the sink it is given, block by block, so large outputs never sit whole in memory. If
/// `produce` throws, the target is untouched and the exception propagates.
void write_streamed(const std::filesystem::path& path,
                    const std::function<void(const BlockSink&)>& produce);

/// Whether `e` is the error of an output that could not be written because the disk, or the
/// user's quota, is full (ENOSPC, EDQUOT).
[[nodiscard]] bool disk_full(const std::exception& e);

namespace detail {
class AtomicFile;
}  // namespace detail

/// Outputs written all or none: each write() goes to a temporary file beside its target, and
/// commit() renames them all over their targets only after every write succeeded. Destroyed
/// uncommitted (a write failed, an exception was thrown), it removes its temporary files and
/// no target changes. Standard output ("-") and devices or FIFOs are written at once (there
/// is nothing to rename). Write errors throw Error of kind Output "<path>: cannot write:
/// ...". One set per thread; a batch uses one per level.
class OutputSet {
 public:
  /// A set whose files are checked as check_writable checks them, with no run's rules.
  OutputSet();
  /// A set whose every file is checked with `rules` first (a run's RunFiles, which must
  /// outlive the set): an output the rules refuse throws before anything is written.
  explicit OutputSet(const OutputRules& rules);
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;
  ~OutputSet();
  /// Writes what `produce` hands its sink, block by block, to `path`'s temporary file.
  void write(const std::filesystem::path& path,
             const std::function<void(const BlockSink&)>& produce);
  /// Writes `bytes` to `path`'s temporary file.
  void write(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);
  /// Writes `text` to `path`'s temporary file.
  void write_text(const std::filesystem::path& path, std::string_view text);
  /// Opens `path`'s temporary file for a file written over time while other work goes on (a
  /// batch's manifest, a row per level as the levels are done): append() to the number it
  /// returns, then commit() the set as usual. Throws as write() does.
  std::size_t open(const std::filesystem::path& path);
  /// Appends `bytes` to file `file` (from open()); throws Error of kind Output.
  void append(std::size_t file, std::string_view bytes);
  /// Allocates disk for `bytes` more bytes of file `file` (from open()) past what it holds, so
  /// that appending them cannot fail for a full disk. False when the disk has not that much
  /// room (ENOSPC, EDQUOT); true, keeping nothing, where the file system cannot allocate ahead.
  [[nodiscard]] bool keep_room(std::size_t file, std::uint64_t bytes);
  /// Puts every temporary file in its target's place, in the order written, all or none:
  /// when one cannot be (a file mounted on it, EBUSY; a folder made there since), the ones
  /// already in place are put back (the old file, or no file where there was none) and
  /// Error of kind Output "<path>: cannot write: ..." is thrown. Signals wait until done.
  void commit();

 private:
  const OutputRules* rules_ = nullptr;
  std::vector<std::unique_ptr<detail::AtomicFile>> pending_;
};

}  // namespace dungen::io::fs
