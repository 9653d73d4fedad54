// FIFO outputs: opened for writing only when a program reads them (detail.hpp).
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

#include "core/error.hpp"
#include "io/fs/detail.hpp"

namespace dungen::io::fs::detail {
namespace stdfs = std::filesystem;

namespace {

// A reader started together with dungen (`dungen -o f & cat f`) gets this long to open it.
constexpr auto kReaderGrace = std::chrono::seconds(2);
constexpr auto kReaderPoll = std::chrono::milliseconds(10);

std::mutex g_fifo_mutex;
std::map<std::string, int> g_held;  // FIFO path -> write end held open since the check

// Opens the FIFO `target` for writing without waiting for a reader (O_NONBLOCK: ENXIO when no
// program has it open for reading), trying again for kReaderGrace; the file descriptor comes
// back blocking, as plain writes expect.
int open_fifo(const stdfs::path& given, const stdfs::path& target) {
  const auto give_up = std::chrono::steady_clock::now() + kReaderGrace;
  for (;;) {
    const int fd = ::open(target.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
      ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
      return fd;
    }
    const int err = errno;
    if (err == EINTR) continue;
    if (err != ENXIO) {
      throw output_error(given.string(), fmt::format("cannot write: {}; check its permissions",
                                                     std::strerror(err)));
    }
    if (std::chrono::steady_clock::now() >= give_up) {
      throw output_error(given.string(),
                         "is a FIFO no program reads (waited 2 s); start the program that "
                         "reads it first, or write to a file");
    }
    std::this_thread::sleep_for(kReaderPoll);
  }
}

}  // namespace

bool is_fifo(const stdfs::path& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISFIFO(st.st_mode);
}

void hold_fifo(const stdfs::path& given, const stdfs::path& target) {
  const std::lock_guard lock(g_fifo_mutex);
  if (g_held.count(target.string()) != 0) return;
  g_held.emplace(target.string(), open_fifo(given, target));
}

int take_fifo(const stdfs::path& given, const stdfs::path& target) {
  hold_fifo(given, target);
  const std::lock_guard lock(g_fifo_mutex);
  const auto it = g_held.find(target.string());
  const int fd = it->second;
  g_held.erase(it);
  return fd;
}

}  // namespace dungen::io::fs::detail
