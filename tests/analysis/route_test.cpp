#include "analysis/route.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/ascii.hpp"

namespace dungen::analysis {
namespace {

using core::Point;

// A corridor west to east; the key lies in a side room to the south, behind the entrance.
core::Level keyed_level() {
  core::Level level;
  level.map.cells = core::cells_from_ascii(
      "##########\n"
      "#.......+.#\n"
      "#+#########\n"
      "#.#\n"
      "###");
  level.analysis.entrance = Point{3, 1};
  level.analysis.exit = Point{9, 1};
  level.puzzle.locks = {core::Lock{0, 0, 1, core::Door{{8, 1}, 1, core::Facing::East}, 0}};
  level.puzzle.keys = {core::Key{0, {1, 3}, 0}};
  return level;
}

int turns_of(const std::vector<Point>& route) {
  int turns = 0;
  for (std::size_t i = 2; i < route.size(); ++i) {
    const Point a = route[i - 1] - route[i - 2], b = route[i] - route[i - 1];
    turns += !(a == b);
  }
  return turns;
}

TEST(Route, FetchesTheKeyBeforeTheLockAndEndsAtTheExit) {
  const core::Level level = keyed_level();
  const auto route = find_route(level);
  ASSERT_TRUE(route.has_value());
  EXPECT_EQ(route->front(), *level.analysis.entrance);
  EXPECT_EQ(route->back(), *level.analysis.exit);
  for (std::size_t i = 1; i < route->size(); ++i) {
    const Point d = (*route)[i] - (*route)[i - 1];
    EXPECT_EQ(std::abs(d.x) + std::abs(d.y), 1) << "step " << i;
  }
  const auto key = std::find(route->begin(), route->end(), Point{1, 3});
  const auto lock = std::find(route->begin(), route->end(), Point{8, 1});
  ASSERT_NE(key, route->end());
  EXPECT_LT(key, lock);
  EXPECT_EQ(route->size(), 2 + 2 + 2 + 8 + 1u);  // west 2, south 2, back 2, east 8, plus the start
}

TEST(Route, NoWayWhenTheKeyIsWalledOffOrBlocked) {
  core::Level level = keyed_level();
  level.map.cells[Point{1, 2}] = core::CellKind::Wall;
  EXPECT_FALSE(find_route(level).has_value());
  level = keyed_level();
  std::vector<bool> blocked(level.map.cells.data().size(), false);
  blocked[1 * 11 + 5] = true;  // (5, 1): the corridor
  EXPECT_FALSE(find_route(level, {0, core::Facing::East, &blocked}).has_value());
  level.analysis.exit.reset();
  EXPECT_FALSE(find_route(level).has_value());
}

TEST(Route, TurnCostPrefersStraightWalks) {
  core::Level level;
  level.map.cells = core::cells_from_ascii(
      "#######\n"
      "#.....#\n"
      "#.....#\n"
      "#.....#\n"
      "#######");
  level.analysis.entrance = Point{1, 1};
  level.analysis.exit = Point{5, 3};
  const auto shortest = find_route(level, {0, core::Facing::East, nullptr});
  const auto straight = find_route(level, {6, core::Facing::East, nullptr});
  ASSERT_TRUE(shortest && straight);
  EXPECT_EQ(shortest->size(), straight->size());  // both shortest here
  EXPECT_EQ(turns_of(*straight), 1);
  EXPECT_EQ(*straight,
            *find_route(level, {6, core::Facing::East, nullptr}));  // the same every time
}

}  // namespace
}  // namespace dungen::analysis
