#pragma once
/// \file png_chunks.hpp
/// A PNG checked as a PNG before any pixel is decoded: its chunk stream (CRCs, order, chunks
/// that may appear once, palette and transparency lengths, a file cut short) and the size of
/// its pixel data, inflated no further than the header allows. Rules from the PNG
/// specification (third edition, W3C 2025), 5.3-5.6 and 11.2-11.3.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace dungen::io::formats {

/// One pass of Adam7 interlacing (PNG specification, 8.2): the pass holds every dx-th pixel
/// from column x0 of every dy-th row from row y0.
struct Adam7Pass {
  std::uint32_t x0, y0, dx, dy;
};

/// The seven passes of Adam7, in the order the pixel data holds them.
inline constexpr Adam7Pass kAdam7[7] = {{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4},
                                        {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}};

/// What check_png_chunks read from a well-formed PNG: the header's fields, the palette's
/// length and where the compressed pixel data lies.
struct PngChunks {
  std::uint32_t width = 0;        ///< pixels, from IHDR
  std::uint32_t height = 0;       ///< pixels, from IHDR
  std::uint8_t bit_depth = 0;     ///< bits per sample (1, 2, 4, 8 or 16)
  std::uint8_t colour_type = 0;   ///< 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
  std::uint8_t interlace = 0;     ///< 0 none, 1 Adam7
  std::size_t palette_size = 0;   ///< PLTE's colours (0 without PLTE)
  std::vector<std::span<const std::uint8_t>> idat;  ///< each IDAT chunk's data, in order
};

/// Throws Error "<name>: cannot decode PNG (<reason>); the file may be truncated or damaged,
/// re-export it": the one form of every message about a damaged PNG's chunks or pixel data.
[[noreturn]] void throw_damaged_png(const std::string& name, const std::string& reason);

/// Walks the chunks of `bytes`, a PNG whose signature and IHDR fields were already checked
/// (png.cpp's check_header), and returns what it found. Throws Error "<name>: cannot decode
/// PNG (<what is wrong, naming the chunk and its byte offset>); ..." for: a wrong CRC, an
/// unknown critical chunk, a chunk out of order (PLTE or tRNS after IDAT, gAMA after PLTE ...,
/// IDAT chunks not one after another, IEND before IDAT), a second chunk of a kind PNG allows
/// once, a PLTE whose length is no whole number of colours or longer than the bit depth can
/// index, a PLTE in a greyscale image, a tRNS longer than the palette or of the wrong length
/// for the colour type, a palette image without PLTE, no IDAT, and a file cut short (inside a
/// chunk, or after its pixel data without IEND). Bytes after IEND are ignored.
[[nodiscard]] PngChunks check_png_chunks(std::span<const std::uint8_t> bytes,
                                         const std::string& name);

/// The bytes the pixel data of `png` inflates to: one filter byte per row plus the packed
/// samples, for each of the 7 Adam7 passes when interlaced (PNG specification, 7.2 and 8.2).
[[nodiscard]] std::uint64_t png_pixel_data_size(const PngChunks& png);

/// Inflates the IDAT data of `png` into a small fixed buffer, no further than
/// png_pixel_data_size + 1 bytes, and throws Error "<name>: cannot decode PNG (more pixel data
/// than its WxH header says)" (or "less pixel data ...", or "damaged compressed pixel data
/// ...") unless the zlib stream holds exactly that many bytes, ends with a good checksum and
/// is followed by no other byte. Time follows the header's size; memory is a few hundred KB.
void check_pixel_data_size(const PngChunks& png, const std::string& name);

}  // namespace dungen::io::formats
