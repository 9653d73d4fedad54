#include "core/palette.hpp"

#include <fmt/format.h>

#include <cctype>

#include "core/error.hpp"
#include "core/text_lines.hpp"

namespace dungen::core {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Parses "#RRGGBB" or "#RRGGBBAA"; nullopt when malformed.
std::optional<PaletteEntry> parse_colour(std::string_view s) {
  if ((s.size() != 7 && s.size() != 9) || s[0] != '#') return std::nullopt;
  std::uint8_t bytes[4] = {0, 0, 0, 255};
  for (std::size_t i = 1; i < s.size(); i += 2) {
    const int hi = hex_digit(s[i]);
    const int lo = hex_digit(s[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    bytes[(i - 1) / 2] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  PaletteEntry e;
  e.colour = Rgba{bytes[0], bytes[1], bytes[2], bytes[3]};
  e.has_alpha = s.size() == 9;
  return e;
}

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t j = i;
    while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
    if (j > i) words.push_back(line.substr(i, j - i));
    i = j;
  }
  return words;
}

// Drops a comment: from a '#' at the start of a word whose other characters are not all hex
// digits ("# note", "#note"), to the end of the line. "#12AB3" stays, to be reported as a
// malformed colour rather than silently ignored.
std::string_view strip_comment(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '#') continue;
    if (i > 0 && !std::isspace(static_cast<unsigned char>(line[i - 1]))) continue;
    std::size_t j = i + 1;
    while (j < line.size() && hex_digit(line[j]) >= 0) ++j;
    const bool colour_like =
        j > i + 1 && (j == line.size() || std::isspace(static_cast<unsigned char>(line[j])));
    if (!colour_like) return line.substr(0, i);
  }
  return line;
}

}  // namespace

Palette Palette::defaults() {
  Palette p;
  p.entries_ = {
      {Rgba{0, 0, 0, 255}, false, CellKind::Wall},
      {Rgba{255, 255, 255, 255}, false, CellKind::Floor},
      {Rgba{255, 0, 0, 255}, false, CellKind::Door},
      {Rgba{255, 0, 255, 255}, false, CellKind::Void},
  };
  return p;
}

namespace {

// "#GGGGGG wall": a colour-sized word then a kind is an entry with a typo, not a comment.
bool looks_like_entry(std::string_view line) {
  const auto words = split_words(line);
  return words.size() >= 2 && words[0].starts_with('#') &&
         (words[0].size() == 7 || words[0].size() == 9) && parse_cell_kind(words[1]).has_value();
}

}  // namespace

Palette Palette::parse(std::string_view text, const std::string& source) {
  Palette p = defaults();
  for (const TextLine& line : split_lines(text)) {
    check_line_bytes(line, source);
    if (looks_like_entry(line.text) && !parse_colour(split_words(line.text)[0])) {
      throw file_error(
          source, fmt::format("line {}: '{}' is not a colour: write #RRGGBB or #RRGGBBAA with hex "
                              "digits 0-9 and A-F",
                              line.number, split_words(line.text)[0]));
    }
    const auto words = split_words(strip_comment(line.text));
    if (words.empty()) continue;
    auto entry = words.size() == 2 ? parse_colour(words[0]) : std::nullopt;
    const auto kind = words.size() == 2 ? parse_cell_kind(words[1]) : std::nullopt;
    if (!entry || !kind) {
      throw file_error(
          source,
          fmt::format("line {}: expected '#RRGGBB kind' or '#RRGGBBAA kind' with kind one of wall, "
                      "floor, door, empty, got '{}'",
                      line.number, printable(line.text, 80)));
    }
    entry->kind = *kind;
    p.entries_.push_back(*entry);
  }
  return p;
}

std::optional<CellKind> Palette::classify(Rgba px) const {
  std::optional<CellKind> kind;
  for (const PaletteEntry& e : entries_) {
    const bool rgb = e.colour.r == px.r && e.colour.g == px.g && e.colour.b == px.b;
    if (e.has_alpha ? (rgb && e.colour.a == px.a) : (rgb && px.a >= 128)) kind = e.kind;
  }
  if (!kind && px.a < 128) return CellKind::Void;
  return kind;
}

Rgba Palette::colour_of(CellKind kind) {
  switch (kind) {
    case CellKind::Wall:
      return {0, 0, 0, 255};
    case CellKind::Floor:
      return {255, 255, 255, 255};
    case CellKind::Door:
      return {255, 0, 0, 255};
    case CellKind::Void:
      return {0, 0, 0, 0};
  }
  return {0, 0, 0, 0};
}

std::string colour_hex(Rgba c) {
  if (c.a == 255) return fmt::format("#{:02X}{:02X}{:02X}", c.r, c.g, c.b);
  return fmt::format("#{:02X}{:02X}{:02X}{:02X}", c.r, c.g, c.b, c.a);
}

Grid<CellKind> to_cells(const Image& image, const Palette& palette, const std::string& file) {
  Grid<CellKind> cells(image.size, CellKind::Void);
  for (int y = 0; y < image.size.height; ++y) {
    for (int x = 0; x < image.size.width; ++x) {
      const auto kind = palette.classify(image.at(x, y));
      if (!kind) {
        throw file_error(
            file, fmt::format(
                      "pixel ({}, {}) has colour {} that the palette does not name; draw it in a "
                      "palette colour (by default wall #000000, floor #FFFFFF, door #FF0000, empty "
                      "transparent or #FF00FF) or name it in a palette file given with {{palette}}",
                      x, y, colour_hex(image.at(x, y))));
      }
      cells[Point{x, y}] = *kind;
    }
  }
  return cells;
}

}  // namespace dungen::core
