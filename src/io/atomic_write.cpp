// Atomic writes: temporary files renamed over their targets, all or none (files.hpp).
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>
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

// A file written under a temporary name in the target's folder and put in the target's
// place by the set's commit: close_temp(), then replace(), then keep() (or undo()). Destroyed
// uncommitted, it removes the temporary file.
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
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (old_fd_ >= 0) ::close(old_fd_);
    if (temp_exists_) ::unlink(temp_.c_str());
    if (!backup_.empty()) ::unlink(backup_.c_str());
    unlist_leftover(slot_);
    unlist_leftover(backup_slot_);
  }
  void append(std::string_view bytes) {
    if (const int err = write_all(fd_, bytes); err != 0) fail(err);
  }
  [[nodiscard]] bool direct() const { return direct_; }

  // Closes the file, with a normal file's mode: the last step that may fail before any
  // target changes. A device or FIFO is then written and done.
  void close_temp() {
    static const mode_t kMask = [] {  // the process umask, read once (umask() has to set it)
      const mode_t m = ::umask(022);
      ::umask(m);
      return m;
    }();
    if (!direct_) ::fchmod(fd_, 0666 & ~kMask);  // mkstemp made it 0600
    const int rc = ::close(fd_);  // drops the lock; the file was written just now: not stale
    fd_ = -1;
    if (rc != 0) fail(errno);
  }

  // Puts the written file in the target's place (call with the signals held: see
  // OutputSet::commit). The old target is kept until keep() or undo(): swapped with the new
  // file (RENAME_EXCHANGE, so the target always exists), or, where the file system cannot
  // swap, as a hard link under a temporary name. Returns 0, or the errno of the failure (the
  // target is then as it was).
  int replace() {
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

  // Puts back what replace() replaced: the old file, or no file where there was none.
  void undo() {
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

  // Drops the old file replace() kept: the new one stays.
  void keep() {
    if (old_ == Old::Swapped) ::unlink(temp_.c_str());
    if (!backup_.empty()) ::unlink(std::exchange(backup_, {}).c_str());
    temp_exists_ = false;
    unlist_leftover(std::exchange(slot_, -1));
    unlist_leftover(std::exchange(backup_slot_, -1));
  }

  // The error for errno `err` of a write or replace.
  [[noreturn]] void fail(int err) const {
    if ((err == EPERM || err == EACCES) && detail::foreign_in_sticky_folder(target_)) {
      throw output_error(target_.string(), detail::kStickyRefusal);
    }
    throw output_error(target_.string(), fmt::format("cannot write: {}; {}", std::strerror(err),
                                                     detail::write_advice(err)));
  }

 private:
  // What replace() did with the old target.
  enum class Old {
    Kept,     ///< nothing (yet, or put back)
    None,     ///< there was none
    Swapped,  ///< it is under temp_
    Linked,   ///< it is linked at backup_
    Lost,     ///< replaced with no way back (neither swapping nor a hard link possible)
  };

  [[nodiscard]] std::string temp_name() const {
    return (folder_of(target_) / fmt::format(".{}.tmp-XXXXXX", target_.filename().string()))
        .string();
  }

  // Swaps temp_ and the target: 0, or the errno (EINVAL where swapping is switched off).
  [[nodiscard]] int swap_with_target() const {
    if (!swap_outputs) return EINVAL;
    const int rc =
        ::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, target_.c_str(), RENAME_EXCHANGE);
    return rc == 0 ? 0 : errno;
  }

  int rename_over(Old old) {
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) return errno;
    temp_exists_ = false;
    old_ = old;
    return 0;
  }

  // Links the target under a fresh temporary name (listed for the signal handler and the
  // stale clean-up like the others); false when the file system or the system's
  // protected_hardlinks refuse.
  bool link_backup() {
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

  fs::path target_;
  std::string temp_;
  std::string backup_;  ///< a hard link of the old target while the set commits
  int fd_ = -1;
  int old_fd_ = -1;           ///< the old target, open and locked while kept
  bool temp_exists_ = false;  ///< temp_ names a file this writer made (new or swapped-in old)
  bool direct_ = false;       ///< writing straight into a device or FIFO
  Old old_ = Old::Kept;
  int slot_ = -1;         ///< where temp_ is listed for the signal handler, -1 = not listed
  int backup_slot_ = -1;  ///< where backup_ is listed
};

}  // namespace detail
using detail::AtomicFile;

namespace {

constexpr const char* kStdoutFailed =
    "cannot write to standard output (a closed pipe or a full disk?); check where it goes, or "
    "write to a file instead";

// Writes into standard output (fd 1, through std::cout) or standard error (fd 2, flushed
// first so that earlier messages come before).
void write_stream(int fd, const std::function<void(const BlockSink&)>& produce) {
  std::ostream& out = fd == 1 ? std::cout : std::cerr;
  const char* name = fd == 1 ? "-" : "/dev/stderr";
  const char* failed = fd == 1 ? kStdoutFailed
                               : "cannot write to standard error (a closed pipe or a full disk?); "
                                 "check where it goes, or write to a file instead";
  out.flush();
  produce([&](std::string_view block) {
    out.write(block.data(), static_cast<std::streamsize>(block.size()));
    if (!out) throw output_error(name, failed);
  });
  out.flush();
  if (!out) throw output_error(name, failed);
}

}  // namespace

OutputSet::OutputSet() = default;
OutputSet::~OutputSet() = default;  // uncommitted files remove their temporary files

void OutputSet::write(const fs::path& path, const std::function<void(const BlockSink&)>& produce) {
  if (path == "-") return write_stream(1, produce);
  if (const int fd = detail::standard_stream_of(path); fd != 0) return write_stream(fd, produce);
  auto file = std::make_unique<AtomicFile>(path);
  produce([&](std::string_view block) { file->append(block); });
  if (file->direct()) return file->close_temp();  // a device or FIFO: nothing to hold back
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
  for (const auto& file : pending_) file->close_temp();  // nothing replaced yet
  {
    // No signal while targets are replaced: the signals of this thread wait, and a handler in
    // another thread waits (up to 5 s) for the whole set to be in place, or put back.
    const ListingGuard guard;
    for (std::size_t i = 0; i < pending_.size(); ++i) {
      if (const int err = pending_[i]->replace(); err != 0) {
        for (std::size_t j = i; j-- > 0;) pending_[j]->undo();
        pending_[i]->fail(err);
      }
    }
    for (const auto& file : pending_) file->keep();
  }
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
