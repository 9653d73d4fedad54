// Drawing the things of a level preview (preview_draw.hpp).
#include "export/preview_draw.hpp"

#include <algorithm>
#include <string>

#include "export/feature_style.hpp"

namespace dungen::exporters {
using core::CellKind;
using core::Point;
using core::Rgba;

Rgba cell_colour(CellKind k) {
  switch (k) {
    case CellKind::Floor:
      return ink_colour(Ink::Floor);
    case CellKind::Wall:
      return ink_colour(Ink::Wall);
    case CellKind::Door:
      return ink_colour(Ink::Door);
    case CellKind::Void:
      return ink_colour(Ink::Empty);
  }
  return ink_colour(Ink::Empty);
}

namespace {

// Draws the inner border of every cell side of `shape` (placement cells, map coordinates)
// that has no cell of the same shape beyond it.
void outline_shape(Canvas& img, const core::Grid<CellKind>& shape, Point origin, int scale,
                   Rgba c) {
  const int t = std::max(1, scale / 8);
  const auto [first, last] = rows_on_canvas(img, origin.y * scale, scale, shape.height());
  for (int y = first; y < last; ++y) {  // a cell's sides stay within its own rows of pixels
    for (int x = 0; x < shape.width(); ++x) {
      if (shape[Point{x, y}] == CellKind::Void) continue;
      const int px = (origin.x + x) * scale, py = (origin.y + y) * scale;
      auto edge = [&](int dx, int dy) {
        return shape.get_or(Point{x + dx, y + dy}, CellKind::Void) == CellKind::Void;
      };
      if (edge(0, -1)) fill_rect(img, {px, py, scale, t}, c);
      if (edge(0, 1)) fill_rect(img, {px, py + scale - t, scale, t}, c);
      if (edge(-1, 0)) fill_rect(img, {px, py, t, scale}, c);
      if (edge(1, 0)) fill_rect(img, {px + scale - t, py, t, scale}, c);
    }
  }
}

}  // namespace

// Placement i's outline, with its index from scale 8 up.
void draw_outline(Canvas& img, const core::Level& level, std::size_t i, int scale) {
  const Rgba c = ink_colour(Ink::Outline);
  const core::Placement& p = level.map.placements[i];
  outline_shape(img, level.map.shapes[p.shape], p.origin, scale, c);
  if (scale >= 8)
    draw_text(img, p.origin.x * scale + 3, p.origin.y * scale + 3, std::to_string(i), c);
}

// A square of `ink` inset in `cell`, with `label` on it from scale 10 up.
void draw_mark(Canvas& img, Point cell, int s, Ink ink, std::string_view label) {
  draw_mark(img, cell, s, ink_colour(ink), label);
}

void draw_mark(Canvas& img, Point cell, int s, Rgba c, std::string_view label) {
  const int inset = s / 5;
  fill_rect(img, {cell.x * s + inset, cell.y * s + inset, s - 2 * inset, s - 2 * inset}, c);
  if (s >= 10 && !label.empty()) {
    draw_text(img, cell.x * s + (s - text_width(label)) / 2 + 1, cell.y * s + s / 2 - 4, label,
              text_colour_on(c));
  }
}

void draw_cross(Canvas& img, Point cell, int scale, Rgba c) {
  const int t = std::max(1, scale / 6);
  for (int i = 0; i < scale; ++i) {
    fill_rect(img, {cell.x * scale + i, cell.y * scale + i, t, t}, c);
    fill_rect(img, {cell.x * scale + scale - 1 - i - (t - 1), cell.y * scale + i, t, t}, c);
  }
}

// A locked door in the lock ink with its key's id (the id, not the colour, pairs a key with its
// lock; keys are marks with their id).
void draw_lock(Canvas& img, const core::Lock& l, int s) {
  const Rgba lock = ink_colour(Ink::Lock);
  for (int i = 0; i < l.door.width; ++i) {
    const Point c = l.door.cell(i);
    fill_rect(img, {c.x * s, c.y * s, s, s}, lock);
    outline_rect(img, {c.x * s, c.y * s, s, s}, ink_colour(Ink::Wall));
  }
  if (s >= 8)
    draw_text(img, l.door.start.x * s + 2, l.door.start.y * s + 1, std::to_string(l.key),
              text_colour_on(lock));
}

Rgba tier_shade(Rgba c, int tier, int tiers) {
  if (tier <= 1 || tiers <= 1) return c;
  const int keep = 100 - 55 * (std::min(tier, tiers) - 1) / (tiers - 1);  // percent
  const auto dim = [keep](std::uint8_t v) { return static_cast<std::uint8_t>(v * keep / 100); };
  return {dim(c.r), dim(c.g), dim(c.b), c.a};
}

// A content feature: a mark of the kind's ink with its letter, or shaded by its tier with the
// tier's digit (entrance, exit and keys are drawn apart).
void draw_feature(Canvas& img, const core::Feature& f, int tiers, int s) {
  if (!core::is_content(f.kind)) return;
  const FeatureStyle& style = feature_style(f.kind);
  if (f.tier > 0) {
    draw_mark(img, f.cell, s, tier_shade(ink_colour(style.ink), f.tier, tiers),
              std::to_string(f.tier));
    return;
  }
  draw_mark(img, f.cell, s, style.ink, std::string(1, style.label));
}

// A connected door of a named kind in its kind's ink (plain doors keep the door colour).
void draw_door_kind(Canvas& img, const core::Map& map, const core::Connection& c, int s) {
  const std::uint8_t kind = core::door_kind(map, c);
  if (kind == 0) return;
  const core::Door d = c.door();
  for (int i = 0; i < d.width; ++i)
    fill_rect(img, {d.cell(i).x * s, d.cell(i).y * s, s, s}, ink_colour(door_kind_ink(kind)));
}

// A level graph's room name centred on its placement, dark on a light plate (scale 4 and up).
// The font has ASCII only: other characters are drawn as '?'.
void draw_room_name(Canvas& img, const core::Level& level, const core::GraphRecord::Room& room,
                    int s) {
  if (room.placement < 0) return;
  const core::Placement& p = level.map.placements[static_cast<std::size_t>(room.placement)];
  const core::Size size = level.map.shapes[p.shape].size();
  std::string name;  // one '?' per character outside ASCII (UTF-8 continuation bytes skipped)
  for (const char c : room.name) {
    const auto b = static_cast<unsigned char>(c);
    if ((b & 0xC0U) == 0x80U) continue;
    name += (b >= 0x20 && b < 0x7F) ? c : '?';
  }
  const int w = text_width(name), h = text_height();
  const int x = (p.origin.x * 2 + size.width) * s / 2 - w / 2;
  const int y = (p.origin.y * 2 + size.height) * s / 2 - h / 2;
  fill_rect(img, {x - 2, y - 1, w + 4, h}, ink_colour(Ink::Floor));
  draw_text(img, x, y, name, ink_colour(Ink::Empty));
}

}  // namespace dungen::exporters
