// PNG encoding through libspng (Debian's libspng-dev): RGBA pictures streamed a band of rows at
// a time, and cell grids as 2-bit indexed PNGs written row by row, so a map never needs an RGBA
// copy in memory.
#include <fmt/format.h>
#include <spng.h>

#include <exception>
#include <memory>
#include <new>
#include <string_view>

#include "core/error.hpp"
#include "core/palette.hpp"
#include "io/formats/png.hpp"

namespace dungen::io::formats {
namespace {

using Context = std::unique_ptr<spng_ctx, void (*)(spng_ctx*)>;

void check(int rc, const char* step) {
  // No memory for libspng or zlib's state: out of memory, reported as such (std::bad_alloc).
  if (rc == SPNG_EMEM || rc == SPNG_EZLIB_INIT) throw std::bad_alloc();
  if (rc != 0) {
    throw Error(fmt::format("cannot encode PNG ({}: {})", step, spng_strerror(rc)),
                ErrorKind::Output);
  }
}

Context new_encoder(core::Size size, std::uint8_t bit_depth, std::uint8_t colour_type) {
  Context ctx(spng_ctx_new(SPNG_CTX_ENCODER), spng_ctx_free);
  if (!ctx) throw std::bad_alloc();  // out of memory, reported as such
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

struct RgbaPngStream::State {
  Context ctx{nullptr, spng_ctx_free};
  fs::BlockSink sink;
  std::exception_ptr sink_error;  // what the sink threw, rethrown once libspng returns
  std::size_t row_bytes = 0;
  std::uint32_t rows_left = 0;
};

RgbaPngStream::RgbaPngStream(core::Size size, fs::BlockSink sink)
    : state_(std::make_unique<State>()) {
  static_assert(sizeof(core::Rgba) == 4);
  State& st = *state_;
  st.sink = std::move(sink);
  st.ctx.reset(spng_ctx_new(SPNG_CTX_ENCODER));
  if (!st.ctx) throw std::bad_alloc();  // out of memory, reported as such
  // libspng's write callback: hands the bytes to the sink. An exception must not cross the C
  // library, so it is kept and reported to libspng as an I/O error.
  spng_rw_fn* to_sink = [](spng_ctx*, void* user, void* data, std::size_t length) -> int {
    auto* state = static_cast<State*>(user);
    try {
      state->sink(std::string_view(static_cast<const char*>(data), length));
      return 0;
    } catch (...) {
      state->sink_error = std::current_exception();
      return SPNG_IO_ERROR;
    }
  };
  check(spng_set_png_stream(st.ctx.get(), to_sink, &st), "stream");
  spng_ihdr ihdr{};
  ihdr.width = static_cast<std::uint32_t>(size.width);
  ihdr.height = static_cast<std::uint32_t>(size.height);
  ihdr.bit_depth = 8;
  ihdr.color_type = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
  check(spng_set_ihdr(st.ctx.get(), &ihdr), "header");
  st.row_bytes = static_cast<std::size_t>(size.width) * 4;
  st.rows_left = ihdr.height;
  const int rc = spng_encode_image(st.ctx.get(), nullptr, 0, SPNG_FMT_PNG,
                                   SPNG_ENCODE_PROGRESSIVE | SPNG_ENCODE_FINALIZE);
  if (st.sink_error) std::rethrow_exception(st.sink_error);
  check(rc, "start");
}

RgbaPngStream::~RgbaPngStream() = default;

void RgbaPngStream::write_rows(std::span<const core::Rgba> pixels) {
  State& st = *state_;
  const std::size_t bytes = pixels.size() * 4;
  if (st.row_bytes == 0 || bytes % st.row_bytes != 0 || bytes / st.row_bytes > st.rows_left)
    throw Error("cannot encode PNG (rows do not fit the picture)", ErrorKind::Output);
  const auto* row = reinterpret_cast<const unsigned char*>(pixels.data());
  for (std::size_t done = 0; done < bytes; done += st.row_bytes) {
    const int rc = spng_encode_row(st.ctx.get(), row + done, st.row_bytes);
    if (st.sink_error) std::rethrow_exception(st.sink_error);
    if (rc != SPNG_EOI) check(rc, "row");
    --st.rows_left;
  }
}

void RgbaPngStream::finish() {
  if (state_->rows_left != 0)
    throw Error("cannot encode PNG (rows missing at the end)", ErrorKind::Output);
}

std::vector<std::uint8_t> encode_png(const core::Image& image) {
  std::vector<std::uint8_t> out;
  RgbaPngStream png(image.size, [&out](std::string_view block) {
    out.insert(out.end(), block.begin(), block.end());
  });
  png.write_rows(image.pixels);
  png.finish();
  return out;
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

}  // namespace dungen::io::formats
