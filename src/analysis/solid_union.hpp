#pragma once
/// \file solid_union.hpp
/// The cells one cannot walk on, joined into 8-connected pieces by union-find. On a grid,
/// 4-connected open cells and 8-connected solid cells are each other's borders (digital
/// topology, Rosenfeld 1970s): closing an open cell cuts the open cells around it apart
/// exactly when it joins two pieces of its solid ring that are already one piece (the new
/// cell closes a loop of solid cells). Used by Obstacles (obstacles.hpp).

#include <cstdint>
#include <functional>
#include <vector>

#include "core/geometry.hpp"

namespace dungen::analysis {

/// Union-find over a `size` map's solid cells, everything beyond the map one solid piece.
/// Four bytes per cell; each operation amortised O(log cells) (path halving).
class SolidUnion {
 public:
  /// `is_solid(p)` tells which cells of the map are solid at first. Linear in map cells.
  SolidUnion(core::Size size, const std::function<bool(core::Point)>& is_solid);

  /// Whether `p` is solid; true off the map.
  [[nodiscard]] bool solid(core::Point p) const;
  /// Makes open cell `p` solid, joined with its solid 8-neighbours.
  void add(core::Point p);
  /// The piece of solid cell `p` (off the map: the outside's).
  [[nodiscard]] std::uint32_t piece(core::Point p);
  /// Whether blocking open cell `p` would keep its open 4-neighbours joined: the solid arcs
  /// of its ring of 8 between them all lie in different pieces.
  [[nodiscard]] bool keeps_joined(core::Point p);

 private:
  static constexpr std::uint32_t kOpen = 0xffffffffu;
  [[nodiscard]] std::uint32_t index(core::Point p) const;
  [[nodiscard]] std::uint32_t find(std::uint32_t i);
  void join(std::uint32_t a, std::uint32_t b);

  core::Size size_;
  std::vector<std::uint32_t> parent_;  ///< per cell, then the outside; kOpen for open cells
};

}  // namespace dungen::analysis
