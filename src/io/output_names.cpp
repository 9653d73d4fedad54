// What an output's name and kind must be before anything is written (files_detail.hpp).
#include <fmt/format.h>

#include <filesystem>
#include <string>

#include "core/error.hpp"
#include "io/files_detail.hpp"

namespace dungen::io::detail {
namespace fs = std::filesystem;

int standard_stream_of(const fs::path& path) {
  std::error_code ec;
  fs::path p = path;
  for (int depth = 0; depth < 40; ++depth) {
    for (const int fd : {1, 2}) {
      for (const std::string& name :
           {std::string(fd == 1 ? "/dev/stdout" : "/dev/stderr"), "/dev/fd/" + std::to_string(fd),
            "/proc/self/fd/" + std::to_string(fd)}) {
        if (p.lexically_normal() == fs::path(name)) return fd;
      }
    }
    if (!fs::is_symlink(fs::symlink_status(p, ec))) return 0;
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) return 0;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  return 0;
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
