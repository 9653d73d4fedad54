// Tests of io/png: decoding every PNG colour type and bit depth to the same cells, the errors
// for damaged or out-of-contract files, and the encode -> decode round trip. The fixtures in
// tests/data/png/ are written by tools/make_png_fixtures.py (which documents each one).

#include "io/formats/png.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/palette.hpp"
#include "io/fs/read.hpp"
#include "support/test_support.hpp"

namespace dungen::io::formats {
namespace {

using core::CellKind;
using core::Rgba;

constexpr const char* kColourArt = " #+# \n##.##\n#...#\n#####";
constexpr const char* kGreyArt = " ### \n##.##\n#...#\n#####";
constexpr const char* kOutlineArt = " ### \n## ##\n#   #\n#####";

std::string fixture_path(const std::string& name) {
  return test::data_path("png/" + name).string();
}

std::vector<std::uint8_t> fixture_bytes(const std::string& name) {
  return io::fs::read_file(fixture_path(name));
}

core::Image decode_fixture(const std::string& name, int max_side = kDefaultMaxSide) {
  return decode_png(fixture_bytes(name), fixture_path(name), max_side);
}

core::Grid<CellKind> cells_of(const std::string& name, int max_side = kDefaultMaxSide) {
  return core::to_cells(decode_fixture(name, max_side), core::Palette::defaults(),
                        fixture_path(name));
}

// The message of the dungen::Error that decoding and classifying fixture `name` throws; a
// test failure (and "") when it throws none. Also checks the message starts with the path.
std::string error_of(const std::string& name, int max_side = kDefaultMaxSide) {
  try {
    (void)cells_of(name, max_side);
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind(fixture_path(name) + ": ", 0), 0u)
        << "the message should start with the file's path: " << message;
    EXPECT_EQ(e.kind(), ErrorKind::BadInput);
    return message;
  }
  ADD_FAILURE() << name << ": decoded without a dungen::Error";
  return "";
}

core::Image image_from_ascii(std::string_view art) {
  const auto cells = test::cells_from_ascii(art);
  core::Image image(cells.size());
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      image.at(x, y) = core::Palette::colour_of(cells[core::Point{x, y}]);
    }
  }
  return image;
}

// ---- good fixtures ---------------------------------------------------------------------

struct GoodCase {
  const char* file;
  const char* reference;  // the same tile as plain 8-bit RGBA
  const char* art;        // the same tile as ASCII
};

// Prints the file name (gtest would print the struct's raw bytes, pointers included, into
// the test names gtest_discover_tests gives CTest).
void PrintTo(const GoodCase& c, std::ostream* os) { *os << c.file; }

class GoodFixture : public testing::TestWithParam<GoodCase> {};

TEST_P(GoodFixture, DecodesToTheSameCellsAsItsReference) {
  const GoodCase& c = GetParam();
  const auto cells = cells_of(c.file);
  EXPECT_EQ(cells.size(), (core::Size{5, 4}));
  EXPECT_EQ(test::ascii_from_cells(cells), test::ascii_from_cells(cells_of(c.reference)));
  EXPECT_EQ(test::ascii_from_cells(cells), test::ascii_from_cells(test::cells_from_ascii(c.art)));
}

INSTANTIATE_TEST_SUITE_P(
    EveryColourTypeAndDepth, GoodFixture,
    testing::Values(GoodCase{"colour_ref.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_rgb8.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_rgb16.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_rgb16_low_bytes.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_rgba8.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_rgba16.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_rgba8_adam7.png", "colour_ref.png", kColourArt},
                    // IDAT data in three chunks, the first empty. Under DUNGEN_SANITIZE this aborted
                    // in stb_image, the decoder before libspng (memcpy to a null buffer).
                    GoodCase{"colour_rgba8_split_idat.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_indexed2_trns.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_indexed4_trns.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_indexed8_trns.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_indexed2_trns_adam7.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_indexed2_magenta.png", "colour_ref.png", kColourArt},
                    GoodCase{"colour_indexed8_magenta.png", "colour_ref.png", kColourArt},
                    GoodCase{"grey_ref.png", "grey_ref.png", kGreyArt},
                    GoodCase{"grey_grey2_trns.png", "grey_ref.png", kGreyArt},
                    GoodCase{"grey_grey4_trns.png", "grey_ref.png", kGreyArt},
                    GoodCase{"grey_grey8_trns.png", "grey_ref.png", kGreyArt},
                    GoodCase{"grey_grey16_trns.png", "grey_ref.png", kGreyArt},
                    GoodCase{"grey_grey_alpha8.png", "grey_ref.png", kGreyArt},
                    GoodCase{"grey_grey_alpha16.png", "grey_ref.png", kGreyArt},
                    GoodCase{"outline_ref.png", "outline_ref.png", kOutlineArt},
                    GoodCase{"outline_grey1_trns.png", "outline_ref.png", kOutlineArt},
                    GoodCase{"outline_indexed1_trns.png", "outline_ref.png", kOutlineArt}),
    [](const testing::TestParamInfo<GoodCase>& case_info) {
      const std::string file = case_info.param.file;
      return file.substr(0, file.find('.'));
    });

