// Level files a batch did not write (batch_folder.hpp).
#include "cli/batch_folder.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <string_view>
#include <system_error>
#include <utility>

#include "core/error.hpp"
#include "io/files.hpp"

namespace dungen::cli {
namespace {

constexpr std::string_view kPrefix = "level-";

// Whether `name` is a level file of this batch: "level-", exactly `digits` digits giving a
// number below `count`, then one of `suffixes`.
bool written_by_batch(std::string_view name, std::size_t digits, int count,
                      const std::vector<std::string>& suffixes) {
  const std::string_view rest = name.substr(kPrefix.size());
  const std::size_t n = std::min(rest.size(), rest.find_first_not_of("0123456789"));
  if (n != digits) return false;
  long long index = 0;
  for (const char c : rest.substr(0, n)) {
    index = index * 10 + (c - '0');
    if (index >= count) return false;
  }
  return std::find(suffixes.begin(), suffixes.end(), rest.substr(n)) != suffixes.end();
}

// Whether `name` looks like any batch's level file: "level-" and a digit.
bool level_like(std::string_view name) {
  return name.starts_with(kPrefix) && name.size() > kPrefix.size() && name[kPrefix.size()] >= '0' &&
         name[kPrefix.size()] <= '9';
}

// Whether `name` is a file a batch of `count` levels writes: a level file, or one of `names`.
bool batch_file(const std::string& name, std::size_t digits, int count,
                const std::vector<std::string>& suffixes, const std::vector<std::string>& names) {
  return (level_like(name) && written_by_batch(name, digits, count, suffixes)) ||
         std::find(names.begin(), names.end(), name) != names.end();
}

std::size_t digits_of(int count) { return std::max<std::size_t>(4, std::to_string(count).size()); }

}  // namespace

bool batch_level_file(const std::string& name, int count,
                      const std::vector<std::string>& suffixes) {
  return level_like(name) && written_by_batch(name, digits_of(count), count, suffixes);
}

StaleFiles stale_level_files(const std::string& folder, int count,
                             const std::vector<std::string>& suffixes) {
  namespace fs = std::filesystem;
  const std::size_t digits = digits_of(count);
  StaleFiles stale;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (!it->is_regular_file(type_ec)) continue;
    const std::string name = it->path().filename().string();
    if (!level_like(name) || written_by_batch(name, digits, count, suffixes)) continue;
    ++stale.count;
    if (stale.first.empty() || name < stale.first) stale.first = name;
  }
  return stale;
}

void refuse_aliased_batch_files(const std::string& folder, int count,
                                const std::vector<std::string>& suffixes,
                                const std::vector<std::string>& names) {
  namespace fs = std::filesystem;
  const std::size_t digits = digits_of(count);
  std::error_code ec;
  const fs::path home = fs::weakly_canonical(fs::absolute(folder, ec), ec);
  std::vector<std::pair<std::string, fs::path>> links;  // (name, where it leads), by name
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    const std::string name = it->path().filename().string();
    if (!it->is_symlink(type_ec) || !batch_file(name, digits, count, suffixes, names)) continue;
    links.emplace_back(name, fs::weakly_canonical(fs::absolute(io::output_target(it->path()),
                                                               type_ec),
                                                  type_ec));
  }
  std::sort(links.begin(), links.end());
  for (std::size_t i = 0; i < links.size(); ++i) {
    const auto& [name, target] = links[i];
    std::string what;
    if (target.parent_path() == home &&
        batch_file(target.filename().string(), digits, count, suffixes, names)) {
      what = "another file of this batch";
    }
    for (std::size_t j = 0; what.empty() && j < links.size(); ++j) {
      if (j != i && links[j].second == target)
        what = fmt::format("where the link {} leads too", links[j].first);
    }
    if (what.empty()) continue;
    throw usage_error((fs::path(folder) / name).string(),
                      fmt::format("is a symbolic link to '{}', {}, so one would replace the "
                                  "other; remove the link or give another --out-dir",
                                  target.string(), what));
  }
}

}  // namespace dungen::cli
