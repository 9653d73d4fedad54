#include "io/files.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/tile_settings.hpp"
#include "io/files_detail.hpp"

namespace dungen::io {
namespace fs = std::filesystem;

namespace detail {

fs::path folder_of(const fs::path& path) {
  return path.has_parent_path() ? path.parent_path() : fs::path(".");
}

bool is_special(const fs::path& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  return !ec && fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st);
}

fs::path resolve(const fs::path& path) {
  // A device, FIFO or pipe is written into as named: /dev/stdout and /dev/fd/N lead, through
  // /proc, to pipes the kernel opens but no path names ("pipe:[N]").
  if (is_special(path)) return path;
  std::error_code ec;
  fs::path p = path;
  // Follow the link by hand: a link whose target does not exist yet still names where the
  // file goes (weakly_canonical would stop at the link). Chains are followed 40 deep, as the
  // kernel does.
  for (int depth = 0; depth < 40 && fs::is_symlink(fs::symlink_status(p, ec)); ++depth) {
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) return path;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  if (p == path) return path;
  const fs::path canonical = fs::weakly_canonical(p, ec);
  return ec ? p : canonical;
}

const char* const kStickyRefusal =
    "cannot replace it: it belongs to another user in a folder with the sticky bit; choose "
    "another name, or ask its owner to remove it";

bool foreign_in_sticky_folder(const fs::path& target) {
  struct stat dir {};
  struct stat st {};
  if (::stat(folder_of(target).c_str(), &dir) != 0 || (dir.st_mode & S_ISVTX) == 0) return false;
  if (::lstat(target.c_str(), &st) != 0) return false;
  const uid_t user = ::geteuid();
  return user != 0 && st.st_uid != user && dir.st_uid != user;
}

const char* write_advice(int err) {
  switch (err) {
    case ENOSPC:
    case EDQUOT:
      return "free some space or write somewhere else";
    case EFBIG:
      return "the file would pass the size limit (ulimit -f); raise it or make a smaller level";
    case EMFILE:
    case ENFILE:
      return "raise the open-file limit (ulimit -n) or use fewer {jobs}";
    case ENAMETOOLONG:
      return "use a shorter name";
    case EPIPE:
      return "the program reading it closed it before the end; keep it reading, or write to a "
             "file";
    case EBUSY:
      return "something is mounted on it; unmount it or choose another name";
    default:
      return "check the path and its permissions, or write somewhere else";
  }
}

}  // namespace detail

namespace {
using detail::folder_of;
using detail::is_special;
using detail::resolve;

// The inputs of this run, by device and inode: another spelling, a symbolic or a hard link
// of an input is still that input.
std::mutex g_inputs_mutex;
std::vector<std::pair<dev_t, ino_t>> g_inputs;
std::vector<std::pair<dev_t, ino_t>> g_input_folders;  // the folders holding them
std::vector<std::pair<dev_t, ino_t>> g_tile_folders;   // where a new PNG would be a tile

// Refuses a PNG or tileset.txt that `target` (where `given` leads, through links) would put
// into a tile folder of this run: the next run would read it as a tile or the settings.
void refuse_into_tile_folder(const fs::path& given, const fs::path& target) {
  const char* as = read_in_tile_folder_as(target);
  if (as == nullptr) return;
  struct stat st {};
  if (::stat(folder_of(target).c_str(), &st) != 0) return;
  const std::lock_guard lock(g_inputs_mutex);
  if (std::find(g_tile_folders.begin(), g_tile_folders.end(), std::pair{st.st_dev, st.st_ino}) !=
      g_tile_folders.end()) {
    throw output_error(
        given.string(),
        fmt::format("leads into the tile folder of this run ('{}'), where the next "
                    "run would read it as {}; write it somewhere else",
                    target.string(), as));
  }
}

// Creates a file in `dir` and drops it: access() says yes to root everywhere, but a read-only
// or special file system (/proc), a full quota or a missing folder only show on creating. An
// unnamed file (O_TMPFILE) leaves nothing behind whatever happens; where the file system has
// no unnamed files, a named one is made and removed at once, and one a crash left behind is
// removed by a later run like any stale temporary file.
void probe_folder(const fs::path& given, const fs::path& dir) {
  detail::remove_stale_temps_of(dir / "dungen-probe");  // left by an older dungen's crash
  int fd = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
  if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
    std::string probe = (dir / ".dungen-probe.tmp-XXXXXX").string();
    fd = ::mkostemp(probe.data(), O_CLOEXEC);
    if (fd >= 0) ::unlink(probe.c_str());
  }
  if (fd < 0) {
    const int err = errno;
    const bool folder_at_fault = err != EMFILE && err != ENFILE && err != ENAMETOOLONG;
    throw output_error(
        given.string(),
        fmt::format("cannot create a file in folder '{}': {}; {}", dir.string(), std::strerror(err),
                    folder_at_fault ? "choose another folder" : detail::write_advice(err)));
  }
  ::close(fd);
}

// Whether the file `st` describes is in `ids` (g_inputs or g_input_folders), by identity.
bool recorded(const std::vector<std::pair<dev_t, ino_t>>& ids, const struct stat& st) {
  const std::lock_guard lock(g_inputs_mutex);
  return std::find(ids.begin(), ids.end(), std::pair{st.st_dev, st.st_ino}) != ids.end();
}

}  // namespace

