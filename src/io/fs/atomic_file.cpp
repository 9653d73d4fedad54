// One atomically written file (atomic_file.hpp).
#include "io/fs/atomic_file.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>

#include "core/error.hpp"
#include "io/fs/detail.hpp"
#include "io/fs/output_checks.hpp"
#include "io/fs/signal_cleanup.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;
namespace detail {

bool swap_outputs = true;

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

AtomicFile::AtomicFile(const stdfs::path& given, const OutputRules* rules)
    : target_(resolve(given)) {
  check_writable(given, rules);
  if (is_special(target_)) {  // a device or FIFO: write into it, there is nothing to replace
    direct_ = true;
    fd_ = detail::is_fifo(target_) ? detail::take_fifo(given, target_)
                                   : ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) fail(errno);
    return;
  }
  detail::remove_stale_temps_of(target_, rules);
  temp_ = temp_name();
  {
    // No signal between creating the file and listing it for the handler, or the file
    // would stay behind.
    const ListingGuard guard;
    fd_ = ::mkostemp(temp_.data(), O_CLOEXEC);
    if (fd_ >= 0) slot_ = list_leftover(Leftover::File, temp_);
  }
  if (fd_ < 0) fail(errno);
  temp_exists_ = true;
  (void)::flock(fd_, LOCK_EX | LOCK_NB);  // "being written": see remove_stale_temps_of
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) ::close(fd_);
  if (old_fd_ >= 0) ::close(old_fd_);
  if (temp_exists_) ::unlink(temp_.c_str());
  if (!backup_.empty()) ::unlink(backup_.c_str());
  unlist_leftover(slot_);
  unlist_leftover(backup_slot_);
}

void AtomicFile::append(std::string_view bytes) {
  if (const int err = write_all(fd_, bytes); err != 0) fail(err);
  written_ += bytes.size();
}

int AtomicFile::keep_room(std::uint64_t bytes) {
  const std::uint64_t end = written_ + bytes;
  if (direct_ || end <= room_end_) return 0;
  const std::uint64_t from = std::max(written_, room_end_);  // only what is not kept yet
  int r = 0;
  do {
    r = ::fallocate(fd_, FALLOC_FL_KEEP_SIZE, static_cast<off_t>(from),
                    static_cast<off_t>(end - from));
  } while (r != 0 && errno == EINTR);
  if (r == 0) {
    room_end_ = end;
    return 0;
  }
  return errno == EOPNOTSUPP || errno == ENOSYS ? 0 : errno;  // no room ahead here: none kept
}

// Gives the disk kept past the end back (keep_room), so that the file holds no more than its
// bytes: a batch stopped by a full disk writes its gallery into that room.
void AtomicFile::give_room_back() {
  if (room_end_ <= written_) return;
  (void)::fallocate(fd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, static_cast<off_t>(written_),
                    static_cast<off_t>(room_end_ - written_));
  (void)::ftruncate(fd_, static_cast<off_t>(written_));
  room_end_ = written_;
}

void AtomicFile::close_temp() {
  static const mode_t kMask = [] {  // the process umask, read once (umask() has to set it)
    const mode_t m = ::umask(022);
    ::umask(m);
    return m;
  }();
  if (!direct_) ::fchmod(fd_, 0666 & ~kMask);  // mkstemp made it 0600
  give_room_back();
  const int rc = ::close(fd_);  // drops the lock; the file was written just now: not stale
  fd_ = -1;
  if (rc != 0) fail(errno);
}

int AtomicFile::replace() {
  if (direct_) return 0;
  struct stat st {};
  if (::lstat(target_.c_str(), &st) != 0) {
    if (errno != ENOENT) return errno;
    return rename_over(Old::None);
  }
  if (S_ISDIR(st.st_mode)) return EISDIR;  // made after the check: never swapped away
  // Locked while kept under a temporary name, so no other run takes it for a stale one.
  old_fd_ = ::open(target_.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (old_fd_ >= 0) (void)::flock(old_fd_, LOCK_SH | LOCK_NB);
  const int err = swap_with_target();
  if (err == 0) {
    old_ = Old::Swapped;  // temp_ names the old file now
    return 0;
  }
  if (err != EINVAL && err != ENOSYS && err != EOPNOTSUPP) return err;
  return rename_over(link_backup() ? Old::Linked : Old::Lost);
}

void AtomicFile::undo() {
  if (direct_) return;
  switch (old_) {
    case Old::None:
      ::unlink(target_.c_str());
      break;
    case Old::Swapped:  // the old file back over the new one, which goes
      if (::rename(temp_.c_str(), target_.c_str()) != 0) {
        unlist_leftover(std::exchange(slot_, -1));  // never seen: the old file stays as temp_
      }
      temp_exists_ = false;
      break;
    case Old::Linked:
      if (::rename(backup_.c_str(), target_.c_str()) != 0) {
        unlist_leftover(std::exchange(backup_slot_, -1));  // never seen: the old file stays
      }
      backup_.clear();
      break;
    case Old::Lost:
    case Old::Kept:
      break;
  }
  old_ = Old::Kept;
}

void AtomicFile::keep() {
  if (old_ == Old::Swapped) ::unlink(temp_.c_str());
  if (!backup_.empty()) ::unlink(std::exchange(backup_, {}).c_str());
  temp_exists_ = false;
  unlist_leftover(std::exchange(slot_, -1));
  unlist_leftover(std::exchange(backup_slot_, -1));
}

void AtomicFile::fail(int err) const {
  if ((err == EPERM || err == EACCES) && detail::foreign_in_sticky_folder(target_)) {
    throw output_error(target_.string(), detail::kStickyRefusal);
  }
  throw output_error(target_.string(), fmt::format("cannot write: {}; {}", std::strerror(err),
                                                   detail::write_advice(err)));
}

std::string AtomicFile::temp_name() const {
  return (folder_of(target_) / fmt::format(".{}.tmp-XXXXXX", target_.filename().string())).string();
}

// Swaps temp_ and the target: 0, or the errno (EINVAL where swapping is switched off).
int AtomicFile::swap_with_target() const {
  if (!swap_outputs) return EINVAL;
  const int rc = ::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE);
  return rc == 0 ? 0 : errno;
}

int AtomicFile::rename_over(Old old) {
  if (std::rename(temp_.c_str(), target_.c_str()) != 0) return errno;
  temp_exists_ = false;
  old_ = old;
  return 0;
}

// Links the target under a fresh temporary name (listed for the signal handler and the
// stale clean-up like the others); false when the file system or the system's
// protected_hardlinks refuse.
bool AtomicFile::link_backup() {
  for (int attempt = 0; attempt < 16; ++attempt) {
    std::string name = temp_name();
    const int fd = ::mkostemp(name.data(), O_CLOEXEC);  // a fresh name: taken, then freed
    if (fd < 0) return false;
    ::close(fd);
    ::unlink(name.c_str());
    if (::link(target_.c_str(), name.c_str()) == 0) {
      backup_ = name;
      backup_slot_ = list_leftover(Leftover::File, backup_);
      return true;
    }
    if (errno != EEXIST) return false;
  }
  return false;
}

}  // namespace detail
}  // namespace dungen::io::fs
