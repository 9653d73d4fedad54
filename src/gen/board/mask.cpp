// The board's frame (--mask, --place): cells its mask refuses are Blocked, and a candidate must
// lie in the frame with every cell the map's walling would wall next to it inside too
// (board.hpp).
#include "core/map.hpp"
#include "gen/board/board.hpp"

namespace dungen::gen {
using core::Point;

void Board::block_outside_mask() {
  const core::Grid<std::uint8_t>* mask = frame_->mask;
  for (int y = 0; mask != nullptr && y < mask->height(); ++y) {
    for (int x = 0; x < mask->width(); ++x) {
      if ((*mask)[Point{x, y}] == 0) occupancy_.set(Point{x, y}, CellState::Blocked);
    }
  }
  halo_.resize(candidates_.variants().size());
  halo_made_.assign(candidates_.variants().size(), false);
}

namespace {

// Empty cells of the tile, or cells beyond it, next to its passable cells: the cells
// core::wall_off_outside may wall. A door's cells look past the door (where its mate's cells
// lie once joined; an unjoined door becomes wall) to no side.
std::vector<Point> halo_of(const OrientedTile& v) {
  core::Grid<std::uint8_t> door_facing(v.cells.size(), 0);  // 1 + facing of a door cell, or 0
  for (const core::Door& d : v.doors) {
    for (int i = 0; i < d.width; ++i)
      door_facing[d.cell(i)] = static_cast<std::uint8_t>(1 + static_cast<int>(d.facing));
  }
  std::vector<Point> halo;
  for (int y = 0; y < v.cells.height(); ++y) {
    for (int x = 0; x < v.cells.width(); ++x) {
      const Point p{x, y};
      if (!core::passable(v.cells[p])) continue;
      for (const core::Facing f : core::kFacings) {
        if (door_facing[p] == 1 + static_cast<int>(f)) continue;
        const Point q = p + core::step(f);
        if (v.cells.get_or(q, core::CellKind::Void) == core::CellKind::Void) halo.push_back(q);
      }
    }
  }
  return halo;
}

}  // namespace

bool Board::inside_frame(std::uint32_t variant, Point origin) {
  const OrientedTile& v = candidates_.variants()[variant];
  const core::Size size = frame_->size;
  const core::Grid<std::uint8_t>* mask = frame_->mask;
  const core::Rect c{origin.x + v.content.x, origin.y + v.content.y, v.content.width,
                     v.content.height};
  if (c.x < 0 || c.y < 0 || c.right() > size.width || c.bottom() > size.height) return false;
  if (!halo_made_[variant]) {
    halo_[variant] = halo_of(v);
    halo_made_[variant] = true;
  }
  for (const Point& q : halo_[variant]) {
    const Point p = origin + q;
    if (p.x < 0 || p.y < 0 || p.x >= size.width || p.y >= size.height ||
        (mask != nullptr && (*mask)[p] == 0))
      return false;
  }
  return true;
}

bool Board::on_blocked(const OrientedTile& v, Point origin) const {
  const auto blocked = [&](Point p) { return occupancy_.get(origin + p) == CellState::Blocked; };
  for (const std::vector<Point>* list : {&v.floors, &v.interior_doors, &v.walls}) {
    for (const Point& p : *list) {
      if (blocked(p)) return true;
    }
  }
  for (const core::Door& d : v.doors) {
    for (int i = 0; i < d.width; ++i) {
      if (blocked(d.cell(i))) return true;
    }
  }
  return false;
}

}  // namespace dungen::gen
