#pragma once
/// \file inspect_report.hpp
/// What `dungen inspect` prints: text for people, JSON for scripts, and a picture of the
/// tile set with every door marked and labelled by its width.

#include <string>
#include <vector>

#include "analysis/tile_check.hpp"
#include "core/image.hpp"
#include "core/tile.hpp"
#include "io/fs/block_sink.hpp"

namespace dungen::exporters {

/// The inspection as text: one block per tile (size, doors, orientations, problems), then
/// the set check. `notes` are loader notes (ignored files). Ends with a newline.
[[nodiscard]] std::string inspect_text(const analysis::SetCheck& check,
                                       const std::vector<std::string>& notes);

/// The inspection as JSON: {"tiles": [{"name", "width", "height", "doors": [{"x", "y",
/// "width", "facing"}], "orientations", "problems"}], "widths": [{"width", "doors", "tiles",
/// "caps"}], "unmatched_doors", "never_placed", "widths_without_cap", "notes"}.
[[nodiscard]] std::string inspect_json(const analysis::SetCheck& check,
                                       const std::vector<std::string>& notes);

/// The tiles side by side (wrapped into rows), `scale` pixels per cell, each with its name
/// below; every door outlined in a colour of its own and labelled with its width next to its
/// first cell. Throws Error (usage) when the picture would exceed 64 megapixels.
/// The whole picture is held in memory: write_tile_set_png is what outputs use.
[[nodiscard]] core::Image render_tile_set(const core::TileSet& set, int scale);

/// render_tile_set's picture encoded as by io::formats::encode_png, byte for byte, drawn and
/// streamed to `sink` a band of rows at a time (export/banded.hpp), so memory stays far below the
/// picture. Throws as render_tile_set before anything reaches the sink.
void write_tile_set_png(const core::TileSet& set, int scale, const io::fs::BlockSink& sink);

}  // namespace dungen::exporters
