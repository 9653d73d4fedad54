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

namespace {

// A file written under a temporary name in the target's folder and renamed over the target
// by commit(); destroyed uncommitted, it removes the temporary file.
class AtomicFile {
 public:
  explicit AtomicFile(const fs::path& target) : target_(target) {
    check_writable(target);
    temp_ = (folder_of(target) / fmt::format(".{}.tmp-XXXXXX", target.filename().string())).string();
    fd_ = ::mkstemp(temp_.data());
    if (fd_ < 0) fail(errno);
  }
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;
  ~AtomicFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!committed_) ::unlink(temp_.c_str());
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
