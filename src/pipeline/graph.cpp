#include "pipeline/graph.hpp"

#include <fmt/format.h>

#include <filesystem>

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
    g.links.push_back({l.a, l.b, l.width, r.joins[k].made, r.joins[k].corridor});
  }
  return g;
}

core::Level to_level(gen::GraphStitchResult&& r, const GraphSettings& settings, core::Seed seed) {
  core::Level level = new_level("generate", seed, settings.options);
  level.origin.input_hash = settings.input_hash;
  const core::LevelGraph& graph = settings.graph;
  level.graph = record_of(graph, r);
  int placed = 0, made = 0;
  for (const auto& room : level.graph.rooms) placed += room.placement >= 0 ? 1 : 0;
  for (const auto& link : level.graph.links) made += link.made ? 1 : 0;
  level.outcome.stop_reason = r.complete ? "graph_realised" : "graph_not_realised";
  level.outcome.stop_text =
      fmt::format("graph {}: {} of {} placed, {} of {} made", level.graph.name, placed,
                  core::count_of(graph.rooms.size(), "rooms"), made,
                  core::count_of(graph.links.size(), "connections"));
  level.outcome.terminated_early = !r.complete;
  if (!r.complete) level.outcome.early_notes.push_back(r.diagnosis);
  if (r.walled_cells > 0) {
    level.outcome.notes.push_back(
        fmt::format("{} next to floor or doors walled up, so nothing walkable touches the "
                    "outside (tiles with corner doors or gaps in their walls; dungen inspect "
                    "names them)",
                    core::count_of(r.walled_cells, "empty cells")));
  }
  level.map = std::move(r.map);
  Analyses analyses = settings.analyses;
  analyses.exit_placement = level.graph.rooms[static_cast<std::size_t>(level.graph.exit)].placement;
  finish_level(level, analyses);
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
    core::Level level =
        to_level(gen::graph_stitch(settings.graph, set, candidates, stitch, rng), settings, s);
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
