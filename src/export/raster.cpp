#include "export/raster.hpp"

#include <stb_easy_font.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace dungen::exporters {

std::pair<int, int> rows_on_canvas(const Canvas& img, int top, int cell, int rows) {
  const auto floor_div = [](std::int64_t a, std::int64_t b) {
    return a >= 0 ? a / b : -((-a + b - 1) / b);
  };
  const std::int64_t from = std::int64_t{img.top} - top, to = from + img.pixels.size.height;
  const auto first = static_cast<int>(std::clamp<std::int64_t>(floor_div(from, cell), 0, rows));
  const auto last =
      static_cast<int>(std::clamp<std::int64_t>(floor_div(to + cell - 1, cell), 0, rows));
  return {first, std::max(first, last)};
}

void fill_rect(Canvas& img, core::Rect r, core::Rgba c) {
  const core::Size size = img.pixels.size;
  const int x0 = std::max(r.x, 0), y0 = std::max(r.y - img.top, 0);
  const int x1 = std::min(r.right(), size.width);
  const int y1 = std::min(r.bottom() - img.top, size.height);
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      core::Rgba& p = img.pixels.at(x, y);
      if (c.a == 255 || p.a == 0) {
        p = c;
        continue;
      }
      p = blend_over(p, c);
    }
  }
}

void outline_rect(Canvas& img, core::Rect r, core::Rgba c) {
  fill_rect(img, {r.x, r.y, r.width, 1}, c);
  fill_rect(img, {r.x, r.bottom() - 1, r.width, 1}, c);
  fill_rect(img, {r.x, r.y, 1, r.height}, c);
  fill_rect(img, {r.right() - 1, r.y, 1, r.height}, c);
}

int draw_text(Canvas& img, int x, int y, std::string_view text, core::Rgba c, int size) {
  std::string buf(text);
  std::vector<char> vertices(buf.size() * 1024 + 64);  // up to 16 quads of 64 bytes per char
  unsigned char colour[4] = {c.r, c.g, c.b, c.a};
  const int quads = stb_easy_font_print(0, 0, buf.data(), colour, vertices.data(),
                                        static_cast<int>(vertices.size()));
  struct Vertex {
    float x, y, z;
    unsigned char rgba[4];
  };
  const auto* v = reinterpret_cast<const Vertex*>(vertices.data());
  for (int q = 0; q < quads; ++q) {
    const Vertex& a = v[q * 4];
    const Vertex& b = v[q * 4 + 2];
    fill_rect(img,
              {x + static_cast<int>(a.x) * size, y + static_cast<int>(a.y) * size,
               static_cast<int>(b.x - a.x) * size, static_cast<int>(b.y - a.y) * size},
              c);
  }
  return text_width(text, size);
}

int text_width(std::string_view text, int size) {
  std::string buf(text);
  return stb_easy_font_width(buf.data()) * size;
}

}  // namespace dungen::exporters
