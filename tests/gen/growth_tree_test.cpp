// GrowthTree (gen/stitch/growth_tree.hpp): steps along the tree between two cells of
// placements, checked by hand on a small tree.
#include "gen/stitch/growth_tree.hpp"

#include <gtest/gtest.h>

namespace dungen::gen {
namespace {

// Root 0; 1 entered at (10,0) from 0; 2 entered at (10,5) from 1; 3 entered at (0,8) from 0.
GrowthTree small_tree() {
  GrowthTree tree;
  tree.add(0);
  tree.add(1);
  tree.join(1, 0, {10, 0});
  tree.add(2);
  tree.join(2, 1, {10, 5});
  tree.add(3);
  tree.join(3, 0, {0, 8});
  return tree;
}

TEST(GrowthTree, WithinOnePlacementIsTheGridDistance) {
  EXPECT_EQ(small_tree().distance(1, {10, 0}, 1, {12, 3}), 5);
}

TEST(GrowthTree, ThroughTheCommonAncestorFromEachSidesEntry) {
  // (12,5) -> 2's entry (10,5): 2; -> 1's entry (10,0): 5; across 0 to (0,8): 18; -> (1,9): 2.
  const GrowthTree tree = small_tree();
  EXPECT_EQ(tree.distance(2, {12, 5}, 3, {1, 9}), 27);
  EXPECT_EQ(tree.distance(3, {1, 9}, 2, {12, 5}), 27);
}

TEST(GrowthTree, FromAnAncestorGoesStraightToTheBranchEntry) {
  // (3,3) in 0 -> 1's entry (10,0): 10; -> 2's entry (10,5): 5; -> (10,6): 1.
  EXPECT_EQ(small_tree().distance(0, {3, 3}, 2, {10, 6}), 16);
}

TEST(GrowthTree, OnlyTheFirstJoinMakesTheParent) {
  GrowthTree tree = small_tree();
  tree.join(2, 3, {0, 9});  // a second door of 2 joined later (a loop): not the tree path
  EXPECT_EQ(tree.distance(2, {12, 5}, 3, {1, 9}), 27);
}

TEST(GrowthTree, PlacementsInDifferentTreesAreFar) {
  GrowthTree tree = small_tree();
  tree.add(4);  // never joined
  EXPECT_EQ(tree.distance(4, {0, 0}, 1, {10, 0}), GrowthTree::kFar);
}

TEST(GrowthTree, AddingAgainForgetsTheUndonePlacements) {
  GrowthTree tree = small_tree();
  tree.add(2);  // 2 and 3 undone; a new 2 is entered from 0
  tree.join(2, 0, {0, 4});
  EXPECT_EQ(tree.distance(2, {0, 4}, 1, {10, 0}), 14);
}

}  // namespace
}  // namespace dungen::gen
