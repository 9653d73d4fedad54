#include "export/render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "core/error.hpp"
#include "core/palette.hpp"
#include "export/feature_style.hpp"
#include "export/raster.hpp"

namespace dungen::exporters {
using core::CellKind;
using core::Point;
using core::Rgba;

namespace {

constexpr Rgba kBackground{48, 48, 52, 255};
constexpr Rgba kFloor{236, 232, 222, 255};
constexpr Rgba kWall{20, 20, 24, 255};
constexpr Rgba kDoor{214, 40, 40, 255};
constexpr Rgba kUnreachable{150, 60, 190, 110};
constexpr Rgba kEntrance = feature_style(core::FeatureKind::Start).colour;
constexpr Rgba kExit = feature_style(core::FeatureKind::WayDown).colour;
constexpr Rgba kUnused{255, 150, 0, 255};
constexpr std::array<Rgba, 8> kOutline = {Rgba{230, 160, 30, 255},  Rgba{40, 170, 220, 255},
                                          Rgba{120, 200, 60, 255},  Rgba{220, 90, 160, 255},
                                          Rgba{160, 120, 240, 255}, Rgba{60, 200, 170, 255},
                                          Rgba{240, 120, 80, 255},  Rgba{180, 180, 60, 255}};

Rgba cell_colour(CellKind k) {
  switch (k) {
    case CellKind::Floor:
      return kFloor;
    case CellKind::Wall:
      return kWall;
    case CellKind::Door:
      return kDoor;
    case CellKind::Void:
      return kBackground;
  }
  return kBackground;
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
  const auto& placements = level.map.placements;
  for (std::size_t i = 0; i < placements.size(); ++i) {
    const core::Placement& p = placements[i];
    const Rgba c = kOutline[i % kOutline.size()];
    outline_shape(img, level.map.shapes[p.shape], p.origin, scale, c);
    if (scale >= 8)
      draw_text(img, p.origin.x * scale + 3, p.origin.y * scale + 3, std::to_string(i), c);
  }
}

void draw_marker(core::Image& img, Point cell, int scale, Rgba c, std::string_view label) {
  const int inset = scale / 6;
  fill_rect(img,
            {cell.x * scale + inset, cell.y * scale + inset, scale - 2 * inset, scale - 2 * inset},
            c);
  if (scale >= 10)
    draw_text(img, cell.x * scale + scale / 2 - 2, cell.y * scale + scale / 2 - 4, label,
              {255, 255, 255, 255});
}

void draw_cross(core::Image& img, Point cell, int scale, Rgba c) {
  const int t = std::max(1, scale / 6);
  for (int i = 0; i < scale; ++i) {
    fill_rect(img, {cell.x * scale + i, cell.y * scale + i, t, t}, c);
    fill_rect(img, {cell.x * scale + scale - 1 - i - (t - 1), cell.y * scale + i, t, t}, c);
  }
}

// Keys and their locks share a colour; 12 distinct hues, then they repeat.
Rgba key_colour(int id) {
  constexpr std::array<Rgba, 12> kKeys = {feature_style(core::FeatureKind::Key).colour,
                                          Rgba{0, 210, 255, 255},
                                          Rgba{255, 80, 200, 255},
                                          Rgba{120, 255, 80, 255},
                                          Rgba{255, 130, 40, 255},
                                          Rgba{170, 120, 255, 255},
                                          Rgba{0, 255, 170, 255},
                                          Rgba{255, 60, 60, 255},
                                          Rgba{200, 200, 255, 255},
                                          Rgba{180, 255, 0, 255},
                                          Rgba{255, 180, 180, 255},
                                          Rgba{0, 140, 255, 255}};
  return kKeys[static_cast<std::size_t>(id) % kKeys.size()];
}

void draw_locks(core::Image& img, const core::Level& level, int s) {
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) {
      const Point c = l.door.cell(i);
      fill_rect(img, {c.x * s, c.y * s, s, s}, key_colour(l.key));
      outline_rect(img, {c.x * s, c.y * s, s, s}, {0, 0, 0, 255});
    }
    if (s >= 8)
      draw_text(img, l.door.start.x * s + 1, l.door.start.y * s + 1, std::to_string(l.key),
                {0, 0, 0, 255});
  }
  for (const core::Key& k : level.puzzle.keys) {
    const int inset = s / 5;
    fill_rect(img, {k.cell.x * s + inset, k.cell.y * s + inset, s - 2 * inset, s - 2 * inset},
              key_colour(k.id));
    if (s >= 10)
      draw_text(img, k.cell.x * s + s / 2 - 2, k.cell.y * s + s / 2 - 4, std::to_string(k.id),
                {0, 0, 0, 255});
  }
}

