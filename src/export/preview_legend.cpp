#include "export/preview_legend.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "export/feature_style.hpp"
#include "export/raster.hpp"

namespace dungen::exporters {
namespace {

constexpr int kSwatch = 10;   // pixels, square
constexpr int kGap = 4;       // between a swatch and its text
constexpr int kSpacing = 14;  // between two entries of a row
constexpr int kMargin = 4;    // around the legend
constexpr int kRow = 14;      // pixels from one row to the next (the text is 12)
constexpr core::Rgba kLegendText{230, 230, 230, 255};

bool has_feature(const core::Level& level, core::FeatureKind kind) {
  return std::any_of(level.content.features.begin(), level.content.features.end(),
                     [&](const core::Feature& f) { return f.kind == kind; });
}

// True when a connection of `level` joins doors drawn in door kind ink `ink`.
bool kind_drawn(const core::Level& level, Ink ink) {
  if (level.map.door_kinds.empty()) return false;
  return std::any_of(level.map.connections.begin(), level.map.connections.end(),
                     [&](const core::Connection& c) {
                       const std::uint8_t kind = core::door_kind(level.map, c);
                       return kind != 0 && door_kind_ink(kind) == ink;
                     });
}

bool drawn(const core::Level& level, Ink ink) {
  for (const FeatureStyle& s : kFeatureStyles) {
    // The entrance and exit are drawn from the analysis, keys from the puzzle.
    if (s.ink == ink && core::is_content(s.kind)) return has_feature(level, s.kind);
  }
  switch (ink) {
    case Ink::Entrance:
      return level.analysis.entrance.has_value();
    case Ink::Exit:
      return level.analysis.exit.has_value();
    case Ink::Outline:
      return !level.map.placements.empty();
    case Ink::UnusedDoor:
      return !level.map.unused_doors.empty();
    case Ink::Unreachable:
      return !level.analysis.unreachable_runs.empty();
    case Ink::Lock:
      return !level.puzzle.locks.empty();
    case Ink::Key:
      return !level.puzzle.keys.empty();
    case Ink::DoorKind1:
    case Ink::DoorKind2:
    case Ink::DoorKind3:
    case Ink::DoorKind4:
      return kind_drawn(level, ink);
    default:
      return false;  // cells: the map shows them
  }
}

// True when a feature of `level` drawn in `ink` has a tier (--tiers).
bool tier_drawn(const core::Level& level, Ink ink) {
  return std::any_of(
      level.content.features.begin(), level.content.features.end(),
      [&](const core::Feature& f) { return f.tier > 0 && feature_style(f.kind).ink == ink; });
}

std::string_view label(const std::vector<Ink>& inks, const std::vector<std::string>& labels,
                       std::size_t i) {
  return i < labels.size() ? std::string_view(labels[i]) : ink_style(inks[i]).legend;
}

// The swatch drawn as the ink is on the map: a cell, a mark on floor, or lines.
void draw_swatch(Canvas& img, core::Point at, Ink ink) {
  const core::Rect box{at.x, at.y, kSwatch, kSwatch};
  const core::Rgba c = ink_colour(ink);
  switch (ink_style(ink).shape) {
    case InkShape::Cell:
      fill_rect(img, box, ink_colour(Ink::Floor));  // what a tint lies over
      fill_rect(img, box, c);
      if (ink == Ink::Lock) outline_rect(img, box, ink_colour(Ink::Wall));
      break;
    case InkShape::Mark:
      fill_rect(img, box, ink_colour(Ink::Floor));
      fill_rect(img, {at.x + 2, at.y + 2, kSwatch - 4, kSwatch - 4}, c);
      break;
    case InkShape::Line:
      fill_rect(img, box, ink_colour(Ink::Wall));
      if (ink == Ink::UnusedDoor) {
        for (int i = 0; i < kSwatch; ++i) {
          fill_rect(img, {at.x + i, at.y + i, 2, 2}, c);
          fill_rect(img, {at.x + kSwatch - 2 - i, at.y + i, 2, 2}, c);
        }
      } else {
        outline_rect(img, box, c);
      }
      break;
  }
}

}  // namespace

std::vector<Ink> legend_inks(const core::Level& level) {
  std::vector<Ink> inks;
  for (const InkStyle& s : kInks) {
    if (drawn(level, s.ink)) inks.push_back(s.ink);
  }
  return inks;
}

std::vector<std::string> legend_labels(const core::Level& level, const std::vector<Ink>& inks) {
  std::vector<std::string> labels;
  for (const Ink ink : inks) {
    std::string text(ink_style(ink).legend);
    if (ink >= Ink::DoorKind1 && ink <= Ink::DoorKind4) {
      text = "door: ";
      const auto& names = level.map.door_kinds;
      for (std::size_t k = 1; k < names.size(); ++k) {
        if (door_kind_ink(static_cast<std::uint8_t>(k)) != ink) continue;
        text += (text.size() > 6 ? "/" : "") + names[k];
      }
    }
    if (tier_drawn(level, ink))
      text += fmt::format(": tier 1..{}, darker higher", level.content.tiers);
    labels.push_back(std::move(text));
  }
  return labels;
}

LegendLayout layout_legend(const std::vector<Ink>& inks, int width,
                           const std::vector<std::string>& labels) {
  LegendLayout layout;
  int x = kMargin, y = kMargin;
  for (std::size_t i = 0; i < inks.size(); ++i) {
    const int w = kSwatch + kGap + text_width(label(inks, labels, i));
    if (x > kMargin && x + w + kMargin > width) {
      x = kMargin;
      y += kRow;
    }
    layout.at.push_back({x, y});
    layout.width = std::max(layout.width, x + w + kMargin);
    x += w + kSpacing;
  }
  layout.height = inks.empty() ? 0 : y + kRow + kMargin;
  return layout;
}

void draw_legend(Canvas& img, core::Point top_left, const std::vector<Ink>& inks,
                 const LegendLayout& layout, const std::vector<std::string>& labels) {
  for (std::size_t i = 0; i < inks.size() && i < layout.at.size(); ++i) {
    const core::Point at{top_left.x + layout.at[i].x, top_left.y + layout.at[i].y};
    draw_swatch(img, {at.x, at.y + 1}, inks[i]);
    draw_text(img, at.x + kSwatch + kGap, at.y, label(inks, labels, i), kLegendText);
  }
}

}  // namespace dungen::exporters
