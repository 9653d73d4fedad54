#pragma once
/// \file feature.hpp
/// What can lie on a floor cell of a level: the kinds of Level::features. How each kind is
/// drawn and exported (glyph, colour, Doom thing, Tiled tile) is one table in
/// export/feature_style.hpp.

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace dungen::core {

/// A feature's kind. The first three mark the level's structure (analysis/content.hpp adds
/// them to every level with an entrance and exit); the others are content the --spikes,
/// --monsters, ... options ask for.
enum class FeatureKind : std::uint8_t {
  Start,    ///< the player start: the entrance
  WayDown,  ///< the exit
  Key,      ///< a key of a lock (Level::keys has its id)
  Spikes,   ///< a trap on a hallway cell
  Monster,  ///< blocks walking
  Chest,    ///< blocks walking
  Loot,
  Decor,  ///< blocks walking
};

/// Every kind, in the order above (the order reports and legends list them).
inline constexpr std::array<FeatureKind, 8> kFeatureKinds = {
    FeatureKind::Start,   FeatureKind::WayDown, FeatureKind::Key,  FeatureKind::Spikes,
    FeatureKind::Monster, FeatureKind::Chest,   FeatureKind::Loot, FeatureKind::Decor};

/// The kind's name in reports and exports: "start", "way_down", "key", "spikes", "monster",
/// "chest", "loot", "decor".
[[nodiscard]] constexpr std::string_view feature_name(FeatureKind kind) {
  switch (kind) {
    case FeatureKind::Start:
      return "start";
    case FeatureKind::WayDown:
      return "way_down";
    case FeatureKind::Key:
      return "key";
    case FeatureKind::Spikes:
      return "spikes";
    case FeatureKind::Monster:
      return "monster";
    case FeatureKind::Chest:
      return "chest";
    case FeatureKind::Loot:
      return "loot";
    case FeatureKind::Decor:
      return "decor";
  }
  return "feature";
}

/// The kind named `name` (as feature_name gives it), or nullopt.
[[nodiscard]] constexpr std::optional<FeatureKind> feature_kind_named(std::string_view name) {
  for (const FeatureKind k : kFeatureKinds) {
    if (feature_name(k) == name) return k;
  }
  return std::nullopt;
}

/// True for content (spikes, monster, chest, loot, decor); false for start, way_down and key.
[[nodiscard]] constexpr bool is_content(FeatureKind kind) { return kind >= FeatureKind::Spikes; }

/// True for the kinds --tiers ranks by danger or worth (monster, chest, loot; analysis/tiers.hpp).
[[nodiscard]] constexpr bool is_tiered(FeatureKind kind) {
  return kind == FeatureKind::Monster || kind == FeatureKind::Chest || kind == FeatureKind::Loot;
}

/// True for kinds that block walking (monster, chest, decor): content placement keeps them
/// off the only way anywhere, and Doom demos walk around them.
[[nodiscard]] constexpr bool is_obstacle(FeatureKind kind) {
  return kind == FeatureKind::Monster || kind == FeatureKind::Chest || kind == FeatureKind::Decor;
}

}  // namespace dungen::core
