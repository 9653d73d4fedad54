#pragma once
/// \file signal_cleanup.hpp
/// What a signal must not leave behind: temporary files, temporary folders and the programs
/// working in them, listed in a fixed table that the signal handler reads without allocating.
/// The table is global, the one process-wide state of io/fs that must be: a signal handler
/// has no other way to reach it. Its entries (namespace detail) are shared by atomic_file.cpp,
/// temp_folder.cpp and process.cpp and are not part of the library's interface.

#include <signal.h>
#include <sys/types.h>

#include <string>

namespace dungen::io::fs {

/// Makes SIGINT (Ctrl-C), SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 and SIGALRM end the
/// programs run_program runs (SIGKILL), remove the temporary files of writes in progress and
/// the TempFolder folders with their files, then end the process as the signal would have.
/// Signals the process ignores stay ignored. SIGPIPE and SIGXFSZ are ignored, so a closed
/// pipe on standard output or a file past `ulimit -f` is an output error with a message. For
/// programs (the CLI calls it first thing); a library user may keep its own handlers instead.
void remove_temp_files_on_signals();

/// Maps now the table remove_temp_files_on_signals()'s handler reads the temporary files
/// from (32 MiB of address space, untouched, so no memory), which the first output would
/// otherwise map: a batch calls it before its workers, so that when they used up an
/// address-space limit its manifest can still be written. Throws std::bad_alloc when it
/// cannot be mapped.
void prepare_output_listing();

namespace detail {

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

}  // namespace detail
}  // namespace dungen::io::fs
