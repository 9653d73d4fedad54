// Standard error that is a file the command line names (standard_streams.hpp).
#include "io/fs/standard_streams.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>

#include "io/fs/detail.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;
namespace {

// Standard error as it was when silence_stderr_named_by sent it to /dev/null ({0, 0}: never).
std::pair<dev_t, ino_t> g_silenced_stderr{0, 0};
// A descriptor of that file, for restore_stderr (-1: none).
int g_saved_stderr = -1;

// What a tile folder's reader takes: tileset.txt and PNG files (any case of ".png").
bool read_from_tile_folder(const stdfs::path& name) {
  if (name == "tileset.txt") return true;
  std::string ext = name.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".png";
}

// Whether `arg` names the file `err` describes: the file itself, or one a tile folder's
// reader would take in the folder `arg`.
bool names(std::string_view arg, const struct stat& err) {
  const std::string path(arg);
  struct stat st {};
  if (path.empty() || ::stat(path.c_str(), &st) != 0) return false;
  if (st.st_dev == err.st_dev && st.st_ino == err.st_ino) return true;
  if (!S_ISDIR(st.st_mode)) return false;
  std::error_code ec;
  for (stdfs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
    if (!read_from_tile_folder(it->path().filename())) continue;
    if (::stat(it->path().c_str(), &st) == 0 && st.st_dev == err.st_dev && st.st_ino == err.st_ino)
      return true;
  }
  return false;
}

}  // namespace

bool silence_stderr_named_by(int argc, char** argv) {
  struct stat err {};
  if (::fstat(STDERR_FILENO, &err) != 0 || !S_ISREG(err.st_mode)) return false;
  bool named = false;
  for (int i = 1; i < argc && !named; ++i) {
    const std::string_view arg = argv[i];
    if (detail::standard_stream_of(std::string(arg)) != 0) continue;  // the stream, not a file
    const std::size_t eq = arg.starts_with("--") ? arg.find('=') : std::string_view::npos;
    named = names(arg, err) || (eq != std::string_view::npos && names(arg.substr(eq + 1), err));
  }
  if (!named) return false;
  g_saved_stderr = ::fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
  detail::send_stderr_to_null();  // before any message: the first may be an error about the options
  g_silenced_stderr = {err.st_dev, err.st_ino};
  return true;
}

namespace detail {

void send_stderr_to_null() {
  if (const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC); null >= 0) {
    ::dup2(null, STDERR_FILENO);
    ::close(null);
  }
}

std::optional<FileId> silenced_stderr() {
  if (g_silenced_stderr == std::pair<dev_t, ino_t>{0, 0}) return std::nullopt;
  return FileId{g_silenced_stderr.first, g_silenced_stderr.second};
}

void restore_stderr() {
  if (g_saved_stderr < 0) return;
  ::dup2(g_saved_stderr, STDERR_FILENO);
  g_silenced_stderr = {0, 0};
  ::close(g_saved_stderr);
  g_saved_stderr = -1;
}

}  // namespace detail

}  // namespace dungen::io::fs
