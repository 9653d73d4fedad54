// A batch's folder ({out_dir}): the names of its files, what may be there, and making it
// (run_files.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

#include "core/error.hpp"
#include "io/fs/detail.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;
namespace {

constexpr std::string_view kPrefix = "level-";

std::size_t digits_of(int count) { return std::max<std::size_t>(4, std::to_string(count).size()); }

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

// The batch's own files besides its levels: the manifest, and the gallery and tileset image
// when it writes them.
std::vector<std::string> summary_names(const BatchPlan& plan) {
  std::vector<std::string> names{plan.manifest};
  if (plan.writes_gallery) names.push_back(plan.gallery);
  if (plan.writes_tileset_image) names.push_back(plan.tileset_image);
  return names;
}

// Whether `name` is a file the batch writes: a level file, or one of `names`.
bool batch_file(const std::string& name, const BatchPlan& plan,
                const std::vector<std::string>& names) {
  return batch_level_file(name, plan.count, plan.level_suffixes) ||
         std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

std::string batch_level_name(int index, int count) {
  return fmt::format("level-{:0{}}", index, digits_of(count));
}

bool batch_level_file(const std::string& name, int count,
                      const std::vector<std::string>& suffixes) {
  return level_like(name) && written_by_batch(name, digits_of(count), count, suffixes);
}

void RunFiles::check(const BatchPlan& plan) const {
  // Only files this batch writes: an earlier batch's level-0005.png is an input it may read.
  for (const stdfs::path& entry : disk_.list(plan.folder)) {
    const std::string name = entry.filename().string();
    const bool written = batch_level_file(name, plan.count, plan.level_suffixes) ||
                         name == plan.manifest || name == plan.tileset_image;
    if (written || (plan.writes_gallery && name == plan.gallery)) refuse_input(entry);
    // An earlier gallery is removed even when this batch writes none: nor may it take messages.
    if (written || name == plan.gallery) refuse_stderr_output(entry);
  }
  const stdfs::path first = stdfs::path(plan.folder) / (batch_level_name(0, plan.count) + ".png");
  refuse_target(first, disk_.target(first));
  if (plan.writes_tileset_image) {
    const stdfs::path image = stdfs::path(plan.folder) / plan.tileset_image;
    refuse_target(image, disk_.target(image));
  }
}

void RunFiles::open_batch_folder(const BatchPlan& plan) const {
  const stdfs::path folder(plan.folder);
  refuse_dangling_link(disk_, folder, folder);
  const std::error_code ec = disk_.make_folders(folder);
  if (disk_.status(folder).kind != FileKind::Folder) {
    throw output_error(plan.folder, fmt::format("cannot create the output folder: {}; give a "
                                                "folder path you may write to",
                                                ec ? ec.message() : "a file is in the way"));
  }
  check_output(folder / plan.manifest);
  if (plan.writes_gallery) check_output(folder / plan.gallery);
  refuse_aliased_batch_files(plan);
  // One owner: another batch's levels and summaries are never mixed with this one's.
  batch_lock_ = disk_.lock_folder(folder, plan.lock_wait, plan.on_wait);
  remove_old_summaries(plan);
  // A batch killed (SIGKILL) here left temporary files; run again at once, it takes them away.
  const std::vector<std::string> names = summary_names(plan);
  detail::remove_unheld_temps(
      folder, [&](const std::string& name) { return batch_file(name, plan, names); }, this);
  if (plan.writes_tileset_image) refuse_folder_as_tileset_image(folder / plan.tileset_image);
}

// Refuses (Error of kind Usage) a file the batch writes that is a symbolic link leading to
// another file of the batch, or to where another such link leads, whether the target exists
// yet or not: one would replace the other. The first such link by name is named.
void RunFiles::refuse_aliased_batch_files(const BatchPlan& plan) const {
  const std::vector<std::string> names = summary_names(plan);
  const stdfs::path home = disk_.canonical(plan.folder);
  std::vector<std::pair<std::string, stdfs::path>> links;  // (name, where it leads), by name
  for (const stdfs::path& entry : disk_.list(plan.folder)) {
    const std::string name = entry.filename().string();
    if (disk_.link_status(entry).kind != FileKind::Link || !batch_file(name, plan, names)) continue;
    links.emplace_back(name, canonical_output(entry));
  }
  std::sort(links.begin(), links.end());
  for (std::size_t i = 0; i < links.size(); ++i) {
    const auto& [name, target] = links[i];
    std::string what;
    if (target.parent_path() == home && batch_file(target.filename().string(), plan, names))
      what = "another file of this batch";
    for (std::size_t j = 0; what.empty() && j < links.size(); ++j) {
      if (j != i && links[j].second == target)
        what = fmt::format("where the link {} leads too", links[j].first);
    }
    if (what.empty()) continue;
    throw usage_error((stdfs::path(plan.folder) / name).string(),
                      fmt::format("is a symbolic link to '{}', {}, so one would replace the "
                                  "other; remove the link or give another {{out_dir}}",
                                  target.string(), what));
  }
}

// An earlier batch's manifest and gallery would describe levels this one replaces until it
// ends, or for good if it is interrupted: they go now. What this batch writes again at the end
// (the manifest, a gallery asked for) goes where it will land, through a symbolic link as when
// it is written (check_output has refused an input there). A gallery not asked for goes only
// as a file of the folder itself: never through a link, never when it is an input.
void RunFiles::remove_old_summaries(const BatchPlan& plan) const {
  const stdfs::path manifest = disk_.target(stdfs::path(plan.folder) / plan.manifest);
  if (disk_.link_status(manifest).kind == FileKind::File) disk_.remove(manifest);
  stdfs::path gallery = stdfs::path(plan.folder) / plan.gallery;
  if (plan.writes_gallery) gallery = disk_.target(gallery);
  if (disk_.link_status(gallery).kind == FileKind::File && !is_input(gallery))
    disk_.remove(gallery);
}

StaleFiles RunFiles::stale_level_files(const BatchPlan& plan) const {
  StaleFiles stale;
  for (const stdfs::path& entry : disk_.list(plan.folder)) {
    if (disk_.status(entry).kind != FileKind::File) continue;
    const std::string name = entry.filename().string();
    if (!level_like(name) || batch_level_file(name, plan.count, plan.level_suffixes)) continue;
    ++stale.count;
    if (stale.first.empty() || name < stale.first) stale.first = name;
  }
  return stale;
}

}  // namespace dungen::io::fs
