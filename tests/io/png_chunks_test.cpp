// Tests of io/formats/png_chunks: a PNG is checked as a PNG before its pixels are decoded
// (issue 33, "PNGs are checked as PNGs"), and its pixel data is inflated no further than its
// header's size (turn3-04: a 1x1 PNG whose IDAT inflated to 1 GiB of zeros held 1 GB for 2.5 s
// and was accepted). Each case is a small PNG built here, chunk by chunk, with good CRCs
// unless the case is a CRC.

#include "io/formats/png_chunks.hpp"

#include <gtest/gtest.h>
#include <zlib.h>

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "io/formats/png.hpp"

namespace dungen::io::formats {
namespace {

using Bytes = std::vector<std::uint8_t>;

void put32(std::uint8_t* out, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out[i] = static_cast<std::uint8_t>(v >> (24 - 8 * i));
}

// (Built by index: g++ 12 takes inserts into a vector for overflows, -Wstringop-overflow.)
Bytes chunk(std::string_view type, const Bytes& data) {
  Bytes out(12 + data.size());
  put32(out.data(), static_cast<std::uint32_t>(data.size()));
  for (std::size_t i = 0; i < 4; ++i) out[4 + i] = static_cast<std::uint8_t>(type[i]);
  for (std::size_t i = 0; i < data.size(); ++i) out[8 + i] = data[i];
  const uLong crc = crc32(0L, out.data() + 4, static_cast<uInt>(4 + data.size()));
  put32(out.data() + 8 + data.size(), static_cast<std::uint32_t>(crc));
  return out;
}

Bytes ihdr(std::uint32_t w, std::uint32_t h, std::uint8_t depth, std::uint8_t type) {
  Bytes data(13, 0);
  put32(data.data(), w);
  put32(data.data() + 4, h);
  data[8] = depth;
  data[9] = type;
  return chunk("IHDR", data);
}

Bytes deflate(const Bytes& raw) {
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  Bytes out(size);
  EXPECT_EQ(compress2(out.data(), &size, raw.data(), static_cast<uLong>(raw.size()), 9), Z_OK);
  out.resize(size);
  return out;
}

Bytes png(std::initializer_list<Bytes> chunks) {
  Bytes out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  for (const Bytes& c : chunks) out.insert(out.end(), c.begin(), c.end());
  return out;
}

// A 4x2 image of 2-bit palette indices 0 1 2 3 / 3 2 1 0: the parts of the cases below.
const Bytes kHeader = ihdr(4, 2, 2, 3);
const Bytes kPalette = chunk("PLTE", {0, 0, 0, 255, 255, 255, 255, 0, 0, 255, 0, 255});
const Bytes kAlpha = chunk("tRNS", {255, 255, 255, 0});
const Bytes kPixels = chunk("IDAT", deflate({0, 0b00011011, 0, 0b11100100}));
const Bytes kEnd = chunk("IEND", {});

// The message decode_png throws for `bytes` ("" and a test failure when it decodes them).
std::string refusal(const Bytes& bytes) {
  try {
    (void)decode_png(bytes, "t.png");
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::BadInput);
    return e.what();
  }
  ADD_FAILURE() << "decoded without an error";
  return "";
}

std::string damaged(std::string_view reason) {
  std::string message = "t.png: cannot decode PNG (";
  message += reason;
  message += "); the file may be truncated or damaged, re-export it";
  return message;
}

TEST(PngChunks, TheBaseImageDecodesToItsPaletteColours) {
  const core::Image image = decode_png(png({kHeader, kPalette, kAlpha, kPixels, kEnd}), "t.png");
  EXPECT_EQ(image.at(0, 0), (core::Rgba{0, 0, 0, 255}));
  EXPECT_EQ(image.at(3, 0), (core::Rgba{255, 0, 255, 0}));
  EXPECT_EQ(image.at(1, 1), (core::Rgba{255, 0, 0, 255}));
}

TEST(PngChunks, AWrongCrcIsRefusedNamingTheChunk) {
  Bytes bytes = png({kHeader, kPalette, kAlpha, kPixels, kEnd});
  bytes[33 + 12 + 12 - 1] ^= 0x01;  // the PLTE chunk's last CRC byte
  const std::string message = refusal(bytes);
  EXPECT_NE(message.find("(its PLTE chunk at byte 33 has a wrong CRC: it stores "), std::string::npos)
      << message;
}

TEST(PngChunks, PaletteAndTransparencyThatContradictTheHeaderAreRefused) {
  const Bytes long_alpha = chunk("tRNS", {255, 255, 255, 0, 0});
  EXPECT_EQ(refusal(png({kHeader, kPalette, long_alpha, kPixels, kEnd})),
            damaged("its tRNS chunk holds 5 transparency entries, more than its 4-colour palette "
                    "(PLTE)"));
  const Bytes five = chunk("PLTE", Bytes(15, 7));
  EXPECT_EQ(refusal(png({kHeader, five, kPixels, kEnd})),
            damaged("its PLTE chunk holds 5 colours, more than 2-bit pixels can index (4)"));
  const Bytes grey = ihdr(4, 2, 2, 0);
  EXPECT_EQ(refusal(png({grey, kPalette, kPixels, kEnd})),
            damaged("a PLTE chunk at byte 33 in a greyscale image, which PNG allows none"));
  EXPECT_EQ(refusal(png({ihdr(1, 1, 8, 6), kAlpha, kPixels, kEnd})),
            damaged("a tRNS chunk in an image with an alpha channel, which PNG allows none"));
  EXPECT_EQ(refusal(png({grey, kAlpha, kPixels, kEnd})),
            damaged("its tRNS chunk holds 4 bytes, where that of a greyscale image holds 2"));
  EXPECT_EQ(refusal(png({grey, chunk("tRNS", {0, 4}), kPixels, kEnd})),
            damaged("its tRNS chunk gives the transparent colour a sample of 4, more than 2-bit "
                    "samples hold"));
  EXPECT_EQ(refusal(png({kHeader, kPixels, kEnd})),
            damaged("a palette image without its palette (no PLTE chunk before IDAT)"));
}

TEST(PngChunks, ChunksOutOfOrderAreRefused) {
  const Bytes gamma = chunk("gAMA", {0, 0, 0xB1, 0x8F});
  EXPECT_EQ(refusal(png({kHeader, kPalette, gamma, kPixels, kEnd})),
            damaged("its gAMA chunk at byte 57 comes after the PLTE chunk, where PNG puts it "
                    "before PLTE and IDAT"));
  EXPECT_EQ(refusal(png({kHeader, kAlpha, kPalette, kPixels, kEnd})),
            damaged("its tRNS chunk comes before PLTE, which PNG puts first"));
  const Bytes rgb = ihdr(1, 1, 8, 2), rgb_pixels = chunk("IDAT", deflate({0, 1, 2, 3}));
  EXPECT_EQ(refusal(png({rgb, rgb_pixels, kPalette, kEnd})),
            damaged("its PLTE chunk at byte " + std::to_string(33 + rgb_pixels.size()) +
                    " comes after the IDAT chunk, where PNG puts it before IDAT"));
  const Bytes text = chunk("tEXt", {'a', 0, 'b'});
  const Bytes data = deflate({0, 1, 2, 3});
  const Bytes half1 = chunk("IDAT", Bytes(data.begin(), data.begin() + 4));
  const Bytes half2 = chunk("IDAT", Bytes(data.begin() + 4, data.end()));
  EXPECT_EQ(refusal(png({rgb, half1, text, half2, kEnd})),
            damaged("its IDAT chunk at byte " + std::to_string(33 + half1.size() + text.size()) +
                    " is not next to the IDAT chunks before it, where PNG puts them one after "
                    "another"));
  EXPECT_EQ(refusal(png({rgb, kEnd, rgb_pixels})),
            damaged("no pixel data (no IDAT chunk) before IEND"));
}

TEST(PngChunks, AChunkPngAllowsOnceIsRefusedTheSecondTime) {
  EXPECT_EQ(refusal(png({kHeader, kPalette, kAlpha, kAlpha, kPixels, kEnd})),
            damaged("a second tRNS chunk at byte 73 (PNG allows one)"));
  EXPECT_EQ(refusal(png({kHeader, kPalette, kPalette, kPixels, kEnd})),
            damaged("a second PLTE chunk at byte 57 (PNG allows one)"));
  const Bytes time = chunk("tIME", {7, 234, 12, 7, 2, 30, 0});
  EXPECT_EQ(refusal(png({kHeader, kPalette, kPixels, time, time, kEnd})),
            damaged("a second tIME chunk at byte " +
                    std::to_string(57 + kPixels.size() + time.size()) + " (PNG allows one)"));
}

TEST(PngChunks, AFileCutShortAfterItsPixelDataIsRefused) {
  // Decision (docs/tile-format.md): a file without IEND is refused, though libpng and PIL read
  // it; every byte of a tile is checked, and a cut file is a copy to make again.
  const Bytes whole = png({kHeader, kPalette, kPixels, kEnd});
  EXPECT_EQ(refusal(png({kHeader, kPalette, kPixels})),
            damaged("no IEND chunk after its pixel data"));
  const Bytes cut(whole.begin(), whole.end() - 3);
  EXPECT_EQ(refusal(cut), damaged("the file ends at byte " + std::to_string(cut.size()) +
                                  ", inside its IEND chunk at byte " +
                                  std::to_string(whole.size() - 12) + " of 0 data bytes"));
  // Bytes after IEND are not part of the PNG: ignored.
  Bytes tail = whole;
  for (const char c : std::string_view("junk")) tail.push_back(static_cast<std::uint8_t>(c));
  EXPECT_EQ(decode_png(tail, "t.png").size, (core::Size{4, 2}));
}

// turn3-04: a 1x1 RGBA PNG whose pixel data inflates to 8 MiB of zeros (an 8 KB file) is
// refused after 5 bytes of inflating, not read to its end. Memory is checked by the
// errors.png_bomb test under ulimit -v.
TEST(PngChunks, PixelDataPastTheHeadersSizeIsRefusedAsMore) {
  const Bytes bomb = png({ihdr(1, 1, 8, 6), chunk("IDAT", deflate(Bytes(8u << 20, 0))), kEnd});
  EXPECT_LT(bomb.size(), 10'000u);
  EXPECT_EQ(refusal(bomb), damaged("more pixel data than its 1x1 header says"));
}

TEST(PngChunks, PixelDataShortOfTheHeadersSizeOrDamagedIsRefused) {
  const Bytes rgb = ihdr(1, 2, 8, 2);
  EXPECT_EQ(refusal(png({rgb, chunk("IDAT", deflate({0, 1, 2, 3})), kEnd})),
            damaged("less pixel data than its 1x2 header says: 4 of 8 bytes"));
  Bytes data = deflate({0, 1, 2, 3, 0, 1, 2, 3});
  data.back() ^= 0x01;  // the Adler-32 checksum
  EXPECT_EQ(refusal(png({rgb, chunk("IDAT", data), kEnd})),
            damaged("damaged compressed pixel data in its IDAT chunks (incorrect data check)"));
  Bytes extra = deflate({0, 1, 2, 3, 0, 1, 2, 3});
  for (const int b : {1, 2, 3}) extra.push_back(static_cast<std::uint8_t>(b));
  EXPECT_EQ(refusal(png({rgb, chunk("IDAT", extra), kEnd})),
            damaged("3 bytes in its IDAT chunks after the end of the compressed pixel data"));
}

TEST(PngChunks, PixelDataSizeFollowsTheHeaderAndAdam7) {
  PngChunks p;
  p.width = 5;
  p.height = 4;
  p.bit_depth = 2;
  p.colour_type = 3;
  EXPECT_EQ(png_pixel_data_size(p), 4u * (1 + 2));  // 10 bits a row: 2 bytes and a filter byte
  p.interlace = 1;  // passes of 1x1, 1x1, none, 1x1, 3x1, 2x2 and 5x2 pixels
  EXPECT_EQ(png_pixel_data_size(p), 2u + 2 + 0 + 2 + 2 + 2 * 2 + 2 * 3);
  p.colour_type = 6;
  p.bit_depth = 16;
  p.interlace = 0;
  EXPECT_EQ(png_pixel_data_size(p), 4u * (1 + 40));
}

TEST(PngChunks, HeaderMethodsPngDoesNotDefineAreRefused) {
  const Bytes good = png({ihdr(1, 1, 8, 2), chunk("IDAT", deflate({0, 1, 2, 3})), kEnd});
  const auto with = [&good](std::size_t at, std::uint8_t value) {
    Bytes bytes = good;
    bytes[at] = value;  // the header's checks come before its CRC's
    return refusal(bytes);
  };
  EXPECT_EQ(with(26, 1), "t.png: damaged PNG header: an unknown compression method, 1 (PNG has "
                         "0); re-export the image");
  EXPECT_EQ(with(27, 2), "t.png: damaged PNG header: an unknown filter method, 2 (PNG has 0); "
                         "re-export the image");
  EXPECT_EQ(with(28, 2), "t.png: damaged PNG header: an unknown interlace method, 2 (PNG has 0 "
                         "and 1); re-export the image");
  EXPECT_EQ(refusal(png({ihdr(1, 1, 8, 2), chunk("ID1T", {}), kEnd})),
            damaged("a damaged chunk at byte 33: its type is not 4 letters"));
}

TEST(PngChunks, ARowWithAnUnknownFilterTypeIsRefusedByTheDecoder) {
  // Chunks and size are right; libspng finds the filter byte 5 (PNG has 0 to 4).
  EXPECT_EQ(refusal(png({ihdr(1, 1, 8, 2), chunk("IDAT", deflate({5, 1, 2, 3})), kEnd})),
            damaged("a row with an unknown filter type"));
}

}  // namespace
}  // namespace dungen::io::formats
