#pragma once
/// \file text_paths.hpp
/// The four hand-written text inputs as one call each, for the libFuzzer targets
/// (fuzz/layout_fuzzer.cpp, fuzz/tileset_fuzzer.cpp, fuzz/palette_fuzzer.cpp,
/// fuzz/graph_fuzzer.cpp) and for the unit
/// test that replays their seeds and regression inputs (tests/fuzz/text_paths_test.cpp):
///
///   layout JSON  -> io::formats::parse_layout -> gen::validate_layout ->
///                   pipeline::layout_level (small spaces only) -> the text and JSON reports;
///   tileset.txt  -> core::apply_tile_settings on a fixed set of nine small tiles -> a short
///                   pipeline::generate_level with those settings;
///   palette file -> core::Palette::parse -> classify and core::to_cells on a small image;
///   graph JSON   -> io::formats::parse_graph -> pipeline::graph_level on six small tagged
///                   tiles (small graphs only) -> the text and JSON reports.
///
/// A dungen::Error is how bad input is rejected; its message must start with "<file>: ", be
/// one printable line (no byte below 0x20, no 0x7f) and be at most kMaxMessageBytes long.
/// Any other exception escapes (libFuzzer reports it as a crash; the unit test as a failure):
/// that is what the targets look for, a raw library error (nlohmann::json, std::out_of_range,
/// std::bad_alloc ...) reaching the user. A broken invariant prints
/// "text path invariant broken: ..." and aborts.

#include <cstddef>
#include <cstdint>
#include <span>

namespace dungen::fuzz {

/// How far an input went down its path.
enum class TextPathOutcome {
  Rejected,   ///< the parser threw a dungen::Error (the input is not a valid file)
  Parsed,     ///< parsed, then rejected by a later check or too large to generate from
  Generated,  ///< parsed and a level was made with it (layout, tileset) or tiles read (palette)
};

/// Longest error message the harnesses accept, in bytes (dungen::Error promises 1000).
inline constexpr std::size_t kMaxMessageBytes = 2000;

/// Largest layout space, in cells (width x height), that goes on to layout_level; keeps one
/// input well under a second. samples/layouts/crossroads.json (85x64) is just under it.
inline constexpr int kMaxLayoutArea = 96 * 64;

/// Largest number of rooms and of connections a layout may have to go on to layout_level.
inline constexpr std::size_t kMaxLayoutParts = 64;

/// Layout JSON `bytes`, read as the file "fuzz.json": parsed, validated and, when its space is
/// at most kMaxLayoutArea cells, made into a level (locks and content drawn from the input's
/// hash) whose map has the layout's size, rooms and connections, whose entrance and exit are
/// floor, and whose reports are written (the JSON one must parse).
TextPathOutcome run_layout_path(std::span<const std::uint8_t> bytes);

/// tileset.txt `bytes`, read as "tiles/tileset.txt" and applied to nine small tiles named like
/// samples/classic's and "room small.png" (plus "skipped.png", which is skipped). Settings must
/// stay in their documented ranges; then a level of up to 8 tiles is stitched with them and must
/// pass test::level_violations, place no tile more often than its max=, place no weight=0 tile that
/// is not required, and place a required tile at most once.
TextPathOutcome run_tileset_path(std::span<const std::uint8_t> bytes);

/// Palette file `bytes`, read as "fuzz.palette": parsed; the defaults come first, the file's
/// entries after them, and each last entry's colour classifies as its kind; an 8x8 image made
/// of the entries' colours and of colours from the input goes through core::to_cells, which
/// must either give every pixel its classify() kind or throw for a pixel classify() leaves out.
TextPathOutcome run_palette_path(std::span<const std::uint8_t> bytes);

/// Largest number of graph rooms that goes on to graph_level.
inline constexpr std::size_t kMaxGraphRooms = 24;

/// Level-graph JSON `bytes`, read as the file "fuzz.json": parsed (names unique, connections
/// between two different rooms, no pair twice) and, with at most kMaxGraphRooms rooms, made into
/// a level from six small tagged tiles with a small search budget (corridor length, locks and
/// monsters drawn from the input's hash): the level passes test::level_violations, a realised
/// graph has every room placed and every connection made, one not realised has a one-line
/// diagnosis, and the reports are written (the JSON one must parse).
TextPathOutcome run_graph_path(std::span<const std::uint8_t> bytes);

}  // namespace dungen::fuzz
