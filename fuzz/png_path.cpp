#include "png_path.hpp"

#include <fmt/format.h>
#include <stb_image.h>
#include <zlib.h>

#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include "core/error.hpp"
#include "io/formats/png.hpp"
#include "text_checks.hpp"

namespace dungen::fuzz {
namespace {

constexpr const char* kName = "fuzz.png";

std::uint32_t be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}

// stb_image's pixels of `bytes` equal `image`'s wherever stb_image decodes them.
void check_against_stb(std::span<const std::uint8_t> bytes, const core::Image& image) {
  int w = 0, h = 0, comp = 0;
  std::unique_ptr<stbi_uc, void (*)(void*)> data(
      stbi_load_from_memory(bytes.data(), static_cast<int>(bytes.size()), &w, &h, &comp, 4),
      stbi_image_free);
  if (!data) return;  // stb_image refuses what it cannot read; only its pixels are compared
  if (core::Size{w, h} != image.size) {
    detail::fail(fmt::format("decoded {}x{}, stb_image {}x{}", image.size.width,
                             image.size.height, w, h));
  }
  if (std::memcmp(data.get(), image.pixels.data(), image.pixels.size() * 4) != 0) {
    detail::fail("decoded pixels differ from stb_image's");
  }
}

bool decodes(std::span<const std::uint8_t> bytes) {
  try {
    const core::Image image = io::formats::decode_png(bytes, kName, 1024);
    const std::optional<core::Size> size = io::formats::png_size(bytes);
    if (!size || *size != image.size) detail::fail("decoded image is not the header's size");
    check_against_stb(bytes, image);
    return true;
  } catch (const Error& e) {
    detail::check_error(e, kName);
    return false;
  }
}

}  // namespace

std::vector<std::uint8_t> with_good_crcs(std::span<const std::uint8_t> bytes) {
  std::vector<std::uint8_t> out(bytes.begin(), bytes.end());
  std::size_t pos = 8;
  while (out.size() >= 12 && pos <= out.size() - 12) {
    const std::uint32_t len = be32(&out[pos]);
    if (len > out.size() - pos - 12) break;
    const auto crc = static_cast<std::uint32_t>(crc32(0L, &out[pos + 4], len + 4));
    for (int i = 0; i < 4; ++i) out[pos + 8 + len + i] = static_cast<std::uint8_t>(crc >> (24 - 8 * i));
    pos += 12 + len;
  }
  return out;
}

PngPathOutcome run_png_path(std::span<const std::uint8_t> bytes) {
  bool decoded = decodes(bytes);
  const std::vector<std::uint8_t> mended = with_good_crcs(bytes);
  if (!std::equal(mended.begin(), mended.end(), bytes.begin(), bytes.end())) {
    decoded = decodes(mended) || decoded;
  }
  return decoded ? PngPathOutcome::Decoded : PngPathOutcome::Refused;
}

}  // namespace dungen::fuzz
