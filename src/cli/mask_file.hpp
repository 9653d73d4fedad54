#pragma once
/// \file mask_file.hpp
/// A --mask PNG (areas, generate): which cells of the level may be used.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/grid.hpp"

namespace dungen::cli {

/// The most pixels a mask may have per side.
inline constexpr int kMaxMaskSide = 4096;

/// The usable cells of the mask PNG at `path`, one cell per pixel, (0, 0) its top-left: 1
/// where a pixel is light and opaque (red, green, blue and alpha at least 128), else 0.
/// `input_hash` gets the FNV-1a hash of the file's bytes (16 hex digits). `same_as` names the
/// options with the same side limit, for the message ("" = none). Throws Error (file) for an
/// empty file, one that is no PNG, a side past kMaxMaskSide or a mask with no usable cell.
[[nodiscard]] core::Grid<std::uint8_t> read_mask(const std::string& path, std::string& input_hash,
                                                 std::string_view same_as = "");

}  // namespace dungen::cli