TEST(DecodePng, ReferenceDecodesToTheDefaultPaletteColoursExactly) {
  const core::Image image = decode_fixture("colour_ref.png");
  EXPECT_EQ(image.pixels, image_from_ascii(kColourArt).pixels);
}

TEST(DecodePng, InterlacedImageHasTheSamePixelsAsTheReference) {
  EXPECT_EQ(decode_fixture("colour_rgba8_adam7.png").pixels,
            decode_fixture("colour_ref.png").pixels);
}

TEST(DecodePng, SixteenBitSamplesKeepTheirHighByte) {
  // colour_rgb16_low_bytes.png stores 0 as 0x00FF and 255 as 0xFF00 (png.hpp's contract).
  const core::Image image = decode_fixture("colour_rgb16_low_bytes.png");
  EXPECT_EQ(image.at(1, 0), (Rgba{0, 0, 0, 255}));
  EXPECT_EQ(image.at(2, 0), (Rgba{255, 0, 0, 255}));
  EXPECT_EQ(image.at(2, 1), (Rgba{255, 255, 255, 255}));
  EXPECT_EQ(image.at(0, 0), (Rgba{255, 0, 255, 255}));
}

TEST(DecodePng, TransparentPaletteEntryDecodesWithAlphaZero) {
  const core::Image image = decode_fixture("colour_indexed8_trns.png");
  EXPECT_EQ(image.at(0, 0).a, 0);
  EXPECT_EQ(image.at(1, 0), (Rgba{0, 0, 0, 255}));
}

// ---- bad fixtures ----------------------------------------------------------------------

TEST(DecodePng, EmptyFileIsRejected) {
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "empty file", error_of("empty.png"));
}

TEST(DecodePng, TextFileIsRejectedAsNotAPng) {
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "not a PNG", error_of("not_png.png"));
}

TEST(DecodePng, FileCutInTheMiddleOfIdatIsRejectedAsTruncated) {
  const std::string message = error_of("truncated.png");
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "cannot decode", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "truncated", message);
}

TEST(DecodePng, ZeroWidthHeaderIsRejectedAsZeroSized) {
  // Regression: stbi_info failed on a 0-pixel header before png.cpp's own check, and
  // reported it as "damaged PNG header (unknown image type)".
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "zero width or height", error_of("zero_width.png"));
}

TEST(DecodePng, HugeImageIsRejectedFromItsHeaderWithTheOptionToRaiseTheLimit) {
  // huge.png holds a 5000x5000 header but only one row of pixels: the limit must be what
  // rejects it, before any pixel is decoded.
  const std::string message = error_of("huge.png");
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "5000x5000", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "over the limit of 1024", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "use max_tile_size 5000",
                      message);  // the CLI: --max-tile-size
}

TEST(DecodePng, ImageOverStbsOwnSizeLimitIsStillReportedAsOverTheLimit) {
  // Regression: stbi_info refused headers whose pixels pass 2^30 bytes (here 20000x20000
  // RGBA) and the file was called a "damaged PNG header (unknown image type)".
  const std::string message = error_of("huge_20000.png");
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "20000x20000", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "over the limit of 1024", message);
}

TEST(DecodePng, IndexPastThePaletteIsRejectedWithThePixel) {
  const std::string message = error_of("index_past_palette.png");
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "pixel (2, 2)", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "past the end", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "4-colour palette", message);
}

TEST(DecodePng, IndexPastThePaletteGivesTheSameAnswerEveryTime) {
  // stb_image, the decoder before libspng, left palette entries past PLTE uninitialised; the
  // answer must not depend on what memory held.
  const std::string first = error_of("index_past_palette.png");
  for (int run = 0; run < 20; ++run) {
    SCOPED_TRACE(run);
    EXPECT_EQ(error_of("index_past_palette.png"), first);
  }
}

