// The table of what a signal must not leave behind, and the handler that undoes it
// (signal_cleanup.hpp).
#include "io/fs/signal_cleanup.hpp"

#include <pthread.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <new>

namespace dungen::io::fs {
namespace detail {
namespace {

// A fixed table (no allocation once made, so the signal handler may read it). state: 0 free,
// 1 being filled in, 2 live. The states, kinds and processes sit in .bss; the paths (32 MiB of
// address space, untouched pages costing no memory) are mapped on the first listing, so that
// a run that lists nothing (--version, --help) starts under a small address-space limit.
constexpr std::size_t kSlots = 8192;  // 32 entries per batch worker (-j is at most 256): its
                                      // outputs, and the node builder's folder, files and
                                      // process
constexpr std::size_t kPathBytes = 4096;
struct Slot {
  std::atomic<int> state{0};
  Leftover kind{};  // zero, set when listed
  pid_t pid = 0;
};
std::array<Slot, kSlots> g_slots;
std::atomic<char*> g_paths{nullptr};  // kSlots paths of kPathBytes, mapped by paths()
std::once_flag g_paths_made;

// The paths' storage, mapped on first use; throws std::bad_alloc when it cannot be mapped.
char* paths() {
  std::call_once(g_paths_made, [] {
    void* p = ::mmap(nullptr, kSlots * kPathBytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p != MAP_FAILED) g_paths.store(static_cast<char*>(p));
  });
  char* table = g_paths.load();
  if (table == nullptr) throw std::bad_alloc();
  return table;
}

char* path_of(std::size_t slot) { return g_paths.load() + slot * kPathBytes; }

std::atomic<std::size_t> g_slots_used{0};  // slots at or past this were never used
std::atomic<bool> g_dying{false};          // a signal's handler is undoing the entries
std::atomic<int> g_creating{0};            // threads inside a ListingGuard

// Every signal whose default action ends the process and that a handler may catch, but the
// program faults (SIGSEGV, SIGBUS, ...), which leave the process in no state to run one; with
// the real-time signals (cleanup_signals).
constexpr std::array kCleanupSignals = {SIGINT,  SIGTERM, SIGHUP,   SIGQUIT,   SIGUSR1,
                                        SIGUSR2, SIGALRM, SIGXCPU,  SIGVTALRM, SIGPROF,
                                        SIGIO,   SIGPWR,  SIGSTKFLT};

// kCleanupSignals and SIGRTMIN to SIGRTMAX (`kill -s RTMIN`, `timeout -s RTMIN+1`: their
// default ends the process too; glibc knows their numbers only at run time). Made once, at
// the first call (remove_temp_files_on_signals, first thing); no allocation.
const sigset_t& cleanup_signals() {
  static const sigset_t set = [] {
    sigset_t s;
    sigemptyset(&s);
    for (const int sig : kCleanupSignals) sigaddset(&s, sig);
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; ++sig) sigaddset(&s, sig);
    return s;
  }();
  return set;
}

// Undoes one entry; async-signal-safe (kill, waitpid, unlink, rmdir).
void undo_leftover(Leftover kind, const char* path, pid_t pid) {
  switch (kind) {
    case Leftover::Child:
      ::kill(pid, SIGKILL);
      while (::waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
      }
      break;
    case Leftover::File:
      ::unlink(path);
      break;
    case Leftover::Folder:
      ::rmdir(path);
      break;
  }
}

extern "C" void undo_leftovers_and_die(int sig) {
  const int saved_errno = errno;
  g_dying.store(true);  // from now on a new entry undoes itself (list_leftover)
  // A thread inside a ListingGuard lists what it made now: wait (up to 5 s), sleeping, not
  // spinning, so that on a busy machine that thread gets the CPU to finish.
  for (int naps = 0; naps < 5000 && g_creating.load() > 0; ++naps) {
    const struct timespec nap { 0, 1000000 };
    ::nanosleep(&nap, nullptr);  // async-signal-safe
  }
  const std::size_t used = g_slots_used.load();
  for (const Leftover kind : {Leftover::Child, Leftover::File, Leftover::Folder}) {
    for (std::size_t i = 0; i < used; ++i) {
      const Slot& s = g_slots[i];
      if (s.state.load() == 2 && s.kind == kind) undo_leftover(kind, path_of(i), s.pid);
    }
  }
  errno = saved_errno;
  ::signal(sig, SIG_DFL);  // then end as the signal says (status 128 + sig for the shell)
  ::raise(sig);
}

}  // namespace

SignalsHeld::SignalsHeld() { ::pthread_sigmask(SIG_BLOCK, &cleanup_signals(), &old_); }

SignalsHeld::~SignalsHeld() { ::pthread_sigmask(SIG_SETMASK, &old_, nullptr); }

ListingGuard::ListingGuard() {
  // The table's paths are mapped now, before anything is made: when they cannot be (a
  // small address-space limit), std::bad_alloc leaves no file behind unlisted.
  (void)paths();
  ++g_creating;
  if (g_dying.load()) {  // a handler is ending the process (and may be past its wait)
    --g_creating;
    wait_for_end();
  }
}

ListingGuard::~ListingGuard() { --g_creating; }

int list_leftover(Leftover kind, const std::string& path, pid_t pid) {
  if (path.size() >= kPathBytes) return -1;
  char* const table = paths();
  for (std::size_t i = 0; i < kSlots; ++i) {
    Slot& s = g_slots[i];
    int expected = 0;
    if (!s.state.compare_exchange_strong(expected, 1)) continue;
    s.kind = kind;
    s.pid = pid;
    std::memcpy(table + i * kPathBytes, path.c_str(), path.size() + 1);
    std::size_t used = g_slots_used.load();
    while (used < i + 1 && !g_slots_used.compare_exchange_weak(used, i + 1)) {
    }
    s.state.store(2);
    if (g_dying.load()) {  // the handler may have passed this slot: undo it here
      undo_leftover(kind, table + i * kPathBytes, pid);
      --g_creating;
      wait_for_end();
    }
    return static_cast<int>(i);
  }
  return -1;
}

void unlist_leftover(int slot) {
  if (slot >= 0) g_slots[static_cast<std::size_t>(slot)].state.store(0);
}

bool ending() { return g_dying.load(); }

void wait_for_end() {
  for (;;) ::pause();
}

}  // namespace detail

void remove_temp_files_on_signals() {
  // A closed pipe on standard output (`dungen ... -o - | head -c 1`) is an output error with a
  // message (EPIPE), not a silent death by SIGPIPE.
  ::signal(SIGPIPE, SIG_IGN);
  // Past `ulimit -f`, a write fails with EFBIG (reported, temporary files removed) instead of
  // the process dying by SIGXFSZ.
  ::signal(SIGXFSZ, SIG_IGN);
  struct sigaction action {};
  action.sa_handler = detail::undo_leftovers_and_die;
  // Every other of these signals waits while the handler undoes: a second one (`timeout`
  // sends its signal to the process and then to its group; a second Ctrl-C) used to end the
  // process half-way through, with SA_RESETHAND's default action, leaving the files listed
  // after it. The handler sets the default action itself before it raises the signal again.
  action.sa_mask = detail::cleanup_signals();
  action.sa_flags = 0;
  for (int sig = 1; sig < NSIG; ++sig) {
    if (sigismember(&detail::cleanup_signals(), sig) != 1) continue;
    struct sigaction old {};
    // A signal the shell ignores (e.g. SIGINT for `dungen ... &` in a script) stays ignored.
    if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    ::sigaction(sig, &action, nullptr);
  }
}

void prepare_output_listing() { (void)detail::paths(); }

}  // namespace dungen::io::fs
