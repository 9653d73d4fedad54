// Reading input files: regular files only, within a size limit (read.hpp).
#include "io/fs/read.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;

namespace {

[[noreturn]] void fail_read(const stdfs::path& path, int err) {
  throw file_error(path.string(),
                   fmt::format("cannot read: {}; check that the file exists and that you "
                               "may read it",
                               std::strerror(err)));
}

// Opens `path` for reading only when it is a regular file of at most `limit.bytes`. Opened
// without blocking, so a FIFO nobody writes to is refused, not waited on.
int open_regular(const stdfs::path& path, ReadLimit limit) {
  if (path == "-") {  // '-' is standard output for outputs; inputs are files
    throw file_error("-",
                     "dungen reads no input from standard input; save it to a file and "
                     "give that file's name");
  }
  std::error_code ec;
  if (stdfs::is_directory(path, ec))
    throw file_error(path.string(), "is a folder, not a file; give a file");
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) fail_read(path, errno);
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    const int err = errno;
    ::close(fd);
    fail_read(path, err);
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(fd);
    throw file_error(path.string(),
                     "is not a regular file (a pipe, device or socket); dungen reads only "
                     "regular files: save the content to a file and give that");
  }
  if (static_cast<std::uint64_t>(st.st_size) > limit.bytes) {
    ::close(fd);
    throw file_error(path.string(),
                     fmt::format("is {} bytes, more than the {} MiB dungen reads from {}; "
                                 "give a smaller file",
                                 st.st_size, limit.bytes >> 20, limit.file));
  }
  ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

}  // namespace

std::vector<std::uint8_t> read_file(const stdfs::path& path, ReadLimit limit) {
  // POSIX reads, not iostreams: libstdc++'s filebuf throws a message without the file's name
  // on a read error (e.g. EIO).
  const int fd = open_regular(path, limit);
  const std::unique_ptr<const int, void (*)(const int*)> closer(&fd,
                                                                [](const int* f) { ::close(*f); });
  std::vector<std::uint8_t> bytes;
  std::size_t used = 0;
  for (;;) {
    if (bytes.size() - used < 65536)
      bytes.resize(std::max<std::size_t>(2 * bytes.size(), used + 65536));
    const ssize_t n = ::read(fd, bytes.data() + used, bytes.size() - used);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int err = errno;
      throw file_error(path.string(), fmt::format("cannot read: {}; check the disk, or copy the "
                                                  "file again",
                                                  std::strerror(err)));
    }
    if (n == 0) break;
    used += static_cast<std::size_t>(n);
    if (used > limit.bytes) {  // grew while being read
      throw file_error(path.string(),
                       fmt::format("grew past the {} MiB dungen reads from {} while "
                                   "being read; give a file that is not being written",
                                   limit.bytes >> 20, limit.file));
    }
  }
  bytes.resize(used);
  return bytes;
}

std::string read_text(const stdfs::path& path, ReadLimit limit) {
  const auto bytes = read_file(path, limit);
  std::string text(bytes.begin(), bytes.end());
  if (text.starts_with("\xEF\xBB\xBF")) return text.substr(3);  // UTF-8 byte-order mark (Notepad)
  if (text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF")) {
    throw file_error(path.string(),
                     "is UTF-16 text (it starts with a UTF-16 byte-order mark); save it as "
                     "UTF-8 or plain ASCII");
  }
  return text;
}

}  // namespace dungen::io::fs
