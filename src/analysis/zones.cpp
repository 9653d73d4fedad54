#include "analysis/zones.hpp"

#include <algorithm>
#include <map>

namespace dungen::analysis {

std::vector<Zone> zone_tree(const core::Level& level) {
  std::vector<Zone> zones;
  if (level.puzzle.locks.empty()) return zones;
  // Zones keyed by their key sets, in (size, keys) order.
  std::map<std::pair<std::size_t, std::vector<int>>, std::vector<int>> by_keys;
  const core::ZoneKeys& of = level.puzzle.zones;
  std::vector<std::vector<int>*> members(of.sets().size(), nullptr);  // per set: its zone's
  for (std::size_t p = 0; p < of.size(); ++p) {
    const std::vector<int>& keys = of[p];
    if (keys.size() == 1 && keys[0] < 0) continue;  // not reachable
    std::vector<int>*& zone = members[of.set_of(p)];
    if (zone == nullptr) zone = &by_keys[{keys.size(), keys}];
    zone->push_back(static_cast<int>(p));
  }
  std::map<std::vector<int>, int> id_of;
  for (auto& [key, placements] : by_keys) {
    id_of[key.second] = static_cast<int>(zones.size());
    zones.push_back(
        Zone{static_cast<int>(zones.size()), key.second, std::move(placements), -1, -1});
  }
  for (const core::Lock& l : level.puzzle.locks) {
    const auto from = id_of.find(level.puzzle.zones[static_cast<std::size_t>(l.a)]);
    const auto to = id_of.find(level.puzzle.zones[static_cast<std::size_t>(l.b)]);
    if (from == id_of.end() || to == id_of.end()) continue;
    zones[static_cast<std::size_t>(to->second)].parent = from->second;
    zones[static_cast<std::size_t>(to->second)].lock = l.id;
  }
  return zones;
}

}  // namespace dungen::analysis
