#include "pipeline/graph.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <utility>

#include "core/plural.hpp"
#include "pipeline/generators.hpp"

namespace dungen::pipeline {
namespace {

core::GraphRecord record_of(const core::LevelGraph& graph, const gen::GraphStitchResult& r) {
  core::GraphRecord g;
  g.name = std::filesystem::path(graph.name).filename().string();  // never where it lies
  g.entrance = core::entrance_room(graph);
  g.exit = core::exit_room(graph);
  for (std::size_t i = 0; i < graph.rooms.size(); ++i)
    g.rooms.push_back({graph.rooms[i].name, graph.rooms[i].tags, r.room_placement[i]});
  for (std::size_t k = 0; k < graph.links.size(); ++k) {
    const core::GraphLink& l = graph.links[k];
    g.links.push_back({l.a, l.b, l.width, r.joins[k].made, false, r.joins[k].corridor});
  }
  return g;
}

/// Who each placement is: a graph room (>= 0) or a corridor tile of link k (-1 - k).
std::vector<int> owners(const core::Level& level) {
  std::vector<int> owner(level.map.placements.size(), 0);
  for (std::size_t r = 0; r < level.graph.rooms.size(); ++r)
    if (level.graph.rooms[r].placement >= 0)
      owner[static_cast<std::size_t>(level.graph.rooms[r].placement)] = static_cast<int>(r);
  for (std::size_t k = 0; k < level.graph.links.size(); ++k)
    for (int p : level.graph.links[k].corridor)
      owner[static_cast<std::size_t>(p)] = -1 - static_cast<int>(k);
  return owner;
}

/// Each connection's corridor tiles in path order, from its `from` room to its `to` room.
void order_corridors(core::Level& level) {
  for (core::GraphRecord::Link& l : level.graph.links) {
    if (l.corridor.size() < 2) continue;
    std::vector<int> path;
    int at = level.graph.rooms[static_cast<std::size_t>(l.a)].placement;
    std::vector<int> left = l.corridor;
    while (!left.empty()) {
      const auto next = std::find_if(left.begin(), left.end(), [&](int p) {
        return std::any_of(level.map.connections.begin(), level.map.connections.end(),
                           [&](const core::Connection& c) {
                             return (c.a == at && c.b == p) || (c.a == p && c.b == at);
                           });
      });
      if (next == left.end()) break;  // not a chain (cannot happen): keep the placing order
      at = *next;
      path.push_back(at);
      left.erase(next);
    }
    if (left.empty()) l.corridor = std::move(path);
  }
}

/// Marks the connections --locks sealed (their doors unused, `bypasses_lock`): a loop's
/// connection that would let players walk around a lock.
void mark_sealed(core::Level& level) {
  const std::vector<int> owner = owners(level);
  std::map<std::pair<int, int>, std::vector<int>> sides;  // door cell -> owners of its doors
  for (const core::UnusedDoor& u : level.map.unused_doors) {
    if (u.reason != core::UnusedReason::BypassesLock) continue;
    sides[{u.span.start.x, u.span.start.y}].push_back(owner[static_cast<std::size_t>(u.placement)]);
  }
  for (const auto& [cell, who] : sides) {
    if (who.size() != 2) continue;
    const int corridor = std::min(who[0], who[1]);
    for (std::size_t k = 0; k < level.graph.links.size(); ++k) {
      core::GraphRecord::Link& l = level.graph.links[k];
      const bool ours = corridor < 0
                            ? -1 - corridor == static_cast<int>(k)
                            : (l.a == who[0] && l.b == who[1]) || (l.a == who[1] && l.b == who[0]);
      if (ours) l.sealed = true;
    }
  }
}

std::string stop_text(const core::Level& level) {
  int placed = 0, made = 0, sealed = 0;
  for (const auto& room : level.graph.rooms) placed += room.placement >= 0 ? 1 : 0;
  for (const auto& link : level.graph.links) made += link.made ? 1 : 0;
  for (const auto& link : level.graph.links) sealed += link.sealed ? 1 : 0;
  return fmt::format("graph {}: {} of {} placed, {} of {} made{}", level.graph.name, placed,
                     core::count_of(level.graph.rooms.size(), "rooms"), made,
                     core::count_of(level.graph.links.size(), "connections"),
                     sealed == 0 ? "" : fmt::format(", {} sealed by --locks", sealed));
}

/// A note naming the tiles marked `required` that the level lacks: a graph places its rooms only.
void note_required(core::Level& level, const core::TileSet& set) {
  std::vector<bool> placed(set.tiles.size(), false);
  for (const core::Placement& p : level.map.placements) placed[p.tile] = true;
  std::vector<std::string> missing;
  for (std::size_t t = 0; t < set.tiles.size(); ++t)
    if (set.tiles[t].settings.required && !placed[t]) missing.push_back(set.tiles[t].name);
  if (missing.empty()) return;
  // generate --graph's levels keep their words while that spelling is deprecated.
  level.outcome.notes.push_back(fmt::format(
      "`required` is not honoured {}, which places the graph's rooms only: {} not placed; tag "
      "the tile and give a graph room that tag",
      level.origin.generator == "graph" ? "by dungen graph" : "with --graph",
      fmt::join(missing, ", ")));
}

core::Level realised_level(gen::GraphStitchResult&& r, const core::TileSet& set,
                           const GraphSettings& settings, core::Seed seed) {
  core::Level level = new_level(settings.generator, seed, settings.options);
  level.origin.input_hash = settings.input_hash;
  const core::LevelGraph& graph = settings.graph;
  level.graph = record_of(graph, r);
  level.outcome.stop_reason = r.complete ? "graph_realised" : "graph_not_realised";
  level.outcome.terminated_early = !r.complete;
  if (!r.complete) level.outcome.early_notes.push_back(r.diagnosis);
  note_walled_cells(level, r.walled_cells);
  level.map = std::move(r.map);
  order_corridors(level);
  Analyses analyses = settings.analyses;
  analyses.exit_placement = level.graph.rooms[static_cast<std::size_t>(level.graph.exit)].placement;
  finish_level(level, analyses);
  mark_sealed(level);
  note_required(level, set);
  level.outcome.stop_text = stop_text(level);
  return level;
}

}  // namespace

core::Level graph_level(const core::TileSet& set, const gen::Candidates& candidates,
                        const GraphSettings& settings, core::Seed seed) {
  core::Level best;
  int best_rooms = -1;
  for (int attempt = 0; attempt <= settings.retries; ++attempt) {
    const core::Seed s = core::retry_seed(seed, attempt);
    core::Rng rng(s);
    gen::GraphStitchOptions stitch = settings.stitch;
    stitch.observe = settings.analyses.observe;
    core::Level level = realised_level(
        gen::graph_stitch(settings.graph, set, candidates, stitch, rng), set, settings, s);
    if (!level.outcome.terminated_early) return level;
    int rooms = 0;
    for (const auto& room : level.graph.rooms) rooms += room.placement >= 0 ? 1 : 0;
    if (rooms > best_rooms) {
      best = std::move(level);
      best_rooms = rooms;
    }
  }
  return best;
}

}  // namespace dungen::pipeline
