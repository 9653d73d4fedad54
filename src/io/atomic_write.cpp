// Atomic writes: temporary files renamed over their targets, all or none (files.hpp).
#include <fcntl.h>
#include <fmt/format.h>
#include <pthread.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "io/files.hpp"
#include "io/files_detail.hpp"

namespace dungen::io {
namespace fs = std::filesystem;
using detail::folder_of;
using detail::is_special;
using detail::resolve;

namespace {

// --- Temporary files a signal must not leave behind -------------------------------------------
// A fixed table (no allocation, so the signal handler may read it): each slot holds the path of
// a temporary file being written. state: 0 free, 1 being filled in, 2 live.
struct TempSlot {
  std::atomic<int> state{0};
  std::array<char, 4096> path{};
};
constexpr std::size_t kTempSlots = 4096;  // 16 files per batch worker (-j is at most 256);
                                          // untouched pages of the table cost no memory
std::array<TempSlot, kTempSlots> g_temp_slots;

std::atomic<std::size_t> g_slots_used{0};  // slots at or past this were never used
std::atomic<bool> g_dying{false};          // a signal's handler is removing the files
std::atomic<int> g_creating{0};  // threads between creating a temporary file and listing it

// Lists `path`; returns the slot, or -1 when the table is full or the path too long. When a
// signal's handler is already at work (it may have passed this slot), the file is removed
// here and the thread waits for the end the handler is bringing.
int list_temp(const std::string& path) {
  if (path.size() >= TempSlot{}.path.size()) return -1;
  for (std::size_t i = 0; i < kTempSlots; ++i) {
    int expected = 0;
    if (!g_temp_slots[i].state.compare_exchange_strong(expected, 1)) continue;
    std::memcpy(g_temp_slots[i].path.data(), path.c_str(), path.size() + 1);
    std::size_t used = g_slots_used.load();
    while (used < i + 1 && !g_slots_used.compare_exchange_weak(used, i + 1)) {
    }
    g_temp_slots[i].state.store(2);
    if (g_dying.load()) {
      ::unlink(path.c_str());
      --g_creating;
      for (;;) ::pause();
    }
    return static_cast<int>(i);
  }
  return -1;
}

void unlist_temp(int slot) {
  if (slot >= 0)
    g_temp_slots[static_cast<std::size_t>(slot)].state.store(0, std::memory_order_release);
}

extern "C" void remove_temp_files_and_die(int sig) {
  g_dying.store(true);  // from now on a new temporary file removes itself (list_temp)
  // A thread that has created a file but not listed it yet lists it now: wait (up to 5 s),
  // sleeping, not spinning, so that on a busy machine that thread gets the CPU to finish.
  for (int naps = 0; naps < 5000 && g_creating.load() > 0; ++naps) {
    const struct timespec nap { 0, 1000000 };
    ::nanosleep(&nap, nullptr);  // async-signal-safe
  }
  const std::size_t used = g_slots_used.load();
  for (std::size_t i = 0; i < used; ++i) {
    if (g_temp_slots[i].state.load() == 2)
      ::unlink(g_temp_slots[i].path.data());  // async-signal-safe
  }
  ::signal(sig, SIG_DFL);  // then end as the signal says (status 128 + sig for the shell)
  ::raise(sig);
}

// --- Temporary files a SIGKILL left behind ------------------------------------------------------
// A writer holds an flock on its temporary file from its creation to its rename; the kernel
// drops the lock when the process dies, however it dies. A temporary file nobody holds, last
// written over kStaleAge ago (the writer takes its lock right after creating the file), is
// stale.
constexpr auto kStaleAge = std::chrono::seconds(2);

// ".NAME.tmp-XXXXXX" (mkstemp's six letters or digits) -> NAME; "" for any other name.
std::string temp_target(const std::string& file) {
  constexpr std::string_view kMark = ".tmp-";
  if (file.size() < 1 + 1 + kMark.size() + 6 || file[0] != '.') return "";
  const std::size_t mark = file.size() - 6 - kMark.size();
  if (file.compare(mark, kMark.size(), kMark) != 0) return "";
  for (std::size_t i = file.size() - 6; i < file.size(); ++i) {
    if (std::isalnum(static_cast<unsigned char>(file[i])) == 0) return "";
  }
  return file.substr(1, mark - 1);
}

bool is_stale(const fs::path& temp) {
  struct stat st {};
  if (::lstat(temp.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  if (detail::is_input(temp)) return false;  // named like a temporary file, but the user's input
  const auto age =
      std::chrono::system_clock::now() - std::chrono::system_clock::from_time_t(st.st_mtime);
  if (age < kStaleAge) return false;
  const int fd = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return false;
  const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;  // released by close
  ::close(fd);
  return free;
}

// Removes the stale temporary files of `target` in its folder. The folder is listed once per
// process (a batch writes thousands of files into one folder), then looked up by name.
}  // namespace

namespace detail {

void remove_stale_temps_of(const fs::path& target) {
  static std::mutex mutex;
  static std::map<fs::path, std::map<std::string, std::vector<fs::path>>> by_folder;
  const fs::path folder = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::vector<fs::path> candidates;
  {
    std::lock_guard lock(mutex);
    auto [it, fresh] = by_folder.try_emplace(folder);
    if (fresh) {
      std::error_code ec;
      for (const auto& entry : fs::directory_iterator(folder, ec)) {
        const std::string name = temp_target(entry.path().filename().string());
        if (!name.empty()) it->second[name].push_back(entry.path());
      }
    }
    const auto found = it->second.find(target.filename().string());
    if (found == it->second.end()) return;
    candidates = std::move(found->second);
    it->second.erase(found);
  }
  for (const fs::path& temp : candidates) {
    if (is_stale(temp)) ::unlink(temp.c_str());
  }
}

}  // namespace detail

namespace {

// Holds back the signals that remove temporary files for this thread while it lives (they arrive
// after).
class SignalsHeld {
 public:
  SignalsHeld() {
    sigset_t set;
    sigemptyset(&set);
    for (int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM})
      sigaddset(&set, sig);
    ::pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  SignalsHeld(const SignalsHeld&) = delete;
  SignalsHeld& operator=(const SignalsHeld&) = delete;
  ~SignalsHeld() { ::pthread_sigmask(SIG_SETMASK, &old_, nullptr); }

 private:
  sigset_t old_{};
};

}  // namespace

namespace detail {

// A file written under a temporary name in the target's folder and renamed over the target
// by commit(); destroyed uncommitted, it removes the temporary file.
class AtomicFile {
 public:
  explicit AtomicFile(const fs::path& given) : target_(resolve(given)) {
    check_writable(given);
    if (is_special(target_)) {  // a device or FIFO: write into it, there is nothing to replace
      direct_ = true;
      fd_ = ::open(target_.c_str(), O_WRONLY);
      if (fd_ < 0) fail(errno);
      return;
    }
    detail::remove_stale_temps_of(target_);
    temp_ =
        (folder_of(target_) / fmt::format(".{}.tmp-XXXXXX", target_.filename().string())).string();
    {
      // No signal between creating the file and listing it for the handler, or the file
      // would stay behind.
      const SignalsHeld held;
      ++g_creating;
      if (g_dying.load()) {  // a handler is ending the process (and may be past its wait): create
                             // nothing
        --g_creating;
        for (;;) ::pause();
      }
      fd_ = ::mkostemp(temp_.data(), O_CLOEXEC);
      if (fd_ >= 0) slot_ = list_temp(temp_);
      --g_creating;
    }
    if (fd_ < 0) fail(errno);
    (void)::flock(fd_, LOCK_EX | LOCK_NB);  // "being written": see remove_stale_temps_of
  }
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_ && !direct_) ::unlink(temp_.c_str());
    unlist_temp(slot_);
  }
  void append(std::string_view bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) fail(n < 0 ? errno : ENOSPC);
      done += static_cast<std::size_t>(n);
    }
  }
  [[nodiscard]] bool direct() const { return direct_; }
  void commit() {
    if (direct_) {
      const int rc = ::close(fd_);
      fd_ = -1;
      if (rc != 0) fail(errno);
      committed_ = true;
      return;
    }
    static const mode_t kMask = [] {  // the process umask, read once (umask() has to set it)
      const mode_t m = ::umask(022);
      ::umask(m);
      return m;
    }();
    ::fchmod(fd_, 0666 & ~kMask);  // mkstemp made it 0600; give it a normal file's mode
    const int rc = ::close(fd_);   // drops the lock; the file was written just now: not stale
    fd_ = -1;
    if (rc != 0) fail(errno);
    const SignalsHeld
        held;  // renamed and unlisted together: a signal never finds one without the other
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail(errno);
    committed_ = true;
    unlist_temp(std::exchange(slot_, -1));  // the name is the target's now: a signal keeps it
  }