// Content features: a square of the kind's colour, its letter on it (entrance, exit and keys
// are drawn apart).
void draw_features(core::Image& img, const core::Level& level, int s) {
  for (const core::Feature& f : level.content.features) {
    if (!core::is_content(f.kind)) continue;
    const FeatureStyle& style = feature_style(f.kind);
    const int inset = s / 5;
    fill_rect(img, {f.cell.x * s + inset, f.cell.y * s + inset, s - 2 * inset, s - 2 * inset},
              style.colour);
    if (s >= 10)
      draw_text(img, f.cell.x * s + s / 2 - 2, f.cell.y * s + s / 2 - 4,
                std::string(1, style.label), {255, 255, 255, 255});
  }
}

// One line of legend entries; items whose `show` is false are left out.
void draw_legend(core::Image& img, int top, const core::Level& level) {
  int x = 4;
  const int y = top + 4;
  auto item = [&](Rgba c, std::string_view text) {
    fill_rect(img, {x, y, 8, 8}, c);
    x += 12;
    x += draw_text(img, x, y, text, {230, 230, 230, 255}) + 12;
  };
  item(kEntrance, "entrance");
  item(kExit, "exit");
  item(kUnused, "unused door (sealed)");
  item(kUnreachable, "unreachable");
  if (!level.puzzle.locks.empty()) item(key_colour(0), "key and its lock: same colour");
  for (const FeatureStyle& style : kFeatureStyles) {
    const bool present = std::any_of(level.content.features.begin(), level.content.features.end(),
                                     [&](const core::Feature& f) { return f.kind == style.kind; });
    if (present && core::is_content(style.kind)) item(style.colour, core::feature_name(style.kind));
  }
}

}  // namespace

core::Image render_preview(const core::Level& level, const PreviewOptions& options) {
  const auto& cells = level.map.cells;
  const int s = options.scale;
  const int legend = text_height() + 8;
  const std::int64_t w = std::max<std::int64_t>(std::int64_t{cells.width()} * s, 860);
  const std::int64_t h = std::int64_t{cells.height()} * s + legend;
  if (s < 1 || s > 64 || w * h > (std::int64_t{1} << 26)) {
    const std::int64_t area = std::max<std::int64_t>(1, cells.size().area());
    std::int64_t fit = 1;
    while (fit < 64 && (fit + 1) * (fit + 1) * area < (std::int64_t{1} << 26)) ++fit;
    throw field_error("scale",
                      fmt::format("a preview of this {}x{}-cell map at scale {} would be {}x{} "
                                  "pixels, over 64 megapixels; use {{scale}} {} or less",
                                  cells.width(), cells.height(), s, w, h, fit));
  }
  core::Image img(core::Size{static_cast<int>(w), static_cast<int>(h)}, kBackground);
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x)
      fill_rect(img, {x * s, y * s, s, s}, cell_colour(cells[Point{x, y}]));
  }
  for (const core::RowRun& run : level.analysis.unreachable_runs)
    fill_rect(img, {run.first.x * s, run.first.y * s, run.length * s, s}, kUnreachable);
  draw_outlines(img, level, s);
  for (const core::UnusedDoor& u : level.map.unused_doors) {
    for (int i = 0; i < u.span.width; ++i) draw_cross(img, u.span.cell(i), s, kUnused);
  }
  draw_locks(img, level, s);
  draw_features(img, level, s);
  if (level.analysis.entrance) draw_marker(img, *level.analysis.entrance, s, kEntrance, "E");
  if (level.analysis.exit) draw_marker(img, *level.analysis.exit, s, kExit, "X");
  draw_legend(img, cells.height() * s, level);
  return img;
}

}  // namespace dungen::exporters
