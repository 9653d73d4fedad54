#include "core/palette.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.hpp"

namespace dungen::core {

Palette Palette::defaults() {
  Palette p;
  p.entries_ = {
      {Rgba{0, 0, 0, 255}, false, CellKind::Wall},
      {Rgba{255, 255, 255, 255}, false, CellKind::Floor},
      {Rgba{255, 0, 0, 255}, false, CellKind::Door},
      {Rgba{255, 0, 255, 255}, false, CellKind::Void},
  };
  p.index();
  return p;
}

namespace {

std::uint32_t rgb_key(Rgba c) {
  return (std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | std::uint32_t{c.b};
}
std::uint32_t rgba_key(Rgba c) { return (rgb_key(c) << 8) | std::uint32_t{c.a}; }

}  // namespace

void Palette::index() {
  exact_.clear();
  rgb_.clear();
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    const PaletteEntry& e = entries_[i];
    (e.has_alpha ? exact_ : rgb_)
        .push_back({e.has_alpha ? rgba_key(e.colour) : rgb_key(e.colour),
                    static_cast<std::uint32_t>(i)});
  }
  for (std::vector<Keyed>* table : {&exact_, &rgb_}) {
    // By colour, the last entry of a colour first: it is the one that counts.
    std::sort(table->begin(), table->end(), [](const Keyed& a, const Keyed& b) {
      return a.key != b.key ? a.key < b.key : a.entry > b.entry;
    });
    table->erase(std::unique(table->begin(), table->end(),
                             [](const Keyed& a, const Keyed& b) { return a.key == b.key; }),
                 table->end());
  }
}

const PaletteEntry* Palette::match(Rgba px) const {
  const auto find = [](const std::vector<Keyed>& table, std::uint32_t key) -> std::int64_t {
    const auto it = std::lower_bound(table.begin(), table.end(), key,
                                     [](const Keyed& k, std::uint32_t v) { return k.key < v; });
    return it != table.end() && it->key == key ? std::int64_t{it->entry} : -1;
  };
  // The later of the exact RGBA entry and, for an opaque enough pixel, the RGB entry.
  const std::int64_t exact = find(exact_, rgba_key(px));
  const std::int64_t rgb = px.a >= 128 ? find(rgb_, rgb_key(px)) : -1;
  const std::int64_t last = std::max(exact, rgb);
  return last < 0 ? nullptr : &entries_[static_cast<std::size_t>(last)];
}

std::optional<CellKind> Palette::classify(Rgba px) const {
  if (const PaletteEntry* e = match(px)) return e->kind;
  if (px.a < 128) return CellKind::Void;
  return std::nullopt;
}

std::uint8_t Palette::door_kind(Rgba px) const {
  const PaletteEntry* e = match(px);
  return e != nullptr && e->kind == CellKind::Door ? e->door_kind : 0;
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

Grid<std::uint8_t> to_door_kinds(const Image& image, const Palette& palette) {
  Grid<std::uint8_t> kinds(image.size, 0);
  if (palette.door_kinds().empty()) return kinds;
  for (int y = 0; y < image.size.height; ++y) {
    for (int x = 0; x < image.size.width; ++x)
      kinds[Point{x, y}] = palette.door_kind(image.at(x, y));
  }
  return kinds;
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
