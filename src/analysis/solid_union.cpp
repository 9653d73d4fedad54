#include "analysis/solid_union.hpp"

#include <array>

namespace dungen::analysis {
namespace {

using core::Point;

// The ring of 8 around a cell, clockwise from north: even entries are its 4-neighbours.
constexpr std::array<Point, 8> kRing = {Point{0, -1}, Point{1, -1}, Point{1, 0},  Point{1, 1},
                                        Point{0, 1},  Point{-1, 1}, Point{-1, 0}, Point{-1, -1}};

}  // namespace

SolidUnion::SolidUnion(core::Size size, const std::function<bool(Point)>& is_solid)
    : size_(size), parent_(static_cast<std::size_t>(size.area()) + 1, kOpen) {
  const auto outside = static_cast<std::uint32_t>(parent_.size() - 1);
  parent_[outside] = outside;
  for (int y = 0; y < size.height; ++y) {
    for (int x = 0; x < size.width; ++x) {
      if (is_solid({x, y})) parent_[index({x, y})] = index({x, y});
    }
  }
  // Each pair of 8-neighbours once: east, south-west, south and south-east of each cell.
  constexpr Point kForward[4] = {{1, 0}, {-1, 1}, {0, 1}, {1, 1}};
  for (int y = 0; y < size.height; ++y) {
    for (int x = 0; x < size.width; ++x) {
      const Point p{x, y};
      if (!solid(p)) continue;
      const bool edge = x == 0 || y == 0 || x == size.width - 1 || y == size.height - 1;
      if (edge) join(index(p), outside);
      for (const Point& d : kForward) {
        if (solid(p + d)) join(index(p), index(p + d));
      }
    }
  }
}

std::uint32_t SolidUnion::index(Point p) const {
  if (p.x < 0 || p.y < 0 || p.x >= size_.width || p.y >= size_.height)
    return static_cast<std::uint32_t>(parent_.size() - 1);
  return static_cast<std::uint32_t>(p.y) * static_cast<std::uint32_t>(size_.width) +
         static_cast<std::uint32_t>(p.x);
}

bool SolidUnion::solid(Point p) const { return parent_[index(p)] != kOpen; }

std::uint32_t SolidUnion::find(std::uint32_t i) {
  while (parent_[i] != i) {
    parent_[i] = parent_[parent_[i]];  // path halving
    i = parent_[i];
  }
  return i;
}

void SolidUnion::join(std::uint32_t a, std::uint32_t b) {
  a = find(a);
  b = find(b);
  if (a != b) parent_[a] = b;
}

std::uint32_t SolidUnion::piece(Point p) { return find(index(p)); }

void SolidUnion::add(Point p) {
  const std::uint32_t i = index(p);
  parent_[i] = i;
  for (const Point& d : kRing) {
    if (solid(p + d)) join(i, index(p + d));
  }
}

bool SolidUnion::keeps_joined(Point p) {
  std::array<bool, 8> open{};
  for (std::size_t i = 0; i < 8; ++i) open[i] = !solid(p + kRing[i]);
  // Open ring cells beside p's open 4-neighbours: its neighbours and the diagonal cells
  // next to one of them. Between two such groups lies an arc of solid ring cells, all one
  // piece (two solid 4-neighbours around an open diagonal cell touch at a corner).
  auto in_group = [&](std::size_t i) {
    return open[i] && (i % 2 == 0 || open[(i + 1) % 8] || open[(i + 7) % 8]);
  };
  std::size_t start = 8;
  for (std::size_t i = 0; i < 8 && start == 8; ++i) {
    if (!open[i]) start = i;
  }
  if (start == 8) return true;  // an open ring: nothing to cut
  std::array<std::uint32_t, 4> arcs{};
  std::size_t count = 0;
  bool in_arc = true;  // walking the arc of `start`
  std::uint32_t arc = piece(p + kRing[start]);
  for (std::size_t t = 1; t < 8; ++t) {
    const std::size_t i = (start + t) % 8;
    if (in_group(i) && in_arc) {
      arcs[count++] = arc;
      in_arc = false;
    } else if (!open[i] && !in_arc) {
      arc = piece(p + kRing[i]);
      in_arc = true;
    }
  }
  // The arc still walked at the end goes on into the first one: the same arc.
  for (std::size_t a = 0; a < count; ++a) {
    for (std::size_t b = a + 1; b < count; ++b) {
      if (arcs[a] == arcs[b]) return false;
    }
  }
  return true;
}

}  // namespace dungen::analysis
