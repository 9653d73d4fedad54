#pragma once
/// \file doom_player.hpp
/// Vanilla Doom's player movement on open, flat floor, tic by tic, in its own fixed-point
/// arithmetic (16.16 map units), so a demo can be planned exactly (doom_demo.hpp): turning by
/// angleturn, thrust by forwardmove and sidemove (P_MovePlayer, P_Thrust), then movement,
/// the stop rule and friction (P_XYMovement). Walls, things and doors are not modelled: the
/// planner keeps the player in the middle of open cells.

#include <cstdint>

#include "export/doom_demo.hpp"

namespace dungen::exporters::detail {

/// One map unit in 16.16 fixed point.
inline constexpr std::int32_t kFracUnit = 1 << 16;

/// A heading as quarter turns counter-clockwise from east: 0 east, 1 north, 2 west, 3 south
/// (Doom's angles 0, 90, 180, 270 degrees; north is +y).
using Heading = int;

/// Vanilla's (finecosine, finesine) for the four headings: the sine table is sampled half a
/// step off the axes, so east is (65535, 25), not (65536, 0).
struct Direction {
  std::int32_t cos = 0;
  std::int32_t sin = 0;
};
[[nodiscard]] Direction direction_of(Heading h);

/// The player's position and momentum (fixed point, Doom's axes) and heading.
struct DoomPlayer {
  std::int32_t x = 0, y = 0;
  std::int32_t momx = 0, momy = 0;
  Heading heading = 0;

  /// Plays one tic of input: turn, thrust, then move, stop or slow down.
  void tic(const DemoTic& t);
  /// True when the player stands still.
  [[nodiscard]] bool stopped() const { return momx == 0 && momy == 0; }
};

}  // namespace dungen::exporters::detail
