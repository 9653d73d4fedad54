#pragma once
/// \file png.hpp
/// PNG bytes <-> images: decoding and encoding through libspng, behind our own chunk checks
/// (png_chunks.hpp).

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/cell.hpp"
#include "core/grid.hpp"
#include "core/image.hpp"
#include "io/fs/block_sink.hpp"

namespace dungen::io::formats {

/// The default limit on a tile's width and height, in pixels (raise with --max-tile-size).
inline constexpr int kDefaultMaxSide = 1024;

/// Decodes a PNG of any colour type and bit depth (grey, grey+alpha, RGB, RGBA, indexed
/// with tRNS; 1 to 16 bits; interlaced or not) to RGBA8; 16-bit samples keep their high
/// byte, and palette indices map to their PLTE colour (and tRNS alpha) as they are. The width
/// and height are read from the header and checked against `max_side` before any pixel is
/// decoded; the chunks are then checked (png_chunks.hpp) and the pixel data inflated no
/// further than the header's size, so time and memory follow the header: peak memory is the
/// 4 x width x height bytes of the result plus a few MB. An indexed pixel whose index lies past
/// the palette is an error naming the first such pixel in reading order.
/// Throws Error "<name>: ..." for an empty file, a file that is not a PNG, a damaged header, a
/// zero-sized one, one larger than `max_side` or than 2 GiB of RGBA pixels, and for every fault
/// check_png_chunks and check_pixel_data_size name ("cannot decode PNG (<reason>); ...").
[[nodiscard]] core::Image decode_png(std::span<const std::uint8_t> bytes, const std::string& name,
                                     int max_side = kDefaultMaxSide);

/// True when `bytes` start with the 8-byte PNG signature.
[[nodiscard]] bool has_png_signature(std::span<const std::uint8_t> bytes);

/// The width and height a PNG's header gives (each capped at 2^30), read without decoding;
/// nullopt when `bytes` do not start with the PNG signature and an IHDR chunk.
[[nodiscard]] std::optional<core::Size> png_size(std::span<const std::uint8_t> bytes);

/// Encodes `image` as an 8-bit RGBA PNG through libspng (an RgbaPngStream given all its rows at
/// once). The same pixels give the same bytes with the same zlib; decoded pixels never differ.
/// Throws Error (output) on failure.
[[nodiscard]] std::vector<std::uint8_t> encode_png(const core::Image& image);

/// An 8-bit RGBA PNG encoded a few rows at a time, top first, its bytes handed to a sink as
/// zlib produces them (libspng's progressive encoding): memory is the encoder's buffers, never
/// the picture. Given the same rows, the bytes equal encode_png's however the rows are split.
class RgbaPngStream {
 public:
  /// Starts a `size` PNG (width and height 1..2^31-1) whose bytes go to `sink`. Throws Error
  /// (output) when libspng refuses the header.
  RgbaPngStream(core::Size size, fs::BlockSink sink);
  RgbaPngStream(const RgbaPngStream&) = delete;
  RgbaPngStream& operator=(const RgbaPngStream&) = delete;
  ~RgbaPngStream();
  /// Encodes the next whole rows: `pixels` holds a multiple of the width, row-major. Throws
  /// Error (output) on a partial row, on more rows than the height, or when the sink throws
  /// (that exception is rethrown).
  void write_rows(std::span<const core::Rgba> pixels);
  /// Checks that every row was written (the PNG then ends with its IEND chunk); throws Error
  /// (output) if not.
  void finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

/// Encodes a map's cells as a 2-bit indexed PNG in the default palette (empty transparent,
/// floor #FFFFFF, wall #000000, door #FF0000), streamed row by row: memory is one row plus
/// the compressed output. The result reads back as a tile with the same cells.
[[nodiscard]] std::vector<std::uint8_t> encode_cells_png(const core::Grid<core::CellKind>& cells);

}  // namespace dungen::io::formats
