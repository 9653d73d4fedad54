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
#include "export/preview_draw.hpp"
#include "export/preview_legend.hpp"
#include "export/raster.hpp"
#include "io/formats/png.hpp"

namespace dungen::exporters {
using core::CellKind;
using core::Point;
using core::Rgba;

namespace {

std::string_view label_of(core::FeatureKind kind) { return {&feature_style(kind).label, 1}; }

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
      plan.inks, static_cast<int>(std::clamp<std::int64_t>(map_width, 1, kMostPicturePixels)),
      plan.labels);
  const std::int64_t w = std::max<std::int64_t>({map_width, plan.legend.width, 1});
  const std::int64_t h =
      std::max<std::int64_t>(std::int64_t{cells.height()} * s + plan.legend.height, 1);
  if (s < 1 || s > 64 || w * h > kMostPicturePixels) {
    const std::int64_t area = std::max<std::int64_t>(1, cells.size().area());
    // The map alone under the limit (the legend adds rows): at least 1.
    const std::int64_t fit = std::max(1, largest_scale(area, kMostPicturePixels - 1));
    if (s == 1 || fit * fit * area >= kMostPicturePixels) {
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
  layers.push_back({features.size(),
                    [&features, s](std::size_t i) {
                      return cell_rows(features[i].cell.y, features[i].cell.y, s);
                    },
                    [&features, tiers = level.content.tiers, s](Canvas& img, std::size_t i) {
                      draw_feature(img, features[i], tiers, s);
                    }});
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
                       const io::fs::BlockSink& sink, std::size_t band_bytes) {
  const PreviewPlan plan = plan_preview(level, options.scale);
  io::formats::RgbaPngStream png(plan.size, sink);
  draw_in_bands(plan.size, ink_colour(Ink::Empty), preview_layers(level, plan, options.scale),
                band_bytes, [&png](Canvas& band) { png.write_rows(band.pixels.pixels); });
  png.finish();
}

}  // namespace dungen::exporters
