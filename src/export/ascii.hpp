#pragma once
/// \file ascii.hpp
/// A level as plain text, one character per cell (docs/export.md "ASCII"): the cells in the
/// legend of core/ascii.hpp ('#' wall, '.' floor, '+' door, ' ' empty) with the features on
/// top: '<' entrance, '>' exit, keys 'a'..'z' and their locked doors 'A'..'Z' (key and lock
/// i share the letter; ids from 26 on are '*' and '='), content '^' spikes, '&' monster,
/// '(' chest, '$' loot, '%' decor ('?' any other kind), a monster with a tier its digit. Every
/// line has the map's width and ends with '\n'. With tiers (--tiers), a blank line and the tier
/// legend follow: a line per tier naming its monsters, chests and loot and their cells.

#include <string>
#include <string_view>
#include <vector>

#include "core/geometry.hpp"
#include "core/level.hpp"
#include "export/text_out.hpp"

namespace dungen::exporters {

/// The character of content feature `f`: its kind's glyph (export/feature_style.hpp), or for a
/// monster with a tier (1..9) the tier's digit.
[[nodiscard]] char ascii_glyph(const core::Feature& f);
/// The character of key `id`: 'a' + id below 26, else '*'.
[[nodiscard]] char ascii_key(int id);
/// The character of the door cells of lock `id`: 'A' + id below 26, else '='.
[[nodiscard]] char ascii_lock(int id);

/// A feature's character on one cell.
struct AsciiMark {
  core::Point cell;
  char symbol = '?';
};

/// The features in drawing order (a later one wins a shared cell): entrance, exit, keys,
/// content (level.features but "start", "way_down" and "key", which are the entrance, exit
/// and keys), then every door cell of every lock.
[[nodiscard]] std::vector<AsciiMark> ascii_marks(const core::Level& level);

/// The map as text, written row by row to `sink`.
void write_ascii(const core::Level& level, const TextSink& sink);
/// write_ascii into one string.
[[nodiscard]] std::string ascii_map(const core::Level& level);

}  // namespace dungen::exporters
