#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <utility>

#include "core/error.hpp"
#include "export/banded.hpp"
#include "export/ink.hpp"
#include "export/inspect_report.hpp"
#include "export/raster.hpp"
#include "export/render.hpp"
#include "io/formats/png.hpp"

namespace dungen::exporters {
namespace {

constexpr core::Rgba kBackground{48, 48, 52, 255};
constexpr int kPad = 24;                       // pixels around each tile
constexpr int kLabel = 2 * text_height() + 6;  // a row for width labels, one for the name
constexpr core::Rgba kLabelText{235, 235, 235, 255};
constexpr std::array<core::Rgba, 6> kDoorColours = {
    core::Rgba{255, 170, 0, 255},  core::Rgba{0, 200, 255, 255},   core::Rgba{120, 230, 60, 255},
    core::Rgba{255, 90, 200, 255}, core::Rgba{180, 140, 255, 255}, core::Rgba{255, 255, 80, 255}};

core::Rgba tile_cell_colour(core::CellKind k) {
  switch (k) {
    case core::CellKind::Floor:
      return {236, 232, 222, 255};
    case core::CellKind::Wall:
      return {16, 16, 20, 255};
    case core::CellKind::Door:
      return {214, 40, 40, 255};
    case core::CellKind::Void:
      return {70, 70, 76, 255};
  }
  return kBackground;
}

// A door's label: its width, and the name of its kind when not plain ("1 secret").
std::string door_label(const core::TileSet& set, const core::Door& d) {
  if (d.kind == 0) return std::to_string(d.width);
  return fmt::format("{} {}", d.width, core::door_kind_name(set.door_kinds, d.kind));
}

void draw_tile(Canvas& img, const core::TileSet& set, const core::Tile& t, core::Point at, int s) {
  const auto [first_row, end_row] = rows_on_canvas(img, at.y, s, t.cells.height());
  for (int y = first_row; y < end_row; ++y) {  // the rows of the band being drawn
    for (int x = 0; x < t.cells.width(); ++x) {
      fill_rect(img, {at.x + x * s, at.y + y * s, s, s},
                tile_cell_colour(t.cells[core::Point{x, y}]));
    }
  }
  for (std::size_t i = 0; i < t.doors.size(); ++i) {
    const core::Door& d = t.doors[i];
    const core::Rgba c = kDoorColours[i % kDoorColours.size()];
    const core::Point last = d.cell(d.width - 1);
    const core::Rect r{at.x + d.start.x * s, at.y + d.start.y * s, (last.x - d.start.x + 1) * s,
                       (last.y - d.start.y + 1) * s};
    if (d.kind != 0) fill_rect(img, r, ink_colour(door_kind_ink(d.kind)));  // as the level preview
    outline_rect(img, r, c);
    outline_rect(img, {r.x + 1, r.y + 1, r.width - 2, r.height - 2}, c);
    // The width label sits just outside the door, on its facing side.
    const std::string label = door_label(set, d);
    const core::Point out = core::step(d.facing);
    const int lx = r.x + (out.x > 0 ? r.width + 2 : out.x < 0 ? -text_width(label) - 2 : 1);
    const int ly = r.y + (out.y > 0 ? r.height + 1 : out.y < 0 ? -text_height() + 2 : 1);
    draw_text(img, lx, ly, label, c);
  }
}

// Pixels the labels of `t`'s doors of named kinds reach beyond its left and right edges past
// what the padding between tiles holds (plain width labels always fit in it).
std::pair<int, int> label_overhang(const core::TileSet& set, const core::Tile& t, int pad) {
  int left = 0, right = 0;
  for (const core::Door& d : t.doors) {
    if (d.kind == 0 || core::step(d.facing).x == 0) continue;
    const int reach = text_width(door_label(set, d)) + 4 - pad / 2;
    int& side = d.facing == core::Facing::West ? left : right;
    side = std::max(side, reach);
  }
  return {left, right};
}

// Where the tiles go in the picture, and its size.
struct TileSetPlan {
  std::vector<core::Point> at;  ///< top-left of each tile's cells, pixels
  core::Size size;
};

// The layout of `set`'s preview at `scale`; throws Error (usage) when it would be too large.
TileSetPlan plan_tile_set(const core::TileSet& set, int scale) {
  const int pad = kPad, label = kLabel;
  const int row_limit = 1400;
  // First pass: lay the tiles out in rows.
  std::vector<core::Point> at;
  int x = pad, y = pad, row_h = 0, width = 0;
  for (const core::Tile& t : set.tiles) {
    const auto [left, right] = label_overhang(set, t, pad);
    const int w = std::max(left + t.cells.width() * scale + right, text_width(t.name)),
              h = t.cells.height() * scale;
    if (x > pad && x + w > row_limit) {
      x = pad;
      y += row_h + label + pad;
      row_h = 0;
    }
    at.push_back({x + left, y});
    x += w + pad;
    width = std::max(width, x);
    row_h = std::max(row_h, h);
  }
  const std::int64_t height = y + row_h + label + pad;
  if (scale < 1 || scale > 64 || std::int64_t{width} * height > kMostPicturePixels) {
    if (scale <= 1) {
      throw field_error(
          "preview",
          fmt::format("the preview of {} tiles would be {}x{} pixels even at scale 1, more "
                      "than 64 megapixels; inspect a folder of fewer tiles, or leave out "
                      "{{preview}}",
                      set.tiles.size(), width, height));
    }
    throw field_error("scale",
                      fmt::format("the preview would be {}x{} pixels at scale {}, more than 64 "
                                  "megapixels; use a smaller scale",
                                  width, height, scale));
  }
  return {std::move(at), core::Size{width, static_cast<int>(height)}};
}

// One layer: each tile with its door labels (up to a text line above its cells and below) and
// its name under it, all within the padding and label rows around its cells.
std::vector<Layer> tile_set_layers(const core::TileSet& set, const TileSetPlan& plan, int scale) {
  auto rows = [&set, &plan, scale](std::size_t i) {
    const int top = plan.at[i].y;
    return std::pair<int, int>(top - kPad,
                               top + set.tiles[i].cells.height() * scale + kLabel + kPad);
  };
  auto draw = [&set, &plan, scale](Canvas& img, std::size_t i) {
    const core::Tile& t = set.tiles[i];
    const core::Point at = plan.at[i];
    draw_tile(img, set, t, at, scale);
    draw_text(img, at.x, at.y + t.cells.height() * scale + text_height() + 4, t.name, kLabelText);
  };
  return {Layer{set.tiles.size(), rows, draw}};
}

}  // namespace

core::Image render_tile_set(const core::TileSet& set, int scale) {
  const TileSetPlan plan = plan_tile_set(set, scale);
  return draw_whole(plan.size, kBackground, tile_set_layers(set, plan, scale));
}

void write_tile_set_png(const core::TileSet& set, int scale, const io::fs::BlockSink& sink) {
  const TileSetPlan plan = plan_tile_set(set, scale);
  io::formats::RgbaPngStream png(plan.size, sink);
  draw_in_bands(plan.size, kBackground, tile_set_layers(set, plan, scale), kBandBytes,
                [&png](Canvas& band) { png.write_rows(band.pixels.pixels); });
  png.finish();
}

}  // namespace dungen::exporters
