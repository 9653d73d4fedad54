#pragma once
/// \file palette.hpp
/// Which pixel colour means which cell kind, in both directions.
///
/// Default (DESIGN.md): wall #000000, floor #FFFFFF, door #FF0000; empty is any pixel with
/// alpha < 128, or opaque #FF00FF. A palette file (docs/tile-format.md) adds colours: one
/// "#RRGGBB kind" or "#RRGGBBAA kind" per line, kind one of wall, floor, door, empty;
/// a "#" at the start of a word starts a comment unless the rest of the word is all hex digits
/// (so "# note" and "#note" are comments, and "#12AB3" is a malformed colour).

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
};

/// Maps pixels to cell kinds (reading tiles) and kinds to colours (writing maps).
class Palette {
 public:
  /// The default palette of DESIGN.md.
  static Palette defaults();

  /// The default palette plus the entries of a palette file's `text`; a colour the file
  /// lists overrides the default for that colour. Throws Error naming `source` and the
  /// line of the first malformed entry.
  static Palette parse(std::string_view text, const std::string& source);

  /// The kind of a pixel: Void when alpha < 128 (unless an entry names that exact RGBA),
  /// else the kind of the last entry that matches; nullopt when none matches.
  [[nodiscard]] std::optional<CellKind> classify(Rgba pixel) const;

  /// The colour maps are drawn in for `kind` (always the default colours; empty is
  /// transparent black).
  [[nodiscard]] static Rgba colour_of(CellKind kind);

  [[nodiscard]] const std::vector<PaletteEntry>& entries() const { return entries_; }

 private:
  std::vector<PaletteEntry> entries_;
};

/// The cells of a decoded tile image. Throws Error "<file>: pixel (x, y) has colour
/// #RRGGBB[AA] that the palette does not name; ..." for the first unknown pixel in
/// row-major order.
[[nodiscard]] Grid<CellKind> to_cells(const Image& image, const Palette& palette,
                                      const std::string& file);

/// A colour as "#RRGGBB", or "#RRGGBBAA" when not opaque.
[[nodiscard]] std::string colour_hex(Rgba c);

}  // namespace dungen::core
