#pragma once
/// \file temp_folder.hpp
/// A private temporary folder for the copies another program works on (the Doom node
/// builder's, docs/doom.md), which neither an error, a signal nor a killed run leaves behind
/// for long.

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace dungen::io::fs {

/// A fresh, empty folder in the system's temporary folder ($TMPDIR or /tmp), named `prefix`
/// + 6 random characters, to hold files of the given `names` only. It is removed with
/// everything in it when this object goes away, and on the signals of
/// remove_temp_files_on_signals() (after the programs run_program runs are ended), as its
/// files are. It is locked (flock) while it exists, and its lock is lent to the programs
/// that work in it (handle()).
///
/// Only SIGKILL (or a crash) leaves one behind. Making a folder first removes those of the
/// same prefix in the same place that are surely such leftovers: a folder, not a link, of
/// this user, untouched for 2 s, that no process holds locked, holding only regular files of
/// `names`. Anything else named like one is left alone.
class TempFolder {
 public:
  /// Makes the folder. Throws Error of kind Output when it cannot be made.
  TempFolder(const std::string& prefix, std::vector<std::string> names);
  ~TempFolder();
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;

  /// The folder.
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }
  /// The file `name` (one of the names given) in the folder.
  [[nodiscard]] std::filesystem::path file(const std::string& name) const;
  /// Writes `bytes` to a new file `name` (one of the names given) in the folder. Throws
  /// Error of kind Output "<file>: cannot write: ..." when it cannot.
  void write(const std::string& name, std::span<const std::uint8_t> bytes) const;
  /// A descriptor of the folder on which its lock is held. A program that inherits it
  /// (run_program's `keep`) holds the lock as long as it runs, so the folder is never taken
  /// for a leftover while that program works in it, even after this process was killed.
  [[nodiscard]] int handle() const { return lock_fd_; }

 private:
  std::filesystem::path path_;
  std::vector<std::string> names_;
  std::vector<int> slots_;  ///< where the folder and its files are listed for signals
  int lock_fd_ = -1;
};

}  // namespace dungen::io::fs
