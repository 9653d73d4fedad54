#include "io/formats/png.hpp"

#include <fmt/format.h>
#include <stb_image.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>

#include "core/error.hpp"
#include "core/palette.hpp"

namespace dungen::io::formats {
namespace {

constexpr std::array<std::uint8_t, 8> kSignature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

std::uint32_t read_be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}

void put_be32(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
}

// What an indexed PNG's palette needs to be made safe to decode.
struct PaletteFix {
  std::vector<std::uint8_t> patched;  // the PNG with its PLTE padded to 256 entries
  core::Rgba sentinel;                // the colour of every padding entry
  std::size_t entries = 0;            // the palette's real length
};

// stb_image leaves palette entries past PLTE's length uninitialised, so an out-of-range index
// would decode to whatever memory held. We pad PLTE to 256 entries of a colour the palette
// does not use, then any pixel of that colour is known to be out of range.
std::optional<PaletteFix> pad_palette(std::span<const std::uint8_t> png) {
  if (png.size() < 33 || png[25] != 3) return std::nullopt;  // IHDR colour type 3 = indexed
  std::size_t pos = 8;
  while (pos + 12 <= png.size()) {
    const std::uint32_t len = read_be32(&png[pos]);
    if (len > png.size() - pos - 12) return std::nullopt;  // damaged: let stb report it
    if (std::memcmp(&png[pos + 4], "PLTE", 4) != 0) {
      pos += 12 + len;
      continue;
    }
    if (len % 3 != 0 || len >= 768) return std::nullopt;
    const std::uint8_t* rgb = &png[pos + 8];
    PaletteFix fix{{}, {0, 0, 0, 255}, len / 3};
    for (std::uint32_t c = 1; c < (1u << 24); ++c) {  // the first colour the palette lacks
      bool used = false;
      for (std::size_t i = 0; i < fix.entries && !used; ++i) {
        used = ((std::uint32_t{rgb[3 * i]} << 16) | (std::uint32_t{rgb[3 * i + 1]} << 8) |
                rgb[3 * i + 2]) == c;
      }
      if (!used) {
        fix.sentinel = {static_cast<std::uint8_t>(c >> 16), static_cast<std::uint8_t>(c >> 8),
                        static_cast<std::uint8_t>(c), 255};
        break;
      }
    }
    fix.patched.assign(png.begin(), png.begin() + static_cast<std::ptrdiff_t>(pos));
    put_be32(fix.patched, 768);
    fix.patched.insert(fix.patched.end(), png.begin() + static_cast<std::ptrdiff_t>(pos + 4),
                       png.begin() + static_cast<std::ptrdiff_t>(pos + 8 + len));
    for (std::size_t i = fix.entries; i < 256; ++i) {
      fix.patched.insert(fix.patched.end(), {fix.sentinel.r, fix.sentinel.g, fix.sentinel.b});
    }
    put_be32(fix.patched, 0);  // stb_image does not check chunk CRCs
    fix.patched.insert(fix.patched.end(), png.begin() + static_cast<std::ptrdiff_t>(pos + 12 + len),
                       png.end());
    return fix;
  }
  return std::nullopt;
}

// The decoder's reason for a failure (stb_image's terse words) in plain words.
std::string plain_reason(const char* why) {
  const std::string_view w = why != nullptr ? why : "";
  constexpr std::string_view kChunk = " PNG chunk not known";
  if (w.size() == 4 + kChunk.size() && w.substr(4) == kChunk) {
    return fmt::format("an unknown critical chunk {}", w.substr(0, 4));
  }
  static constexpr std::pair<std::string_view, std::string_view> kPlain[] = {
      {"bad ctype", "an unsupported colour type"},
      {"1/2/4/8/16-bit only", "an unsupported bit depth"},
      {"bad interlace method", "an unknown interlace method"},
      {"bad filter method", "an unknown filter method"},
      {"bad comp method", "an unknown compression method"},
      {"invalid filter", "a row with an unknown filter type"},
      {"no IDAT", "no pixel data (no IDAT chunk)"},
      {"first not IHDR", "no IHDR chunk first"},
      {"multiple IHDR", "a second IHDR chunk"},
      {"outofmem", "not enough memory"},
      {"no PLTE", "a palette image without its palette (no PLTE chunk)"},
      {"invalid PLTE", "a damaged palette (PLTE chunk)"},
  };
  for (const auto& [terse, plain] : kPlain) {
    if (w == terse) return std::string(plain);
  }
  return w.find("PLTE") != std::string_view::npos || w.find("tRNS") != std::string_view::npos
             ? "a damaged palette or transparency chunk"
             : "damaged compressed pixel data";  // the zlib stream's failures, or no reason
}

// Refuses the colour types and bit depths PNG does not allow (PNG specification, 11.2.2
// IHDR): the decoder would read some of them as other images, or blame the pixel data.
void check_colour_type(std::uint8_t type, std::uint8_t depth, const std::string& name) {
  struct Allowed {
    std::uint8_t type;
    const char* name;
    std::uint8_t depths;  ///< bit i set: 2^i bits per sample allowed
    const char* said;
  };
  static constexpr Allowed kAllowed[] = {
      {0, "greyscale", 0b11111, "1, 2, 4, 8 or 16"},
      {2, "RGB", 0b11000, "8 or 16"},
      {3, "palette", 0b01111, "1, 2, 4 or 8"},
      {4, "greyscale with alpha", 0b11000, "8 or 16"},
      {6, "RGBA", 0b11000, "8 or 16"},
  };
  for (const Allowed& a : kAllowed) {
    if (a.type != type) continue;
    const bool power = depth != 0 && (depth & (depth - 1)) == 0 && depth <= 16;
    if (power && (a.depths >> std::countr_zero(depth) & 1U) != 0) return;
    throw file_error(name, fmt::format("damaged PNG header: an unsupported bit depth, {} bits "
                                       "per sample for colour type {} (PNG allows {}); "
                                       "re-export the image",
                                       depth, a.name, a.said));
  }
  throw file_error(name, fmt::format("damaged PNG header: an unsupported colour type, {} (PNG "
                                     "has 0, 2, 3, 4 and 6); re-export the image",
                                     type));
}

void check_header(std::span<const std::uint8_t> bytes, const std::string& name, int max_side) {
  if (bytes.empty()) {
    throw file_error(name, "empty file (0 bytes); save the tile again as a PNG image");
  }
  if (!has_png_signature(bytes)) {
    throw file_error(name,
                     "not a PNG file (it does not start with the PNG signature); "
                     "save it as PNG or move it out of the tile folder");
  }
  // The size comes from the IHDR chunk, which must come first, before any decoding.
  if (bytes.size() < 33 || std::memcmp(&bytes[12], "IHDR", 4) != 0) {
    throw file_error(name, "damaged PNG header (no IHDR chunk first); re-export the image");
  }
  if (const std::uint32_t length = read_be32(&bytes[8]); length != 13) {
    throw file_error(name, fmt::format("damaged PNG header (its IHDR chunk holds {} bytes, where "
                                       "PNG's holds 13); re-export the image",
                                       length));
  }
  const std::uint32_t w = read_be32(&bytes[16]), h = read_be32(&bytes[20]);
  if (w == 0 || h == 0) {
    throw file_error(name, fmt::format("damaged PNG header: zero width or height ({}x{} pixels); "
                                       "re-export the image",
                                       w, h));
  }
  check_colour_type(bytes[25], bytes[24], name);
  const auto limit = static_cast<std::uint32_t>(max_side);
  constexpr std::uint32_t kLargestAccepted = 1u << 20;  // what --max-tile-size accepts
  if (std::max(w, h) > kLargestAccepted) {
    throw file_error(
        name,
        fmt::format("image is {}x{} pixels, larger than dungen reads ({} per side); the header "
                    "may be damaged, re-export the image",
                    w, h, kLargestAccepted));
  }
  if (w > limit || h > limit) {
    throw file_error(name, fmt::format("image is {}x{} pixels, over the limit of {} per side; "
                                       "use {{max_tile_size}} {} if it is meant to be that big",
                                       w, h, max_side, std::max(w, h)));
  }
}

void check_palette_indices(const core::Image& image, const PaletteFix& fix,
                           const std::string& name) {
  for (int y = 0; y < image.size.height; ++y) {
    for (int x = 0; x < image.size.width; ++x) {
      if (image.at(x, y) == fix.sentinel) {
        throw file_error(name, fmt::format("pixel ({}, {}) uses a colour index past the end of "
                                           "the image's {}-colour palette; re-export the image",
                                           x, y, fix.entries));
      }
    }
  }
}

}  // namespace

