// Which tiles each graph room may take, corridor transitions, and what makes a graph
// impossible before any search (stitcher.hpp).
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>
#include <set>

#include "core/tile_parts.hpp"
#include "gen/graph/stitcher.hpp"

namespace dungen::gen::graph {
namespace {

bool is_corridor(const core::Tile& t) { return core::has_tag(t.settings.tags, "corridor"); }

bool takes(const core::GraphRoom& room, const core::Tile& t) {
  bool tagged = false;
  for (const std::string& tag : room.tags) {
    if (tag == "start" || tag == "exit") continue;  // they mark the room, not its tile
    tagged = true;
    if (!core::has_tag(t.settings.tags, tag)) return false;
  }
  return tagged || !is_corridor(t);
}

/// The door widths the connections of room `r` ask for (connections with a width), sorted.
std::vector<int> widths_asked(const core::LevelGraph& graph, int r) {
  std::vector<int> widths;
  for (const core::GraphLink& l : graph.links)
    if ((l.a == r || l.b == r) && l.width > 0) widths.push_back(l.width);
  std::sort(widths.begin(), widths.end());
  return widths;
}

/// True when the sorted widths `have` hold every width of the sorted `asked`, each door once.
bool holds(const std::vector<int>& have, const std::vector<int>& asked) {
  return std::includes(have.begin(), have.end(), asked.begin(), asked.end());
}

/// Eligible tiles of room `r`: tagged as asked, weight above 0, max above 0, at least
/// `degree` doors in its main part, among them doors of the widths its connections ask for.
std::vector<core::TileId> eligible(const core::LevelGraph& graph, const core::TileSet& set,
                                   const Plan& plan, int r, std::size_t degree) {
  std::vector<core::TileId> tiles;
  const std::vector<int> asked = widths_asked(graph, r);
  for (core::TileId t = 0; t < set.tiles.size(); ++t) {
    const core::Tile& tile = set.tiles[t];
    if (!takes(graph.rooms[static_cast<std::size_t>(r)], tile) || tile.settings.weight == 0 ||
        tile.settings.max_uses == 0 || plan.joined_widths[t].size() < degree ||
        !holds(plan.joined_widths[t], asked))
      continue;
    tiles.push_back(t);
  }
  return tiles;
}

/// The weight tile `t` is drawn with for room `r`: its own, times kPreferred for the entrance
/// room and a tile tagged `start` (`exit` room, tile tagged `exit`), so such tiles are tried
/// first, not only.
std::uint32_t weight_for(const core::TileSet& set, int r, int entrance, int exit, core::TileId t) {
  constexpr std::uint64_t kPreferred = 1000;
  const auto& tags = set.tiles[t].settings.tags;
  const bool preferred =
      (r == entrance && core::has_tag(tags, "start")) || (r == exit && core::has_tag(tags, "exit"));
  const std::uint64_t w = set.tiles[t].settings.weight;
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(
      preferred ? w * kPreferred : w, std::numeric_limits<std::uint32_t>::max()));
}

void add_transitions(Plan& plan, const core::TileSet& set, const Candidates& candidates) {
  for (std::uint32_t v = 0; v < candidates.variants().size(); ++v) {
    const OrientedTile& ot = candidates.variants()[v];
    const core::Tile& tile = set.tiles[ot.tile];
    if (!is_corridor(tile) || tile.settings.weight == 0) continue;
    for (std::size_t i = 0; i < ot.doors.size(); ++i) {
      for (std::size_t j = 0; j < ot.doors.size(); ++j) {
        if (i == j || ot.door_part[i] != ot.door_part[j]) continue;  // walkable between them
        plan.by_entry[{ot.doors[i].width, static_cast<int>(ot.doors[i].facing)}].push_back(
            static_cast<std::uint32_t>(plan.transitions.size()));
        plan.transitions.push_back({v, static_cast<int>(i), static_cast<int>(j)});
        plan.reach = std::max(plan.reach, core::manhattan(ot.doors[i].start, ot.doors[j].start));
      }
    }
  }
}

}  // namespace