 private:
  [[noreturn]] void fail(int err) const {
    throw output_error(target_.string(), fmt::format("cannot write: {}; {}", std::strerror(err),
                                                     detail::write_advice(err)));
  }
  fs::path target_;
  std::string temp_;
  int fd_ = -1;
  bool committed_ = false;
  bool direct_ = false;  ///< writing straight into a device or FIFO
  int slot_ = -1;        ///< where temp_ is listed for the signal handler, -1 = not listed
};

}  // namespace detail
using detail::AtomicFile;

namespace {

constexpr const char* kStdoutFailed =
    "cannot write to standard output (a closed pipe or a full disk?); check where it goes, or "
    "write to a file instead";

void write_stdout(const std::function<void(const BlockSink&)>& produce) {
  produce([](std::string_view block) {
    std::cout.write(block.data(), static_cast<std::streamsize>(block.size()));
    if (!std::cout) throw output_error("-", kStdoutFailed);
  });
  std::cout.flush();
  if (!std::cout) throw output_error("-", kStdoutFailed);
}

}  // namespace

OutputSet::OutputSet() = default;
OutputSet::~OutputSet() = default;  // uncommitted files remove their temporary files

void OutputSet::write(const fs::path& path, const std::function<void(const BlockSink&)>& produce) {
  if (path == "-") return write_stdout(produce);
  auto file = std::make_unique<AtomicFile>(path);
  produce([&](std::string_view block) { file->append(block); });
  if (file->direct()) return file->commit();  // a device or FIFO: nothing to hold back
  pending_.push_back(std::move(file));
}

