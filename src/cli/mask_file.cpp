#include "cli/mask_file.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "io/formats/png.hpp"
#include "io/fs/read.hpp"

namespace dungen::cli {

core::Grid<std::uint8_t> read_mask(const std::string& path, std::string& input_hash,
                                   std::string_view same_as) {
  const std::vector<std::uint8_t> bytes = io::fs::read_file(path);
  input_hash = core::hex64(core::fnv1a(bytes));  // another mask, another level
  if (bytes.empty()) {
    throw file_error(path,
                     "empty file (0 bytes); --mask takes a PNG image whose light pixels "
                     "are usable: save the mask again as PNG");
  }
  if (!io::formats::has_png_signature(bytes)) {
    throw file_error(path,
                     "not a PNG file (it does not start with the PNG signature); --mask "
                     "takes a PNG image whose light pixels are usable: save it as PNG");
  }
  // A side past 2^20 is no mask but a damaged header: decode_png says so with its exact size.
  if (const auto size = io::formats::png_size(bytes);
      size && std::max(size->width, size->height) > kMaxMaskSide &&
      std::max(size->width, size->height) <= (1 << 20)) {
    throw file_error(
        path,
        fmt::format("the mask is {}x{} pixels; a mask may be at most {} per side{}: scale it down",
                    size->width, size->height, kMaxMaskSide,
                    same_as.empty() ? "" : fmt::format(", as {}", same_as)));
  }
  const core::Image img = io::formats::decode_png(bytes, path, kMaxMaskSide);
  core::Grid<std::uint8_t> mask(img.size, 0);
  int usable = 0;
  for (int y = 0; y < img.size.height; ++y) {
    for (int x = 0; x < img.size.width; ++x) {
      const core::Rgba c = img.at(x, y);
      mask[core::Point{x, y}] = c.a >= 128 && c.r >= 128 && c.g >= 128 && c.b >= 128;
      usable += mask[core::Point{x, y}];
    }
  }
  if (usable == 0)
    throw file_error(path, "the mask has no white cells; paint the usable area white");
  return mask;
}

}  // namespace dungen::cli
