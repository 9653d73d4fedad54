#pragma once
/// \file doom_dungeon.hpp
/// The Doom outputs of a dungeon of floors (--floors with --wad and --demo; docs/doom.md): one
/// PWAD holding a map per floor, MAP01 for floor 1, MAP02 for floor 2 and so on, each built as
/// a single level's map (doom_map.hpp), and one demo that plays them all in turn. A map's exit
/// switch is Doom's normal exit (special 11), which in Doom II's map order leads from MAPnn to
/// MAPnn+1; the demo goes on across the intermission screen between two maps, as every
/// vanilla demo of several maps does.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/level.hpp"
#include "export/doom_demo.hpp"

namespace dungen::exporters {

/// The most maps a dungeon's WAD holds: Doom II's normal exits lead from MAP01 to MAP30 in
/// order, and the exit of MAP30 ends the game. MAP31 and MAP32 are secret levels: only a
/// secret exit leads there, and their normal exits lead to MAP16.
inline constexpr int kDoomMostMaps = 30;

/// The lump name of map `map` (1 to kDoomMostMaps) in Doom II's naming: "MAP01", "MAP02", ...
[[nodiscard]] std::string doom_map_name(int map);

/// Throws Error (usage, field "floors") unless `floors` is 1 to kDoomMostMaps: the maps a
/// dungeon's WAD can hold, each one's exit leading to the next.
void check_doom_floor_count(std::size_t floors);

/// The PWAD of a dungeon: for floor k (from 1) the marker doom_map_name(k) and its five map
/// lumps (map_lumps of build_doom_map), floor 1 first. One floor gives doom_wad's bytes.
/// Deterministic. Throws Error: what check_doom_floor_count throws; (usage, field "wad") the
/// floors' frame wider or taller than kDoomMaxCells; what build_doom_map throws for a floor,
/// the message naming the floor ("floor 2 of 3: ...") when there are several.
[[nodiscard]] std::vector<std::uint8_t> doom_dungeon_wad(std::span<const core::Level> floors);

/// The tics between the exit switch of map `map` (1 to kDoomMostMaps - 1) and the first tic of
/// the next: "use" pressed twice on the intermission screen (the first shows every count, the
/// second goes on), then idle tics until the next map has loaded. After MAP06, MAP11 and MAP20
/// Doom II shows a text screen, which takes a button after 50 tics: a third press, after it.
/// Idle tics at either end are harmless (the player stands still), so the counts leave a few
/// tics to spare rather than none.
[[nodiscard]] std::vector<DemoTic> intermission_tics(int map);

/// The tics that play every floor's map in turn: demo_tics of each floor (each ending on its
/// exit switch), with intermission_tics between. Throws what demo_tics throws, the message
/// naming the floor when there are several, and what check_doom_floor_count throws.
[[nodiscard]] std::vector<DemoTic> dungeon_demo_tics(std::span<const core::Level> floors);

/// encode_demo(dungeon_demo_tics(floors)): a demo starting on MAP01 that finishes every map.
[[nodiscard]] std::vector<std::uint8_t> doom_dungeon_demo(std::span<const core::Level> floors);

}  // namespace dungen::exporters