TEST(DecodePng, UnknownColourNamesPixelAndColour) {
  const std::string message = error_of("unknown_colour.png");
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "pixel (3, 2)", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "#12AB34", message);
}

TEST(DecodePng, EveryPrefixOfAGoodFileIsRejectedWithAnError) {
  for (const char* name : {"colour_rgba8.png", "colour_indexed2_trns.png"}) {
    const std::vector<std::uint8_t> bytes = fixture_bytes(name);
    // Without IEND (the last 12 bytes) a decoder may still accept the image; stop before.
    for (std::size_t n = 0; n + 12 < bytes.size(); ++n) {
      SCOPED_TRACE(std::string(name) + " cut to " + std::to_string(n) + " bytes");
      const std::vector<std::uint8_t> prefix(bytes.begin(),
                                             bytes.begin() + static_cast<std::ptrdiff_t>(n));
      EXPECT_THROW((void)decode_png(prefix, name), Error);
    }
  }
}

TEST(DecodePng, EveryOverwrittenByteIsDecodedOrRejectedWithAnError) {
  // Damage anywhere (header, palette, tRNS, IDAT, CRC) must end in an image or an Error,
  // never a crash or another exception type; most useful under DUNGEN_SANITIZE.
  for (const char* name : {"colour_indexed8_trns.png", "colour_rgba16.png"}) {
    const std::vector<std::uint8_t> bytes = fixture_bytes(name);
    for (std::size_t i = 8; i < bytes.size(); ++i) {
      for (const int value : {0x00, 0x01, 0x7F, 0xFF}) {
        std::vector<std::uint8_t> damaged = bytes;
        damaged[i] = static_cast<std::uint8_t>(value);
        try {
          (void)decode_png(damaged, name);
        } catch (const Error&) {  // rejected: fine
        } catch (const std::exception& e) {
          ADD_FAILURE() << name << " byte " << i << " = " << value << ": " << e.what();
        }
      }
    }
  }
}

// ---- max_side ----------------------------------------------------------------------------

TEST(DecodePng, MaxSideRejectsAWidthOverTheLimit) {
  const std::string message = error_of("colour_ref.png", 4);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "5x4", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "over the limit of 4", message);
}

TEST(DecodePng, MaxSideRejectsAHeightOverTheLimit) {
  const std::vector<std::uint8_t> tall = encode_png(core::Image(core::Size{4, 5}));
  EXPECT_THROW((void)decode_png(tall, "tall.png", 4), Error);
  EXPECT_NO_THROW((void)decode_png(tall, "tall.png", 5));
}

// An IHDR chunk of another length than 13 is a damaged header, not an unknown bit depth.
TEST(DecodePng, AnIhdrChunkOfTheWrongLengthIsADamagedHeader) {
  std::vector<std::uint8_t> png = encode_png(core::Image(core::Size{4, 5}));
  png[11] = 4;  // IHDR length, big-endian: 4 bytes instead of 13
  try {
    (void)decode_png(png, "short.png");
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "short.png: damaged PNG header (its IHDR chunk holds 4 "
                                     "bytes, where PNG's holds 13); re-export the image");
  }
}

// A side past what any --max-tile-size allows (2^20) is a damaged header, not a tile to allow.
TEST(DecodePng, ASidePastWhatDungenReadsIsCalledADamagedHeader) {
  std::vector<std::uint8_t> wide = encode_png(core::Image(core::Size{4, 5}));
  wide[16] = 0x80;  // IHDR width, big-endian: 2^31 (its CRC is not reached)
  wide[17] = wide[18] = wide[19] = 0;
  try {
    (void)decode_png(wide, "wide.png", 1 << 20);
    FAIL() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()),
              "wide.png: image is 2147483648x5 pixels, larger than dungen reads (1048576 per "
              "side); the header may be damaged, re-export the image");
  }
}

TEST(DecodePng, MaxSideEqualToTheLargerSideIsAccepted) {
  EXPECT_EQ(decode_fixture("colour_ref.png", 5).size, (core::Size{5, 4}));
}

// ---- encode_png (more in png_encode_test.cpp) ---------------------------------------------

TEST(EncodePng, RoundTripsATileToTheSameCells) {
  const core::Image image = image_from_ascii(kColourArt);
  const auto cells = core::to_cells(decode_png(encode_png(image), "tile.png"),
                                    core::Palette::defaults(), "tile.png");
  EXPECT_EQ(test::ascii_from_cells(cells), kColourArt);
}

}  // namespace
}  // namespace dungen::io::formats