void OutputSet::write(const fs::path& path, std::span<const std::uint8_t> bytes) {
  const std::string_view view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  write(path, [&](const BlockSink& sink) { sink(view); });
}

void OutputSet::write_text(const fs::path& path, std::string_view text) {
  write(path, [&](const BlockSink& sink) { sink(text); });
}

void OutputSet::commit() {
  for (const auto& file : pending_) file->commit();
  pending_.clear();
}

void write_streamed(const fs::path& path, const std::function<void(const BlockSink&)>& produce) {
  OutputSet one;
  one.write(path, produce);
  one.commit();
}

void remove_temp_files_on_signals() {
  // A closed pipe on standard output (`dungen ... -o - | head -c 1`) is an output error with a
  // message (EPIPE), not a silent death by SIGPIPE.
  ::signal(SIGPIPE, SIG_IGN);
  // Past `ulimit -f`, a write fails with EFBIG (reported, temporary files removed) instead of
  // the process dying by SIGXFSZ.
  ::signal(SIGXFSZ, SIG_IGN);
  struct sigaction action {};
  action.sa_handler = remove_temp_files_and_die;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM}) {
    struct sigaction old {};
    // A signal the shell ignores (e.g. SIGINT for `dungen ... &` in a script) stays ignored.
    if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
    ::sigaction(sig, &action, nullptr);
  }
}

void write_file(const fs::path& path, std::span<const std::uint8_t> bytes) {
  const std::string_view view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  write_streamed(path, [&](const BlockSink& sink) { sink(view); });
}

void write_text(const fs::path& path, std::string_view text) {
  write_file(path, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

}  // namespace dungen::io
