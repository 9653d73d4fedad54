// What an output's name and kind must be before anything is written (detail.hpp).
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <charconv>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "io/fs/detail.hpp"

namespace dungen::io::fs::detail {
namespace stdfs = std::filesystem;

namespace {

// Whether `dir`, its links followed, is a descriptor folder of /proc: this process's
// /proc/PID/fd or /proc/PID/task/TID/fd (`own`), where /dev/fd, /proc/self/fd and
// /proc/thread-self/fd lead, or any process's (`!own`).
bool descriptor_folder(const stdfs::path& dir, bool own) {
  std::error_code ec;
  const std::string real = stdfs::canonical(dir.empty() ? stdfs::path(".") : dir, ec).string();
  if (ec || !real.starts_with("/proc/") || !real.ends_with("/fd")) return false;
  if (!own) return true;
  const std::string pid = "/proc/" + std::to_string(::getpid()) + "/";
  if (real == pid + "fd") return true;
  const std::string task = pid + "task/";
  if (!real.starts_with(task)) return false;
  const std::string_view tid(real.data() + task.size(), real.size() - task.size() - 3);
  return !tid.empty() && tid.find_first_not_of("0123456789") == std::string_view::npos;
}

// The descriptor `p` names itself: 0, 1, 2 for /dev/stdin, /dev/stdout, /dev/stderr; N for
// an entry N of this process's descriptor folder, however spelled (/dev/fd/N,
// /proc/self/fd/N, /proc/thread-self/fd/N, /proc/PID/fd/N, ...). -1 for any other name.
int descriptor_of_name(const stdfs::path& p) {
  const std::string name = p.lexically_normal().string();
  if (name == "/dev/stdin") return 0;
  if (name == "/dev/stdout") return 1;
  if (name == "/dev/stderr") return 2;
  const std::string file = p.filename().string();
  int fd = 0;
  const char* end = file.data() + file.size();
  const auto [ptr, ec] = std::from_chars(file.data(), end, fd);
  if (file.empty() || ec != std::errc{} || ptr != end || fd < 0) return -1;
  // The names themselves too: where /proc is not mounted, they lead nowhere.
  const stdfs::path folder = stdfs::path(name).parent_path();
  const bool by_name = folder == "/dev/fd" || folder == "/proc/self/fd";
  return by_name || descriptor_folder(p.parent_path(), true) ? fd : -1;
}

}  // namespace

int descriptor_named(const stdfs::path& path) {
  std::error_code ec;
  stdfs::path p = path;
  for (int depth = 0; depth < 40; ++depth) {
    if (const int fd = descriptor_of_name(p); fd >= 0) return fd;
    if (!stdfs::is_symlink(stdfs::symlink_status(p, ec))) return -1;
    const stdfs::path target = stdfs::read_symlink(p, ec);
    if (ec) return -1;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  return -1;
}

int standard_stream_of(const stdfs::path& path) {
  const int fd = descriptor_named(path);
  return fd == 1 || fd == 2 ? fd : 0;
}

void refuse_descriptor_names(const stdfs::path& given) {
  const int fd = descriptor_named(given);
  if (fd == 0) {
    throw output_error(given.string(),
                       "is standard input, which dungen never writes; give a "
                       "file name, or '-' for standard output");
  }
  if (fd > 2 && ::fcntl(fd, F_GETFD) == -1) {
    throw output_error(given.string(),
                       fmt::format("descriptor {} is not open; open it in the shell ({}> FILE) "
                                   "or give a file name",
                                   fd, fd));
  }
}

void refuse_deleted_target(const stdfs::path& given) {
  std::error_code ec;
  stdfs::path p = given;
  for (int depth = 0; depth < 40 && stdfs::is_symlink(stdfs::symlink_status(p, ec)); ++depth) {
    const stdfs::path target = stdfs::read_symlink(p, ec);
    if (ec) return;
    const bool in_proc = descriptor_folder(p.parent_path(), false);
    if (in_proc && target.string().ends_with(" (deleted)") && !stdfs::exists(target, ec)) {
      throw output_error(given.string(),
                         fmt::format("leads to a file that was deleted ('{}'); give the path of "
                                     "the file to write",
                                     target.string()));
    }
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
}

void refuse_unwritable_kind(const stdfs::path& given, const stdfs::path& path) {
  std::error_code ec;
  if (stdfs::is_directory(path, ec)) {
    throw output_error(given.string(), "is a folder; give a file name such as map.png");
  }
  if (given.string().back() == '/') {
    throw output_error(given.string(),
                       "ends in '/', so it names a folder; give a file name "
                       "such as map.png");
  }
  if (stdfs::is_socket(path, ec)) {
    throw output_error(given.string(),
                       "is a socket, which dungen cannot write to; give a file, "
                       "a device or a FIFO");
  }
}

void refuse_long_name(const stdfs::path& given, const stdfs::path& path) {
  // NAME_MAX on Linux file systems is 255 bytes; the file is written as ".NAME.tmp-XXXXXX"
  // first, 12 bytes longer.
  if (path.filename().string().size() > 243) {
    throw output_error(given.string(),
                       fmt::format("the file name is {} bytes, longer than the 243 dungen can "
                                   "write (it writes through a temporary name 12 bytes longer, "
                                   "and names end at 255); use a shorter name",
                                   path.filename().string().size()));
  }
  // PATH_MAX, 4096 bytes with its ending NUL, holds the temporary name too.
  if (path.string().size() + 12 > 4095) {
    throw output_error(given.string(),
                       fmt::format("the path is {} bytes, longer than the 4083 dungen can write "
                                   "(it writes through a temporary name 12 bytes longer, and "
                                   "paths end at 4095); use a shorter path",
                                   path.string().size()));
  }
}

}  // namespace dungen::io::fs::detail
