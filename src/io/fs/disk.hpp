#pragma once
/// \file disk.hpp
/// The disk as the rules of a run's files see it (run_files.hpp): a small interface, so that
/// the rules can be tested on a fake file system (tests/io/fake_disk.hpp), as ninja keeps its
/// DiskInterface with a VirtualFileSystem for tests. real_disk() is the one implementation the
/// product uses; what it does is the POSIX call or std::filesystem function each entry names.

#include <sys/types.h>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "io/fs/folder_lock.hpp"

namespace dungen::io::fs {

class OutputRules;

/// A file's identity: two paths name one file (a hard link, another spelling, a second mount)
/// exactly when their FileIds are equal.
struct FileId {
  dev_t device = 0;
  ino_t inode = 0;
  bool operator==(const FileId&) const = default;
};

/// What a path names.
enum class FileKind {
  None,    ///< nothing (or nothing this process can see)
  File,    ///< a regular file
  Folder,  ///< a folder
  Link,    ///< a symbolic link (only from Disk::link_status)
  Other,   ///< a device, FIFO or socket
};

/// A path's kind and, when it exists, its identity.
struct FileStatus {
  FileKind kind = FileKind::None;
  FileId id;
  /// Whether the path names anything.
  [[nodiscard]] bool exists() const { return kind != FileKind::None; }
};

/// What the rules ask of the disk. Paths are as given (relative to the working folder) unless
/// said otherwise. Every entry may be called from several threads at once.
class Disk {
 public:
  Disk() = default;
  Disk(const Disk&) = delete;
  Disk& operator=(const Disk&) = delete;
  virtual ~Disk() = default;

  // --- Names and files
  /// What `path` names, symbolic links followed (stat).
  [[nodiscard]] virtual FileStatus status(const std::filesystem::path& path) const = 0;
  /// What `path` itself is, a final symbolic link not followed (lstat).
  [[nodiscard]] virtual FileStatus link_status(const std::filesystem::path& path) const = 0;
  /// What the symbolic link `path` holds (readlink); empty when it is none.
  [[nodiscard]] virtual std::filesystem::path read_link(
      const std::filesystem::path& path) const = 0;
  /// Where a write to `path` lands (output_target): links followed by hand, even to a file
  /// that does not exist yet; a device or FIFO as named.
  [[nodiscard]] virtual std::filesystem::path target(const std::filesystem::path& path) const = 0;
  /// `path` made absolute and normalised through links, whether it exists or not, so that
  /// two spellings of one place give one path (std::filesystem::weakly_canonical).
  [[nodiscard]] virtual std::filesystem::path canonical(
      const std::filesystem::path& path) const = 0;
  /// The entries of `folder` as folder/name, in the order the disk lists them; none when it
  /// cannot be listed.
  [[nodiscard]] virtual std::vector<std::filesystem::path> list(
      const std::filesystem::path& folder) const = 0;
  /// Whether the file at `path` starts with the 8-byte PNG signature.
  [[nodiscard]] virtual bool starts_as_png(const std::filesystem::path& path) const = 0;
  /// Whether this process may make files in `folder` (access W_OK | X_OK).
  [[nodiscard]] virtual bool may_write_in(const std::filesystem::path& folder) const = 0;

  // --- Writing
  /// Throws Error (kind Output, naming `given`) when no file could be written at `target`,
  /// where `given` leads: every check of check_writable after the run's rules (standard input
  /// or a closed descriptor named, a deleted target, a folder, a socket, a name too long, a
  /// missing or read-only folder, a foreign file in a sticky folder, a FIFO nobody reads).
  /// `rules` (may be null) say which files the clean-up of stale temporary files must keep.
  virtual void check_target(const std::filesystem::path& given, const std::filesystem::path& target,
                            const OutputRules* rules) const = 0;
  /// Makes `folder` and its missing parents (mkdir -p); the error, or none.
  [[nodiscard]] virtual std::error_code make_folders(const std::filesystem::path& folder) const = 0;
  /// Removes the file `path` (never a folder's content); nothing when it cannot.
  virtual void remove(const std::filesystem::path& path) const = 0;
  /// Takes the batch lock of the existing `folder` (io::fs::lock_folder).
  [[nodiscard]] virtual FolderLock lock_folder(
      const std::filesystem::path& folder, LockWait wait,
      const std::function<void(const std::string&)>& waiting) const = 0;

  // --- Standard streams
  /// 1 or 2 when `path` names standard output or standard error itself
  /// (standard_stream_named), else 0.
  [[nodiscard]] virtual int standard_stream(const std::filesystem::path& path) const = 0;
  /// The regular file standard output (`fd` 1) or standard error (`fd` 2) goes to; for
  /// standard error, the file silence_stderr_named_by took it from while it is silenced.
  /// nullopt when the stream is no regular file.
  [[nodiscard]] virtual std::optional<FileId> stream_file(int fd) const = 0;
  /// Whether the descriptor `fd` is a terminal (isatty).
  [[nodiscard]] virtual bool is_terminal(int fd) const = 0;
  /// Sends standard error to /dev/null: nothing may land in the file it went to.
  virtual void silence_stderr() const = 0;
  /// Points standard error back at the file silence_stderr_named_by took it from (nothing
  /// when it took none), for a message that must be seen where the messages go.
  virtual void restore_stderr() const = 0;
};

/// The disk itself: POSIX calls and std::filesystem.
[[nodiscard]] const Disk& real_disk();

}  // namespace dungen::io::fs
