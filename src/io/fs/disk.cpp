// The real disk (disk.hpp): POSIX calls and std::filesystem.
#include "io/fs/disk.hpp"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <new>
#include <string_view>

#include "io/fs/detail.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;
namespace {

FileStatus status_of(int rc, const struct stat& st) {
  if (rc != 0) return {};
  FileKind kind = FileKind::Other;
  if (S_ISREG(st.st_mode)) kind = FileKind::File;
  if (S_ISDIR(st.st_mode)) kind = FileKind::Folder;
  if (S_ISLNK(st.st_mode)) kind = FileKind::Link;
  return {kind, {st.st_dev, st.st_ino}};
}

class RealDisk final : public Disk {
 public:
  FileStatus status(const stdfs::path& path) const override {
    struct stat st {};
    return status_of(::stat(path.c_str(), &st), st);
  }
  FileStatus link_status(const stdfs::path& path) const override {
    struct stat st {};
    return status_of(::lstat(path.c_str(), &st), st);
  }
  stdfs::path read_link(const stdfs::path& path) const override {
    std::error_code ec;
    stdfs::path target = stdfs::read_symlink(path, ec);
    return ec ? stdfs::path() : target;
  }
  stdfs::path target(const stdfs::path& path) const override { return detail::resolve(path); }
  stdfs::path canonical(const stdfs::path& path) const override {
    std::error_code ec;
    const stdfs::path absolute = stdfs::absolute(path, ec);
    const stdfs::path canonical = stdfs::weakly_canonical(ec ? path : absolute, ec);
    return ec ? absolute.lexically_normal() : canonical;
  }
  // readdir, not std::filesystem::directory_iterator: libstdc++ 12 builds each entry's path in
  // a noexcept function, so running out of memory there ends the program (std::terminate)
  // instead of throwing std::bad_alloc, which the CLI reports (errors.out_of_memory_outputs).
  std::vector<stdfs::path> list(const stdfs::path& folder) const override {
    std::vector<stdfs::path> entries;
    const std::unique_ptr<DIR, int (*)(DIR*)> dir(::opendir(folder.c_str()), ::closedir);
    if (!dir && errno == ENOMEM) throw std::bad_alloc();
    while (dir) {
      const struct dirent* entry = ::readdir(dir.get());
      if (entry == nullptr) break;
      const std::string_view name = entry->d_name;
      if (name != "." && name != "..") entries.push_back(folder / name);
    }
    return entries;
  }
  bool starts_as_png(const stdfs::path& path) const override {
    std::ifstream in(path, std::ios::binary);
    char head[8] = {};
    in.read(head, sizeof head);
    return in.gcount() == sizeof head && std::memcmp(head, "\x89PNG\r\n\x1a\n", sizeof head) == 0;
  }
  bool may_write_in(const stdfs::path& folder) const override {
    return ::access(folder.c_str(), W_OK | X_OK) == 0;
  }
  void check_target(const stdfs::path& given, const stdfs::path& target,
                    const OutputRules* rules) const override {
    detail::check_target(given, target, rules);
  }
  std::error_code make_folders(const stdfs::path& folder) const override {
    std::error_code ec;
    stdfs::create_directories(folder, ec);
    return ec;
  }
  void remove(const stdfs::path& path) const override {
    std::error_code ec;
    stdfs::remove(path, ec);
  }
  FolderLock lock_folder(const stdfs::path& folder, LockWait wait,
                         const std::function<void(const std::string&)>& waiting) const override {
    return io::fs::lock_folder(folder, wait, waiting);
  }
  int standard_stream(const stdfs::path& path) const override {
    return detail::standard_stream_of(path);
  }
  std::optional<FileId> stream_file(int fd) const override {
    if (fd == STDERR_FILENO) {
      if (const auto silenced = detail::silenced_stderr()) return silenced;
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
    return FileId{st.st_dev, st.st_ino};
  }
  bool is_terminal(int fd) const override { return ::isatty(fd) != 0; }
  void silence_stderr() const override { detail::send_stderr_to_null(); }
  void restore_stderr() const override { detail::restore_stderr(); }
};

}  // namespace

const Disk& real_disk() {
  static const RealDisk disk;
  return disk;
}

}  // namespace dungen::io::fs
