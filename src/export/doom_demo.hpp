#pragma once
/// \file doom_demo.hpp
/// A Doom demo (vanilla v1.9 .lmp) that plays a level's Doom map (doom_map.hpp) from player
/// 1's start to the exit switch: the solver's way through the level (analysis/route.hpp),
/// walked cell centre to cell centre, opening every door on the way with "use" and picking up
/// the keys. Movement is planned with vanilla's own player physics, so the demo stays in sync
/// in vanilla-compatible engines (chocolate-doom, dsda-doom). Played with -nomonsters.

#include <cstdint>
#include <vector>

#include "core/level.hpp"

namespace dungen::exporters {

/// What a quarter turn costs a demo's walk, in steps of running (it takes about as long as 6
/// cells): the turn cost of the route it plays (analysis::find_play_route).
inline constexpr int kDemoTurnCost = 6;

/// One tic of input, as a demo stores it.
struct DemoTic {
  std::int8_t forward = 0;   ///< forwardmove: 50 runs forward, negative backward
  std::int8_t side = 0;      ///< sidemove: positive strafes right
  std::int8_t turn = 0;      ///< angleturn's high byte: +64 turns 90 degrees left
  std::uint8_t buttons = 0;  ///< 2 = use
  friend bool operator==(const DemoTic&, const DemoTic&) = default;
};

/// The demo bytes: the 13-byte header (version 109, skill 3 "hurt me plenty" stored as 2,
/// episode 1, map 1, no monsters, player 1 only), 4 bytes per tic, then 0x80.
[[nodiscard]] std::vector<std::uint8_t> encode_demo(const std::vector<DemoTic>& tics);

/// The tics that play `level`'s Doom map to the exit along level.analysis.route, which
/// analysis::find_play_route(level, kDemoTurnCost) fills (pipeline::finish_level does when
/// Analyses::route_turn_cost says so). Throws Error (bad input) when the level has no
/// entrance or exit, or no route.
[[nodiscard]] std::vector<DemoTic> demo_tics(const core::Level& level);

/// encode_demo(demo_tics(level)).
[[nodiscard]] std::vector<std::uint8_t> doom_demo(const core::Level& level);

}  // namespace dungen::exporters