Plan make_plan(const core::LevelGraph& graph, const core::TileSet& set,
               const Candidates& candidates) {
  Plan plan;
  for (const OrientedTile& v : candidates.variants()) {
    plan.main_part.push_back(core::main_part(core::find_parts(v.cells)));
    plan.extent = std::max({plan.extent, v.content.width, v.content.height});
  }
  for (core::TileId t = 0; t < set.tiles.size(); ++t) {  // the same in every orientation
    const auto& variants = candidates.variants_of(t);
    std::vector<int> widths;
    if (!variants.empty()) {
      const OrientedTile& v = candidates.variants()[variants.front()];
      for (std::size_t d = 0; d < v.doors.size(); ++d)
        if (v.door_part[d] == plan.main_part[variants.front()]) widths.push_back(v.doors[d].width);
    }
    std::sort(widths.begin(), widths.end());
    plan.joined_widths.push_back(std::move(widths));
  }
  const auto adj = core::graph_adjacency(graph);
  const int entrance = core::entrance_room(graph), exit = core::exit_room(graph);
  for (std::size_t r = 0; r < graph.rooms.size(); ++r) {
    plan.room_tiles.push_back(eligible(graph, set, plan, static_cast<int>(r), adj[r].size()));
    auto& weights = plan.room_weights.emplace_back();
    for (core::TileId t : plan.room_tiles.back())
      weights.push_back(weight_for(set, static_cast<int>(r), entrance, exit, t));
    std::vector<RoomDoor> doors;
    for (std::size_t i = 0; i < plan.room_tiles.back().size(); ++i) {
      for (std::uint32_t v : candidates.variants_of(plan.room_tiles.back()[i])) {
        const OrientedTile& ot = candidates.variants()[v];
        for (std::size_t d = 0; d < ot.doors.size(); ++d) {
          if (ot.door_part[d] == plan.main_part[v])
            doors.push_back({v, static_cast<int>(d), weights[i]});
        }
      }
    }
    auto& by = plan.room_doors_by_signature.emplace_back();
    for (const RoomDoor& d : doors)
      by[door_signature(candidates.variants()[d.variant].doors[static_cast<std::size_t>(d.door)])]
          .push_back(d);
    plan.room_doors.push_back(std::move(doors));
  }
  add_transitions(plan, set, candidates);
  add_passes(plan, set, candidates);
  return plan;
}

std::string room_tiles_text(const core::GraphRoom& room) {
  std::vector<std::string> asked;
  for (const std::string& tag : room.tags)
    if (tag != "start" && tag != "exit") asked.push_back(tag);
  if (asked.empty()) return "not tagged corridor";
  return fmt::format("tagged {}", fmt::join(asked, "+"));
}