bool has_png_signature(std::span<const std::uint8_t> bytes) {
  return bytes.size() >= kSignature.size() &&
         std::equal(kSignature.begin(), kSignature.end(), bytes.begin());
}

std::optional<core::Size> png_size(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 33 || !std::equal(kSignature.begin(), kSignature.end(), bytes.begin()) ||
      std::memcmp(&bytes[12], "IHDR", 4) != 0) {
    return std::nullopt;
  }
  const std::uint32_t w = read_be32(&bytes[16]), h = read_be32(&bytes[20]);
  constexpr std::uint32_t kMax = 1u << 30;
  return core::Size{static_cast<int>(std::min(w, kMax)), static_cast<int>(std::min(h, kMax))};
}

core::Image decode_png(std::span<const std::uint8_t> bytes, const std::string& name, int max_side) {
  check_header(bytes, name, max_side);
  const std::optional<PaletteFix> fix = pad_palette(bytes);
  std::span<const std::uint8_t> input = fix ? std::span<const std::uint8_t>(fix->patched) : bytes;
  int w = 0, h = 0, comp = 0;
  std::unique_ptr<stbi_uc, void (*)(void*)> data(
      stbi_load_from_memory(input.data(), static_cast<int>(input.size()), &w, &h, &comp, 4),
      stbi_image_free);
  if (!data) {
    const char* why = stbi_failure_reason();
    const std::optional<core::Size> size = png_size(bytes);
    if (size && std::int64_t{size->width} * size->height * 4 >= (std::int64_t{1} << 31)) {
      throw file_error(name, fmt::format("image is {}x{} pixels, more than can be decoded (2 GiB "
                                         "of pixels, about 23000x23000); shrink it",
                                         size->width, size->height));
    }
    throw file_error(
        name,
        fmt::format("cannot decode PNG ({}); the file may be truncated or damaged, re-export it",
                    plain_reason(why)));
  }
  core::Image image(core::Size{w, h});
  std::memcpy(image.pixels.data(), data.get(), image.pixels.size() * 4);
  if (fix) check_palette_indices(image, *fix, name);
  return image;
}

}  // namespace dungen::io::formats