const char* read_in_tile_folder_as(const fs::path& target) {
  std::string ext = target.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == ".png") return target.filename().string().starts_with('.') ? nullptr : "a tile";
  return target.filename() == core::kSidecarName ? "the tile settings" : nullptr;
}

void protect_input(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return;
  struct stat folder {};
  const bool has_folder = ::stat(folder_of(path).c_str(), &folder) == 0;
  {
    const std::lock_guard lock(g_inputs_mutex);
    g_inputs.emplace_back(st.st_dev, st.st_ino);
    if (has_folder) g_input_folders.emplace_back(folder.st_dev, folder.st_ino);
  }
  detail::refuse_input_as_stderr(st.st_dev, st.st_ino);
}

void refuse_input_as_stdout() {
  struct stat st {};
  if (::fstat(STDOUT_FILENO, &st) != 0 || !S_ISREG(st.st_mode)) return;
  if (recorded(g_inputs, st)) {
    throw output_error("-",
                       "standard output is one of the input files; send it to another "
                       "file, dungen never overwrites its inputs");
  }
}

bool is_stdout_file(const fs::path& path) {
  if (path.empty() || path == "-") return false;
  struct stat out {};
  struct stat st {};
  if (::fstat(STDOUT_FILENO, &out) != 0 || !S_ISREG(out.st_mode)) return false;
  return ::stat(path.c_str(), &st) == 0 && st.st_dev == out.st_dev && st.st_ino == out.st_ino;
}

void refuse_input_folder(const fs::path& folder, std::string_view what) {
  struct stat st {};
  if (::stat(folder.c_str(), &st) != 0) return;  // a folder that does not exist holds no input
  if (recorded(g_input_folders, st)) {
    throw output_error(folder.string(),
                       fmt::format("holds input files of this run ({} there); give a folder of "
                                   "its own",
                                   what));
  }
}

fs::path output_target(const fs::path& path) { return detail::resolve(path); }

bool detail::is_input_id(dev_t dev, ino_t ino) {
  struct stat st {};
  st.st_dev = dev;
  st.st_ino = ino;
  return recorded(g_inputs, st);
}

bool detail::is_input(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;
  return recorded(g_inputs, st);
}

bool is_input(const fs::path& path) {
  if (path.empty() || path == "-") return false;
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return false;  // a file that does not exist is no input
  return recorded(g_inputs, st);
}

void refuse_input(const fs::path& path) {
  if (is_input(path)) {
    throw output_error(path.string(),
                       "is one of the input files; choose another output name, dungen never "
                       "overwrites its inputs");
  }
}

void protect_tile_folder(const fs::path& folder) {
  struct stat st {};
  if (::stat(folder.c_str(), &st) != 0) return;
  const std::lock_guard lock(g_inputs_mutex);
  g_tile_folders.emplace_back(st.st_dev, st.st_ino);
}

void refuse_dangling_link(const fs::path& given, const fs::path& folder) {
  std::error_code ec;
  for (fs::path p = folder; !p.empty(); p = p.parent_path()) {
    const fs::file_status link = fs::symlink_status(p, ec);
    if (ec || !fs::exists(link)) {
      if (p == p.parent_path()) return;
      continue;
    }
    if (!fs::is_symlink(link) || fs::exists(fs::status(p, ec))) return;
    throw output_error(given.string(),
                       fmt::format("{}is a symbolic link to '{}', which does not exist; create "
                                   "the folder it points to, or remove the link",
                                   p == given ? "" : fmt::format("'{}' ", p.string()),
                                   fs::read_symlink(p, ec).string()));
  }
}

void check_writable(const fs::path& given) {
  if (given == "-" || detail::standard_stream_of(given) != 0) return;
  if (given.empty()) throw output_error("''", "the output file name is empty");
  refuse_input(given);
  detail::refuse_descriptor_names(given);
  detail::refuse_deleted_target(given);
  const fs::path path = resolve(given);
  refuse_into_tile_folder(given, path);
  std::error_code ec;
  detail::refuse_unwritable_kind(given, path);
  if (is_special(path)) {
    if (::access(path.c_str(), W_OK) != 0) {
      const int err = errno;
      throw output_error(given.string(), fmt::format("cannot write: {}; check its permissions",
                                                     std::strerror(err)));
    }
    if (detail::is_fifo(path)) detail::hold_fifo(given, path);  // refused now if nobody reads
    return;
  }
  detail::refuse_long_name(given, path);
  const fs::path dir = folder_of(path);
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec)) {
    throw output_error(given.string(), fmt::format("'{}' is a file, not a folder; give a path "
                                                   "inside a folder",
                                                   dir.string()));
  }
  if (!fs::is_directory(dir, ec)) {
    if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory) {
      throw output_error(given.string(), fmt::format("cannot use folder '{}': {}; {}", dir.string(),
                                                     std::strerror(ec.value()),
                                                     detail::write_advice(ec.value())));
    }
    refuse_dangling_link(given, dir);
    throw output_error(given.string(),
                       fmt::format("folder '{}' does not exist; create it first", dir.string()));
  }
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    const int err = errno;
    throw output_error(given.string(), fmt::format("folder '{}' is not writable: {}; choose "
                                                   "another folder or change its permissions",
                                                   dir.string(), std::strerror(err)));
  }
  probe_folder(given, dir);
  if (detail::foreign_in_sticky_folder(path)) {
    throw output_error(given.string(), detail::kStickyRefusal);
  }
}

}  // namespace dungen::io
