#pragma once
/// \file feature_style.hpp
/// How every writer shows each feature kind: one table, so the preview, the Tiled tileset,
/// the ASCII map and the Doom map never disagree.

#include <array>
#include <cstdint>

#include "core/feature.hpp"
#include "core/image.hpp"
#include "export/ink.hpp"
#include "export/tiled_tile.hpp"

namespace dungen::exporters {

/// The look of one feature kind in every output.
struct FeatureStyle {
  core::FeatureKind kind;
  char glyph;               ///< ASCII map character (docs/export.md)
  Ink ink;                  ///< its colour in the preview and the Tiled tileset (export/ink.hpp)
  char label;               ///< letter drawn on the preview square (scale 10 and up); 0: the
                            ///< key's id
  std::int16_t doom_thing;  ///< Doom thing type; 0: shown otherwise (start, exit switch, keycards)
                            ///< or not at all (spikes)
  TiledTile tiled_tile;     ///< its tile in the Tiled tileset (type and colour)
};

/// The styles, by core::FeatureKind value. The start and exit rows are the preview's entrance
/// and exit markers.
inline constexpr std::array<FeatureStyle, core::kFeatureKinds.size()> kFeatureStyles = {{
    {core::FeatureKind::Start, '<', Ink::Entrance, 'E', 0, TiledTile::Entrance},
    {core::FeatureKind::WayDown, '>', Ink::Exit, 'X', 0, TiledTile::Exit},
    {core::FeatureKind::Key, 'a', Ink::Key, 0, 0, TiledTile::Key},
    {core::FeatureKind::Spikes, '^', Ink::Spikes, '^', 0, TiledTile::Spikes},
    // Doom things: former human (zombieman), box of bullets, stimpack, floor lamp (solid, as
    // decor is).
    {core::FeatureKind::Monster, '&', Ink::Monster, 'M', 3004, TiledTile::Monster},
    {core::FeatureKind::Chest, '(', Ink::Chest, 'C', 2048, TiledTile::Chest},
    {core::FeatureKind::Loot, '$', Ink::Loot, '$', 2011, TiledTile::Loot},
    {core::FeatureKind::Decor, '%', Ink::Decor, '*', 2028, TiledTile::Decor},
}};

/// The style of `kind`.
[[nodiscard]] constexpr const FeatureStyle& feature_style(core::FeatureKind kind) {
  return kFeatureStyles[static_cast<std::size_t>(kind)];
}

}  // namespace dungen::exporters
