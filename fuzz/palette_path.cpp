// A palette file down the `--palette FILE` path: parsed, then used to read a small image
// (text_paths.hpp).
#include <fmt/format.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/palette.hpp"
#include "text_checks.hpp"
#include "text_paths.hpp"

namespace dungen::fuzz {
namespace {

using detail::check_error;
using detail::fail;

const std::string kPaletteName = "fuzz.palette";
const std::string kImageName = "palette_image.png";

// The defaults come first and unchanged; the file's last entry wins for its own colour.
void check_entries(const core::Palette& palette) {
  const core::Palette default_palette = core::Palette::defaults();
  const std::vector<core::PaletteEntry>& defaults = default_palette.entries();
  const std::vector<core::PaletteEntry>& entries = palette.entries();
  if (entries.size() < defaults.size()) fail("a parsed palette lost default entries");
  for (std::size_t i = 0; i < defaults.size(); ++i) {
    if (entries[i].colour != defaults[i].colour || entries[i].has_alpha != defaults[i].has_alpha ||
        entries[i].kind != defaults[i].kind) {
      fail("a parsed palette changed a default entry");
    }
  }
  const core::PaletteEntry& last = entries.back();
  if (palette.classify(last.colour) != last.kind) {
    fail(fmt::format("the last entry {} does not classify as its own kind",
                     core::colour_hex(last.colour)));
  }
}

// An 8x8 image: pixels in the entries' colours, and every third one a colour from the input's hash.
core::Image test_image(const core::Palette& palette, std::uint64_t hash) {
  const std::vector<core::PaletteEntry>& entries = palette.entries();
  core::Image image(core::Size{8, 8});
  for (std::size_t i = 0; i < image.pixels.size(); ++i) {
    const std::uint64_t h = core::fnv1a(fmt::format("{}", hash + i));
    image.pixels[i] =
        i % 3 == 2
            ? core::Rgba{static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(h >> 8),
                         static_cast<std::uint8_t>(h >> 16), static_cast<std::uint8_t>(h >> 24)}
            : entries[h % entries.size()].colour;
  }
  return image;
}

// to_cells gives every pixel its classify() kind, or throws for a pixel classify() leaves out.
bool check_cells(const core::Palette& palette, const core::Image& image) {
  bool unnamed = false;
  for (const core::Rgba& p : image.pixels) unnamed = unnamed || !palette.classify(p).has_value();
  core::Grid<core::CellKind> cells;
  try {
    cells = core::to_cells(image, palette, kImageName);
  } catch (const Error& e) {
    check_error(e, kImageName);
    if (!unnamed) fail("to_cells threw, but classify names every pixel: " + std::string(e.what()));
    return false;
  }
  if (unnamed) fail("to_cells read a pixel that classify does not name");
  for (int y = 0; y < image.size.height; ++y) {
    for (int x = 0; x < image.size.width; ++x) {
      if (cells[core::Point{x, y}] != palette.classify(image.at(x, y))) {
        fail(fmt::format("to_cells and classify disagree at ({}, {})", x, y));
      }
    }
  }
  return true;
}

}  // namespace

TextPathOutcome run_palette_path(std::span<const std::uint8_t> bytes) {
  core::Palette palette;
  try {
    palette = core::Palette::parse(detail::as_text(bytes), kPaletteName);
  } catch (const Error& e) {
    check_error(e, kPaletteName);
    return TextPathOutcome::Rejected;
  }
  check_entries(palette);
  return check_cells(palette, test_image(palette, core::fnv1a(bytes))) ? TextPathOutcome::Generated
                                                                       : TextPathOutcome::Parsed;
}

}  // namespace dungen::fuzz
