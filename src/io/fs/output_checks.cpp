// What must hold of one output before anything is written (output_checks.hpp).
#include "io/fs/output_checks.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "core/error.hpp"
#include "io/fs/detail.hpp"
#include "io/fs/disk.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;

namespace detail {

stdfs::path folder_of(const stdfs::path& path) {
  return path.has_parent_path() ? path.parent_path() : stdfs::path(".");
}

bool is_special(const stdfs::path& path) {
  std::error_code ec;
  const stdfs::file_status st = stdfs::status(path, ec);
  return !ec && stdfs::exists(st) && !stdfs::is_regular_file(st) && !stdfs::is_directory(st);
}

stdfs::path resolve(const stdfs::path& path) {
  // A device, FIFO or pipe is written into as named: /dev/stdout and /dev/fd/N lead, through
  // /proc, to pipes the kernel opens but no path names ("pipe:[N]").
  if (is_special(path)) return path;
  std::error_code ec;
  stdfs::path p = path;
  // Follow the link by hand: a link whose target does not exist yet still names where the
  // file goes (weakly_canonical would stop at the link). Chains are followed 40 deep, as the
  // kernel does.
  for (int depth = 0; depth < 40 && stdfs::is_symlink(stdfs::symlink_status(p, ec)); ++depth) {
    const stdfs::path target = stdfs::read_symlink(p, ec);
    if (ec) return path;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  if (p == path) return path;
  const stdfs::path canonical = stdfs::weakly_canonical(p, ec);
  return ec ? p : canonical;
}

const char* const kStickyRefusal =
    "cannot replace it: it belongs to another user in a folder with the sticky bit; choose "
    "another name, or ask its owner to remove it";

bool foreign_in_sticky_folder(const stdfs::path& target) {
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

// Creates a file in `dir` and drops it: access() says yes to root everywhere, but a read-only
// or special file system (/proc), a full quota or a missing folder only show on creating. An
// unnamed file (O_TMPFILE) leaves nothing behind whatever happens; where the file system has
// no unnamed files, a named one is made and removed at once, and one a crash left behind is
// removed by a later run like any stale temporary file.
void probe_folder(const stdfs::path& given, const stdfs::path& dir, const OutputRules* rules) {
  detail::remove_stale_temps_of(dir / "dungen-probe", rules);  // left by an older dungen's crash
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

// A device or FIFO is written into: it must let this process write, and a FIFO needs a reader.
void check_special(const stdfs::path& given, const stdfs::path& path) {
  if (::access(path.c_str(), W_OK) != 0) {
    const int err = errno;
    throw output_error(given.string(),
                       fmt::format("cannot write: {}; check its permissions", std::strerror(err)));
  }
  if (detail::is_fifo(path)) detail::hold_fifo(given, path);  // refused now if nobody reads
}

// The folder `dir` of a new file must exist, be a folder and let this process make files.
void check_folder(const stdfs::path& given, const stdfs::path& dir) {
  std::error_code ec;
  if (stdfs::exists(dir, ec) && !stdfs::is_directory(dir, ec)) {
    throw output_error(given.string(), fmt::format("'{}' is a file, not a folder; give a path "
                                                   "inside a folder",
                                                   dir.string()));
  }
  if (!stdfs::is_directory(dir, ec)) {
    if (ec && ec != std::errc::no_such_file_or_directory && ec != std::errc::not_a_directory) {
      throw output_error(given.string(),
                         fmt::format("cannot use folder '{}': {}; {}", dir.string(),
                                     std::strerror(ec.value()), detail::write_advice(ec.value())));
    }
    refuse_dangling_link(real_disk(), given, dir);
    throw output_error(given.string(),
                       fmt::format("folder '{}' does not exist; create it first", dir.string()));
  }
  if (::access(dir.c_str(), W_OK | X_OK) != 0) {
    const int err = errno;
    throw output_error(given.string(), fmt::format("folder '{}' is not writable: {}; choose "
                                                   "another folder or change its permissions",
                                                   dir.string(), std::strerror(err)));
  }
}

}  // namespace

void detail::check_target(const stdfs::path& given, const stdfs::path& path,
                          const OutputRules* rules) {
  detail::refuse_descriptor_names(given);
  detail::refuse_deleted_target(given);
  detail::refuse_unwritable_kind(given, path);
  if (is_special(path)) return check_special(given, path);
  detail::refuse_long_name(given, path);
  const stdfs::path dir = folder_of(path);
  check_folder(given, dir);
  probe_folder(given, dir, rules);
  if (detail::foreign_in_sticky_folder(path)) {
    throw output_error(given.string(), detail::kStickyRefusal);
  }
}

void check_writable(const Disk& disk, const stdfs::path& given, const OutputRules* rules) {
  if (given == "-" || disk.standard_stream(given) != 0) return;
  if (given.empty()) throw output_error("''", "the output file name is empty");
  if (rules != nullptr) rules->refuse_input(given);
  const stdfs::path target = disk.target(given);
  if (rules != nullptr) rules->refuse_target(given, target);
  disk.check_target(given, target, rules);
}

void check_writable(const stdfs::path& given, const OutputRules* rules) {
  check_writable(real_disk(), given, rules);
}

stdfs::path output_target(const stdfs::path& path) { return detail::resolve(path); }

int standard_stream_named(const stdfs::path& path) { return detail::standard_stream_of(path); }

void refuse_dangling_link(const Disk& disk, const stdfs::path& given, const stdfs::path& folder) {
  for (stdfs::path p = folder; !p.empty(); p = p.parent_path()) {
    const FileStatus link = disk.link_status(p);
    if (!link.exists()) {
      if (p == p.parent_path()) return;
      continue;
    }
    if (link.kind != FileKind::Link || disk.status(p).exists()) return;
    throw output_error(given.string(),
                       fmt::format("{}is a symbolic link to '{}', which does not exist; create "
                                   "the folder it points to, or remove the link",
                                   p == given ? "" : fmt::format("'{}' ", p.string()),
                                   disk.read_link(p).string()));
  }
}

}  // namespace dungen::io::fs
