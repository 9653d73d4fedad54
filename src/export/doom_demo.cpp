// A demo that plays a level's Doom map to the exit (doom_demo.hpp): the route through the
// level, walked straight from cell centre to cell centre with vanilla's player physics.
#include "export/doom_demo.hpp"

#include "core/error.hpp"
#include "export/doom_map.hpp"
#include "export/doom_player.hpp"

namespace dungen::exporters {
namespace {

using core::Facing;
using core::Point;
using detail::DoomPlayer;
using detail::Heading;
using detail::kFracUnit;

constexpr int kDoorWait = 32;     // tics for a door to rise past the player's 56 units
constexpr std::int8_t kRun = 50;  // forwardmove of a running player
constexpr std::uint8_t kUse = 2;  // BT_USE
constexpr std::int32_t kDrift = 2 * kFracUnit;  // sideways error corrected before a run

Heading heading_of(Facing f) {
  constexpr Heading kHeadings[4] = {1, 0, 3, 2};  // north, east, south, west
  return kHeadings[static_cast<int>(f)];
}

Facing facing_between(Point a, Point b) {
  for (Facing f : core::kFacings) {
    if (a + core::step(f) == b) return f;
  }
  return Facing::North;
}

// Plans tics: turns, straight moves that stop exactly on a cell's centre, use and waits.
class Planner {
 public:
  Planner(const core::Level& level, const DoomMap& map) : map_(map) {
    const DoomVertex start = doom_cell_centre(map.cells, *level.analysis.entrance);
    player_.x = start.x * kFracUnit;
    player_.y = start.y * kFracUnit;
    player_.heading = map.start_angle / 90;
  }

  [[nodiscard]] std::vector<DemoTic> plan(std::vector<Point> route) {
    Point target_side_cell = route.back();
    if (map_.exit_pillar && route.size() >= 2) route.pop_back();  // stop beside the pillar
    opened_.assign(map_.flood.sectors.size(), false);
    push({});  // a new player holds "use" down until it is released (G_PlayerReborn)
    for (std::size_t i = 0; i + 1 < route.size();) i = walk_from(route, i);
    face(switch_side(route.back(), target_side_cell));
    push({0, 0, 0, kUse});
    for (int t = 0; t < 8; ++t) push({});
    return std::move(tics_);
  }

 private:
  void push(const DemoTic& t) {
    player_.tic(t);
    tics_.push_back(t);
  }

  [[nodiscard]] bool closed_door(Point cell) const {
    const int s = map_.flood.of_cell[cell];
    return s >= 0 && map_.flood.sectors[static_cast<std::size_t>(s)].door &&
           !opened_[static_cast<std::size_t>(s)];
  }

  // Opens the door ahead if closed, then runs straight to the last cell before a turn or the
  // next closed door. Returns the index of the cell reached.
  std::size_t walk_from(const std::vector<Point>& route, std::size_t i) {
    const Facing f = facing_between(route[i], route[i + 1]);
    face(f);
    if (closed_door(route[i + 1])) {
      push({0, 0, 0, kUse});
      for (int t = 0; t < kDoorWait; ++t) push({});
      opened_[static_cast<std::size_t>(map_.flood.of_cell[route[i + 1]])] = true;
    }
    std::size_t j = i + 1;
    while (j + 1 < route.size() && facing_between(route[j], route[j + 1]) == f &&
           !closed_door(route[j + 1]))
      ++j;
    straighten(route[i]);
    move_to(route[j], player_.heading, false);
    return j;
  }

  // Turns in place to `f` (one tic per quarter turn, left for a half turn).
  void face(Facing f) {
    const int quarter = ((heading_of(f) - player_.heading) % 4 + 4) % 4;
    if (quarter == 3) return push({0, 0, -64, 0});
    for (int q = 0; q < quarter; ++q) push({0, 0, 64, 0});
  }

