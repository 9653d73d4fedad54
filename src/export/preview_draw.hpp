#pragma once
/// \file preview_draw.hpp
/// The things a level preview draws (render.cpp), one at a time. Coordinates are map cells; `s`
/// (or `scale`) is pixels per cell, so cell (x, y) covers pixels [x*s, x*s+s) × [y*s, y*s+s).
/// Everything is clipped to the canvas, which may be one band of the picture.

#include <cstddef>
#include <string_view>

#include "core/level.hpp"
#include "export/ink.hpp"
#include "export/raster.hpp"

namespace dungen::exporters {

/// The map PNG's colour of a cell kind.
[[nodiscard]] core::Rgba cell_colour(core::CellKind k);

/// Placement `i`'s outline in the outline ink (the inner border of every side of its shape's
/// cells with no cell beyond), with its index from scale 8 up. Only the canvas's rows are
/// walked.
void draw_outline(Canvas& img, const core::Level& level, std::size_t i, int scale);

/// A square of `ink` inset by s/5 in `cell`, with `label` on it from scale 10 up.
void draw_mark(Canvas& img, core::Point cell, int s, Ink ink, std::string_view label);
/// The same in colour `c`.
void draw_mark(Canvas& img, core::Point cell, int s, core::Rgba c, std::string_view label);

/// `c` darkened for tier `tier` of `tiers`: unchanged for tier 1, 55 % darker for the highest.
[[nodiscard]] core::Rgba tier_shade(core::Rgba c, int tier, int tiers);

/// An X of colour `c` over `cell`, s/6 pixels thick (it reaches s/6 - 1 pixels below the cell).
void draw_cross(Canvas& img, core::Point cell, int scale, core::Rgba c);

/// A locked door in the lock ink with its key's id from scale 8 up (the id, not the colour,
/// pairs a key with its lock; keys are marks with their id).
void draw_lock(Canvas& img, const core::Lock& l, int s);

/// A content feature: a mark of its kind's ink with its letter; one with a tier (of `tiers`,
/// --tiers) in that ink shaded by tier_shade, with the tier's digit instead. Entrance, exit and
/// keys are drawn apart (nothing is drawn for them here).
void draw_feature(Canvas& img, const core::Feature& f, int tiers, int s);

/// A connected door of a named kind in its kind's ink; plain doors keep the door colour.
void draw_door_kind(Canvas& img, const core::Map& map, const core::Connection& c, int s);

/// A level graph's room name centred on its placement, dark on a light plate; nothing for a
/// room not placed. The font has ASCII only: other characters are drawn as '?'.
void draw_room_name(Canvas& img, const core::Level& level, const core::GraphRecord::Room& room,
                    int s);

}  // namespace dungen::exporters
