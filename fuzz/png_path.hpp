#pragma once
/// \file png_path.hpp
/// The PNG chunk stream as one call, for the libFuzzer target (fuzz/png_fuzzer.cpp) and for the
/// unit test that replays its seeds (tests/fuzz/png_path_test.cpp).
///
/// PNG bytes -> io::formats::decode_png (png_chunks.hpp's checks, then libspng), twice: as
/// given, and with every chunk's CRC made right, so that mutations reach the checks behind the
/// CRC (order, once-only chunks, PLTE and tRNS lengths, the pixel data's size). A bad input must
/// end in a dungen::Error; anything else is a bug, reported by std::abort after a line on
/// standard error.

#include <cstdint>
#include <span>
#include <vector>

namespace dungen::fuzz {

/// How far an input went.
enum class PngPathOutcome {
  Refused,  ///< decode_png refused the input and its CRC-mended copy
  Decoded,  ///< decode_png decoded the input or its CRC-mended copy
};

/// `bytes` with the CRC of every whole chunk after the signature made right (the rest unchanged).
[[nodiscard]] std::vector<std::uint8_t> with_good_crcs(std::span<const std::uint8_t> bytes);

/// Runs `bytes` and with_good_crcs(bytes) through decode_png (at most 1024 pixels a side) and
/// checks: a refusal is a dungen::Error whose message is one printable line starting with
/// "fuzz.png: " (text_checks.hpp); a decoded image has the size png_size reads from the header;
/// and where stb_image (a second decoder, lenient: it checks no CRC or chunk order) decodes the
/// same bytes too, both give the same RGBA8 pixels. Aborts on a broken invariant.
PngPathOutcome run_png_path(std::span<const std::uint8_t> bytes);

}  // namespace dungen::fuzz
