// A run's inputs and the rules every output of it obeys (run_files.hpp).
#include "io/fs/run_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <string>

#include "core/error.hpp"
#include "core/tile_settings.hpp"
#include "io/fs/detail.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;
namespace {

// The folder a file path is in ("." for a bare name).
std::string lower_extension(const stdfs::path& path) {
  std::string ext = path.extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

}  // namespace

const char* read_in_tile_folder_as(const stdfs::path& target) {
  if (lower_extension(target) == ".png")
    return target.filename().string().starts_with('.') ? nullptr : "a tile";
  return target.filename() == core::kSidecarName ? "the tile settings" : nullptr;
}

RunFiles::RunFiles(const Disk& disk) : disk_(disk) {}

void RunFiles::add_input(const stdfs::path& file) {
  const FileStatus st = disk_.status(file);
  if (!st.exists()) return;
  inputs_.push_back(st.id);
  if (const FileStatus folder = disk_.status(detail::folder_of(file)); folder.exists())
    input_folders_.push_back(folder.id);
  if (disk_.stream_file(2) != st.id) return;
  disk_.silence_stderr();  // any message would land in the input
  throw output_error("-",
                     "standard error is one of the input files; send it to another file, "
                     "dungen never overwrites its inputs");
}

void RunFiles::add_tile_folder(const stdfs::path& folder) {
  if (const FileStatus st = disk_.status(folder); st.exists())
    tile_folders_.push_back({folder.string(), st.id});
  // Every PNG (tiles, files skipped as invalid, hidden ones: the user's work too) and the
  // tile settings.
  for (const stdfs::path& entry : disk_.list(folder)) {
    if (lower_extension(entry) == ".png" || entry.filename() == core::kSidecarName)
      add_input(entry);
  }
}

bool RunFiles::is_input_id(const FileId& id) const {
  return std::find(inputs_.begin(), inputs_.end(), id) != inputs_.end();
}

bool RunFiles::is_input(const stdfs::path& path) const {
  if (path.empty() || path == "-") return false;
  const FileStatus st = disk_.status(path);  // a file that does not exist is no input
  return st.exists() && is_input_id(st.id);
}

void RunFiles::refuse_input(const stdfs::path& given) const {
  if (!is_input(given)) return;
  throw output_error(given.string(),
                     "is one of the input files; choose another output name, "
                     "dungen never overwrites its inputs");
}

void RunFiles::refuse_target(const stdfs::path& given, const stdfs::path& target) const {
  const char* as = read_in_tile_folder_as(target);
  if (as == nullptr) return;
  // The folder the file lands in, by identity: another spelling or a second mount of the
  // tile folder is the tile folder.
  const FileStatus folder = disk_.status(detail::folder_of(target));
  if (!folder.exists()) return;
  for (const TileFolder& tiles : tile_folders_) {
    if (tiles.id != folder.id) continue;
    if (target != given) {  // a symbolic link: say where it leads
      throw output_error(given.string(),
                         fmt::format("leads into the tile folder of this run ('{}'), where the "
                                     "next run would read it as {}; write it somewhere else",
                                     target.string(), as));
    }
    throw output_error(given.string(),
                       fmt::format("is inside the tile folder '{}', where the next run would "
                                   "read it as {}; write it somewhere else",
                                   tiles.given, as));
  }
}

void RunFiles::check_output(const stdfs::path& given) const { check_writable(disk_, given, this); }

bool RunFiles::is_stdout_file(const stdfs::path& path) const {
  if (path.empty() || path == "-") return false;
  const std::optional<FileId> out = disk_.stream_file(1);
  const FileStatus st = disk_.status(path);
  return out && st.exists() && st.id == *out;
}

bool RunFiles::is_stderr_file(const stdfs::path& path) const {
  if (path.empty() || path == "-" || disk_.standard_stream(path) != 0) return false;
  const std::optional<FileId> err = disk_.stream_file(2);
  const FileStatus st = disk_.status(path);
  return err && st.exists() && st.id == *err;
}

stdfs::path RunFiles::canonical_output(const stdfs::path& path) const {
  return disk_.canonical(disk_.target(path));  // a link to a file not made yet, too
}

void RunFiles::refuse_input_as_stdout() const {
  const std::optional<FileId> out = disk_.stream_file(1);
  if (!out || !is_input_id(*out)) return;
  throw output_error("-",
                     "standard output is one of the input files; send it to another "
                     "file, dungen never overwrites its inputs");
}

void RunFiles::refuse_stderr_output(const stdfs::path& path) const {
  if (!is_stderr_file(path)) return;
  // The refusal is seen where the messages go, unless that file is an input.
  if (const std::optional<FileId> err = disk_.stream_file(2); err && !is_input_id(*err))
    disk_.restore_stderr();
  throw usage_error(path.string(),
                    "is also standard error, where the messages go (2> or 2>>); "
                    "the output would replace it and they would be lost; send "
                    "standard error to another file");
}

void RunFiles::refuse_input_folder(const stdfs::path& folder, std::string_view what) const {
  const FileStatus st = disk_.status(folder);
  if (!st.exists()) return;  // a folder that does not exist holds no input
  if (std::find(input_folders_.begin(), input_folders_.end(), st.id) == input_folders_.end())
    return;
  throw output_error(folder.string(), fmt::format("holds input files of this run ({} there); "
                                                  "give a folder of its own",
                                                  what));
}

void RunFiles::refuse_folder_as_tileset_image(const stdfs::path& path) const {
  if (disk_.status(path).kind != FileKind::Folder) return;
  throw output_error(path.string(),
                     fmt::format("is a folder, where the Tiled map's tileset image goes (always "
                                 "named {}, beside the {{tmx}}/{{tmj}} map); rename the folder, "
                                 "or write the map elsewhere",
                                 path.filename().string()));
}

void RunFiles::check(const ListingPlan& plan) const {
  const std::string& preview = plan.preview;
  if (preview == "-") {
    throw field_error("preview",
                      "standard output carries the listing; give the preview a file "
                      "name");
  }
  if (!preview.empty()) check_output(preview);
  if (is_stdout_file(preview)) {
    throw usage_error(preview,
                      "is also standard output, where the listing goes; give the "
                      "preview another file, or send the listing elsewhere");
  }
  refuse_stderr_output(preview);
  refuse_input_as_stdout();  // the listing goes there
}

OutputSet RunFiles::outputs() const { return OutputSet(*this); }

void RunFiles::write_file(const stdfs::path& path, std::span<const std::uint8_t> bytes) const {
  OutputSet files = outputs();
  files.write(path, bytes);
  files.commit();
}

}  // namespace dungen::io::fs
