// Universal VTT (uvtt.hpp). The format is what Dungeondraft writes and the tabletops read
// ("Universal VTT" 0.3, as documented by Arkenforge and Foundry's Universal Battlemap Importer).
#include "export/uvtt.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <tuple>

extern "C" {
#include <b64/cencode.h>
}

#include "core/error.hpp"
#include "core/palette.hpp"
#include "export/render.hpp"
#include "io/formats/png.hpp"

namespace dungen::exporters {
namespace {

constexpr double kQuarterTurn = 1.5707963267948966;  // radians: a portal across a vertical line

// The map picture at `scale` pixels per cell, in the map PNG's colours.
std::vector<std::uint8_t> picture(const core::Grid<core::CellKind>& cells, int scale) {
  const std::int64_t w = std::int64_t{cells.width()} * scale, h = std::int64_t{cells.height()} * scale;
  if (scale < 1 || scale > 64) {
    throw field_error("scale", fmt::format("{} is outside 1..64", scale));
  }
  if (w * h > kMostPicturePixels) {
    const int fit = largest_scale(std::max<std::int64_t>(1, cells.size().area()), kMostPicturePixels);
    throw field_error(
        "scale",
        fit == 0 ? fmt::format("a Universal VTT picture of this {}x{}-cell map would be over 64 "
                               "megapixels even at scale 1; leave out {{uvtt}}",
                               cells.width(), cells.height())
                 : fmt::format("a Universal VTT picture of this {}x{}-cell map at scale {} would "
                               "be {}x{} pixels, over 64 megapixels; use {{scale}} {} or less",
                               cells.width(), cells.height(), scale, w, h, fit));
  }
  core::Image image(core::Size{static_cast<int>(std::max<std::int64_t>(w, 1)),
                               static_cast<int>(std::max<std::int64_t>(h, 1))});
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x)
      image.at(x, y) = core::Palette::colour_of(cells[core::Point{x / scale, y / scale}]);
  }
  return io::formats::encode_png(image);
}

// `bytes` in base64 (RFC 4648, no line breaks), by libb64.
std::string base64(const std::vector<std::uint8_t>& bytes) {
  std::string out(bytes.size() * 2 + 16, '\0');  // 4/3 of the input, plus libb64's line breaks
  base64_encodestate state;
  base64_init_encodestate(&state);
  std::size_t n = 0;
  constexpr std::size_t kChunk = 1 << 20;  // libb64 counts in int
  for (std::size_t at = 0; at < bytes.size(); at += kChunk) {
    const auto len = static_cast<int>(std::min(kChunk, bytes.size() - at));
    n += static_cast<std::size_t>(base64_encode_block(
        reinterpret_cast<const char*>(bytes.data() + at), len, out.data() + n, &state));
  }
  n += static_cast<std::size_t>(base64_encode_blockend(out.data() + n, &state));
  out.resize(n);
  std::erase(out, '\n');  // libb64 breaks lines every 72 characters
  return out;
}

bool passable(const core::Grid<core::CellKind>& cells, int x, int y) {
  if (x < 0 || y < 0 || x >= cells.width() || y >= cells.height()) return false;
  const core::CellKind k = cells[core::Point{x, y}];
  return k == core::CellKind::Floor || k == core::CellKind::Door;
}

// Runs of edges along one line: `edge(i)` tells whether edge i (0..n-1) is a wall; each run
// becomes a wall through `make(first, end)`.
template <typename Edge, typename Make>
void runs(int n, Edge edge, Make make) {
  for (int i = 0; i < n;) {
    if (!edge(i)) {
      ++i;
      continue;
    }
    const int first = i;
    while (i < n && edge(i)) ++i;
    make(first, i);
  }
}

}  // namespace

std::vector<SightWall> sight_walls(const core::Grid<core::CellKind>& cells) {
  std::vector<SightWall> walls;
  const int w = cells.width(), h = cells.height();
  for (int y = 0; y <= h; ++y) {  // the line between rows y - 1 and y
    runs(
        w, [&](int x) { return passable(cells, x, y - 1) != passable(cells, x, y); },
        [&](int a, int b) { walls.push_back({a, y, b, y}); });
  }
  for (int x = 0; x <= w; ++x) {  // the line between columns x - 1 and x
    runs(
        h, [&](int y) { return passable(cells, x - 1, y) != passable(cells, x, y); },
        [&](int a, int b) { walls.push_back({x, a, x, b}); });
  }
  return walls;
}

std::vector<Portal> portals(const core::Level& level) {
  // A door by its cells: first cell, width, and whether it runs down (facing east or west).
  using Key = std::tuple<int, int, int, bool>;
  const auto key = [](const core::Door& d) {
    const bool down = d.facing == core::Facing::East || d.facing == core::Facing::West;
    return Key{d.start.x, d.start.y, d.width, down};
  };
  std::set<Key> locked;
  for (const core::Lock& lock : level.puzzle.locks) locked.insert(key(lock.door));
  std::set<Key> seen;
  std::vector<Portal> out;
  const auto add = [&](const core::Door& d) {
    const Key k = key(d);
    if (!seen.insert(k).second) return;
    const auto [x, y, width, down] = k;
    const bool closed = locked.count(k) > 0;
    if (down) {
      out.push_back({x + 0.5, static_cast<double>(y), x + 0.5, static_cast<double>(y + width), closed});
    } else {
      out.push_back({static_cast<double>(x), y + 0.5, static_cast<double>(x + width), y + 0.5, closed});
    }
  };
  for (const core::Connection& c : level.map.connections) {
    add(c.door());
    if (c.corridor() > 0) add(c.door_b_span());
  }
  return out;
}

void write_uvtt(const core::Level& level, int scale, const TextSink& sink) {
  const core::Grid<core::CellKind>& cells = level.map.cells;
  const std::string image = base64(picture(cells, scale));  // throws before any output
  TextOut out(sink);
  out.format("{{\n  \"format\": 0.3,\n  \"resolution\": {{\"map_origin\": {{\"x\": 0, \"y\": 0}}, "
             "\"map_size\": {{\"x\": {}, \"y\": {}}}, \"pixels_per_grid\": {}}},\n",
             cells.width(), cells.height(), scale);
  out.raw("  \"line_of_sight\": [");
  const char* sep = "\n    ";
  for (const SightWall& s : sight_walls(cells)) {
    out.format("{}[{{\"x\": {}, \"y\": {}}}, {{\"x\": {}, \"y\": {}}}]", sep, s.x0, s.y0, s.x1, s.y1);
    sep = ",\n    ";
  }
  out.raw("\n  ],\n  \"objects_line_of_sight\": [],\n  \"portals\": [");
  sep = "\n    ";
  for (const Portal& p : portals(level)) {
    const bool down = p.x0 == p.x1;
    out.format("{}{{\"position\": {{\"x\": {}, \"y\": {}}}, \"bounds\": [{{\"x\": {}, \"y\": {}}}, "
               "{{\"x\": {}, \"y\": {}}}], \"rotation\": {}, \"closed\": {}, \"freestanding\": false}}",
               sep, (p.x0 + p.x1) / 2, (p.y0 + p.y1) / 2, p.x0, p.y0, p.x1, p.y1,
               down ? kQuarterTurn : 0.0, p.closed);
    sep = ",\n    ";
  }
  out.raw("\n  ],\n  \"environment\": {\"baked_lighting\": false, \"ambient_light\": \"ffffffff\"},\n");
  out.raw("  \"lights\": [],\n  \"image\": \"");
  out.raw(image);
  out.raw("\"\n}\n");
}

}  // namespace dungen::exporters
