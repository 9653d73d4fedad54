#include "io/formats/tile_loader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>
#include <span>

#include "core/door_detect.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/map.hpp"
#include "core/tile_settings.hpp"
#include "core/utf8.hpp"
#include "io/formats/png.hpp"
#include "io/fs/read.hpp"

namespace dungen::io::formats {
namespace stdfs = std::filesystem;

core::Tile load_tile(std::span<const std::uint8_t> png, const std::string& name,
                     const LoadOptions& options) {
  core::Tile tile;
  tile.name = name;
  const core::Image image = decode_png(png, name, options.max_side);
  tile.cells = core::to_cells(image, options.palette, name);
  tile.doors = options.palette.door_kinds().empty()
                   ? core::detect_doors(tile.cells)
                   : core::detect_doors(tile.cells, core::to_door_kinds(image, options.palette));
  if (tile.doors.size() > static_cast<std::size_t>(core::kMaxConnectedDoorIndex) + 1) {
    throw file_error(
        name, fmt::format("has {} doors; a tile may have at most {}: split it into smaller tiles",
                          tile.doors.size(), core::kMaxConnectedDoorIndex + 1));
  }
  for (const core::Door& d : tile.doors) {
    if (d.width > core::kMaxConnectedDoorWidth) {
      throw file_error(
          name, fmt::format("the door at x={} y={} is {} cells wide; doors may be at most {} "
                            "cells wide: break it up with a wall pixel",
                            d.start.x, d.start.y, d.width, core::kMaxConnectedDoorWidth));
    }
  }
  return tile;
}

namespace {

bool is_png_name(const std::string& name) {
  if (name.size() < 4) return false;
  std::string ext = name.substr(name.size() - 4);
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".png";
}

// The file names of `folder`, sorted byte-wise, split into PNGs, the rest, and subfolders.
// A missing folder's name in another Unicode normalisation, when its parent holds that
// ("café" typed in NFC where macOS wrote it in NFD): the fix and the code points that differ.
std::string same_letters_hint(const stdfs::path& given) {
  const stdfs::path folder = given.filename().empty() ? given.parent_path() : given;  // "café/"
  const std::string name = folder.filename().string();
  const stdfs::path parent = folder.parent_path();
  std::error_code ec;
  stdfs::directory_iterator it(parent.empty() ? stdfs::path(".") : parent, ec);
  // A huge parent folder is not read to its end for a hint.
  const stdfs::directory_iterator end;
  for (std::size_t n = 0; !ec && it != end && n < core::kMaxSuggestionChoices;
       it.increment(ec), ++n) {
    const std::string other = it->path().filename().string();
    const std::string note = core::same_letters_note(name, other);
    if (!note.empty())
      return fmt::format("; did you mean '{}'?{}", (parent / other).string(), note);
  }
  return "; give the folder that holds your tile PNGs";
}

// Hidden files (".name", e.g. macOS "._tile.png" resource forks) and files that are not
// regular files (also listed in `specials`) count as the rest.
void list_folder(const stdfs::path& folder, std::vector<std::string>& pngs,
                 std::vector<std::string>& others, std::vector<std::string>& subfolders,
                 std::vector<std::string>& specials) {
  std::error_code ec;
  const bool exists = stdfs::exists(folder, ec);
  if (ec) {
    throw file_error(folder.string(), fmt::format("cannot read the folder: {}; check the path and "
                                                  "that you may read it",
                                                  ec.message()));
  }
  if (!exists) {
    throw file_error(folder.string(), "no such folder" + same_letters_hint(folder));
  }
  if (!stdfs::is_directory(folder, ec)) {
    throw file_error(folder.string(),
                     "is a file, not a folder; give the folder that holds your "
                     "tile PNGs");
  }
  for (const auto& entry : stdfs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    std::error_code type_ec;
    const stdfs::file_status st = entry.status(type_ec);  // follows links; a broken link: not_found
    if (stdfs::is_directory(st)) {
      subfolders.push_back(name);
      continue;
    }
    // A FIFO, socket or device would block or never end: never read one as a tile.
    const bool special = stdfs::exists(st) && !stdfs::is_regular_file(st);
    (is_png_name(name) && name[0] != '.' && !special ? pngs : others).push_back(name);
    if (special) specials.push_back(name);
  }
  if (ec) {
    throw file_error(folder.string(), fmt::format("cannot list the folder: {}; check that you may "
                                                  "read it",
                                                  ec.message()));
  }
  std::sort(pngs.begin(), pngs.end());
  std::sort(others.begin(), others.end());
  std::sort(subfolders.begin(), subfolders.end());
}

std::string no_png_message(const std::vector<std::string>& others,
                           const std::vector<std::string>& subfolders) {
  std::string text =
      others.empty() && subfolders.empty()
          ? "the folder is empty; put tile PNGs in it (docs/tile-format.md shows how to draw them)"
          : fmt::format("no .png files in the folder ({} other file{}); put tile PNGs in it",
                        others.size(), others.size() == 1 ? "" : "s");
  if (!subfolders.empty()) {
    std::string names;
    for (std::size_t i = 0; i < subfolders.size() && i < 5; ++i)
      names += (i ? ", " : "") + subfolders[i];
    text += fmt::format(", or give one of its subfolders ({}{})", names,
                        subfolders.size() > 5 ? ", ..." : "");
  }
  return text;
}

}  // namespace

namespace {

// Adds the tiles `pngs` (file names, sorted) to `out`, each read by `read` from the path
// `folder / name` (for messages too); with skip_invalid a bad tile is noted and listed in
// `skipped`. Throws Error when no tile is valid.
void add_tiles(const std::vector<std::string>& pngs, const stdfs::path& folder,
               const std::function<std::vector<std::uint8_t>(const stdfs::path&)>& read,
               const LoadOptions& options, LoadedTileSet& out, std::vector<std::string>& skipped) {
  std::string first_error;
  for (const std::string& name : pngs) {
    const stdfs::path path = folder / name;
    try {
      const std::vector<std::uint8_t> bytes = read(path);
      core::Tile tile = load_tile(bytes, path.string(), options);
      tile.name = name;
      out.hash = core::fold_input("tile", name, bytes, out.hash);
      out.set.tiles.push_back(std::move(tile));
    } catch (const Error& e) {
      if (!options.skip_invalid) throw;
      if (skipped.empty()) first_error = e.raw();  // its fields stay marked for the error below
      out.notes.push_back(fmt::format("skipped invalid tile: {}", e.what()));
      skipped.push_back(name);
      out.skipped.emplace_back(name, e.what());
    }
  }
  if (out.set.tiles.empty()) {
    throw file_error(folder.string(), fmt::format("no valid tile in the folder: all {} PNG files "
                                                  "are invalid, the first one: {}",
                                                  pngs.size(), first_error));
  }
}

// Applies the tile settings `text` of the file `path` to `out` and folds it into the hash.
void apply_sidecar(const std::string& text, const stdfs::path& path,
                   const std::vector<std::string>& skipped, LoadedTileSet& out) {
  if (has_png_signature(
          std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()))) {
    throw file_error(path.string(),
                     "is a PNG image, not a text file; tile settings ({tileset}, a folder's "
                     "tileset.txt) are text, see docs/tile-format.md");
  }
  core::apply_tile_settings(text, path.string(), out.set.tiles, skipped);
  out.hash = core::fold_input("tile settings", "", text, out.hash);
}

// Refuses a name that a folder's listing would not give as a tile: empty, with a '/', hidden,
// not ending in .png, or given twice (`names` sorted).
void check_memory_names(const std::vector<std::string>& names, const std::string& label) {
  for (std::size_t i = 0; i < names.size(); ++i) {
    const std::string& name = names[i];
    if (name.empty() || name.find('/') != std::string::npos || name[0] == '.' ||
        !is_png_name(name) || (i > 0 && names[i - 1] == name)) {
      throw file_error(label, fmt::format("'{}' is not a tile's file name: give each tile once, "
                                          "as a name ending in .png without '/' or a leading '.'",
                                          printable(name, 200)));
    }
  }
}

}  // namespace

