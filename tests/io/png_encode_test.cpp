// Tests of io/png's encoders: encode_png's exact round trip and stable bytes, RgbaPngStream's
// rows streamed in any split giving libspng's one-call bytes, and decode_png's plain words for
// libspng's failures on damaged encodings.

#include <gtest/gtest.h>
#include <spng.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/formats/png.hpp"

namespace dungen::io::formats {
namespace {

using core::Rgba;

// ---- encode_png --------------------------------------------------------------------------

core::Image varied_image() {
  core::Image image(core::Size{7, 3});
  for (int y = 0; y < 3; ++y) {
    for (int x = 0; x < 7; ++x) {
      const int i = y * 7 + x;
      image.at(x, y) = Rgba{static_cast<std::uint8_t>(i * 37), static_cast<std::uint8_t>(255 - i),
                            static_cast<std::uint8_t>(i * i), static_cast<std::uint8_t>(i * 12)};
    }
  }
  image.at(0, 0) = Rgba{10, 20, 30, 0};  // colour behind a fully transparent pixel
  return image;
}

TEST(EncodePng, RoundTripsEveryPixelExactly) {
  const core::Image image = varied_image();
  const core::Image back = decode_png(encode_png(image), "round_trip.png");
  EXPECT_EQ(back.size, image.size);
  EXPECT_EQ(back.pixels, image.pixels);
}

TEST(EncodePng, SamePixelsGiveTheSameBytes) {
  const std::vector<std::uint8_t> first = encode_png(varied_image());
  EXPECT_EQ(encode_png(varied_image()), first);
  ASSERT_GE(first.size(), 8u);
  EXPECT_EQ(first[1], 'P');
}

// A 301x211 picture of noise and flat runs: its stream spans several IDAT chunks.
core::Image large_image() {
  core::Image image(core::Size{301, 211});
  std::uint32_t x = 12345;
  for (std::size_t i = 0; i < image.pixels.size(); ++i) {
    x = x * 1664525U + 1013904223U;
    const auto v = static_cast<std::uint8_t>(x >> 24);
    image.pixels[i] = (i / 301) % 3 == 0 ? Rgba{v, v, 40, 255} : Rgba{200, 10, 10, 255};
  }
  return image;
}

// libspng's one-call, whole-image encoding into its own buffer (encode_png before it streamed).
std::vector<std::uint8_t> one_call_encoding(const core::Image& image) {
  spng_ctx* ctx = spng_ctx_new(SPNG_CTX_ENCODER);
  spng_set_option(ctx, SPNG_ENCODE_TO_BUFFER, 1);
  spng_ihdr ihdr{};
  ihdr.width = static_cast<std::uint32_t>(image.size.width);
  ihdr.height = static_cast<std::uint32_t>(image.size.height);
  ihdr.bit_depth = 8;
  ihdr.color_type = SPNG_COLOR_TYPE_TRUECOLOR_ALPHA;
  spng_set_ihdr(ctx, &ihdr);
  EXPECT_EQ(spng_encode_image(ctx, image.pixels.data(), image.pixels.size() * 4, SPNG_FMT_PNG,
                              SPNG_ENCODE_FINALIZE),
            0);
  std::size_t len = 0;
  int rc = 0;
  void* buf = spng_get_png_buffer(ctx, &len, &rc);
  const auto* bytes = static_cast<const std::uint8_t*>(buf);
  std::vector<std::uint8_t> out(bytes, bytes + len);
  std::free(buf);
  spng_ctx_free(ctx);
  return out;
}

// The rows of `image` streamed `rows` at a time.
std::vector<std::uint8_t> streamed(const core::Image& image, int rows) {
  std::vector<std::uint8_t> out;
  RgbaPngStream png(image.size, [&out](std::string_view block) {
    out.insert(out.end(), block.begin(), block.end());
  });
  const auto w = static_cast<std::size_t>(image.size.width);
  for (int y = 0; y < image.size.height; y += rows) {
    const auto n = static_cast<std::size_t>(std::min(rows, image.size.height - y));
    png.write_rows(std::span(image.pixels).subspan(static_cast<std::size_t>(y) * w, n * w));
  }
  png.finish();
  return out;
}

TEST(RgbaPngStream, SameBytesAsTheOneCallEncodingHoweverTheRowsAreSplit) {
  for (const core::Image& image : {varied_image(), large_image()}) {
    const std::vector<std::uint8_t> whole = one_call_encoding(image);
    EXPECT_EQ(encode_png(image), whole);
    for (const int rows : {1, 2, 17}) EXPECT_EQ(streamed(image, rows), whole) << rows;
  }
  EXPECT_GT(one_call_encoding(large_image()).size(), 3u * 8192);  // several IDAT chunks
}

TEST(RgbaPngStream, WrongRowsAndSinkErrorsThrow) {
  const core::Image image = varied_image();
  std::size_t bytes = 0;
  RgbaPngStream png(image.size, [&bytes](std::string_view b) { bytes += b.size(); });
  EXPECT_THROW(png.write_rows(std::span(image.pixels).first(3)), Error);  // part of a row
  png.write_rows(std::span(image.pixels).first(7));
  EXPECT_THROW(png.finish(), Error);                  // 2 rows missing
  EXPECT_THROW(png.write_rows(image.pixels), Error);  // 3 rows, 2 left
  EXPECT_GT(bytes, 8u);
  // What the sink throws reaches the caller.
  auto failing = [](std::string_view) { throw std::runtime_error("disk full"); };
  EXPECT_THROW(
      {
        RgbaPngStream broken(image.size, failing);
        broken.write_rows(image.pixels);
      },
      std::runtime_error);
}

// The message decode_png throws for `bytes` ("" and a test failure when it decodes them).
std::string decode_error(const std::vector<std::uint8_t>& bytes) {
  try {
    (void)decode_png(bytes, "t.png");
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << "decoded without an error";
  return "";
}

TEST(DecodePng, DecoderFailuresAreSaidInPlainWords) {
  const std::vector<std::uint8_t> good = encode_png(varied_image());
  std::vector<std::uint8_t> colour_type = good;
  colour_type[25] = 5;  // IHDR's colour type: 5 is none
  EXPECT_EQ(decode_error(colour_type),
            "t.png: damaged PNG header: an unsupported colour type, 5 (PNG has 0, 2, 3, 4 and "
            "6); re-export the image");
  std::vector<std::uint8_t> chunk = good;  // an empty critical chunk ABCD right after IHDR
  chunk.insert(chunk.begin() + 33, {0, 0, 0, 0, 'A', 'B', 'C', 'D', 0, 0, 0, 0});
  EXPECT_EQ(decode_error(chunk),
            "t.png: cannot decode PNG (an unknown critical chunk ABCD); the file may be "
            "truncated or damaged, re-export it");
  std::vector<std::uint8_t> twice = good;  // the IHDR chunk (25 bytes from byte 8) again
  twice.insert(twice.begin() + 33, good.begin() + 8, good.begin() + 33);
  EXPECT_EQ(decode_error(twice),
            "t.png: cannot decode PNG (a second IHDR chunk); the file may be truncated or "
            "damaged, re-export it");
}

// Bit depths PNG does not allow for a colour type are refused from the header, never read as
// some other image or blamed on the pixel data (PNG specification, 11.2.2).
TEST(DecodePng, BitDepthsPngDoesNotAllowAreRefusedFromTheHeader) {
  const std::vector<std::uint8_t> good = encode_png(varied_image());  // RGBA, 8 bits
  const auto with = [&good](std::uint8_t type, std::uint8_t depth) {
    std::vector<std::uint8_t> bytes = good;
    bytes[24] = depth;
    bytes[25] = type;
    return bytes;
  };
  EXPECT_EQ(decode_error(with(6, 1)),
            "t.png: damaged PNG header: an unsupported bit depth, 1 bits per sample for colour "
            "type RGBA (PNG allows 8 or 16); re-export the image");
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "4 bits per sample for colour type RGB (",
                      decode_error(with(2, 4)));
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "2 bits per sample for colour type greyscale with alpha",
                      decode_error(with(4, 2)));
  EXPECT_PRED_FORMAT2(testing::IsSubstring,
                      "16 bits per sample for colour type palette (PNG allows 1, 2, 4 or 8)",
                      decode_error(with(3, 16)));
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "3 bits per sample for colour type greyscale",
                      decode_error(with(0, 3)));
}

}  // namespace
}  // namespace dungen::io::formats
