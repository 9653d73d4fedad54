#include "io/files.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <fcntl.h>
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

}  // namespace

namespace {

// True for an existing target that is not a regular file (a device such as /dev/null, a
// FIFO, a socket): such targets are written into directly, never replaced.
bool is_special(const fs::path& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  return !ec && fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st);
}

// The file a path finally names: symbolic links are followed, so writing "link.png" updates
// the file it points to instead of replacing the link.
fs::path resolve(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_symlink(fs::symlink_status(path, ec))) return path;
  const fs::path target = fs::weakly_canonical(path, ec);
  return ec ? path : target;
}

}  // namespace

void check_writable(const fs::path& given) {
  if (given == "-") return;
  if (given.empty()) throw output_error("''", "the output file name is empty");
  const fs::path path = resolve(given);
  std::error_code ec;
  if (is_special(path)) {
    if (::access(path.c_str(), W_OK) != 0) {
      throw output_error(given.string(), fmt::format("cannot write: {}", std::strerror(errno)));
    }
    return;
  }
  if (fs::is_directory(path, ec)) {
    throw output_error(given.string(), "is a folder; give a file name such as map.png");
  }
  const fs::path dir = folder_of(path);
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
    throw output_error(given.string(), fmt::format("'{}' is a file, not a folder", dir.string()));
  }
  if (!fs::is_directory(dir, ec)) {
    throw output_error(given.string(), fmt::format("folder '{}' does not exist; create it first",
                                                   dir.string()));
  }
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    throw output_error(given.string(), fmt::format("folder '{}' is not writable: {}", dir.string(),
                                                   std::strerror(errno)));
  }
}

namespace {

// A file written under a temporary name in the target's folder and renamed over the target
// by commit(); destroyed uncommitted, it removes the temporary file.
class AtomicFile {
 public:
  explicit AtomicFile(const fs::path& given) : target_(resolve(given)) {
    check_writable(given);
    if (is_special(target_)) {  // a device or FIFO: write into it, there is nothing to replace
      direct_ = true;
      fd_ = ::open(target_.c_str(), O_WRONLY);
      if (fd_ < 0) fail(errno);
      return;
    }
    temp_ = (folder_of(target_) / fmt::format(".{}.tmp-XXXXXX", target_.filename().string())).string();
    fd_ = ::mkstemp(temp_.data());
    if (fd_ < 0) fail(errno);
  }
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_ && !direct_) ::unlink(temp_.c_str());
  }
  void append(std::string_view bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) fail(n < 0 ? errno : ENOSPC);
      done += static_cast<std::size_t>(n);
    }
  }
  void commit() {
    if (direct_) {
      const int rc = ::close(fd_);
      fd_ = -1;
      if (rc != 0) fail(errno);
      committed_ = true;
      return;
    }
    static const mode_t kMask = [] {  // the process umask, read once (umask() has to set it)
      const mode_t m = ::umask(022);
      ::umask(m);
      return m;
    }();
    ::fchmod(fd_, 0666 & ~kMask);  // mkstemp made it 0600; give it a normal file's mode
    const int rc = ::close(fd_);
    fd_ = -1;
    if (rc != 0) fail(errno);
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail(errno);
    committed_ = true;
  }

 private:
  [[noreturn]] void fail(int err) const {
    throw output_error(target_.string(), fmt::format("cannot write: {}", std::strerror(err)));
  }
  fs::path target_;
  std::string temp_;
  int fd_ = -1;
  bool committed_ = false;
  bool direct_ = false;  ///< writing straight into a device or FIFO
};

}  // namespace

void write_streamed(const fs::path& path, const std::function<void(const BlockSink&)>& produce) {
  if (path == "-") {
    produce([](std::string_view block) {
      std::cout.write(block.data(), static_cast<std::streamsize>(block.size()));
      if (!std::cout) throw output_error("-", "cannot write to standard output");
    });
    std::cout.flush();
    if (!std::cout) throw output_error("-", "cannot write to standard output");
    return;
  }
  AtomicFile file(path);
  produce([&](std::string_view block) { file.append(block); });
  file.commit();
}

void write_file(const fs::path& path, std::span<const std::uint8_t> bytes) {
  const std::string_view view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  write_streamed(path, [&](const BlockSink& sink) { sink(view); });
}

void write_text(const fs::path& path, std::string_view text) {
  write_file(path, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

}  // namespace dungen::io
