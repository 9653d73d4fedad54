#pragma once
/// \file raster.hpp
/// Small drawing helpers for previews: rectangles, outlines and text (text through
/// stb_easy_font, a public-domain bitmap font from Debian's libstb-dev), on a canvas that may
/// hold only a band of the picture's rows.

#include <string_view>
#include <utility>

#include "core/image.hpp"

namespace dungen::exporters {

/// Pixel rows [top, top + pixels.size.height) of a picture that may be taller, as wide as the
/// picture. The helpers below take the whole picture's coordinates and draw only what falls in
/// these rows, so a picture drawn band by band equals one drawn whole.
struct Canvas {
  core::Image pixels;
  int top = 0;  ///< the picture's row of pixels.at(x, 0)
};

/// `c` over `below` by c's alpha (each channel src * a + dst * (255 - a), over 255, rounded
/// down); the alpha is the larger of the two.
[[nodiscard]] constexpr core::Rgba blend_over(core::Rgba below, core::Rgba c) {
  auto mix = [&](int dst, int src) {
    return static_cast<std::uint8_t>((src * c.a + dst * (255 - c.a)) / 255);
  };
  return {mix(below.r, c.r), mix(below.g, c.g), mix(below.b, c.b), c.a > below.a ? c.a : below.a};
}

/// The rows [first, last) of a grid of `rows` rows of `cell`-pixel cells, drawn from picture
/// row `top`, that reach into the canvas's rows: drawing only those draws the same pixels, in
/// time for the canvas's band, not the whole grid (first == last when none does).
[[nodiscard]] std::pair<int, int> rows_on_canvas(const Canvas& img, int top, int cell, int rows);

/// Fills the rectangle [x, x+w) x [y, y+h) (picture pixels) with `c`, clipped to the canvas;
/// `c` is blended over the existing pixel by its alpha.
void fill_rect(Canvas& img, core::Rect r, core::Rgba c);

/// Draws the 1-pixel-wide border of rectangle `r` (pixels) in `c`, clipped.
void outline_rect(Canvas& img, core::Rect r, core::Rgba c);

/// Draws `text` with its top-left corner at (x, y) pixels, each font pixel `size` pixels
/// big, clipped. Returns the width drawn, in pixels.
int draw_text(Canvas& img, int x, int y, std::string_view text, core::Rgba c, int size = 1);

/// The width in pixels `text` would take at `size`.
[[nodiscard]] int text_width(std::string_view text, int size = 1);

/// The height in pixels of one text line at `size`.
[[nodiscard]] constexpr int text_height(int size = 1) { return 12 * size; }

}  // namespace dungen::exporters
