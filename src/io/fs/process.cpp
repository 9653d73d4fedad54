#include "io/fs/process.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "core/error.hpp"
#include "io/fs/signal_cleanup.hpp"

extern char** environ;  // NOLINT: POSIX; passed on to the programs we start

namespace dungen::io::fs {
namespace stdfs = std::filesystem;

bool is_executable(const stdfs::path& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

std::optional<stdfs::path> find_program(const std::string& name) {
  if (name.find('/') != std::string::npos)
    return is_executable(name) ? std::optional<stdfs::path>(name) : std::nullopt;
  const char* path = std::getenv("PATH");
  std::string_view rest = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  while (!rest.empty()) {
    const std::size_t colon = rest.find(':');
    const std::string_view folder = rest.substr(0, colon);
    rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    const stdfs::path candidate = stdfs::path(folder.empty() ? "." : std::string(folder)) / name;
    if (is_executable(candidate)) return candidate;
  }
  return std::nullopt;
}

namespace {

// Starts the program; standard input /dev/null, output and error into `log`, `keep` as its
// descriptor 3, the signals dungen ignores back at their defaults and `mask` as its signal
// mask. Returns 0 or the errno of posix_spawn.
int spawn(const std::vector<std::string>& argv, const stdfs::path& log, int keep,
          const sigset_t& mask, pid_t& pid) {
  std::vector<char*> args;
  for (const std::string& a : argv)
    args.push_back(const_cast<char*>(a.c_str()));  // NOLINT: POSIX's signature
  args.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  // dup2 onto 3 from a descriptor above it (one already 3 would keep its close-on-exec).
  const int lent = keep >= 0 ? ::fcntl(keep, F_DUPFD_CLOEXEC, 10) : -1;
  if (lent >= 0) posix_spawn_file_actions_adddup2(&actions, lent, 3);
  // dungen ignores SIGPIPE (a closed pipe is an output error it reports); the program gets the
  // default back, as a shell would give it.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  sigaddset(&defaults, SIGXFSZ);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  posix_spawnattr_setsigmask(&attr, &mask);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  const int err = ::posix_spawn(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (lent >= 0) ::close(lent);
  return err;
}

}  // namespace

int run_program(const std::vector<std::string>& argv, const stdfs::path& log, int keep) {
  pid_t pid = 0;
  int err = 0, slot = -1;
  {
    // Started and listed together, so that a signal's handler always ends it.
    const detail::ListingGuard guard;
    err = spawn(argv, log, keep, guard.before(), pid);
    if (err == 0) slot = detail::list_leftover(detail::Leftover::Child, "", pid);
  }
  if (err != 0) throw output_error(argv[0], fmt::format("cannot run it: {}", std::strerror(err)));
  // Wait for its end but leave it unreaped, so its id cannot be reused while it is listed; once
  // unlisted, reap it, unless a signal's handler (which may be about to kill it) is at work.
  siginfo_t info{};
  while (::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR) {
  }
  detail::unlist_leftover(slot);
  if (detail::ending()) detail::wait_for_end();
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR)
      throw output_error(argv[0], fmt::format("lost track of it: {}", std::strerror(errno)));
  }
  if (WIFSIGNALED(status)) return -WTERMSIG(status);
  return WEXITSTATUS(status);
}

}  // namespace dungen::io::fs
