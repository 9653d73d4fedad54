#pragma once
/// \file output_checks.hpp
/// What must hold of one output before anything is written, whatever the run: its name, its
/// kind, its folder. The rules of a run (RunFiles: its inputs, its tile folder) plug in through
/// OutputRules; the disk is asked through a Disk (disk.hpp).

#include <filesystem>

namespace dungen::io::fs {

class Disk;

/// A run's rules on its outputs, beside those every output obeys (RunFiles implements them;
/// OutputSet and check_writable ask them).
class OutputRules {
 public:
  OutputRules() = default;
  OutputRules(const OutputRules&) = delete;
  OutputRules& operator=(const OutputRules&) = delete;
  virtual ~OutputRules() = default;
  /// Throws Error (kind Output) when `given`, as the user spelled it, is an input of the run.
  virtual void refuse_input(const std::filesystem::path& given) const = 0;
  /// Throws Error (kind Output) when the file `given` leads to, `target` (links followed),
  /// may not be written there (a tile into the tile folder).
  virtual void refuse_target(const std::filesystem::path& given,
                             const std::filesystem::path& target) const = 0;
  /// Whether `path` is an input of the run: the clean-up of stale temporary files never
  /// removes one, whatever its name.
  [[nodiscard]] virtual bool is_input(const std::filesystem::path& path) const = 0;
};

/// Fails early (Error of kind Output) when a file could not be created at `path`: its
/// folder is missing, is not a folder or is not writable, `path` is a folder, names standard
/// input or a descriptor that is not open, leads to a deleted file, has a name too long to
/// write through a temporary name, or exists in a folder with the sticky bit and belongs to
/// another user (it could not be replaced); or when `rules` refuse it (first as an input, then
/// where it lands). "-" and the names of standard output and error always pass. A FIFO is
/// held open from here to its write, and refused when no program reads it. The real disk.
void check_writable(const std::filesystem::path& path, const OutputRules* rules = nullptr);

/// check_writable on `disk` (RunFiles passes its own, a fake one in tests).
void check_writable(const Disk& disk, const std::filesystem::path& path, const OutputRules* rules);

/// Where a write to `path` lands: the file a symbolic link at `path` names (followed even
/// when that file does not exist yet, through chains of links), else `path` itself.
[[nodiscard]] std::filesystem::path output_target(const std::filesystem::path& path);

/// 1 or 2 when `path` names standard output or standard error itself (/dev/stdout, /dev/fd/2,
/// /proc/thread-self/fd/1, or a link to one): an output there is written into the stream, as
/// `-` is. 0 otherwise, "-" included.
[[nodiscard]] int standard_stream_named(const std::filesystem::path& path);

/// Throws Error of kind Output ("PATH: 'LINK' is a symbolic link to 'TARGET', which does not
/// exist; ...", PATH = `given`) when `folder`, or the nearest of its parents that exists as
/// a name, is a symbolic link to nothing on `disk`; returns otherwise.
void refuse_dangling_link(const Disk& disk, const std::filesystem::path& given,
                          const std::filesystem::path& folder);

}  // namespace dungen::io::fs
