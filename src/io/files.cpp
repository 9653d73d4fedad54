#include "io/files.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
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

namespace dungen::io {
namespace fs = std::filesystem;

std::vector<std::uint8_t> read_file(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw file_error(path.string(), "is a folder, not a file; give a file");
  // POSIX reads, not iostreams: libstdc++'s filebuf throws a message without the file's name
  // on a read error (e.g. EIO).
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int err = errno;
    throw file_error(path.string(), fmt::format("cannot read: {}; check that the file exists and "
                                                "that you may read it", std::strerror(err)));
  }
  const std::unique_ptr<const int, void (*)(const int*)> closer(&fd, [](const int* f) { ::close(*f); });
  std::vector<std::uint8_t> bytes;
  std::size_t used = 0;
  for (;;) {
    if (bytes.size() - used < 65536) bytes.resize(std::max<std::size_t>(2 * bytes.size(), used + 65536));
    const ssize_t n = ::read(fd, bytes.data() + used, bytes.size() - used);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      throw file_error(path.string(), fmt::format("cannot read: {}; check the disk, or copy the "
                                                  "file again", std::strerror(err)));
    }
    if (n == 0) break;
    used += static_cast<std::size_t>(n);
  }
  bytes.resize(used);
  return bytes;
}

std::string read_text(const fs::path& path) {
  const auto bytes = read_file(path);
  return std::string(bytes.begin(), bytes.end());
}

namespace {

fs::path folder_of(const fs::path& path) {
  return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

}  // namespace

namespace {

// True for an existing target that is not a regular file (a device such as /dev/null, a
// FIFO, a socket): such targets are written into directly, never replaced.
bool is_special(const fs::path& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  return !ec && fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st);
}

// The file a path finally names: symbolic links are followed, so writing "link.png" updates
// the file it points to instead of replacing the link.
fs::path resolve(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_symlink(fs::symlink_status(path, ec))) return path;
  const fs::path target = fs::weakly_canonical(path, ec);
  return ec ? path : target;
}

// Creates and removes a file in `dir`: access() says yes to root everywhere, but a read-only
// or special file system (/proc), a full quota or a missing folder only show on creating.
void probe_folder(const fs::path& given, const fs::path& dir) {
  std::string probe = (dir / ".dungen-probe.tmp-XXXXXX").string();
  const int fd = ::mkostemp(probe.data(), O_CLOEXEC);
  if (fd < 0) {
    const int err = errno;
    throw output_error(given.string(), fmt::format("cannot create a file in folder '{}': {}; "
                                                   "choose another folder", dir.string(),
                                                   std::strerror(err)));
  }
  ::close(fd);
  ::unlink(probe.c_str());
}

}  // namespace

void check_writable(const fs::path& given) {
  if (given == "-") return;
  if (given.empty()) throw output_error("''", "the output file name is empty");
  const fs::path path = resolve(given);
  std::error_code ec;
  if (is_special(path)) {
    if (::access(path.c_str(), W_OK) != 0) {
      const int err = errno;
      throw output_error(given.string(), fmt::format("cannot write: {}; check its permissions",
                                                     std::strerror(err)));
    }
    return;
  }
  if (fs::is_directory(path, ec)) {
    throw output_error(given.string(), "is a folder; give a file name such as map.png");
  }
  const fs::path dir = folder_of(path);
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
    throw output_error(given.string(), fmt::format("'{}' is a file, not a folder; give a path "
                                                   "inside a folder", dir.string()));
  }
  if (!fs::is_directory(dir, ec)) {
    throw output_error(given.string(), fmt::format("folder '{}' does not exist; create it first",
                                                   dir.string()));
  }
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    const int err = errno;
    throw output_error(given.string(), fmt::format("folder '{}' is not writable: {}; choose "
                                                   "another folder or change its permissions",
                                                   dir.string(), std::strerror(err)));
  }
  probe_folder(given, dir);
}

namespace {

// --- Temporary files a signal must not leave behind -------------------------------------------
// A fixed table (no allocation, so the signal handler may read it): each slot holds the path of
// a temporary file being written. state: 0 free, 1 being filled in, 2 live.
struct TempSlot {
  std::atomic<int> state{0};
  std::array<char, 4096> path{};
};
constexpr std::size_t kTempSlots = 256;  // one per batch worker (-j is at most 256); untouched
                                        // pages of the table cost no memory
std::array<TempSlot, kTempSlots> g_temp_slots;

// Lists `path`; returns the slot, or -1 when the table is full or the path too long.
int list_temp(const std::string& path) {
  if (path.size() >= TempSlot{}.path.size()) return -1;
  for (std::size_t i = 0; i < kTempSlots; ++i) {
    int expected = 0;
    if (!g_temp_slots[i].state.compare_exchange_strong(expected, 1)) continue;
    std::memcpy(g_temp_slots[i].path.data(), path.c_str(), path.size() + 1);
    g_temp_slots[i].state.store(2, std::memory_order_release);
    return static_cast<int>(i);
  }
  return -1;
}

void unlist_temp(int slot) {
  if (slot >= 0) g_temp_slots[static_cast<std::size_t>(slot)].state.store(0, std::memory_order_release);
}

extern "C" void remove_temp_files_and_die(int sig) {
  for (TempSlot& slot : g_temp_slots) {
    if (slot.state.load(std::memory_order_acquire) == 2) ::unlink(slot.path.data());  // async-signal-safe
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
  const auto age = std::chrono::system_clock::now() - std::chrono::system_clock::from_time_t(st.st_mtime);
  if (age < kStaleAge) return false;
  const int fd = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return false;
  const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;  // released by close
  ::close(fd);
  return free;
}

// Removes the stale temporary files of `target` in its folder. The folder is listed once per
// process (a batch writes thousands of files into one folder), then looked up by name.
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
    remove_stale_temps_of(target_);
    temp_ = (folder_of(target_) / fmt::format(".{}.tmp-XXXXXX", target_.filename().string())).string();
    fd_ = ::mkostemp(temp_.data(), O_CLOEXEC);
    if (fd_ < 0) fail(errno);
    slot_ = list_temp(temp_);
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
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail(errno);
    committed_ = true;
    unlist_temp(std::exchange(slot_, -1));  // the name is the target's now: a signal keeps it
  }

 private:
  [[noreturn]] void fail(int err) const {
    throw output_error(target_.string(), fmt::format("cannot write: {}; free some space or write "
                                                     "somewhere else", std::strerror(err)));
  }
  fs::path target_;
  std::string temp_;
  int fd_ = -1;
  bool committed_ = false;
  bool direct_ = false;  ///< writing straight into a device or FIFO
  int slot_ = -1;        ///< where temp_ is listed for the signal handler, -1 = not listed
};

}  // namespace

void write_streamed(const fs::path& path, const std::function<void(const BlockSink&)>& produce) {
  static constexpr const char* kStdoutFailed =
      "cannot write to standard output (a closed pipe or a full disk?); write to a file with -o";
  if (path == "-") {
    produce([](std::string_view block) {
      std::cout.write(block.data(), static_cast<std::streamsize>(block.size()));
      if (!std::cout) throw output_error("-", kStdoutFailed);
    });
    std::cout.flush();
    if (!std::cout) throw output_error("-", kStdoutFailed);
    return;
  }
  AtomicFile file(path);
  produce([&](std::string_view block) { file.append(block); });
  file.commit();
}

void remove_temp_files_on_signals() {
  struct sigaction action {};
  action.sa_handler = remove_temp_files_and_die;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  for (const int sig : {SIGINT, SIGTERM, SIGHUP, SIGQUIT}) {
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