LoadedTileSet load_tile_set(const stdfs::path& folder, const LoadOptions& options) {
  std::vector<std::string> pngs, others, subfolders, specials;
  list_folder(folder, pngs, others, subfolders, specials);
  LoadedTileSet out;
  out.set.door_kinds = options.palette.door_kinds();
  out.hash = core::kFnvOffset;
  if (pngs.empty()) throw file_error(folder.string(), no_png_message(others, subfolders));
  for (const std::string& name : others) {
    if (name == core::kSidecarName) continue;
    const bool special = std::find(specials.begin(), specials.end(), name) != specials.end();
    out.notes.push_back(fmt::format("ignored '{}': {}", name,
                                    special ? "not a regular file (a pipe, socket or device)"
                                    : name[0] == '.' ? "a hidden file"
                                                     : "not a .png file"));
  }
  std::vector<std::string> skipped;
  add_tiles(pngs, folder, [](const stdfs::path& path) { return fs::read_file(path); }, options,
            out, skipped);
  const bool given = !options.sidecar.empty();
  const stdfs::path sidecar = given ? options.sidecar : folder / std::string(core::kSidecarName);
  std::error_code ec;
  if (given || stdfs::exists(sidecar, ec)) apply_sidecar(fs::read_text(sidecar), sidecar, skipped, out);
  return out;
}

LoadedTileSet load_tile_set(std::vector<MemoryFile> pngs, const std::optional<std::string>& sidecar,
                            const std::string& label, const LoadOptions& options) {
  std::sort(pngs.begin(), pngs.end(),
            [](const MemoryFile& a, const MemoryFile& b) { return a.name < b.name; });
  std::vector<std::string> names;
  for (const MemoryFile& f : pngs) names.push_back(f.name);
  check_memory_names(names, label);
  if (pngs.empty()) throw file_error(label, no_png_message({}, {}));
  LoadedTileSet out;
  out.set.door_kinds = options.palette.door_kinds();
  out.hash = core::kFnvOffset;
  const auto read = [&](const stdfs::path& path) {
    const std::string name = path.filename().string();
    return std::find_if(pngs.begin(), pngs.end(), [&](const MemoryFile& f) {
             return f.name == name;
           })->bytes;
  };
  std::vector<std::string> skipped;
  add_tiles(names, stdfs::path(label), read, options, out, skipped);
  if (sidecar) apply_sidecar(*sidecar, stdfs::path(label) / std::string(core::kSidecarName), skipped, out);
  return out;
}

}  // namespace dungen::io::formats
