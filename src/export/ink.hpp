#pragma once
/// \file ink.hpp
/// The one colour table of everything the level preview and the Tiled tileset draw: cells,
/// markers, locks and keys, every feature kind, placement outlines, sealed doors and the
/// unreachable tint. export/feature_style.hpp names each feature kind's ink.
///
/// The cells keep the tile palette's colours (core::Palette, docs/tile-format.md). The other
/// colours are Okabe and Ito's colour-blind-safe palette ("Color Universal Design", 2008:
/// orange E69F00, sky blue 56B4E9, bluish green 009E73, yellow F0E442, blue 0072B2,
/// vermillion D55E00, reddish purple CC79A7; vermillion only as the unreachable tint, at 35 %)
/// and four greys. Every two inks drawn as squares (cells and marks) differ by at least 10
/// CIEDE2000 units in normal vision and under simulated deuteranopia and protanopia (Machado,
/// Oliveira and Fernandes 2009, severity 1); lines are told from squares by their shape
/// (tests/export/ink_test.cpp checks both).

#include <array>
#include <cstdint>
#include <string_view>

#include "core/image.hpp"

namespace dungen::exporters {

/// Everything drawn in its own colour, in the order a preview's legend lists it.
enum class Ink : std::uint8_t {
  Floor,
  Wall,
  Door,
  Empty,  ///< cells outside the map, and the picture's background
  Entrance,
  Exit,
  Outline,      ///< the border of each placement, and its id
  UnusedDoor,   ///< the cross over a sealed door
  Unreachable,  ///< a tint over passable cells the entrance cannot reach
  Lock,         ///< the cells of a locked door, with its key's id
  Key,          ///< every key, with its id (the id, not the colour, tells which lock it opens)
  Spikes,
  Monster,
  Chest,
  Loot,
  Decor,
  DoorKind1,  ///< connected doors of door kind 1, 5, 9, 13 (palette `door:NAME`, in order)
  DoorKind2,  ///< ... of kind 2, 6, 10, 14
  DoorKind3,  ///< ... of kind 3, 7, 11, 15
  DoorKind4,  ///< ... of kind 4, 8, 12
};

/// How many inks door kinds have: kind k (1 and up) is drawn in door_kind_ink(k).
inline constexpr int kDoorKindInks = 4;

/// How an ink is drawn, which is what tells apart two inks of similar colour.
enum class InkShape : std::uint8_t {
  Cell,  ///< whole cells
  Mark,  ///< a square inset in a floor cell
  Line,  ///< thin lines: a border or a cross
};

/// One row of the table.
struct InkStyle {
  Ink ink;
  std::string_view legend;  ///< its entry in the preview's legend
  core::Rgba colour;        ///< alpha below 255: blended over what lies beneath (the tint)
  InkShape shape;
};

/// Okabe and Ito's palette (see the file comment).
namespace okabe_ito {
inline constexpr core::Rgba kOrange{0xE6, 0x9F, 0x00, 255};
inline constexpr core::Rgba kSkyBlue{0x56, 0xB4, 0xE9, 255};
inline constexpr core::Rgba kBluishGreen{0x00, 0x9E, 0x73, 255};
inline constexpr core::Rgba kYellow{0xF0, 0xE4, 0x42, 255};
inline constexpr core::Rgba kBlue{0x00, 0x72, 0xB2, 255};
inline constexpr core::Rgba kVermillion{0xD5, 0x5E, 0x00, 255};
inline constexpr core::Rgba kReddishPurple{0xCC, 0x79, 0xA7, 255};
}  // namespace okabe_ito

/// The table, by Ink value. Floor, wall and door are the map PNG's colours. The door kinds'
/// four colours (periwinkle, pale cyan, maroon, dark teal) were picked one by one, among
/// colours of lightness L* 30 to 90, as the furthest from every other square and line in all
/// three visions (at least 12.9 CIEDE2000 units); the legend names the kinds.
inline constexpr std::array<InkStyle, 20> kInks = {{
    {Ink::Floor, "floor", {255, 255, 255, 255}, InkShape::Cell},
    {Ink::Wall, "wall", {0, 0, 0, 255}, InkShape::Cell},
    {Ink::Door, "door", {255, 0, 0, 255}, InkShape::Cell},
    {Ink::Empty, "empty", {0x30, 0x30, 0x30, 255}, InkShape::Cell},
    {Ink::Entrance, "entrance", okabe_ito::kBluishGreen, InkShape::Mark},
    {Ink::Exit, "exit", okabe_ito::kBlue, InkShape::Mark},
    {Ink::Outline, "placement", okabe_ito::kSkyBlue, InkShape::Line},
    {Ink::UnusedDoor, "unused door (sealed)", okabe_ito::kOrange, InkShape::Line},
    {Ink::Unreachable,
     "unreachable",
     {okabe_ito::kVermillion.r, okabe_ito::kVermillion.g, okabe_ito::kVermillion.b, 89},
     InkShape::Cell},
    {Ink::Lock, "lock N", {0x70, 0x70, 0x70, 255}, InkShape::Cell},
    {Ink::Key, "key N (opens lock N)", okabe_ito::kYellow, InkShape::Mark},
    {Ink::Spikes, "spikes", {0x50, 0x50, 0x50, 255}, InkShape::Mark},
    {Ink::Monster, "monster", okabe_ito::kReddishPurple, InkShape::Mark},
    {Ink::Chest, "chest", okabe_ito::kOrange, InkShape::Mark},
    {Ink::Loot, "loot", okabe_ito::kSkyBlue, InkShape::Mark},
    {Ink::Decor, "decor", {0xB8, 0xB8, 0xB8, 255}, InkShape::Mark},
    {Ink::DoorKind1, "door kind 1", {0x66, 0x80, 0xFF, 255}, InkShape::Cell},
    {Ink::DoorKind2, "door kind 2", {0x99, 0xE6, 0xFF, 255}, InkShape::Cell},
    {Ink::DoorKind3, "door kind 3", {0x99, 0x00, 0x00, 255}, InkShape::Cell},
    {Ink::DoorKind4, "door kind 4", {0x00, 0x4D, 0x66, 255}, InkShape::Cell},
}};

/// The row of `ink`.
[[nodiscard]] constexpr const InkStyle& ink_style(Ink ink) {
  return kInks[static_cast<std::size_t>(ink)];
}

/// The ink of connected doors of door kind `kind` (core::Door::kind, 1 and up): DoorKind1 to
/// DoorKind4 in turn; Door for the plain door (0).
[[nodiscard]] constexpr Ink door_kind_ink(std::uint8_t kind) {
  if (kind == 0) return Ink::Door;
  return static_cast<Ink>(static_cast<int>(Ink::DoorKind1) + (kind - 1) % kDoorKindInks);
}

/// The colour of `ink` (alpha below 255 for the tint).
[[nodiscard]] constexpr core::Rgba ink_colour(Ink ink) { return ink_style(ink).colour; }

/// Black or white, whichever reads better on `background` (letters and numbers on marks).
[[nodiscard]] constexpr core::Rgba text_colour_on(core::Rgba background) {
  // Rec. 709 luma in 8-bit units; the threshold splits at mid-grey 0x80.
  const int luma = (2126 * background.r + 7152 * background.g + 722 * background.b) / 10000;
  return luma >= 0x80 ? core::Rgba{0, 0, 0, 255} : core::Rgba{255, 255, 255, 255};
}

}  // namespace dungen::exporters
