#pragma once
/// \file tiled_tile.hpp
/// The tiles of dungen's Tiled tileset (export/tiled.hpp writes the maps that use them).

#include <cstdint>

namespace dungen::exporters {

/// The tiles of dungen's tileset, by local tile id (gid = id + 1, the tileset's firstgid
/// being 1). Ids never change; later tiles are appended.
enum class TiledTile : std::uint8_t {
  Floor = 0,
  Wall = 1,
  Door = 2,
  Entrance = 3,
  Exit = 4,
  Key = 5,
  Lock = 6,
  Spikes = 7,
  Monster = 8,
  Chest = 9,
  Loot = 10,
  Decor = 11,
  Feature = 12,  ///< kept so ids stay stable; no feature kind uses it
};

}  // namespace dungen::exporters
