#pragma once
/// \file palette.hpp
/// Which pixel colour means which cell kind, in both directions.
///
/// Default (DESIGN.md): wall #000000, floor #FFFFFF, door #FF0000; empty is any pixel with
/// alpha < 128, or opaque #FF00FF. A palette file (docs/tile-format.md) adds colours: one
/// "#RRGGBB kind" or "#RRGGBBAA kind" per line, kind one of wall, floor, door, empty, or
/// door:NAME for a door kind (doors join only doors of their kind);
/// a "#" at the start of a word starts a comment unless the rest of the word is all hex digits
/// (so "# note" and "#note" are comments, and "#12AB3" is a malformed colour).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/cell.hpp"
#include "core/grid.hpp"
#include "core/image.hpp"

namespace dungen::core {

/// One colour-to-kind rule. Without alpha, it matches any pixel of that RGB with alpha
/// >= 128; with alpha, only that exact RGBA.
struct PaletteEntry {
  Rgba colour;
  bool has_alpha = false;
  CellKind kind = CellKind::Void;
  std::uint8_t door_kind = 0;  ///< for doors: Door::kind, 0 = plain
};

/// Most door kinds a palette may name besides the plain door.
inline constexpr int kMaxDoorKinds = 15;
/// Longest door kind name, in characters.
inline constexpr int kMaxDoorKindName = 32;

/// Maps pixels to cell kinds (reading tiles) and kinds to colours (writing maps).
class Palette {
 public:
  /// The default palette of DESIGN.md.
  static Palette defaults();

  /// The default palette plus the entries of a palette file's `text`; a colour the file
  /// lists overrides the default for that colour. A `door:NAME` entry names a door kind
  /// (kinds numbered from 1 in order of first appearance; `door:plain` is the plain door).
  /// Throws Error naming `source` and the line (and column) of the first malformed entry,
  /// bad kind name (not lowercase letters, digits, '-', '_', or longer than
  /// kMaxDoorKindName), kind past kMaxDoorKinds, or colour a `door:NAME` line gives twice
  /// or a second meaning.
  static Palette parse(std::string_view text, const std::string& source);

  /// The kind of a pixel: Void when alpha < 128 (unless an entry names that exact RGBA),
  /// else the kind of the last entry that matches; nullopt when none matches.
  [[nodiscard]] std::optional<CellKind> classify(Rgba pixel) const;

  /// The door kind of a pixel that classify() calls a door (0 = plain; 0 for other pixels).
  [[nodiscard]] std::uint8_t door_kind(Rgba pixel) const;

  /// Door kind names by kind: "plain", then the `door:NAME` kinds; empty when the palette
  /// names none (TileSet::door_kinds).
  [[nodiscard]] const std::vector<std::string>& door_kinds() const { return door_kinds_; }

  /// The colour maps are drawn in for `kind` (always the default colours; empty is
  /// transparent black).
  [[nodiscard]] static Rgba colour_of(CellKind kind);

  [[nodiscard]] const std::vector<PaletteEntry>& entries() const { return entries_; }

 private:
  /// The last entry matching `pixel` (alpha rules as classify), or nullptr. Two binary
  /// searches, whatever the palette's length.
  [[nodiscard]] const PaletteEntry* match(Rgba pixel) const;
  /// Builds the lookup tables from entries_ (after every change to it).
  void index();

  /// A colour as a number (RGBA or RGB, big-endian) and the last entry giving it.
  struct Keyed {
    std::uint32_t key;
    std::uint32_t entry;
  };

  std::vector<PaletteEntry> entries_;
  std::vector<Keyed> exact_;  ///< entries with alpha, by RGBA, ascending, one per colour
  std::vector<Keyed> rgb_;    ///< entries without alpha, by RGB, ascending, one per colour
  std::vector<std::string> door_kinds_;
};

/// The cells of a decoded tile image. Throws Error "<file>: pixel (x, y) has colour
/// #RRGGBB[AA] that the palette does not name; ..." for the first unknown pixel in
/// row-major order.
[[nodiscard]] Grid<CellKind> to_cells(const Image& image, const Palette& palette,
                                      const std::string& file);

/// The door kind of every cell of a decoded tile image (Palette::door_kind; 0 for cells that
/// are not doors); all 0 when the palette names no door kind.
[[nodiscard]] Grid<std::uint8_t> to_door_kinds(const Image& image, const Palette& palette);

/// A colour as "#RRGGBB", or "#RRGGBBAA" when not opaque.
[[nodiscard]] std::string colour_hex(Rgba c);

}  // namespace dungen::core
