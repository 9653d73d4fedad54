#pragma once
/// \file tile_path.hpp
/// The tile path as one call, for the libFuzzer target (fuzz/tile_fuzzer.cpp) and for the
/// unit test that replays the seed and regression inputs (tests/fuzz/tile_path_test.cpp).
///
/// PNG bytes -> io::formats::decode_png -> core::to_cells -> core::detect_doors -> a small
/// pipeline::generate_level (gen::stitch + analysis) over a one-tile and a two-tile set ->
/// the writers (map PNG, text and JSON reports, preview).
/// Bad input must end in a dungen::Error naming the file; anything else (a crash, a
/// sanitizer report, another exception, a broken invariant) is a bug, reported by
/// std::abort after a line on standard error.

#include <cstdint>
#include <span>

namespace dungen::fuzz {

/// How far an input went down the tile path.
enum class TilePathOutcome {
  NotDecoded,  ///< decode_png rejected it with a dungen::Error (not a PNG, damaged, too big)
  Decoded,     ///< decoded to pixels, but too large for the stitching step (see kMaxStitchSide)
  Stitched,    ///< decoded, classified (or mapped, see below), doors found, sets stitched
};

/// Largest tile width or height, in pixels, that the fuzzer decodes (bigger ones stop at the
/// header check, which is part of the path).
inline constexpr int kFuzzMaxSide = 1024;

/// Largest tile width or height, in cells, that goes on to door detection and stitching; keeps
/// one input well under a second.
inline constexpr int kMaxStitchSide = 64;

/// Runs `bytes` down the tile path and checks its invariants: an Error's message starts with the
/// file name; doors are straight runs of door cells inside the tile facing empty cells, no cell in
/// two doors; every generated level passes test::level_violations; the map PNG reads back as a tile
/// with the same cells; the text and JSON reports, written into a sink that fails part way (a full
/// disk), fail with that sink's dungen::Error after the same bytes as a whole write, and the JSON
/// parses; the preview renders. A pixel the default palette does not name makes to_cells throw; the
/// cells are then made from the pixels' bits instead, so that door detection and stitching see
/// shapes the fuzzer finds, not only the palette's few colours. Aborts on a broken invariant.
TilePathOutcome run_tile_path(std::span<const std::uint8_t> bytes);

}  // namespace dungen::fuzz
