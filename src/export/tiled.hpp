#pragma once
/// \file tiled.hpp
/// A level as a Tiled map (docs/export.md): TMX (XML) or TMJ (JSON), orthogonal, one tile per
/// cell in the layer "cells", the entrance, exit, keys, locks and content (spikes, monsters,
/// chests, loot, decor) as tile objects in the object layer "features", every placement as a
/// rectangle in the hidden object layer "placements", and the seed and generator as map properties.
/// The map names its tileset image, kTilesetImageName, by a path relative to the map file: the
/// caller writes tileset_image() beside it. Both formats are byte-identical for the same level.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/cell.hpp"
#include "core/geometry.hpp"
#include "core/image.hpp"
#include "core/level.hpp"
#include "core/transform.hpp"
#include "export/text_out.hpp"
#include "export/tiled_tile.hpp"

namespace dungen::exporters {

/// Number of tiles in the tileset.
inline constexpr int kTiledTileCount = 13;
/// Width and height of a tile in pixels (the map's tilewidth and tileheight).
inline constexpr int kTiledTilePixels = 16;
/// File name of the tileset image that maps name, relative to the map file.
inline constexpr std::string_view kTilesetImageName = "dungen-tiles.png";
/// Tiled's flip bits: horizontal, vertical, anti-diagonal (core::to_tmx_flags makes them).
inline constexpr std::uint32_t kTiledFlipBits = 0xE0000000u;

/// The global tile id of `tile` drawn in orientation `o`: firstgid (1) + local id, with
/// core::to_tmx_flags(o) in the top bits. Write it as an unsigned decimal.
[[nodiscard]] std::uint32_t tiled_gid(TiledTile tile, core::Orientation o = core::Orientation::R0);

/// The gid of a map cell in the layer "cells": 0 (no tile) for empty cells, else the tile of
/// that kind, never flipped.
[[nodiscard]] std::uint32_t cell_gid(core::CellKind kind);

/// The tile's type as written in the tileset and on objects: "floor", "wall", "door",
/// "entrance", "exit", "key", "lock", "spikes", "monster", "chest", "loot", "decor",
/// "feature".
[[nodiscard]] std::string_view tiled_tile_type(TiledTile tile);

/// The solid colour of the tile in the tileset image: its ink in the preview (export/ink.hpp),
/// which for cells is the map PNG's colour (core::Palette::colour_of); all differ.
[[nodiscard]] core::Rgba tiled_tile_colour(TiledTile tile);

/// The tileset image: kTiledTileCount tiles of kTiledTilePixels square in one row, local
/// id 0 leftmost, each filled with its tiled_tile_colour.
[[nodiscard]] core::Image tileset_image();

/// A custom property of a map or object: `type` is "string", "int" or "bool"; `value` is
/// the text (a decimal number for int, "true"/"false" for bool).
struct TiledProperty {
  std::string name;
  std::string type;
  std::string value;
};

/// An object of an object layer. A tile object (`tile` set) shows that tile stretched over
/// its cells; a rectangle object (no tile) is an outline.
struct TiledObject {
  std::string name;       ///< e.g. "key 0"
  std::string type;       ///< e.g. "key" (the "type" Tiled 1.8 reads; "class" from 1.9)
  bool has_tile = false;  ///< a tile object showing `tile`
  TiledTile tile = TiledTile::Floor;
  core::Rect cells;  ///< the map cells it covers
  std::vector<TiledProperty> properties;
};

/// An object's position and size in pixels as Tiled stores them. Tiled anchors tile objects
/// at their bottom-left corner in orthogonal maps (y = bottom row + 1, times the tile height)
/// and rectangle objects at their top-left corner.
struct TiledBox {
  std::int64_t x = 0, y = 0, width = 0, height = 0;
  friend constexpr bool operator==(TiledBox, TiledBox) = default;
};

/// Where `object` is written: its cells times kTiledTilePixels, anchored as Tiled wants.
[[nodiscard]] TiledBox tiled_box(const TiledObject& object);

/// The tile of a feature kind (its colour is the kind's ink, export/feature_style.hpp).
/// The layer "features" shows start, way_down and key features once, as the entrance, exit
/// and keys; content features as tiles of their kind.
[[nodiscard]] TiledTile feature_tile(core::FeatureKind kind);

/// The layer "features": entrance, exit, each key ("key N"), each lock ("lock N", covering
/// its door's cells), then each content feature in the level's order ("KIND N", N counting
/// that kind from 0, type KIND), in that order (draw order "index": later ones are drawn on
/// top).
[[nodiscard]] std::vector<TiledObject> feature_objects(const core::Level& level);

/// The object of placement `i` (< level.map.placements.size()) in the layer "placements": a
/// rectangle (its bounds), named after its tile, type "placement", with properties id, rotate
/// and flip as in the JSON report. Made one at a time: the layer is written as it is made, so
/// a level of a million placements never holds a million objects.
[[nodiscard]] TiledObject placement_object(const core::Level& level, std::size_t i);

/// The layer "doors", written only when the level's tile set names door kinds: one rectangle
/// per connected door of a named kind (its cells), named after the kind, type "door", with
/// properties kind, a, b, facing and width as in the JSON report's connections. Plain doors
/// have no object (the cell layer shows every door).
[[nodiscard]] std::vector<TiledObject> door_kind_objects(const core::Level& level);

/// The map properties: generator, seed (a string: Tiled's ints are 32-bit),
/// dungen_version, input_hash (when known), options, terminated_early.
[[nodiscard]] std::vector<TiledProperty> map_properties(const core::Level& level);

/// The TMX (XML) map, written block by block to `sink`. Layer data: CSV, one row per line.
void write_tmx(const core::Level& level, const TextSink& sink);
/// write_tmx into one string.
[[nodiscard]] std::string tmx_map(const core::Level& level);

/// The TMJ (JSON) map, written block by block to `sink`. Layer data: an array of gids, one
/// map row per line.
void write_tmj(const core::Level& level, const TextSink& sink);
/// write_tmj into one string.
[[nodiscard]] std::string tmj_map(const core::Level& level);

}  // namespace dungen::exporters
