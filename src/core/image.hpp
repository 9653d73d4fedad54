#pragma once
/// \file image.hpp
/// An RGBA8 picture held in memory, without any codec (PNG lives in io/).

#include <cstdint>
#include <vector>

#include "core/geometry.hpp"

namespace dungen::core {

/// One pixel: 8-bit red, green, blue and alpha (alpha 255 = opaque).
struct Rgba {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
  friend constexpr bool operator==(Rgba, Rgba) = default;
};

/// A width x height RGBA8 image, row-major, origin top-left, y down; one pixel per cell
/// when it holds a tile or map.
struct Image {
  Size size;
  std::vector<Rgba> pixels;  ///< size.width * size.height pixels

  Image() = default;
  explicit Image(Size s, Rgba fill = {0, 0, 0, 0})
      : size(s), pixels(static_cast<std::size_t>(s.area()), fill) {}
  [[nodiscard]] Rgba& at(int x, int y) {
    return pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(size.width) +
                  static_cast<std::size_t>(x)];
  }
  [[nodiscard]] const Rgba& at(int x, int y) const {
    return pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(size.width) +
                  static_cast<std::size_t>(x)];
  }
};

}  // namespace dungen::core
