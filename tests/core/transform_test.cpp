#include "core/transform.hpp"

#include <gtest/gtest.h>

#include "core/tile.hpp"
#include "support/test_support.hpp"

namespace dungen::core {
namespace {

using test::ascii_from_cells;
using test::cells_from_ascii;

// An asymmetric, non-square tile (3 wide, 2 high): fast-wfc's mirror bug only shows on
// non-square grids.
constexpr const char* kTile = "#.+\n..#";

TEST(Transform, AllEightOrientationsOfAnAsymmetricTile) {
  const auto cells = cells_from_ascii(kTile);
  const std::pair<Orientation, const char*> expected[] = {
      {Orientation::R0, "#.+\n..#"},
      {Orientation::R90, ".#\n..\n#+"},  // clockwise: the left column becomes the top row
      {Orientation::R180, "#..\n+.#"},
      {Orientation::R270, "+#\n..\n#."},
      {Orientation::F0, "+.#\n#.."},     // mirror: x -> w-1-x
      {Orientation::F90, "#+\n..\n.#"},  // mirror, then a clockwise quarter turn
      {Orientation::F180, "..#\n#.+"},
      {Orientation::F270, "#.\n..\n+#"},
  };
  for (const auto& [o, art] : expected) {
    SCOPED_TRACE(std::string(orientation_name(o)));
    EXPECT_EQ(ascii_from_cells(apply(o, cells)), art);
  }
}

TEST(Transform, PointMappingMatchesGridMapping) {
  const Size size{5, 3};
  for (Orientation o : kOrientations) {
    EXPECT_EQ(apply(o, size), (quarter_turns(o) % 2 == 1 ? Size{3, 5} : size));
    for (int y = 0; y < size.height; ++y) {
      for (int x = 0; x < size.width; ++x) {
        const Point p = apply(o, Point{x, y}, size);
        EXPECT_GE(p.x, 0);
        EXPECT_GE(p.y, 0);
        EXPECT_LT(p.x, apply(o, size).width);
        EXPECT_LT(p.y, apply(o, size).height);
      }
    }
  }
}

TEST(Transform, CompositionMatchesApplyingInTurnForAll64Pairs) {
  const auto cells = cells_from_ascii(kTile);
  for (Orientation a : kOrientations) {
    for (Orientation b : kOrientations) {
      SCOPED_TRACE(std::string(orientation_name(a)) + " then " + std::string(orientation_name(b)));
      EXPECT_EQ(apply(b, apply(a, cells)), apply(compose(a, b), cells));
      for (Facing f : kFacings) EXPECT_EQ(apply(b, apply(a, f)), apply(compose(a, b), f));
    }
  }
}

TEST(Transform, InverseUndoesEveryOrientation) {
  const auto cells = cells_from_ascii(kTile);
  for (Orientation o : kOrientations) {
    EXPECT_EQ(compose(o, inverse(o)), Orientation::R0);
    EXPECT_EQ(compose(inverse(o), o), Orientation::R0);
    EXPECT_EQ(apply(inverse(o), apply(o, cells)), cells);
  }
}

TEST(Transform, FacingsTurnClockwiseAndMirrorSwapsEastWest) {
  EXPECT_EQ(apply(Orientation::R90, Facing::North), Facing::East);
  EXPECT_EQ(apply(Orientation::R90, Facing::West), Facing::North);
  EXPECT_EQ(apply(Orientation::F0, Facing::East), Facing::West);
  EXPECT_EQ(apply(Orientation::F0, Facing::North), Facing::North);
  EXPECT_EQ(apply(Orientation::F90, Facing::East), Facing::North);  // east -> west -> north
}

TEST(Transform, NamesRoundTrip) {
  for (Orientation o : kOrientations) EXPECT_EQ(parse_orientation(orientation_name(o)), o);
  EXPECT_FALSE(parse_orientation("r45"));
  EXPECT_EQ(degrees(Orientation::F270), 270);
  EXPECT_TRUE(is_flipped(Orientation::F0));
}

TEST(Transform, TmxFlagsAreLosslessAndMatchTiledsConvention) {
  for (Orientation o : kOrientations) EXPECT_EQ(from_tmx_flags(to_tmx_flags(o)), o);
  EXPECT_EQ(to_tmx_flags(Orientation::R0), 0u);
  EXPECT_EQ(to_tmx_flags(Orientation::F0), 0x80000000u);    // horizontal flip
  EXPECT_EQ(to_tmx_flags(Orientation::F180), 0x40000000u);  // vertical flip
  EXPECT_EQ(to_tmx_flags(Orientation::R90), 0xA0000000u);   // diagonal, then horizontal
  EXPECT_EQ(from_tmx_flags(0x20000000u | 42u), Orientation::F270);
}

TEST(Transform, DoorsFollowTheirCells) {
  const Tile t = test::tile_from_ascii("#+#\n#.#\n#.#\n#..+\n####", "bend.png");
  ASSERT_EQ(t.doors.size(), 2u);
  for (Orientation o : kOrientations) {
    const auto cells = apply(o, t.cells);
    for (const Door& d : t.doors) {
      const Door od = apply(o, d, t.cells.size());
      EXPECT_EQ(od.width, d.width);
      EXPECT_EQ(od.facing, apply(o, d.facing));
      for (int i = 0; i < od.width; ++i) EXPECT_EQ(cells[od.cell(i)], CellKind::Door);
      EXPECT_EQ(cells.get_or(od.start + step(od.facing), CellKind::Void), CellKind::Void);
    }
  }
}

TEST(Transform, DistinctOrientationsCountSymmetries) {
  EXPECT_EQ(distinct_orientations(cells_from_ascii(kTile)).size(), 8u);
  EXPECT_EQ(distinct_orientations(cells_from_ascii("#+#\n+.+\n#+#")).size(),
            1u);  // full D4 symmetry
  EXPECT_EQ(distinct_orientations(cells_from_ascii("#+#\n#.#\n#+#")).size(),
            2u);  // straight corridor
  EXPECT_EQ(distinct_orientations(cells_from_ascii("#+#\n#.#\n###")).size(),
            4u);  // a cap: mirror-symmetric
  // Restricted to rotations only.
  EXPECT_EQ(distinct_orientations(cells_from_ascii(kTile), 0x0F).size(), 4u);
}

}  // namespace
}  // namespace dungen::core
