#pragma once
/// \file feature_style.hpp
/// How every writer shows each feature kind: one table, so the preview, the Tiled tileset,
/// the ASCII map and the Doom map never disagree.

#include <array>
#include <cstdint>

#include "core/feature.hpp"
#include "core/image.hpp"
#include "export/tiled_tile.hpp"

namespace dungen::exporters {

/// The look of one feature kind in every output.
struct FeatureStyle {
  core::FeatureKind kind;
  char glyph;               ///< ASCII map character (docs/export.md)
  core::Rgba colour;        ///< preview square and Tiled tile colour
  char label;               ///< letter drawn on the preview square (scale 10 and up); 0: none
  std::int16_t doom_thing;  ///< Doom thing type; 0: shown otherwise (start, exit switch, keycards)
                            ///< or not at all (spikes)
  TiledTile tiled_tile;     ///< its tile in the Tiled tileset (type and colour)
};

/// The styles, by core::FeatureKind value. The start, exit and key rows give the entrance,
/// exit and first key colours of the preview and Tiled tileset.
inline constexpr std::array<FeatureStyle, core::kFeatureKinds.size()> kFeatureStyles = {{
    {core::FeatureKind::Start, '<', {40, 200, 70, 255}, 0, 0, TiledTile::Entrance},
    {core::FeatureKind::WayDown, '>', {50, 110, 240, 255}, 0, 0, TiledTile::Exit},
    {core::FeatureKind::Key, 'a', {255, 215, 0, 255}, 0, 0, TiledTile::Key},
    {core::FeatureKind::Spikes, '^', {120, 120, 130, 255}, '^', 0, TiledTile::Spikes},
    {core::FeatureKind::Monster,
     '&',
     {200, 30, 30, 255},
     'M',
     3004,
     TiledTile::Monster},  // former human (zombieman)
    {core::FeatureKind::Chest, '(', {150, 90, 30, 255}, 'C', 2048, TiledTile::Chest},  // box of
                                                                                       // bullets
    {core::FeatureKind::Loot, '$', {0, 160, 170, 255}, '$', 2011, TiledTile::Loot},    // stimpack
    {core::FeatureKind::Decor, '%', {60, 150, 60, 255}, '*', 2028, TiledTile::Decor},  // floor lamp
                                                                                       // (solid, as
                                                                                       // decor is)
}};

/// The style of `kind`.
[[nodiscard]] constexpr const FeatureStyle& feature_style(core::FeatureKind kind) {
  return kFeatureStyles[static_cast<std::size_t>(kind)];
}

}  // namespace dungen::exporters