  // Strafes back onto the line through `cell`'s centre when the sideways error exceeds kDrift.
  void straighten(Point cell) {
    const DoomVertex c = doom_cell_centre(map_.cells, cell);
    const bool along_x = player_.heading % 2 == 0;
    const std::int32_t error = along_x ? player_.y - c.y * kFracUnit : player_.x - c.x * kFracUnit;
    if (error > kDrift || error < -kDrift) move_to(cell, player_.heading - 1, true);
  }

  // Moves toward `cell`'s centre along heading `h` (forward, or sideways with `side`) and stops:
  // each tic takes the strongest push whose coasting stop does not pass the centre.
  void move_to(Point cell, Heading h, bool side) {
    const DoomVertex c = doom_cell_centre(map_.cells, cell);
    h = ((h % 4) + 4) % 4;
    const bool along_x = h % 2 == 0;
    const int forward_sign = h < 2 ? 1 : -1;  // east and north push x and y up
    const std::int32_t target = (along_x ? c.x : c.y) * kFracUnit;
    for (int guard = 0; guard < 100000; ++guard) {
      const int sign = (target - (along_x ? player_.x : player_.y)) >= 0 ? 1 : -1;
      const auto stop_short = [&](int push_amount) {
        DoomPlayer p = player_;
        p.tic(command(push_amount * sign * forward_sign, side));
        while (!p.stopped()) p.tic({});
        return sign * (target - (along_x ? p.x : p.y)) >= 0;
      };
      int lo = 0, hi = kRun;  // the largest push in [0, kRun] that stops short of the target
      while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (stop_short(mid))
          lo = mid;
        else
          hi = mid - 1;
      }
      if (lo == 0 && player_.stopped()) return;
      push(command(lo * sign * forward_sign, side));
    }
  }

  // A tic pushing `amount` forward (or sideways, to the right for side moves relative to the
  // strafe heading, which is the facing minus a quarter turn).
  [[nodiscard]] static DemoTic command(int amount, bool side) {
    DemoTic t;
    (side ? t.side : t.forward) = static_cast<std::int8_t>(amount);
    return t;
  }

  // The side of the exit cell to press use on: toward the pillar, else a switch side, fewest
  // turns from the current heading first.
  [[nodiscard]] Facing switch_side(Point at, Point exit) const {
    if (at != exit) return facing_between(at, exit);
    for (int quarter : {0, 1, 3, 2}) {
      for (Facing f : core::kFacings) {
        if (heading_of(f) == (player_.heading + quarter) % 4 &&
            map_.exit_switch[static_cast<std::size_t>(f)])
          return f;
      }
    }
    return Facing::North;
  }

  const DoomMap& map_;
  DoomPlayer player_;
  std::vector<DemoTic> tics_;
  std::vector<bool> opened_;
};

}  // namespace

std::vector<std::uint8_t> encode_demo(const std::vector<DemoTic>& tics) {
  std::vector<std::uint8_t> out{109, 2, 1, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0};
  for (const DemoTic& t : tics) {
    out.push_back(static_cast<std::uint8_t>(t.forward));
    out.push_back(static_cast<std::uint8_t>(t.side));
    out.push_back(static_cast<std::uint8_t>(t.turn));
    out.push_back(t.buttons);
  }
  out.push_back(0x80);
  return out;
}

std::vector<DemoTic> demo_tics(const core::Level& level) {
  const DoomMap map = build_doom_map(level);
  if (!level.analysis.entrance || !level.analysis.exit)
    throw field_error("demo", "the level has no entrance or exit, so there is no way to play it",
                      ErrorKind::BadInput);
  if (level.analysis.route.empty())
    throw field_error(
        "demo", "the level has no way from the entrance to the exit, so there is no way to play it",
        ErrorKind::BadInput);
  return Planner(level, map).plan(level.analysis.route);
}

std::vector<std::uint8_t> doom_demo(const core::Level& level) {
  return encode_demo(demo_tics(level));
}

}  // namespace dungen::exporters
