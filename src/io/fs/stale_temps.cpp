// Temporary files a SIGKILL left behind, found and removed by the next write of the same name
// (detail.hpp's remove_stale_temps_of).
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "io/fs/detail.hpp"
#include "io/fs/output_checks.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;

namespace {

// --- Temporary files a SIGKILL left behind ------------------------------------------------------
// A writer holds an flock on its temporary file from its creation to its rename; the kernel
// drops the lock when the process dies, however it dies. A temporary file nobody holds, last
// written over kStaleAge ago (the writer takes its lock right after creating the file), is
// stale.

// ".NAME.tmp-XXXXXX" (mkstemp's six letters or digits) -> NAME; "" for any other name.
std::string temp_target(const std::string& file) {
  constexpr std::string_view kMark = ".tmp-";
  if (file.size() < 1 + 1 + kMark.size() + 6 || file[0] != '.') return "";
  const std::size_t mark = file.size() - 6 - kMark.size();
  if (file.compare(mark, kMark.size(), kMark) != 0) return "";
  for (std::size_t i = file.size() - 6; i < file.size(); ++i) {
    if (std::isalnum(static_cast<unsigned char>(file[i])) == 0) return "";
  }
  return file.substr(1, mark - 1);
}

// Whether the writer's folder lock vouches for the file's age (remove_unheld_temps).
enum class Age { Checked, Vouched };

bool is_stale(const stdfs::path& temp, const OutputRules* rules, Age age_rule = Age::Checked) {
  struct stat st {};
  if (::lstat(temp.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return false;
  // Named like a temporary file, but the user's input.
  if (rules != nullptr && rules->is_input(temp)) return false;
  const auto age =
      std::chrono::system_clock::now() - std::chrono::system_clock::from_time_t(st.st_mtime);
  if (age_rule == Age::Checked && age < detail::kStaleAge) return false;
  const int fd = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return false;
  const bool free = ::flock(fd, LOCK_EX | LOCK_NB) == 0;  // released by close
  ::close(fd);
  return free;
}

// Removes the stale temporary files of `target` in its folder. The folder is listed once per
// process (a batch writes thousands of files into one folder), then looked up by name.
}  // namespace

namespace detail {

void remove_stale_temps_of(const stdfs::path& target, const OutputRules* rules) {
  static std::mutex mutex;
  static std::map<stdfs::path, std::map<std::string, std::vector<stdfs::path>>> by_folder;
  const stdfs::path folder = target.has_parent_path() ? target.parent_path() : stdfs::path(".");
  std::vector<stdfs::path> candidates;
  {
    std::lock_guard lock(mutex);
    auto [it, fresh] = by_folder.try_emplace(folder);
    if (fresh) {
      std::error_code ec;
      for (const auto& entry : stdfs::directory_iterator(folder, ec)) {
        const std::string name = temp_target(entry.path().filename().string());
        if (!name.empty()) it->second[name].push_back(entry.path());
      }
    }
    const auto found = it->second.find(target.filename().string());
    if (found == it->second.end()) return;
    candidates = std::move(found->second);
    it->second.erase(found);
  }
  for (const stdfs::path& temp : candidates) {
    if (is_stale(temp, rules)) ::unlink(temp.c_str());
  }
}

void remove_unheld_temps(const stdfs::path& folder,
                         const std::function<bool(const std::string&)>& ours,
                         const OutputRules* rules) {
  std::error_code ec;
  for (const auto& entry : stdfs::directory_iterator(folder, ec)) {
    const std::string name = temp_target(entry.path().filename().string());
    if (!name.empty() && ours(name) && is_stale(entry.path(), rules, Age::Vouched))
      ::unlink(entry.path().c_str());
  }
}

}  // namespace detail

}  // namespace dungen::io::fs
