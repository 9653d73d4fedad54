#pragma once
/// \file atomic_file.hpp
/// One file of an OutputSet (output_set.hpp): written under a temporary name beside its
/// target, then put in the target's place. Not part of the library's interface.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace dungen::io::fs {
class OutputRules;
}  // namespace dungen::io::fs

namespace dungen::io::fs::detail {

/// A file written under a temporary name in the target's folder and put in the target's
/// place by the set's commit: close_temp(), then replace(), then keep() (or undo()). Destroyed
/// uncommitted, it removes the temporary file. A device or FIFO is written into directly.
class AtomicFile {
 public:
  /// Checks `given` (check_writable with `rules`, which may be null) and opens its temporary
  /// file, or the device or FIFO itself. Throws Error (kind Output).
  AtomicFile(const std::filesystem::path& given, const OutputRules* rules);
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile();
  /// Appends `bytes`; throws Error (kind Output) when they cannot be written.
  void append(std::string_view bytes);
  /// Allocates `bytes` more bytes of disk past what is written (fallocate, the file's size
  /// unchanged; given back when the file is closed), so that appends up to them cannot fail
  /// for a full disk. Returns 0, or the
  /// errno (ENOSPC, EDQUOT); 0 too where the file system cannot allocate ahead, or for a device.
  [[nodiscard]] int keep_room(std::uint64_t bytes);
  /// Whether it writes straight into a device or FIFO (nothing to put in place).
  [[nodiscard]] bool direct() const { return direct_; }
  /// Closes the file, with a normal file's mode: the last step that may fail before any
  /// target changes. A device or FIFO is then written and done.
  void close_temp();
  /// Puts the written file in the target's place (call with the signals held: see
  /// OutputSet::commit). The old target is kept until keep() or undo(): swapped with the new
  /// file (RENAME_EXCHANGE, so the target always exists), or, where the file system cannot
  /// swap, as a hard link under a temporary name. Returns 0, or the errno of the failure (the
  /// target is then as it was).
  [[nodiscard]] int replace();
  /// Puts back what replace() replaced: the old file, or no file where there was none.
  void undo();
  /// Drops the old file replace() kept: the new one stays.
  void keep();
  /// Throws the error for errno `err` of a write or replace.
  [[noreturn]] void fail(int err) const;

 private:
  /// What replace() did with the old target.
  enum class Old {
    Kept,     ///< nothing (yet, or put back)
    None,     ///< there was none
    Swapped,  ///< it is under temp_
    Linked,   ///< it is linked at backup_
    Lost,     ///< replaced with no way back (neither swapping nor a hard link possible)
  };

  [[nodiscard]] std::string temp_name() const;
  void give_room_back();
  [[nodiscard]] int swap_with_target() const;
  int rename_over(Old old);
  bool link_backup();

  std::filesystem::path target_;
  std::string temp_;
  std::string backup_;  ///< a hard link of the old target while the set commits
  int fd_ = -1;
  std::uint64_t written_ = 0;    ///< bytes appended so far
  std::uint64_t room_end_ = 0;   ///< the disk is allocated up to here (keep_room)
  int old_fd_ = -1;           ///< the old target, open and locked while kept
  bool temp_exists_ = false;  ///< temp_ names a file this writer made (new or swapped-in old)
  bool direct_ = false;       ///< writing straight into a device or FIFO
  Old old_ = Old::Kept;
  int slot_ = -1;         ///< where temp_ is listed for the signal handler, -1 = not listed
  int backup_slot_ = -1;  ///< where backup_ is listed
};

}  // namespace dungen::io::fs::detail
