#pragma once
/// \file signal_cleanup.hpp
/// What a signal must not leave behind (files.hpp's remove_temp_files_on_signals): temporary
/// files, temporary folders and the programs working in them, listed in a fixed table that
/// the signal handler reads without allocating. Shared by atomic_write.cpp and
/// temp_folder.cpp; not part of the library's interface.

#include <signal.h>
#include <sys/types.h>

#include <string>

namespace dungen::io::detail {

/// What a listed entry is, and what the handler does with it, in this order: a child
/// process is killed (SIGKILL) and waited for, then files are unlinked, then folders (empty
/// by then) removed.
enum class Leftover : int {
  Child = 1,   ///< a process this one started
  File = 2,    ///< a temporary file
  Folder = 3,  ///< a temporary folder, removed after its files
};

/// Holds back, for this thread while it lives, the signals whose handler removes the
/// listed entries (they are delivered after).
class SignalsHeld {
 public:
  SignalsHeld();
  SignalsHeld(const SignalsHeld&) = delete;
  SignalsHeld& operator=(const SignalsHeld&) = delete;
  ~SignalsHeld();
  /// The thread's signal mask from before (a child process should start with it).
  [[nodiscard]] const sigset_t& before() const { return old_; }

 private:
  sigset_t old_{};
};

/// Brackets making something the handler must undo (a file, a folder, a process) and listing
/// it: this thread holds the signals back, and a handler running in another thread waits
/// (up to 5 s) until the entry is listed. When a handler is already ending the process, the
/// constructor never returns: nothing new is made. Throws std::bad_alloc, before anything is
/// made, when the table's paths cannot be mapped.
class ListingGuard {
 public:
  ListingGuard();
  ListingGuard(const ListingGuard&) = delete;
  ListingGuard& operator=(const ListingGuard&) = delete;
  ~ListingGuard();
  /// The thread's signal mask from before the guard.
  [[nodiscard]] const sigset_t& before() const { return held_.before(); }

 private:
  SignalsHeld held_;
};

/// Lists a path (File, Folder) or a process id (Child; `path` unused) for the handler; call
/// it inside a ListingGuard. Returns the slot, or -1 when the table is full or the path is
/// too long (the entry is then not undone on a signal). When a handler is already at work,
/// the entry is undone here and the call never returns. The first call maps the table's
/// paths (32 MiB of address space); throws std::bad_alloc when they cannot be mapped.
int list_leftover(Leftover kind, const std::string& path, pid_t pid = 0);

/// Takes entry `slot` (from list_leftover; -1 is ignored) off the list.
void unlist_leftover(int slot);

/// True once a signal's handler has begun ending the process.
[[nodiscard]] bool ending();

/// Waits for the end a signal's handler is bringing; never returns.
[[noreturn]] void wait_for_end();

}  // namespace dungen::io::detail