namespace {

std::set<int> widths_of(const core::TileSet& set, const std::vector<core::TileId>& tiles) {
  std::set<int> widths;
  for (core::TileId t : tiles)
    for (const core::Door& d : set.tiles[t].doors) widths.insert(d.width);
  return widths;
}

std::string room_missing(const core::LevelGraph& graph, const core::TileSet& set, const Plan& plan,
                         std::size_t r, std::size_t degree) {
  const core::GraphRoom& room = graph.rooms[r];
  std::size_t most = 0;
  bool tagged = false, any = false, enough = false;
  const std::vector<int> asked = widths_asked(graph, static_cast<int>(r));
  for (core::TileId t = 0; t < set.tiles.size(); ++t) {
    const core::Tile& tile = set.tiles[t];
    if (!takes(room, tile)) continue;
    tagged = true;
    if (tile.settings.weight == 0 || tile.settings.max_uses == 0) continue;
    any = true;
    most = std::max(most, plan.joined_widths[t].size());
    enough = enough || plan.joined_widths[t].size() >= degree;
  }
  if (!tagged) {
    return fmt::format(
        "room \"{}\": no tile {}; tag one in the tile settings (tileset.txt or --tileset FILE)",
        room.name, room_tiles_text(room));
  }
  if (!any) {
    return fmt::format(
        "room \"{}\": every tile {} has weight=0 or max=0 in the tile settings (tileset.txt or "
        "--tileset FILE); give one a weight and a max above 0",
        room.name, room_tiles_text(room));
  }
  if (!enough) {
    return fmt::format(
        "room \"{}\": has {} connections but no tile {} has more than {} doors joined by its "
        "floor",
        room.name, degree, room_tiles_text(room), most);
  }
  for (const core::GraphLink& l : graph.links) {  // one width no tile has at all
    if ((l.a != static_cast<int>(r) && l.b != static_cast<int>(r)) || l.width == 0) continue;
    bool held = false;
    for (core::TileId t = 0; t < set.tiles.size() && !held; ++t) {
      const auto& w = plan.joined_widths[t];
      held = takes(room, set.tiles[t]) && set.tiles[t].settings.weight > 0 &&
             set.tiles[t].settings.max_uses != 0 && w.size() >= degree &&
             std::find(w.begin(), w.end(), l.width) != w.end();
    }
    if (!held) {
      return fmt::format("connection {}: no tile {} has a width-{} door", core::link_name(graph, l),
                         room_tiles_text(room), l.width);
    }
  }
  return fmt::format(
      "room \"{}\": its connections ask for doors {} cells wide but no tile {} has them all, "
      "joined by its floor",
      room.name, fmt::join(asked, ", "), room_tiles_text(room));
}

std::string width_missing(const core::LevelGraph& graph, const core::TileSet& set, const Plan& plan,
                          const core::GraphLink& link, int corridor_max) {
  const auto& ra = graph.rooms[static_cast<std::size_t>(link.a)];
  const auto& rb = graph.rooms[static_cast<std::size_t>(link.b)];
  const std::set<int> wa = widths_of(set, plan.room_tiles[static_cast<std::size_t>(link.a)]);
  const std::set<int> wb = widths_of(set, plan.room_tiles[static_cast<std::size_t>(link.b)]);
  if (link.width > 0) {
    for (const auto* room : {&ra, &rb}) {
      const auto& w = room == &ra ? wa : wb;
      if (w.count(link.width) == 0) {
        return fmt::format("connection {}: no tile {} has a width-{} door",
                           core::link_name(graph, link), room_tiles_text(*room), link.width);
      }
    }
    return "";
  }
  for (int w : wa) {
    if (wb.count(w) != 0) return "";
  }
  if (corridor_max > 0 && !plan.transitions.empty()) return "";  // a corridor may change width
  return fmt::format(
      "connection {}: tiles for \"{}\" have doors {} cells wide and tiles for "
      "\"{}\" {}; no width is shared",
      core::link_name(graph, link), ra.name, fmt::join(wa, ", "), rb.name, fmt::join(wb, ", "));
}

}  // namespace

std::string missing_ingredient(const core::LevelGraph& graph, const core::TileSet& set,
                               const Plan& plan, int corridor_max) {
  const auto adj = core::graph_adjacency(graph);
  for (std::size_t r = 0; r < graph.rooms.size(); ++r) {
    if (plan.room_tiles[r].empty()) return room_missing(graph, set, plan, r, adj[r].size());
  }
  for (const core::GraphLink& link : graph.links) {
    std::string text = width_missing(graph, set, plan, link, corridor_max);
    if (!text.empty()) return text;
  }
  return "";
}

std::string loop_text(const core::LevelGraph& graph, const std::vector<int>& parent,
                      const core::GraphLink& link) {
  // The two tree paths up from the link's rooms meet at their lowest common ancestor.
  std::vector<int> up_a{link.a}, up_b{link.b};
  while (parent[static_cast<std::size_t>(up_a.back())] >= 0)
    up_a.push_back(parent[static_cast<std::size_t>(up_a.back())]);
  while (parent[static_cast<std::size_t>(up_b.back())] >= 0)
    up_b.push_back(parent[static_cast<std::size_t>(up_b.back())]);
  while (up_a.size() > 1 && up_b.size() > 1 && up_a[up_a.size() - 2] == up_b[up_b.size() - 2]) {
    up_a.pop_back();
    up_b.pop_back();
  }
  std::vector<std::string> names;
  for (int r : up_a) names.push_back(graph.rooms[static_cast<std::size_t>(r)].name);
  for (std::size_t i = up_b.size() - 1; i-- > 0;)
    names.push_back(graph.rooms[static_cast<std::size_t>(up_b[i])].name);
  // A long loop is named by its ends: the line stays short enough to read.
  constexpr std::size_t kShown = 3;
  if (names.size() > 2 * kShown + 2) {
    const std::size_t length = names.size();
    names.erase(names.begin() + kShown, names.end() - kShown);
    names.insert(names.begin() + kShown, "...");
    return fmt::format("{} (length {})", fmt::join(names, "-"), length);
  }
  return fmt::format("{} (length {})", fmt::join(names, "-"), names.size());
}

}  // namespace dungen::gen::graph
