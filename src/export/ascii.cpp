#include "export/ascii.hpp"

#include <algorithm>

#include "export/feature_style.hpp"

namespace dungen::exporters {
namespace {

char cell_char(core::CellKind k) {
  switch (k) {
    case core::CellKind::Wall:
      return '#';
    case core::CellKind::Floor:
      return '.';
    case core::CellKind::Door:
      return '+';
    case core::CellKind::Void:
      return ' ';
  }
  return ' ';
}

// With --tiers, after the map and a blank line: what the digits are, then per tier its
// monsters, chests and loot with their cells ("tier 2: monster 12,5; chest 3,4").
void write_tier_legend(const core::Level& level, TextOut& out) {
  if (level.content.tiers < 1) return;
  out.format("\ntiers 1..{}: a monster is drawn as the digit of its tier\n", level.content.tiers);
  for (int tier = 1; tier <= level.content.tiers; ++tier) {
    out.format("tier {}:", tier);
    const char* sep = " ";
    for (const core::Feature& f : level.content.features) {
      if (f.tier != tier) continue;
      out.format("{}{} {},{}", sep, core::feature_name(f.kind), f.cell.x, f.cell.y);
      sep = "; ";
    }
    out.raw("\n");
  }
}

}  // namespace

char ascii_glyph(const core::Feature& f) {
  if (f.kind == core::FeatureKind::Monster && f.tier > 0 && f.tier <= 9)
    return static_cast<char>('0' + f.tier);
  return feature_style(f.kind).glyph;
}

char ascii_key(int id) { return id >= 0 && id < 26 ? static_cast<char>('a' + id) : '*'; }

char ascii_lock(int id) { return id >= 0 && id < 26 ? static_cast<char>('A' + id) : '='; }

std::vector<AsciiMark> ascii_marks(const core::Level& level) {
  std::vector<AsciiMark> marks;
  if (level.analysis.entrance) marks.push_back({*level.analysis.entrance, '<'});
  if (level.analysis.exit) marks.push_back({*level.analysis.exit, '>'});
  for (const core::Key& k : level.puzzle.keys) marks.push_back({k.cell, ascii_key(k.id)});
  for (const core::Feature& f : level.content.features) {
    if (core::is_content(f.kind)) marks.push_back({f.cell, ascii_glyph(f)});
  }
  for (const core::Lock& l : level.puzzle.locks) {
    for (int i = 0; i < l.door.width; ++i) marks.push_back({l.door.cell(i), ascii_lock(l.id)});
  }
  return marks;
}

void write_ascii(const core::Level& level, const TextSink& sink) {
  TextOut out(sink);
  const auto& cells = level.map.cells;
  // Marks sorted by row (stable: drawing order kept within a cell), applied row by row.
  std::vector<AsciiMark> marks = ascii_marks(level);
  std::stable_sort(marks.begin(), marks.end(),
                   [](const AsciiMark& a, const AsciiMark& b) { return a.cell.y < b.cell.y; });
  auto next = marks.begin();
  std::string row(static_cast<std::size_t>(cells.width()) + 1, '\n');
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x)
      row[static_cast<std::size_t>(x)] = cell_char(cells[{x, y}]);
    for (; next != marks.end() && next->cell.y <= y; ++next) {
      if (next->cell.y == y && cells.contains(next->cell))
        row[static_cast<std::size_t>(next->cell.x)] = next->symbol;
    }
    out.raw(row);
  }
  write_tier_legend(level, out);
}

std::string ascii_map(const core::Level& level) {
  std::string s;
  write_ascii(level, [&s](std::string_view block) { s += block; });
  return s;
}

}  // namespace dungen::exporters
