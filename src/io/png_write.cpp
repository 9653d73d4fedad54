// PNG encoding through libspng (Debian's libspng-dev): RGBA pictures, and cell grids as
// 2-bit indexed PNGs written row by row, so a map never needs an RGBA copy in memory.
#include <fmt/format.h>
#include <spng.h>

#include <memory>

#include "core/error.hpp"
#include "core/palette.hpp"
#include "io/png.hpp"

namespace dungen::io {
namespace {

using Context = std::unique_ptr<spng_ctx, void (*)(spng_ctx*)>;

void check(int rc, const char* step) {
  if (rc != 0) {
    throw Error(fmt::format("cannot encode PNG ({}: {})", step, spng_strerror(rc)),
                ErrorKind::Output);
  }
}

Context new_encoder(core::Size size, std::uint8_t bit_depth, std::uint8_t colour_type) {
  Context ctx(spng_ctx_new(SPNG_CTX_ENCODER), spng_ctx_free);
  if (!ctx) throw Error("cannot encode PNG (out of memory)", ErrorKind::Output);
  check(spng_set_option(ctx.get(), SPNG_ENCODE_TO_BUFFER, 1), "buffer");
  spng_ihdr ihdr{};
  ihdr.width = static_cast<std::uint32_t>(size.width);
  ihdr.height = static_cast<std::uint32_t>(size.height);
  ihdr.bit_depth = bit_depth;
  ihdr.color_type = colour_type;
  check(spng_set_ihdr(ctx.get(), &ihdr), "header");
  return ctx;
}

std::vector<std::uint8_t> take_buffer(spng_ctx* ctx) {
  std::size_t len = 0;
  int rc = 0;
  std::unique_ptr<void, void (*)(void*)> buf(spng_get_png_buffer(ctx, &len, &rc), std::free);
  check(rc, "buffer");
  const auto* bytes = static_cast<const std::uint8_t*>(buf.get());
  return std::vector<std::uint8_t>(bytes, bytes + len);
}

}  // namespace

std::vector<std::uint8_t> encode_png(const core::Image& image) {
  static_assert(sizeof(core::Rgba) == 4);
  Context ctx = new_encoder(image.size, 8, SPNG_COLOR_TYPE_TRUECOLOR_ALPHA);
  check(spng_encode_image(ctx.get(), image.pixels.data(), image.pixels.size() * 4, SPNG_FMT_PNG,
                          SPNG_ENCODE_FINALIZE),
        "pixels");
  return take_buffer(ctx.get());
}

std::vector<std::uint8_t> encode_cells_png(const core::Grid<core::CellKind>& cells) {
  Context ctx = new_encoder(cells.size(), 2, SPNG_COLOR_TYPE_INDEXED);
  spng_plte plte{};
  plte.n_entries = 4;  // index = CellKind value: empty, floor, wall, door
  for (std::uint32_t i = 0; i < 4; ++i) {
    const core::Rgba c = core::Palette::colour_of(static_cast<core::CellKind>(i));
    plte.entries[i] = spng_plte_entry{c.r, c.g, c.b, 255};
  }
  check(spng_set_plte(ctx.get(), &plte), "palette");
  spng_trns trns{};
  trns.n_type3_entries = 1;  // entry 0 (empty) is transparent, the others opaque
  trns.type3_alpha[0] = 0;
  check(spng_set_trns(ctx.get(), &trns), "transparency");
  check(spng_encode_image(ctx.get(), nullptr, 0, SPNG_FMT_PNG,
                          SPNG_ENCODE_PROGRESSIVE | SPNG_ENCODE_FINALIZE),
        "start");
  const int w = cells.width();
  std::vector<std::uint8_t> row(static_cast<std::size_t>((w + 3) / 4));
  for (int y = 0; y < cells.height(); ++y) {
    std::fill(row.begin(), row.end(), 0);
    for (int x = 0; x < w; ++x) {  // four 2-bit pixels per byte, leftmost in the high bits
      const auto index = static_cast<unsigned>(cells[core::Point{x, y}]);
      row[static_cast<std::size_t>(x / 4)] |= static_cast<std::uint8_t>(index << (6 - 2 * (x % 4)));
    }
    const int rc = spng_encode_row(ctx.get(), row.data(), row.size());
    if (rc != SPNG_EOI) check(rc, "row");
  }
  return take_buffer(ctx.get());
}

}  // namespace dungen::io
