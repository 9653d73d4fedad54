#pragma once
/// \file content.hpp
/// Content placement for any generator's level (after the level-building pipeline of
/// "Dungeon 136", ../shared/seeds/dungeon-designed-layouts.txt: player, way down, spikes,
/// monsters, keys, chests, loot, decor). The player start is the entrance and the way down
/// the exit; keys come from --locks.

#include "core/level.hpp"
#include "core/rng.hpp"

namespace dungen::analysis {

/// How many of each thing to place.
struct ContentOptions {
  int spikes = 0;    ///< on hallway cells: walled on two opposite sides, open on the other two
  int monsters = 0;  ///< on floor at least 6 steps from the start
  int chests = 0;    ///< on room floor against a wall
  int loot = 0;      ///< on any floor
  int decor = 0;     ///< on floor against a wall
  int tiers = 0;     ///< monsters, chests and loot get tiers 1..tiers (analysis/tiers.hpp); 0: none
  [[nodiscard]] bool any() const { return spikes + monsters + chests + loot + decor > 0; }
};

/// Adds the "start" and "way_down" features and one "key" feature per key, then the content
/// `options` asks for, drawn from `rng` among the floor cells each kind allows, never on a
/// cell next to a door or on another feature, and never where it would cut anything off:
/// monsters, chests and decor are obstacles, and after each one the solver (keys and locks
/// included) must still reach every cell it reached before, but that one: the exit, keys,
/// loot and spikes stay reachable. Spikes and loot are walked over. When fewer cells qualify than
/// asked, level.content_notes says how many were placed and why.
void place_content(core::Level& level, const ContentOptions& options, core::Rng& rng);

}  // namespace dungen::analysis
