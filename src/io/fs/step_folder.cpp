// The step pictures' folder ({dump_steps}): what may be there, and making it (run_files.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;
namespace {

// Whether `name` is a picture name of the step pictures: NNN-STEP.png with a step some
// generator shows (pipeline/generators.hpp, docs/cli.md).
bool is_step_picture(const std::string& name) {
  static constexpr std::string_view kSteps[] = {
      "start",     "grown",  "closed", "undone", "finished", "placed", "dropped",
      "separated", "carved", "spread", "merged", "joined",   "locks"};
  if (name.size() < 9 || !name.ends_with(".png") || name[3] != '-') return false;
  if (!std::all_of(name.begin(), name.begin() + 3, [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  const std::string_view step = std::string_view(name).substr(4, name.size() - 8);
  return std::find(std::begin(kSteps), std::end(kSteps), step) != std::end(kSteps);
}

}  // namespace

std::string step_picture_name(int index, std::string_view step) {
  return fmt::format("{:03}-{}.png", index, step);
}

// A folder that can be written, or a path whose first existing folder can be; made by the
// first picture, so a run that fails before leaves nothing.
void RunFiles::check_step_folder(const std::string& folder) const {
  if (folder.empty()) throw field_error("dump_steps", "give a folder for the pictures");
  if (folder == "-") {
    throw field_error("dump_steps",
                      "the pictures go into a folder, never to standard output; "
                      "give a folder (./- for one named '-')");
  }
  stdfs::path existing = folder;
  while (!disk_.status(existing).exists() && existing.has_parent_path() &&
         existing.parent_path() != existing)
    existing = existing.parent_path();
  if (!disk_.status(existing).exists()) existing = ".";
  const bool is_folder = disk_.status(existing).kind == FileKind::Folder;
  if (is_folder && disk_.may_write_in(existing)) return;
  throw output_error(
      folder,
      fmt::format("cannot make the pictures of {{dump_steps}} here: {}; give a folder path you "
                  "may write to",
                  is_folder ? fmt::format("'{}' is not writable", existing.string())
                            : fmt::format("'{}' is a file, not a folder", existing.string())));
}

// An output (`canonical`: its canonical path) in the step folder, or that folder itself: a
// step picture NNN-STEP.png would replace it, or it a picture.
void RunFiles::refuse_in_step_folder(const std::string& path, const stdfs::path& canonical,
                                     const SingleRunPlan& plan) const {
  if (!plan.step_folder || plan.step_folder->empty()) return;
  const stdfs::path steps = canonical_output(*plan.step_folder);
  if (canonical != steps && canonical.parent_path() != steps) return;
  throw usage_error(path, fmt::format("is inside the {{dump_steps}} folder '{}', where the step "
                                      "pictures NNN-STEP.png go; write it elsewhere",
                                      *plan.step_folder));
}

// A name in the step folder that a picture could take but that holds no PNG: a file of
// another kind, a folder, or a symbolic link to one or to nothing. A picture would replace
// that file, or make one outside the folder; pictures of an earlier run (PNGs) are removed
// instead, so they may be neither where standard output nor where standard error goes.
void RunFiles::refuse_foreign_step_names(const stdfs::path& folder) const {
  for (const stdfs::path& entry : disk_.list(folder)) {
    if (!is_step_picture(entry.filename().string())) continue;
    if (disk_.status(entry).kind != FileKind::Folder)
      check_output(entry);        // e.g. a link into the tile folder: said as such
    if (is_stdout_file(entry)) {  // removed as an earlier picture, or replaced
      throw usage_error(entry.string(),
                        "is also standard output, and {dump_steps} would replace it with a "
                        "picture of this run; send standard output to another file");
    }
    refuse_stderr_output(entry);
    if (disk_.starts_as_png(entry)) continue;
    throw output_error(entry.string(),
                       "has the name of a step picture but holds no PNG (a file of another "
                       "kind, a folder, or a link to one or to nothing), and {dump_steps} would "
                       "replace it; move it, or give {dump_steps} a folder of its own");
  }
}

void RunFiles::open_step_folder(const stdfs::path& folder) const {
  if (const std::error_code ec = disk_.make_folders(folder)) {
    throw output_error(folder.string(),
                       fmt::format("cannot create the folder for {{dump_steps}}: {}; give a "
                                   "folder path you may write to",
                                   ec.message()));
  }
  for (const stdfs::path& entry : disk_.list(folder)) {
    if (disk_.status(entry).kind == FileKind::File && is_step_picture(entry.filename().string()) &&
        !is_input(entry) && disk_.starts_as_png(entry))
      disk_.remove(entry);
  }
}

}  // namespace dungen::io::fs
