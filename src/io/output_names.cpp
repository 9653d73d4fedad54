// What an output's name and kind must be before anything is written (files_detail.hpp).
#include <fcntl.h>
#include <fmt/format.h>

#include <charconv>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "io/files_detail.hpp"

namespace dungen::io::detail {
namespace fs = std::filesystem;

namespace {

// The descriptor `p` names itself: 0, 1, 2 for /dev/stdin, /dev/stdout, /dev/stderr; N for
// /dev/fd/N and /proc/self/fd/N. -1 for any other name.
int descriptor_of_name(const fs::path& p) {
  const std::string name = p.lexically_normal().string();
  if (name == "/dev/stdin") return 0;
  if (name == "/dev/stdout") return 1;
  if (name == "/dev/stderr") return 2;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (!name.starts_with(prefix) || name.size() == prefix.size()) continue;
    int fd = 0;
    const char* end = name.data() + name.size();
    const auto [ptr, ec] = std::from_chars(name.data() + prefix.size(), end, fd);
    if (ec == std::errc{} && ptr == end) return fd;
  }
  return -1;
}

}  // namespace

int descriptor_named(const fs::path& path) {
  std::error_code ec;
  fs::path p = path;
  for (int depth = 0; depth < 40; ++depth) {
    if (const int fd = descriptor_of_name(p); fd >= 0) return fd;
    if (!fs::is_symlink(fs::symlink_status(p, ec))) return -1;
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) return -1;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  return -1;
}

int standard_stream_of(const fs::path& path) {
  const int fd = descriptor_named(path);
  return fd == 1 || fd == 2 ? fd : 0;
}

void refuse_descriptor_names(const fs::path& given) {
  const int fd = descriptor_named(given);
  if (fd == 0) {
    throw output_error(given.string(), "is standard input, which dungen never writes; give a "
                                       "file name, or '-' for standard output");
  }
  if (fd > 2 && ::fcntl(fd, F_GETFD) == -1) {
    throw output_error(given.string(),
                       fmt::format("descriptor {} is not open; open it in the shell ({}> FILE) "
                                   "or give a file name",
                                   fd, fd));
  }
}

void refuse_deleted_target(const fs::path& given) {
  std::error_code ec;
  fs::path p = given;
  for (int depth = 0; depth < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++depth) {
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) return;
    const bool in_proc = p.lexically_normal().string().starts_with("/proc/");
    if (in_proc && target.string().ends_with(" (deleted)") && !fs::exists(target, ec)) {
      throw output_error(given.string(),
                         fmt::format("leads to a file that was deleted ('{}'); give the path of "
                                     "the file to write",
                                     target.string()));
    }
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
}

void refuse_unwritable_kind(const fs::path& given, const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    throw output_error(given.string(), "is a folder; give a file name such as map.png");
  }
  if (given.string().back() == '/') {
    throw output_error(given.string(), "ends in '/', so it names a folder; give a file name "
                                       "such as map.png");
  }
  if (fs::is_socket(path, ec)) {
    throw output_error(given.string(), "is a socket, which dungen cannot write to; give a file, "
                                       "a device or a FIFO");
  }
}

void refuse_long_name(const fs::path& given, const fs::path& path) {
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

}  // namespace dungen::io::detail
