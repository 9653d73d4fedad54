// Vanilla Doom's player movement (doom_player.hpp), after P_MovePlayer, P_Thrust and
// P_XYMovement of the GPL Doom source as chocolate-doom keeps it.
#include "export/doom_player.hpp"

namespace dungen::exporters::detail {
namespace {

constexpr std::int32_t kMaxMove = 30 * kFracUnit;  // MAXMOVE
constexpr std::int32_t kStopSpeed = 0x1000;        // STOPSPEED
constexpr std::int32_t kFriction = 0xE800;         // FRICTION

std::int32_t fixed_mul(std::int32_t a, std::int32_t b) {
  return static_cast<std::int32_t>((static_cast<std::int64_t>(a) * b) >> 16);
}

std::int32_t clamp_move(std::int32_t m) {
  return m > kMaxMove ? kMaxMove : (m < -kMaxMove ? -kMaxMove : m);
}

void thrust(DoomPlayer& p, Heading h, std::int32_t move) {
  const Direction d = direction_of(h);
  p.momx += fixed_mul(move, d.cos);
  p.momy += fixed_mul(move, d.sin);
}

}  // namespace

Direction direction_of(Heading h) {
  // finecosine and finesine at fine angles 0, 2048, 4096 and 6144.
  constexpr Direction kDirections[4] = {{65535, 25}, {-25, 65535}, {-65535, -25}, {25, -65535}};
  return kDirections[((h % 4) + 4) % 4];
}

void DoomPlayer::tic(const DemoTic& t) {
  // P_MovePlayer: the turn applies first; angleturn is the byte shifted left 8, angle += it << 16.
  heading = (((heading + t.turn / 64) % 4) + 4) % 4;
  if (t.forward != 0) thrust(*this, heading, t.forward * 2048);
  if (t.side != 0) thrust(*this, heading - 1, t.side * 2048);  // angle - ANG90: to the right
  if (momx == 0 && momy == 0) return;  // P_MobjThinker moves only a moving thing
  // P_XYMovement: clamp, move (in halves while a positive step exceeds MAXMOVE / 2), then stop
  // or slow down.
  momx = clamp_move(momx);
  momy = clamp_move(momy);
  std::int32_t xmove = momx, ymove = momy;
  do {
    if (xmove > kMaxMove / 2 || ymove > kMaxMove / 2) {
      x += xmove / 2;
      y += ymove / 2;
      xmove >>= 1;
      ymove >>= 1;
    } else {
      x += xmove;
      y += ymove;
      xmove = ymove = 0;
    }
  } while (xmove != 0 || ymove != 0);
  const bool slow =
      momx > -kStopSpeed && momx < kStopSpeed && momy > -kStopSpeed && momy < kStopSpeed;
  if (slow && t.forward == 0 && t.side == 0) {
    momx = momy = 0;
  } else {
    momx = fixed_mul(momx, kFriction);
    momy = fixed_mul(momy, kFriction);
  }
}

}  // namespace dungen::exporters::detail
