#pragma once
/// \file tile_loader.hpp
/// Loading a tile folder: every *.png in it (sorted by file name), decoded, classified
/// through a palette, with doors detected, plus the optional sidecar `tileset.txt`.

#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/palette.hpp"
#include "core/tile.hpp"
#include "io/formats/png.hpp"

namespace dungen::io::formats {

/// How to load a tile folder.
struct LoadOptions {
  core::Palette palette = core::Palette::defaults();
  int max_side = kDefaultMaxSide;  ///< largest tile width or height, in pixels
  bool skip_invalid = false;       ///< warn about a bad tile and go on, instead of failing
  /// The tile settings file to read instead of the folder's `tileset.txt` (empty: the
  /// folder's, when present). Must exist.
  std::filesystem::path sidecar;
};

/// A loaded tile set and what the loader has to say about the folder.
struct LoadedTileSet {
  core::TileSet set;
  std::vector<std::string> notes;  ///< ignored files and skipped tiles, one line each
  /// Tiles skipped as invalid (--skip-invalid): (file name, the error that skipped it).
  std::vector<std::pair<std::string, std::string>> skipped;
  std::uint64_t hash = 0;  ///< FNV-1a over every loaded file's name and bytes
};

/// One tile from PNG bytes: decoded, classified, doors detected. `name` is used in the
/// tile and in errors. Throws Error for any bad input (see decode_png, to_cells).
[[nodiscard]] core::Tile load_tile(std::span<const std::uint8_t> png, const std::string& name,
                                   const LoadOptions& options);

/// All tiles of `folder`. Files not ending in .png (any case) are ignored with a note;
/// `tileset.txt` (or LoadOptions::sidecar), when present, sets per-tile settings. Throws Error when
/// the folder is missing, is not a folder, holds no PNG, or (without skip_invalid) any tile is bad.
[[nodiscard]] LoadedTileSet load_tile_set(const std::filesystem::path& folder,
                                          const LoadOptions& options);

/// A file held in memory: its name (no folder) and its bytes.
struct MemoryFile {
  std::string name;
  std::vector<std::uint8_t> bytes;
};

/// The tile set a folder holding `pngs` and, unless nullopt, a tileset.txt with text
/// `sidecar` would give load_tile_set (same tiles, order, notes on skipped tiles and hash).
/// `label` stands for the folder in messages ("LABEL/room.png: ..."). Throws Error as
/// load_tile_set does, and when a name is empty, has a '/', starts with '.', does not end in
/// .png (any case) or is given twice.
[[nodiscard]] LoadedTileSet load_tile_set(std::vector<MemoryFile> pngs,
                                          const std::optional<std::string>& sidecar,
                                          const std::string& label, const LoadOptions& options);

}  // namespace dungen::io::formats
