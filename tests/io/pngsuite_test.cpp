// PngSuite (Willem van Schaik's test images, tests/data/pngsuite/, see its PROVENANCE.md):
// every corrupt image (x*.png) is refused with a message naming its fault, and every valid one
// decodes to the pixels of a second decoder, stb_image (Debian's libstb-dev, which the build
// needs anyway for stb_easy_font), read to RGBA8 the same way: 16-bit samples by their high
// byte, no gamma, tRNS applied.

#include <gtest/gtest.h>
#include <stb_image.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/formats/png.hpp"
#include "io/fs/read.hpp"
#include "support/test_support.hpp"

namespace dungen::io::formats {
namespace {

namespace stdfs = std::filesystem;

stdfs::path suite_dir() { return test::data_path("pngsuite"); }

// The suite's PNG files of one kind (corrupt: x*.png; valid: the others), sorted by name.
std::vector<std::string> suite_files(bool corrupt) {
  std::vector<std::string> names;
  for (const auto& entry : stdfs::directory_iterator(suite_dir())) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() == ".png" && (name[0] == 'x') == corrupt) names.push_back(name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string refusal(const std::string& file) {
  const std::vector<std::uint8_t> bytes = fs::read_file(suite_dir() / file);
  try {
    (void)decode_png(bytes, file);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

struct CorruptCase {
  const char* file;
  const char* fault;  // what the message must say
};

TEST(PngSuite, EveryCorruptImageIsRefusedWithItsFault) {
  static constexpr CorruptCase kCases[] = {
      {"xc1n0g08.png", "an unsupported colour type, 1"},
      {"xc9n2c08.png", "an unsupported colour type, 9"},
      {"xcrn0g04.png", "not a PNG file (it does not start with the PNG signature)"},
      {"xcsn0g01.png", "its IDAT chunk at byte 49 has a wrong CRC"},
      {"xd0n2c08.png", "an unsupported bit depth, 0 bits per sample"},
      {"xd3n2c08.png", "an unsupported bit depth, 3 bits per sample"},
      {"xd9n2c08.png", "an unsupported bit depth, 99 bits per sample"},
      {"xdtn0g01.png", "no pixel data (no IDAT chunk) before IEND"},
      {"xhdn0g08.png", "its IHDR chunk at byte 8 has a wrong CRC"},
      {"xlfn0g04.png", "not a PNG file (it does not start with the PNG signature)"},
      {"xs1n0g01.png", "not a PNG file (it does not start with the PNG signature)"},
      {"xs2n0g01.png", "not a PNG file (it does not start with the PNG signature)"},
      {"xs4n0g01.png", "not a PNG file (it does not start with the PNG signature)"},
      {"xs7n0g01.png", "not a PNG file (it does not start with the PNG signature)"},
  };
  std::vector<std::string> named;
  for (const CorruptCase& c : kCases) {
    SCOPED_TRACE(c.file);
    const std::string message = refusal(c.file);
    EXPECT_EQ(message.rfind(std::string(c.file) + ": ", 0), 0u) << message;
    EXPECT_NE(message.find(c.fault), std::string::npos) << message;
    named.emplace_back(c.file);
  }
  EXPECT_EQ(named, suite_files(true)) << "every x*.png of the suite has its case here";
}

// stb_image's RGBA8 pixels of `bytes`, or empty when it cannot decode them.
std::vector<std::uint8_t> reference_pixels(const std::vector<std::uint8_t>& bytes, int& w,
                                           int& h) {
  int comp = 0;
  std::unique_ptr<stbi_uc, void (*)(void*)> data(
      stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &w, &h, &comp, 4),
      stbi_image_free);
  if (!data) return {};
  return std::vector<std::uint8_t>(data.get(), data.get() + std::size_t(w) * std::size_t(h) * 4);
}

TEST(PngSuite, EveryValidImageDecodesToTheReferencePixels) {
  const std::vector<std::string> files = suite_files(false);
  ASSERT_EQ(files.size(), 161u);
  for (const std::string& file : files) {
    SCOPED_TRACE(file);
    const std::vector<std::uint8_t> bytes = fs::read_file(suite_dir() / file);
    int w = 0, h = 0;
    const std::vector<std::uint8_t> want = reference_pixels(bytes, w, h);
    ASSERT_FALSE(want.empty()) << "stb_image decodes every valid image: " << stbi_failure_reason();
    try {
      const core::Image image = decode_png(bytes, file);
      ASSERT_EQ(image.size, (core::Size{w, h}));
      std::vector<std::uint8_t> got(image.pixels.size() * 4);
      std::memcpy(got.data(), image.pixels.data(), got.size());
      EXPECT_TRUE(got == want) << "pixels differ from stb_image's";
    } catch (const Error& e) {
      ADD_FAILURE() << e.what();
    }
  }
}

}  // namespace
}  // namespace dungen::io::formats
