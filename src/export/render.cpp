#include "export/render.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.hpp"
#include "export/feature_style.hpp"
#include "export/ink.hpp"
#include "export/preview_legend.hpp"
#include "export/raster.hpp"

namespace dungen::exporters {
using core::CellKind;
using core::Point;
using core::Rgba;

namespace {

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

// Draws the inner border of every cell side of `shape` (placement cells, map coordinates)
// that has no cell of the same shape beyond it.
void outline_shape(core::Image& img, const core::Grid<CellKind>& shape, Point origin, int scale,
                   Rgba c) {
  const int t = std::max(1, scale / 8);
  for (int y = 0; y < shape.height(); ++y) {
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

void draw_outlines(core::Image& img, const core::Level& level, int scale) {
  const Rgba c = ink_colour(Ink::Outline);
  const auto& placements = level.map.placements;
  for (std::size_t i = 0; i < placements.size(); ++i) {
    const core::Placement& p = placements[i];
    outline_shape(img, level.map.shapes[p.shape], p.origin, scale, c);
    if (scale >= 8)
      draw_text(img, p.origin.x * scale + 3, p.origin.y * scale + 3, std::to_string(i), c);
  }
}

// A square of `ink` inset in `cell`, with `label` on it from scale 10 up.
void draw_mark(core::Image& img, Point cell, int s, Ink ink, std::string_view label) {
  const int inset = s / 5;
  const Rgba c = ink_colour(ink);
  fill_rect(img, {cell.x * s + inset, cell.y * s + inset, s - 2 * inset, s - 2 * inset}, c);
  if (s >= 10 && !label.empty()) {
    draw_text(img, cell.x * s + (s - text_width(label)) / 2 + 1, cell.y * s + s / 2 - 4, label,
              text_colour_on(c));
  }
}

void draw_cross(core::Image& img, Point cell, int scale, Rgba c) {
  const int t = std::max(1, scale / 6);
  for (int i = 0; i < scale; ++i) {
    fill_rect(img, {cell.x * scale + i, cell.y * scale + i, t, t}, c);
    fill_rect(img, {cell.x * scale + scale - 1 - i - (t - 1), cell.y * scale + i, t, t}, c);
  }
}

// Locked doors in the lock ink with their key's id; keys as marks with their id (the id,
// not the colour, pairs a key with its lock).
void draw_locks(core::Image& img, const core::Level& level, int s) {
  const Rgba lock = ink_colour(Ink::Lock);
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) {
      const Point c = l.door.cell(i);
      fill_rect(img, {c.x * s, c.y * s, s, s}, lock);
      outline_rect(img, {c.x * s, c.y * s, s, s}, ink_colour(Ink::Wall));
    }
    if (s >= 8)
      draw_text(img, l.door.start.x * s + 2, l.door.start.y * s + 1, std::to_string(l.key),
                text_colour_on(lock));
  }
  for (const core::Key& k : level.puzzle.keys)
    draw_mark(img, k.cell, s, Ink::Key, std::to_string(k.id));
}

// Content features: a mark of the kind's ink with its letter (entrance, exit and keys are
// drawn apart).
void draw_features(core::Image& img, const core::Level& level, int s) {
  for (const core::Feature& f : level.content.features) {
    if (!core::is_content(f.kind)) continue;
    const FeatureStyle& style = feature_style(f.kind);
    draw_mark(img, f.cell, s, style.ink, std::string(1, style.label));
  }
}

// Connected doors of a named kind in their kind's ink (plain doors keep the door colour).
void draw_door_kinds(core::Image& img, const core::Level& level, int s) {
  if (level.map.door_kinds.empty()) return;
  for (const core::Connection& c : level.map.connections) {
    const std::uint8_t kind = core::door_kind(level.map, c);
    if (kind == 0) continue;
    const core::Door d = c.door();
    for (int i = 0; i < d.width; ++i)
      fill_rect(img, {d.cell(i).x * s, d.cell(i).y * s, s, s}, ink_colour(door_kind_ink(kind)));
  }
}

std::string_view label_of(core::FeatureKind kind) { return {&feature_style(kind).label, 1}; }

// A level graph's room names, each centred on its placement, dark on a light plate (scale 4
// and up). The font has ASCII only: other characters are drawn as '?'.
void draw_room_names(core::Image& img, const core::Level& level, int s) {
  if (s < 4) return;
  for (const core::GraphRecord::Room& room : level.graph.rooms) {
    if (room.placement < 0) continue;
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
}

}  // namespace

core::Image render_preview(const core::Level& level, const PreviewOptions& options) {
  const auto& cells = level.map.cells;
  const int s = options.scale;
  const std::vector<Ink> inks = legend_inks(level);
  const std::vector<std::string> labels = legend_labels(level, inks);
  const std::int64_t map_width = std::int64_t{cells.width()} * s;
  // The legend wraps to the map's width; only a map narrower than one entry widens the picture.
  const LegendLayout legend = layout_legend(
      inks, static_cast<int>(std::clamp<std::int64_t>(map_width, 1, std::int64_t{1} << 26)),
      labels);
  const std::int64_t w = std::max<std::int64_t>({map_width, legend.width, 1});
  const std::int64_t h =
      std::max<std::int64_t>(std::int64_t{cells.height()} * s + legend.height, 1);
  if (s < 1 || s > 64 || w * h > (std::int64_t{1} << 26)) {
    const std::int64_t area = std::max<std::int64_t>(1, cells.size().area());
    std::int64_t fit = 1;
    while (fit < 64 && (fit + 1) * (fit + 1) * area < (std::int64_t{1} << 26)) ++fit;
    if (s == 1 || fit * fit * area >= (std::int64_t{1} << 26)) {
      throw field_error("preview",
                        fmt::format("a preview of this {}x{}-cell map would be {}x{} pixels even "
                                    "at scale 1, over 64 megapixels; leave out {{preview}} (the "
                                    "map PNG shows the whole level)",
                                    cells.width(), cells.height(), w, h));
    }
    throw field_error("scale",
                      fmt::format("a preview of this {}x{}-cell map at scale {} would be {}x{} "
                                  "pixels, over 64 megapixels; use {{scale}} {} or less",
                                  cells.width(), cells.height(), s, w, h, fit));
  }
  core::Image img(core::Size{static_cast<int>(w), static_cast<int>(h)}, ink_colour(Ink::Empty));
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x)
      fill_rect(img, {x * s, y * s, s, s}, cell_colour(cells[Point{x, y}]));
  }
  for (const core::RowRun& run : level.analysis.unreachable_runs)
    fill_rect(img, {run.first.x * s, run.first.y * s, run.length * s, s},
              ink_colour(Ink::Unreachable));
  draw_door_kinds(img, level, s);
  draw_outlines(img, level, s);
  for (const core::UnusedDoor& u : level.map.unused_doors) {
    for (int i = 0; i < u.span.width; ++i)
      draw_cross(img, u.span.cell(i), s, ink_colour(Ink::UnusedDoor));
  }
  draw_locks(img, level, s);
  draw_features(img, level, s);
  if (level.analysis.entrance)
    draw_mark(img, *level.analysis.entrance, s, Ink::Entrance, label_of(core::FeatureKind::Start));
  if (level.analysis.exit)
    draw_mark(img, *level.analysis.exit, s, Ink::Exit, label_of(core::FeatureKind::WayDown));
  draw_room_names(img, level, s);
  draw_legend(img, {0, cells.height() * s}, inks, legend, labels);
  return img;
}

}  // namespace dungen::exporters
