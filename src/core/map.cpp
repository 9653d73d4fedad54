#include "core/map.hpp"

namespace dungen::core {

std::string_view unused_reason_key(UnusedReason r) {
  switch (r) {
    case UnusedReason::NoTileWithWidth: return "no_tile_with_width";
    case UnusedReason::AllCollide: return "all_candidates_collide";
    case UnusedReason::OutsideMaxSize: return "outside_max_size";
    case UnusedReason::UsesExhausted: return "tile_uses_exhausted";
    case UnusedReason::TileBudget: return "tile_budget_reached";
    case UnusedReason::LandedOnWall: return "landed_on_wall";
    case UnusedReason::CoveredByWall: return "covered_by_wall";
    case UnusedReason::NotJoined: return "not_joined";
  }
  return "unknown";
}

std::string_view unused_reason_text(UnusedReason r) {
  switch (r) {
    case UnusedReason::NoTileWithWidth: return "no tile has a door of this width";
    case UnusedReason::AllCollide: return "every candidate tile collides";
    case UnusedReason::OutsideMaxSize: return "the map would grow past --max-size";
    case UnusedReason::UsesExhausted: return "every fitting tile reached its use limit";
    case UnusedReason::TileBudget: return "tile budget reached and no cap fits";
    case UnusedReason::LandedOnWall: return "placed onto a wall";
    case UnusedReason::CoveredByWall: return "covered by a later tile's wall";
    case UnusedReason::NotJoined: return "not joined by the generator";
  }
  return "unknown";
}

}  // namespace dungen::core
