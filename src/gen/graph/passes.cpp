// The ways through the tiles rooms take, by where their doors lie (stitcher.hpp): a loop's
// closing room meets its two neighbours' reaches by one look-up per pair of reach ends.
#include <algorithm>

#include "gen/graph/stitcher.hpp"

namespace dungen::gen::graph {

std::size_t PassKeyHash::operator()(const PassKey& k) const noexcept {
  std::uint64_t h = (std::uint64_t{k.entry} << 32) ^ k.exit;
  h ^= (std::uint64_t{static_cast<std::uint32_t>(k.dx)} << 16) * 0x9E3779B97F4A7C15ULL;
  h ^= std::uint64_t{static_cast<std::uint32_t>(k.dy)} * 0xC2B2AE3D27D4EB4FULL;
  h ^= h >> 29;
  return static_cast<std::size_t>(h * 0xBF58476D1CE4E5B9ULL);
}

std::uint32_t door_signature(const core::Door& d) {
  return (static_cast<std::uint32_t>(d.width) << 10) | (std::uint32_t{d.kind} << 2) |
         static_cast<std::uint32_t>(d.facing);
}

std::uint32_t mate_signature(const core::Door& d) {
  core::Door mate = d;
  mate.facing = core::opposite(d.facing);
  return door_signature(mate);
}

void add_passes(Plan& plan, const core::TileSet& set, const Candidates& candidates) {
  std::vector<char> taken(set.tiles.size(), 0);
  for (const auto& tiles : plan.room_tiles) {
    std::vector<char>& takes = plan.room_takes.emplace_back(set.tiles.size(), 0);
    for (core::TileId t : tiles) takes[t] = taken[t] = 1;
  }
  std::vector<char> listed(candidates.variants().size(), 0);
  for (core::TileId t = 0; t < set.tiles.size(); ++t) {
    if (taken[t] == 0) continue;
    for (std::uint32_t v : candidates.variants_of(t)) {
      const OrientedTile& ot = candidates.variants()[v];
      std::vector<int> main;
      for (std::size_t d = 0; d < ot.doors.size(); ++d)
        if (ot.door_part[d] == plan.main_part[v]) main.push_back(static_cast<int>(d));
      if (main.size() > Plan::kPassDoors) continue;
      listed[v] = 1;
      for (int a : main) {
        for (int b : main) {
          if (a == b) continue;
          const core::Door& da = ot.doors[static_cast<std::size_t>(a)];
          const core::Door& db = ot.doors[static_cast<std::size_t>(b)];
          const PassKey key{door_signature(da), door_signature(db), db.start.x - da.start.x,
                            db.start.y - da.start.y};
          plan.passes[key].push_back({v, a, b});
        }
      }
    }
  }
  for (const auto& doors : plan.room_doors) {
    auto& by = plan.unpassed_by.emplace_back();
    for (const RoomDoor& d : doors) {
      if (listed[d.variant] != 0) continue;
      const core::Door& door =
          candidates.variants()[d.variant].doors[static_cast<std::size_t>(d.door)];
      by[{door.width, static_cast<int>(door.facing), door.kind}].push_back(d);
    }
  }
}

}  // namespace dungen::gen::graph
