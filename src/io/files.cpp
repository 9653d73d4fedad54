#include "io/files.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>

#include "core/error.hpp"

namespace dungen::io {
namespace fs = std::filesystem;

std::vector<std::uint8_t> read_file(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw file_error(path.string(), "is a folder, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw file_error(path.string(), fmt::format("cannot read: {}", std::strerror(errno)));
  std::vector<std::uint8_t> bytes((std::istreambuf_iterator<char>(in)),
                                  std::istreambuf_iterator<char>());
  if (in.bad()) throw file_error(path.string(), "cannot read: I/O error");
  return bytes;
}

std::string read_text(const fs::path& path) {
  const auto bytes = read_file(path);
  return std::string(bytes.begin(), bytes.end());
}

namespace {

fs::path folder_of(const fs::path& path) {
  return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

void write_stdout(std::span<const std::uint8_t> bytes) {
  std::cout.write(reinterpret_cast<const char*>(bytes.data()),
                  static_cast<std::streamsize>(bytes.size()));
  std::cout.flush();
  if (!std::cout) throw output_error("-", "cannot write to standard output");
}

}  // namespace

void check_writable(const fs::path& path) {
  if (path == "-") return;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    throw output_error(path.string(), "is a folder; give a file name such as map.png");
  }
  const fs::path dir = folder_of(path);
  if (!fs::is_directory(dir, ec)) {
    throw output_error(path.string(), fmt::format("folder '{}' does not exist; create it first",
                                                  dir.string()));
  }
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    throw output_error(path.string(), fmt::format("folder '{}' is not writable: {}", dir.string(),
                                                  std::strerror(errno)));
  }
}

void write_file(const fs::path& path, std::span<const std::uint8_t> bytes) {
  if (path == "-") return write_stdout(bytes);
  check_writable(path);
  const fs::path dir = folder_of(path);
  std::string tmpl = (dir / fmt::format(".{}.tmp-XXXXXX", path.filename().string())).string();
  const int fd = ::mkstemp(tmpl.data());
  if (fd < 0) throw output_error(path.string(), fmt::format("cannot write: {}", std::strerror(errno)));
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int err = errno;
      ::close(fd);
      ::unlink(tmpl.c_str());
      throw output_error(path.string(), fmt::format("cannot write: {}", std::strerror(err)));
    }
    done += static_cast<std::size_t>(n);
  }
  static const mode_t kMask = [] {  // the process umask, read once (umask() has to set it)
    const mode_t m = ::umask(022);
    ::umask(m);
    return m;
  }();
  ::fchmod(fd, 0666 & ~kMask);  // mkstemp made it 0600; give it a normal file's mode
  if (::close(fd) != 0 || std::rename(tmpl.c_str(), path.c_str()) != 0) {
    const int err = errno;
    ::unlink(tmpl.c_str());
    throw output_error(path.string(), fmt::format("cannot write: {}", std::strerror(err)));
  }
}

void write_text(const fs::path& path, std::string_view text) {
  write_file(path, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

}  // namespace dungen::io
