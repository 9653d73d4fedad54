#include "io/formats/png.hpp"

#include <fmt/format.h>
#include <spng.h>

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
#include "io/formats/png_chunks.hpp"

namespace dungen::io::formats {
namespace {

constexpr std::array<std::uint8_t, 8> kSignature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

std::uint32_t read_be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}

using Decoder = std::unique_ptr<spng_ctx, void (*)(spng_ctx*)>;

// Caps on what libspng keeps of ancillary chunks (text, ICC profiles; their compressed forms
// inflated): a file's metadata costs at most these, whatever it claims.
constexpr std::size_t kChunkLimit = std::size_t{4} << 20;
constexpr std::size_t kCacheLimit = std::size_t{8} << 20;

// A libspng result: out of memory as such, any other failure (one the chunk and size checks
// before it leave, such as a row's unknown filter type) in plain words.
void check_spng(int rc, const std::string& name) {
  if (rc == 0) return;
  if (rc == SPNG_EMEM) throw std::bad_alloc();
  throw_damaged_png(name, rc == SPNG_EFILTER ? std::string("a row with an unknown filter type")
                                             : fmt::format("libspng: {}", spng_strerror(rc)));
}

Decoder open_decoder(std::span<const std::uint8_t> bytes, const std::string& name) {
  Decoder ctx(spng_ctx_new(0), spng_ctx_free);
  if (!ctx) throw std::bad_alloc();
  check_spng(spng_set_chunk_limits(ctx.get(), kChunkLimit, kCacheLimit), name);
  check_spng(spng_set_png_buffer(ctx.get(), bytes.data(), bytes.size()), name);
  return ctx;
}

// The palette's colours with their tRNS alpha (255 past tRNS's end), as PNG defines them.
std::array<core::Rgba, 256> palette_colours(spng_ctx* ctx, const std::string& name) {
  spng_plte plte{};
  check_spng(spng_get_plte(ctx, &plte), name);
  spng_trns trns{};
  const std::uint32_t alphas = spng_get_trns(ctx, &trns) == 0 ? trns.n_type3_entries : 0;
  std::array<core::Rgba, 256> colours{};
  for (std::uint32_t i = 0; i < plte.n_entries && i < 256; ++i) {
    const spng_plte_entry& e = plte.entries[i];
    colours[i] = {e.red, e.green, e.blue, i < alphas ? trns.type3_alpha[i] : std::uint8_t{255}};
  }
  return colours;
}

// Decodes an indexed PNG a scanline at a time, its indices as they are, through its palette.
// An index past the palette is an error naming the first such pixel in reading order.
void decode_indexed(spng_ctx* ctx, const PngChunks& png, core::Image& image,
                    const std::string& name) {
  const std::array<core::Rgba, 256> colours = palette_colours(ctx, name);
  check_spng(spng_decode_image(ctx, nullptr, 0, SPNG_FMT_PNG, SPNG_DECODE_PROGRESSIVE), name);
  const unsigned depth = png.bit_depth, mask = (1u << depth) - 1;
  std::vector<std::uint8_t> line((std::size_t{png.width} * depth + 7) / 8);
  std::optional<core::Point> bad;
  int rc = 0;
  while (rc != SPNG_EOI) {
    spng_row_info row{};
    check_spng(spng_get_row_info(ctx, &row), name);
    rc = spng_decode_scanline(ctx, line.data(), line.size());
    if (rc != SPNG_EOI) check_spng(rc, name);
    const Adam7Pass pass = png.interlace != 0 ? kAdam7[row.pass] : Adam7Pass{0, 0, 1, 1};
    const auto y = static_cast<int>(row.row_num);
    std::size_t bit = 0;
    for (std::uint32_t x = pass.x0; x < png.width; x += pass.dx, bit += depth) {
      const unsigned index = (line[bit / 8] >> (8 - depth - bit % 8)) & mask;
      if (index >= png.palette_size) {
        const core::Point p{static_cast<int>(x), y};
        if (!bad || p.y < bad->y || (p.y == bad->y && p.x < bad->x)) bad = p;
      }
      image.at(static_cast<int>(x), y) = colours[index];
    }
  }
  if (bad) {
    throw file_error(name, fmt::format("pixel ({}, {}) uses a colour index past the end of the "
                                       "image's {}-colour palette; re-export the image",
                                       bad->x, bad->y, png.palette_size));
  }
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

// Refuses compression, filter and interlace methods PNG does not define (11.2.2 IHDR).
void check_methods(std::uint8_t compression, std::uint8_t filter, std::uint8_t interlace,
                   const std::string& name) {
  const auto refuse = [&name](const char* what, std::uint8_t value, const char* has) {
    throw file_error(name, fmt::format("damaged PNG header: an unknown {} method, {} (PNG has "
                                       "{}); re-export the image",
                                       what, value, has));
  };
  if (compression != 0) refuse("compression", compression, "0");
  if (filter != 0) refuse("filter", filter, "0");
  if (interlace > 1) refuse("interlace", interlace, "0 and 1");
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
  if (std::uint64_t{w} * h * 4 >= (std::uint64_t{1} << 31)) {
    throw file_error(name, fmt::format("image is {}x{} pixels, more than can be decoded (2 GiB "
                                       "of pixels, about 23000x23000); shrink it",
                                       w, h));
  }
  check_methods(bytes[26], bytes[27], bytes[28], name);
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
  const PngChunks png = check_png_chunks(bytes, name);
  check_pixel_data_size(png, name);
  const Decoder ctx = open_decoder(bytes, name);
  core::Image image(core::Size{static_cast<int>(png.width), static_cast<int>(png.height)});
  if (png.colour_type == 3) {
    decode_indexed(ctx.get(), png, image, name);
  } else {
    static_assert(sizeof(core::Rgba) == 4);
    check_spng(spng_decode_image(ctx.get(), image.pixels.data(), image.pixels.size() * 4,
                                 SPNG_FMT_RGBA8, SPNG_DECODE_TRNS),
               name);
  }
  return image;
}

}  // namespace dungen::io::formats
