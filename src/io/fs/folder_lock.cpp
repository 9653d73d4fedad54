// A batch folder's lock (folder_lock.hpp): flock on .dungen.lock, the holder's process id in it.
#include "io/fs/folder_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/error.hpp"

namespace dungen::io::fs {
namespace {

// The process id the holder wrote into the lock file, or "" when it has not yet (it writes
// right after locking) or the file holds something else.
std::string holder_of(int fd) {
  char buffer[32] = {};
  const ssize_t n = ::pread(fd, buffer, sizeof buffer - 1, 0);
  std::string text(buffer, n > 0 ? static_cast<std::size_t>(n) : 0);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  return digits ? text : "";
}

// This process's id as the lock file's content (what holder_of reads).
void write_holder(int fd) {
  const std::string pid = fmt::format("{}\n", ::getpid());
  if (::ftruncate(fd, 0) == 0) (void)!::pwrite(fd, pid.data(), pid.size(), 0);
}

std::string other_process(int fd) {
  const std::string pid = holder_of(fd);
  return pid.empty() ? "another process" : fmt::format("process {}", pid);
}

int flock_retrying(int fd, int operation) {
  int r = 0;
  do {
    r = ::flock(fd, operation);
  } while (r != 0 && errno == EINTR);
  return r;
}

}  // namespace

FolderLock& FolderLock::operator=(FolderLock&& other) noexcept {
  if (this != &other) {
    FolderLock released(fd_);  // let go as the destructor does
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

FolderLock::~FolderLock() {
  if (fd_ < 0) return;
  // Emptied while still held: a finished batch's folder is the same on every run (its lock
  // file holds no process id), and nobody reads the id of a process that is gone.
  (void)::ftruncate(fd_, 0);
  ::close(fd_);
}

FolderLock lock_folder(const std::filesystem::path& folder, LockWait wait,
                       const std::function<void(const std::string&)>& waiting) {
  const std::filesystem::path path = folder / kLockFileName;
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) {
    throw output_error(path.string(),
                       fmt::format("cannot make the batch's lock file: {}; give a folder you may "
                                   "write to, or remove what is in the way",
                                   std::strerror(errno)));
  }
  // Closed unless locked: only the holder empties the file (~FolderLock), never a batch refused.
  struct Closer {
    int fd;
    ~Closer() {
      if (fd >= 0) ::close(fd);
    }
  } unlocked{fd};
  if (flock_retrying(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK) {
      throw output_error(path.string(), fmt::format("cannot lock the batch's folder: {}; give "
                                                    "another {{out_dir}}",
                                                    std::strerror(errno)));
    }
    const std::string who = other_process(fd);
    if (wait == LockWait::Refuse) {
      throw output_error(folder.string(),
                         fmt::format("another dungen batch ({}) is writing into this folder; "
                                     "wait for it to end, give another {{out_dir}}, or add "
                                     "{{wait}} to wait for it",
                                     who));
    }
    if (waiting) {
      waiting(fmt::format("{}: another dungen batch ({}) is writing into this folder; waiting "
                          "for it to end",
                          folder.string(), who));
    }
    if (flock_retrying(fd, LOCK_EX) != 0) {
      throw output_error(path.string(), fmt::format("cannot lock the batch's folder: {}; give "
                                                    "another {{out_dir}}",
                                                    std::strerror(errno)));
    }
  }
  write_holder(fd);
  unlocked.fd = -1;
  return FolderLock(fd);
}

}  // namespace dungen::io::fs
