// Atomic writes: temporary files renamed over their targets, all or none (files.hpp).
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
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
#include "io/signal_cleanup.hpp"

namespace dungen::io {
namespace fs = std::filesystem;
using detail::folder_of;
using detail::is_special;
using detail::Leftover;
using detail::list_leftover;
using detail::ListingGuard;
using detail::resolve;
using detail::SignalsHeld;
using detail::unlist_leftover;

namespace {

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

namespace detail {

int write_all(int fd, std::string_view bytes) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return n < 0 ? errno : ENOSPC;
    done += static_cast<std::size_t>(n);
  }
  return 0;
}

// A file written under a temporary name in the target's folder and renamed over the target
// by commit(); destroyed uncommitted, it removes the temporary file.
class AtomicFile {
 public:
  explicit AtomicFile(const fs::path& given) : target_(resolve(given)) {
    check_writable(given);
    if (is_special(target_)) {  // a device or FIFO: write into it, there is nothing to replace
      direct_ = true;
      fd_ = detail::is_fifo(target_) ? detail::take_fifo(given, target_)
                                     : ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
      if (fd_ < 0) fail(errno);
      return;
    }
    detail::remove_stale_temps_of(target_);
    temp_ =
        (folder_of(target_) / fmt::format(".{}.tmp-XXXXXX", target_.filename().string())).string();
    {
      // No signal between creating the file and listing it for the handler, or the file
      // would stay behind.
      const ListingGuard guard;
      fd_ = ::mkostemp(temp_.data(), O_CLOEXEC);
      if (fd_ >= 0) slot_ = list_leftover(Leftover::File, temp_);
    }
    if (fd_ < 0) fail(errno);
    (void)::flock(fd_, LOCK_EX | LOCK_NB);  // "being written": see remove_stale_temps_of
  }
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_ && !direct_) ::unlink(temp_.c_str());
    unlist_leftover(slot_);
  }
  void append(std::string_view bytes) {
    if (const int err = write_all(fd_, bytes); err != 0) fail(err);
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
    unlist_leftover(std::exchange(slot_, -1));  // the name is the target's now: a signal keeps it
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

void write_file(const fs::path& path, std::span<const std::uint8_t> bytes) {
  const std::string_view view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  write_streamed(path, [&](const BlockSink& sink) { sink(view); });
}

void write_text(const fs::path& path, std::string_view text) {
  write_file(path, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

}  // namespace dungen::io
