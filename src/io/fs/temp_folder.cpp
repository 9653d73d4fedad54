// Temporary folders for other programs' copies, and the removal of those a killed run left
// (temp_folder.hpp).
#include "io/fs/temp_folder.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <mutex>
#include <set>
#include <stdexcept>
#include <utility>

#include "core/error.hpp"
#include "io/fs/detail.hpp"
#include "io/fs/signal_cleanup.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;
namespace {

// "<prefix>XXXXXX", mkdtemp's six letters or digits.
bool named_like_ours(const std::string& entry, const std::string& prefix) {
  return entry.size() == prefix.size() + 6 && entry.compare(0, prefix.size(), prefix) == 0 &&
         std::all_of(entry.begin() + static_cast<std::ptrdiff_t>(prefix.size()), entry.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; });
}

bool untouched_for_a_while(const struct stat& st) {
  const auto changed = std::chrono::system_clock::from_time_t(st.st_mtime);
  return std::chrono::system_clock::now() - changed >= detail::kStaleAge;
}

// The entries of the folder open as `fd` when all are regular files of this user named in
// `names`; false when anything else is inside (then the folder is not a leftover of ours).
bool only_our_files(int fd, const std::vector<std::string>& names,
                    std::vector<std::string>& files) {
  const int listing = ::dup(fd);
  DIR* dir = listing >= 0 ? ::fdopendir(listing) : nullptr;
  if (dir == nullptr) {
    if (listing >= 0) ::close(listing);
    return false;
  }
  bool ours = true;
  while (const dirent* e = ::readdir(dir)) {
    const std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    struct stat st {};
    ours = std::find(names.begin(), names.end(), name) != names.end() &&
           ::fstatat(fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(st.st_mode) &&
           st.st_uid == ::geteuid();
    if (!ours) break;
    files.push_back(name);
  }
  ::closedir(dir);
  return ours;
}

// Removes the folder `name` in the folder open as `base_fd` when it surely is a leftover of
// a killed run (see TempFolder), holding its lock meanwhile.
void remove_if_leftover(int base_fd, const std::string& name,
                        const std::vector<std::string>& names) {
  struct stat st {};
  if (::fstatat(base_fd, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISDIR(st.st_mode) ||
      st.st_uid != ::geteuid() || !untouched_for_a_while(st)) {
    return;
  }
  const int fd = ::openat(base_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return;
  struct stat opened {};
  std::vector<std::string> files;
  if (::fstat(fd, &opened) == 0 && opened.st_dev == st.st_dev && opened.st_ino == st.st_ino &&
      ::flock(fd, LOCK_EX | LOCK_NB) == 0 && only_our_files(fd, names, files)) {
    for (const std::string& f : files) ::unlinkat(fd, f.c_str(), 0);
    ::unlinkat(base_fd, name.c_str(), AT_REMOVEDIR);
  }
  ::close(fd);  // drops the lock
}

// Removes the leftovers of `prefix` in `base`, once per process for each.
void remove_leftovers(const stdfs::path& base, const std::string& prefix,
                      const std::vector<std::string>& names) {
  static std::mutex mutex;
  static std::set<std::pair<stdfs::path, std::string>> done;
  const std::lock_guard lock(mutex);
  if (!done.emplace(base, prefix).second) return;
  const int base_fd = ::open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (base_fd < 0) return;
  std::vector<std::string> candidates;
  const int listing = ::dup(base_fd);
  if (DIR* dir = listing >= 0 ? ::fdopendir(listing) : nullptr) {
    while (const dirent* e = ::readdir(dir)) {
      if (named_like_ours(e->d_name, prefix)) candidates.emplace_back(e->d_name);
    }
    ::closedir(dir);
  } else if (listing >= 0) {
    ::close(listing);
  }
  for (const std::string& c : candidates) remove_if_leftover(base_fd, c, names);
  ::close(base_fd);
}

}  // namespace

TempFolder::TempFolder(const std::string& prefix, std::vector<std::string> names)
    : names_(std::move(names)) {
  std::error_code ec;
  stdfs::path base = stdfs::temp_directory_path(ec);
  if (ec) base = "/tmp";
  remove_leftovers(base, prefix, names_);
  std::string name = (base / (prefix + "XXXXXX")).string();
  int err = 0;
  {
    // No signal between making the folder and listing it (and its files, before they exist).
    const detail::ListingGuard guard;
    if (::mkdtemp(name.data()) == nullptr) {
      err = errno;
    } else {
      slots_.push_back(detail::list_leftover(detail::Leftover::Folder, name));
      for (const std::string& n : names_)
        slots_.push_back(
            detail::list_leftover(detail::Leftover::File, (stdfs::path(name) / n).string()));
    }
  }
  if (err != 0) {
    throw output_error(base.string(),
                       fmt::format("cannot make a temporary folder: {}; set TMPDIR to a writable "
                                   "folder",
                                   std::strerror(err)));
  }
  path_ = name;
  lock_fd_ = ::open(name.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (lock_fd_ >= 0) (void)::flock(lock_fd_, LOCK_EX | LOCK_NB);
}

TempFolder::~TempFolder() {
  if (lock_fd_ >= 0) ::close(lock_fd_);
  // Its files by name, then the folder: no descriptor needed, so this works when the process
  // has none left (EMFILE), where listing the folder (remove_all) would fail and leave it.
  for (const std::string& n : names_) (void)::unlink((path_ / n).c_str());
  if (!path_.empty() && ::rmdir(path_.c_str()) != 0 && errno != ENOENT) {
    std::error_code ec;
    stdfs::remove_all(path_, ec);  // something else in it
  }
  for (const int slot : slots_) detail::unlist_leftover(slot);  // gone first, then unlisted
}

stdfs::path TempFolder::file(const std::string& name) const {
  if (std::find(names_.begin(), names_.end(), name) == names_.end())
    throw std::logic_error("TempFolder: '" + name + "' is not one of the folder's names");
  return path_ / name;
}

namespace {
// "dungen-nodes-XXXXXX/in.wad": the folder and file, without the temporary folder's base.
std::string temp_file_name(const stdfs::path& target) {
  return (target.parent_path().filename() / target.filename()).string();
}
}  // namespace

void TempFolder::write(const std::string& name, std::span<const std::uint8_t> bytes) const {
  const stdfs::path target = file(name);
  int fd = -1, err = 0;
  {
    const detail::ListingGuard guard;  // a signal's handler removes it after it is made
    fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) err = errno;
  }
  if (fd >= 0) {
    err = detail::write_all(fd, {reinterpret_cast<const char*>(bytes.data()), bytes.size()});
    if (::close(fd) != 0 && err == 0) err = errno;
  }
  if (err != 0) {
    // Named by where it is ($TMPDIR), which the user can change, not by a name never given.
    const bool space = err == ENOSPC || err == EDQUOT;
    throw output_error(
        path_.parent_path().string(),
        fmt::format("cannot write the temporary file {} there: {}; {}", temp_file_name(target),
                    std::strerror(err),
                    space ? "free some space there, or set TMPDIR to a folder with room"
                          : detail::write_advice(err)));
  }
}

}  // namespace dungen::io::fs
