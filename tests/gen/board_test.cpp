// The joining rule on the board: a table of landings (opens, sealed, joins, collides, covered,
// too big, refused by the client's rule), the events apply() tells, and undo.
#include "gen/board/board.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/test_support.hpp"

namespace dungen::gen {
namespace {

using core::Point;
using test::tile_from_ascii;

// The first tile on the board, at the origin: open doors east (4,2) and south (2,4).
const char* kRoom =
    "#####\n"
    "#...#\n"
    "#...+\n"
    "#...#\n"
    "##+##";

// Each candidate tile, by name; no rotations or mirrors, so variant i is tile i (by name).
core::TileSet tiles() {
  return test::tile_set({
      tile_from_ascii(kRoom, "a_room.png"),
      tile_from_ascii("###\n+.+\n###", "b_corridor.png"),         // doors west (0,1), east (2,1)
      tile_from_ascii("#+#\n#.#\n###", "c_cap.png"),              // door north (1,0)
      tile_from_ascii("###\n#.+\n###", "d_stub.png"),             // door east (2,1)
      tile_from_ascii("####\n+..#\n+..#\n####", "e_wide.png"),    // door west (0,1), 2 wide
      tile_from_ascii("###\n+.#\n###", "f_stub_west.png"),        // door west (0,1)
  });
}

// What apply() told, in order.
class Recorder : public BoardEvents {
 public:
  std::vector<std::string> log;
  [[nodiscard]] std::uint32_t tag(int door) const override { return 100 + static_cast<std::uint32_t>(door); }
  void covered(std::uint32_t slot) override { log.push_back("covered " + std::to_string(slot)); }
  void joined(std::uint32_t slot, int door) override {
    log.push_back("joined " + std::to_string(slot) + " by " + std::to_string(door));
  }
  void sealed(int door) override { log.push_back("sealed " + std::to_string(door)); }
  void opened(std::uint32_t slot, int door) override {
    log.push_back("opened " + std::to_string(slot) + " by " + std::to_string(door));
  }
};

class Refuse : public JoinRule {
 public:
  bool may_join(std::uint32_t /*slot*/, int /*door*/) override { return false; }
};

struct Landed {
  const char* name;
  std::uint32_t variant;
  Point origin;
  Fit fit;
  std::size_t joins, opens, sealed, covered;
};

class BoardTest : public ::testing::Test {
 protected:
  core::TileSet set = tiles();
  Candidates candidates{set, OrientationRules{false, false}};
  Recorder events;
  /// Places the room at the origin.
  void place_room(Board& b) {
    ASSERT_EQ(b.test(0, Point{0, 0}), Fit::Ok);
    b.apply(0, events);
  }
};

TEST_F(BoardTest, VariantsAreTheTilesInNameOrder) {
  ASSERT_EQ(candidates.variants().size(), 6u);
  for (std::uint32_t v = 0; v < 6; ++v) EXPECT_EQ(candidates.variants()[v].tile, v);
}

TEST_F(BoardTest, EachLandingAsTheJoiningRuleSays) {
  const std::vector<Landed> table = {
      // The corridor's west door on the room's east door (mates): joins; its east door opens.
      {"joins and opens", 1, {4, 1}, Fit::Ok, 1, 1, 0, 0},
      // The cap's door on the room's bottom wall, its walls on wall and empty: sealed.
      {"sealed on wall", 2, {-1, 4}, Fit::Ok, 0, 0, 1, 0},
      // The stub's top wall over the room's south door, whole: covers it; its door opens.
      {"covers an open door", 3, {1, 4}, Fit::Ok, 0, 1, 0, 1},
      // The cap's door on the south door, facing north onto a door facing south: joins.
      {"joins facing the other way", 2, {1, 4}, Fit::Ok, 1, 0, 0, 0},
      // The corridor inside the room: floor on floor.
      {"floor on floor collides", 1, {1, 1}, Fit::Collides, 0, 0, 0, 0},
      // A door 2 wide, half on the room's 1-wide door, half on its wall: mixed cells.
      {"door across mixed cells collides", 4, {4, 1}, Fit::Collides, 0, 0, 0, 0},
      // The stub facing east with its door on the room's east door: same facing, no mate.
      {"door on a door facing the same way collides", 3, {2, 1}, Fit::Collides, 0, 0, 0, 0},
      // The stub's wall on part of nothing open, its door on the room's floor.
      {"door on floor collides", 5, {3, 1}, Fit::Collides, 0, 0, 0, 0},
  };
  for (const Landed& c : table) {
    SCOPED_TRACE(c.name);
    Board b(candidates);
    place_room(b);
    ASSERT_EQ(b.test(c.variant, c.origin), c.fit);
    if (c.fit != Fit::Ok) continue;
    EXPECT_EQ(b.plan().joins.size(), c.joins);
    EXPECT_EQ(b.plan().opens.size(), c.opens);
    EXPECT_EQ(b.plan().sealed.size(), c.sealed);
    EXPECT_EQ(b.plan().covered.size(), c.covered);
  }
}

TEST_F(BoardTest, LandingReadsTheCellsUnderADoor) {
  Board b(candidates);
  place_room(b);
  EXPECT_EQ(b.landing(core::Door{{4, 2}, 1, core::Facing::West, 0}), Landing::OnOpenDoor);
  EXPECT_EQ(b.landing(core::Door{{0, 1}, 2, core::Facing::East, 0}), Landing::Sealed);
  EXPECT_EQ(b.landing(core::Door{{9, 9}, 3, core::Facing::North, 0}), Landing::Opens);
  EXPECT_EQ(b.landing(core::Door{{1, 1}, 1, core::Facing::North, 0}), Landing::Collides);
  EXPECT_EQ(b.landing(core::Door{{4, 2}, 2, core::Facing::West, 0}), Landing::Collides);
}

TEST_F(BoardTest, TooBigPastTheLargestMapAndTheClientsRuleRefusesJoins) {
  Board small(candidates, core::Size{6, 6});
  place_room(small);
  EXPECT_EQ(small.test(1, Point{4, 1}), Fit::TooBig);  // the corridor reaches x = 6: 7 wide
  Board b(candidates);
  place_room(b);
  Refuse refuse;
  EXPECT_EQ(b.test(1, Point{4, 1}, &refuse), Fit::Collides);
  EXPECT_EQ(b.test(1, Point{4, 1}), Fit::Ok);
}

TEST_F(BoardTest, ApplyTellsEachChangeAndUndoMakesTheBoardAgain) {
  Board b(candidates);
  place_room(b);
  // The room's doors, in its door order: the east door (4,2) is door 0, in slot 0.
  EXPECT_EQ(events.log, (std::vector<std::string>{"opened 0 by 0", "opened 1 by 1"}));
  ASSERT_EQ(b.slot_at(Point{4, 2}), 0u);
  ASSERT_EQ(b.slot_at(Point{2, 4}), 1u);
  EXPECT_EQ(b.record(0).tag, 100u);
  EXPECT_EQ(b.record(1).tag, 101u);
  b.set_journaling(true);
  const BoardMark before = b.mark();
  events.log.clear();
  ASSERT_EQ(b.test(1, Point{4, 1}), Fit::Ok);  // joins slot 0, opens its east door
  b.apply(1, events);
  EXPECT_EQ(events.log, (std::vector<std::string>{"joined 0 by 0", "opened 0 by 1"}));
  EXPECT_EQ(b.cell(Point{4, 2}), CellState::Door);
  EXPECT_EQ(b.cell(Point{6, 2}), CellState::Open);
  EXPECT_EQ(b.record(0).placement, 1);  // the freed slot is used again
  EXPECT_EQ(b.bounds(), (core::Rect{0, 0, 7, 5}));
  events.log.clear();
  ASSERT_EQ(b.test(3, Point{1, 4}), Fit::Ok);  // covers the south door (slot 1)
  b.apply(2, events);
  EXPECT_EQ(events.log, (std::vector<std::string>{"covered 1", "opened 1 by 0"}));
  b.undo(before);
  EXPECT_EQ(b.cell(Point{4, 2}), CellState::Open);
  EXPECT_EQ(b.cell(Point{2, 4}), CellState::Open);
  EXPECT_EQ(b.cell(Point{6, 2}), CellState::Empty);
  EXPECT_EQ(b.cell(Point{2, 5}), CellState::Empty);
  EXPECT_EQ(b.slot_at(Point{4, 2}), 0u);
  EXPECT_EQ(b.slot_at(Point{2, 4}), 1u);
  EXPECT_EQ(b.slot_at(Point{6, 2}), std::nullopt);
  EXPECT_EQ(b.bounds(), (core::Rect{0, 0, 5, 5}));
  EXPECT_EQ(b.test(1, Point{4, 1}), Fit::Ok);  // the same join is possible again
}

TEST_F(BoardTest, APictureShowsOpenDoorsAsDoors) {
  Board b(candidates);
  place_room(b);
  EXPECT_EQ(test::ascii_from_cells(b.picture(b.bounds())), kRoom);
}

}  // namespace
}  // namespace dungen::gen
