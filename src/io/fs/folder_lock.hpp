#pragma once
/// \file folder_lock.hpp
/// A batch folder has one owner: a batch holds an flock on the lock file kLockFileName in its
/// folder for its whole run, so that a second batch into that folder is refused (or waits)
/// instead of mixing its levels with the first one's under the other's manifest.

#include <filesystem>
#include <functional>
#include <string>

namespace dungen::io::fs {

/// The lock file in a batch folder; hidden, never a level file, listed in no manifest.
inline constexpr const char* kLockFileName = ".dungen.lock";

/// What a batch does when another process holds its folder's lock.
enum class LockWait {
  Refuse,  ///< throw at once (exit 4)
  Wait,    ///< wait until the other process lets go
};

/// A held lock (an open descriptor of the lock file with an flock on it); let go when
/// destroyed, the file emptied first (so a finished batch leaves the same empty file on every
/// run), or when the process ends however it ends (the kernel drops an flock with its last
/// descriptor, so a killed batch leaves no lock behind, only its id in the file). Move-only.
class FolderLock {
 public:
  /// Holds nothing.
  FolderLock() = default;
  /// Holds the descriptor `fd`, which holds the flock.
  explicit FolderLock(int fd) : fd_(fd) {}
  /// Takes over `other`'s lock; `other` then holds nothing.
  FolderLock(FolderLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  /// Lets go of this lock (as the destructor does), then takes over `other`'s.
  FolderLock& operator=(FolderLock&& other) noexcept;
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;
  /// Lets go: empties the lock file, then closes it (which drops the flock).
  ~FolderLock();

  /// Whether a lock is held.
  [[nodiscard]] bool held() const { return fd_ >= 0; }

 private:
  int fd_ = -1;
};

/// Takes the lock of `folder` (an existing folder): creates `folder/.dungen.lock` when it is
/// missing, flocks it and writes this process's id into it. When another process holds it:
/// with LockWait::Refuse throws Error (kind Output) "FOLDER: another dungen batch (process
/// PID) is writing into this folder; wait for it to end, give another {out_dir}, or add
/// {wait} to wait for it" (fields as core::render_fields names them); with LockWait::Wait calls `waiting` with a one-line note, then
/// waits. Throws Error (kind Output) when the lock file cannot be made or locked.
[[nodiscard]] FolderLock lock_folder(const std::filesystem::path& folder, LockWait wait,
                                     const std::function<void(const std::string&)>& waiting);

}  // namespace dungen::io::fs
