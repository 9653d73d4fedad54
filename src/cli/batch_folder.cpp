// Level files a batch did not write (batch_folder.hpp).
#include "cli/batch_folder.hpp"

#include <algorithm>
#include <filesystem>
#include <string_view>
#include <system_error>

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

}  // namespace

StaleFiles stale_level_files(const std::string& folder, int count,
                             const std::vector<std::string>& suffixes) {
  namespace fs = std::filesystem;
  const std::size_t digits = std::max<std::size_t>(4, std::to_string(count).size());
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

}  // namespace dungen::cli
