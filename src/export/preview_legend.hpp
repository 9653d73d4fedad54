#pragma once
/// \file preview_legend.hpp
/// The legend under a level preview (export/render.hpp): one entry per ink the preview draws
/// on this level, each drawn as the map draws it, in rows no wider than the map.

#include <string>
#include <vector>

#include "core/image.hpp"
#include "core/level.hpp"
#include "export/ink.hpp"
#include "export/raster.hpp"

namespace dungen::exporters {

/// The inks the legend of `level`'s preview lists, in the table's order (export/ink.hpp):
/// those the preview draws on this level besides its cells, i.e. the entrance, exit,
/// placements, unused doors, unreachable cells, locks, keys, each content kind and each door
/// kind's ink only when the level has them.
[[nodiscard]] std::vector<Ink> legend_inks(const core::Level& level);

/// The text of each legend entry of `inks`: the table's legend, except for door kind inks,
/// which name the level's kinds drawn in them ("door: secret", "door: gate/trap"), and inks of
/// features with tiers, which add them ("monster: tier 1..4, darker higher").
[[nodiscard]] std::vector<std::string> legend_labels(const core::Level& level,
                                                     const std::vector<Ink>& inks);

/// Where each legend entry goes: rows of entries, each row at most `width` pixels wide
/// unless one entry alone is wider.
struct LegendLayout {
  std::vector<core::Point> at;  ///< top-left of each entry's swatch, pixels from the legend's
  int width = 0;                ///< pixels: the widest row
  int height = 0;               ///< pixels, margins included
};

/// Lays out the entries of `inks` in rows that fit `width` pixels (a row holds at least one
/// entry). `labels`, when not empty, holds each entry's text (legend_labels); else the
/// table's legend is used.
[[nodiscard]] LegendLayout layout_legend(const std::vector<Ink>& inks, int width,
                                         const std::vector<std::string>& labels = {});

/// Draws the legend of `inks`, laid out as `layout` says, with its top-left corner at
/// `top_left` (pixels), with the texts `labels` (as layout_legend); it covers the rows
/// [top_left.y, top_left.y + layout.height).
void draw_legend(Canvas& img, core::Point top_left, const std::vector<Ink>& inks,
                 const LegendLayout& layout, const std::vector<std::string>& labels = {});

}  // namespace dungen::exporters
