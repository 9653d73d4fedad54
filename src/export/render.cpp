#include "export/render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <tuple>
#include <utility>

#include "core/error.hpp"
#include "export/banded.hpp"
#include "export/feature_style.hpp"
#include "export/ink.hpp"
#include "export/preview_legend.hpp"
#include "export/raster.hpp"
#include "io/png.hpp"

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
  const int inset = s / 5;
  const Rgba c = ink_colour(ink);
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

// A content feature: a mark of the kind's ink with its letter (entrance, exit and keys are
// drawn apart).
void draw_feature(Canvas& img, const core::Feature& f, int s) {
  if (!core::is_content(f.kind)) return;
  const FeatureStyle& style = feature_style(f.kind);
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

std::string_view label_of(core::FeatureKind kind) { return {&feature_style(kind).label, 1}; }

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

// What the picture holds besides its drawing: its size and the legend.
struct PreviewPlan {
  core::Size size;
  std::vector<Ink> inks;
  std::vector<std::string> labels;
  LegendLayout legend;
};

// The plan of `level`'s preview at `s`; throws Error (usage) when it would be too large.
PreviewPlan plan_preview(const core::Level& level, int s) {
  const auto& cells = level.map.cells;
  PreviewPlan plan;
  plan.inks = legend_inks(level);
  plan.labels = legend_labels(level, plan.inks);
  const std::int64_t map_width = std::int64_t{cells.width()} * s;
  // The legend wraps to the map's width; only a map narrower than one entry widens the picture.
  plan.legend = layout_legend(
      plan.inks, static_cast<int>(std::clamp<std::int64_t>(map_width, 1, std::int64_t{1} << 26)),
      plan.labels);
  const std::int64_t w = std::max<std::int64_t>({map_width, plan.legend.width, 1});
  const std::int64_t h =
      std::max<std::int64_t>(std::int64_t{cells.height()} * s + plan.legend.height, 1);
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
  plan.size = core::Size{static_cast<int>(w), static_cast<int>(h)};
  return plan;
}

// Loose picture rows of what is drawn on map rows [first, last]: text and crosses may spill
// past the cells by up to a line of text or a cell.
std::pair<int, int> cell_rows(int first, int last, int s) {
  const int margin = 2 * text_height() + s;
  return {first * s - margin, (last + 1) * s + margin};
}
std::pair<int, int> door_rows(const core::Door& d, int s) {
  return cell_rows(d.start.y, d.cell(d.width - 1).y, s);
}
std::pair<int, int> placement_rows(const core::Level& level, std::size_t i, int s) {
  const core::Placement& p = level.map.placements[i];
  return cell_rows(p.origin.y, p.origin.y + level.map.shapes[p.shape].height() - 1, s);
}

// The layers of the map itself: cells, unreachable tint, door kinds, outlines, unused doors.
void add_map_layers(std::vector<Layer>& layers, const core::Level& level, int s) {
  const auto& m = level.map;
  const auto& runs = level.analysis.unreachable_runs;
  layers.push_back({static_cast<std::size_t>(m.cells.height()),
                    [s](std::size_t y) {
                      return std::pair<int, int>(static_cast<int>(y) * s,
                                                 static_cast<int>(y + 1) * s);
                    },
                    [&m, s](Canvas& img, std::size_t i) {
                      const int y = static_cast<int>(i);
                      for (int x = 0; x < m.cells.width(); ++x)
                        fill_rect(img, {x * s, y * s, s, s}, cell_colour(m.cells[Point{x, y}]));
                    }});
  layers.push_back(
      {runs.size(),
       [&runs, s](std::size_t i) { return cell_rows(runs[i].first.y, runs[i].first.y, s); },
       [&runs, s](Canvas& img, std::size_t i) {
         const core::RowRun& run = runs[i];
         fill_rect(img, {run.first.x * s, run.first.y * s, run.length * s, s},
                   ink_colour(Ink::Unreachable));
       }});
  layers.push_back(
      {m.door_kinds.empty() ? 0 : m.connections.size(),
       [&m, s](std::size_t i) { return door_rows(m.connections[i].door(), s); },
       [&m, s](Canvas& img, std::size_t i) { draw_door_kind(img, m, m.connections[i], s); }});
  layers.push_back({m.placements.size(),
                    [&level, s](std::size_t i) { return placement_rows(level, i, s); },
                    [&level, s](Canvas& img, std::size_t i) { draw_outline(img, level, i, s); }});
  layers.push_back({m.unused_doors.size(),
                    [&m, s](std::size_t i) { return door_rows(m.unused_doors[i].span, s); },
                    [&m, s](Canvas& img, std::size_t i) {
                      const core::Door& span = m.unused_doors[i].span;
                      for (int k = 0; k < span.width; ++k) {
                        // A long span crosses many bands; a cross reaches below its cell.
                        const Point c = span.cell(k);
                        const auto [first, last] = rows_on_canvas(img, c.y * s, 2 * s, 1);
                        if (first < last) draw_cross(img, c, s, ink_colour(Ink::UnusedDoor));
                      }
                    }});
}

// The layers over the map: locks, keys, features, entrance and exit, room names, the legend.
void add_mark_layers(std::vector<Layer>& layers, const core::Level& level, const PreviewPlan& plan,
                     int s) {
  const auto& puzzle = level.puzzle;
  const auto& features = level.content.features;
  layers.push_back(
      {puzzle.locks.size(),
       [&puzzle, s](std::size_t i) { return door_rows(puzzle.locks[i].door, s); },
       [&puzzle, s](Canvas& img, std::size_t i) { draw_lock(img, puzzle.locks[i], s); }});
  layers.push_back({puzzle.keys.size(),
                    [&puzzle, s](std::size_t i) {
                      return cell_rows(puzzle.keys[i].cell.y, puzzle.keys[i].cell.y, s);
                    },
                    [&puzzle, s](Canvas& img, std::size_t i) {
                      const core::Key& k = puzzle.keys[i];
                      draw_mark(img, k.cell, s, Ink::Key, std::to_string(k.id));
                    }});
  layers.push_back(
      {features.size(),
       [&features, s](std::size_t i) {
         return cell_rows(features[i].cell.y, features[i].cell.y, s);
       },
       [&features, s](Canvas& img, std::size_t i) { draw_feature(img, features[i], s); }});
  for (const auto& [cell, ink, kind] :
       {std::tuple{level.analysis.entrance, Ink::Entrance, core::FeatureKind::Start},
        std::tuple{level.analysis.exit, Ink::Exit, core::FeatureKind::WayDown}}) {
    if (!cell) continue;
    layers.push_back({1, [c = *cell, s](std::size_t) { return cell_rows(c.y, c.y, s); },
                      [c = *cell, ink = ink, kind = kind, s](Canvas& img, std::size_t) {
                        draw_mark(img, c, s, ink, label_of(kind));
                      }});
  }
  const auto& rooms = level.graph.rooms;
  layers.push_back({s >= 4 ? rooms.size() : 0,
                    [&level, &rooms, s](std::size_t i) {
                      const int p = rooms[i].placement;  // a room not placed draws nothing
                      return p < 0 ? std::pair<int, int>(0, 1)
                                   : placement_rows(level, static_cast<std::size_t>(p), s);
                    },
                    [&level, &rooms, s](Canvas& img, std::size_t i) {
                      draw_room_name(img, level, rooms[i], s);
                    }});
  const int map_bottom = level.map.cells.height() * s;
  layers.push_back({plan.inks.empty() ? 0U : 1U,
                    [map_bottom, &plan](std::size_t) {
                      return std::pair<int, int>(map_bottom, plan.size.height + 1);
                    },
                    [map_bottom, &plan](Canvas& img, std::size_t) {
                      draw_legend(img, {0, map_bottom}, plan.inks, plan.legend, plan.labels);
                    }});
}

// The preview's layers, in drawing order (they refer to `level` and `plan`).
std::vector<Layer> preview_layers(const core::Level& level, const PreviewPlan& plan, int s) {
  std::vector<Layer> layers;
  add_map_layers(layers, level, s);
  add_mark_layers(layers, level, plan, s);
  return layers;
}

}  // namespace

core::Image render_preview(const core::Level& level, const PreviewOptions& options) {
  const PreviewPlan plan = plan_preview(level, options.scale);
  return draw_whole(plan.size, ink_colour(Ink::Empty), preview_layers(level, plan, options.scale));
}

void write_preview_png(const core::Level& level, const PreviewOptions& options,
                       const io::BlockSink& sink, std::size_t band_bytes) {
  const PreviewPlan plan = plan_preview(level, options.scale);
  io::RgbaPngStream png(plan.size, sink);
  draw_in_bands(plan.size, ink_colour(Ink::Empty), preview_layers(level, plan, options.scale),
                band_bytes, [&png](Canvas& band) { png.write_rows(band.pixels.pixels); });
  png.finish();
}

}  // namespace dungen::exporters
