// Content placement on large maps, 100,000 of one kind asked (far more than fits): a rooms
// map with loops and a maze without any; and one asked on a map of huge open spaces. The level is
// made once; only place_content is timed. Obstacles (monsters, chests, decor) are tested with a
// search near each cell (analysis/obstacles.hpp), where a whole solver run per test used to make
// these seconds.
#include <benchmark/benchmark.h>

#include <map>
#include <memory>

#include "analysis/content.hpp"
#include "pipeline/areas.hpp"
#include "pipeline/layout.hpp"
#include "pipeline/rooms.hpp"

namespace dungen::bench {
namespace {

// 0 spikes, 1 monsters, 2 chests, 3 loot, 4 decor: `count` of that one.
analysis::ContentOptions asked(std::int64_t kind, int count) {
  analysis::ContentOptions o;
  int* counts[] = {&o.spikes, &o.monsters, &o.chests, &o.loot, &o.decor};
  *counts[kind] = count;
  return o;
}

// `rooms` rooms of 3 to 60 cells, every neighbour pair joined (dungen rooms --loops 1), seed 1.
const core::Level& rooms_map(int rooms) {
  static std::map<int, std::unique_ptr<core::Level>> cache;
  auto& slot = cache[rooms];
  if (!slot) {
    pipeline::RoomsSettings r;
    r.rooms.rooms = rooms;
    r.rooms.min_size = 3;
    r.rooms.max_size = 60;
    r.rooms.loops_permille = 1000;
    slot = std::make_unique<core::Level>(pipeline::rooms_level(r, 1));
  }
  return *slot;
}

// The maze built-in in a `side` x `side` space, seed 1: passages one cell wide, no loops.
const core::Level& maze_map(int side) {
  static std::map<int, std::unique_ptr<core::Level>> cache;
  auto& slot = cache[side];
  if (!slot) {
    pipeline::LayoutSettings l;
    l.builtin = "maze";
    l.space = {side, side};
    slot = std::make_unique<core::Level>(pipeline::layout_level(l, 1));
  }
  return *slot;
}

// `dungen areas --width side --height side --spaces 16`, seed 1: a few spaces of a million
// cells or more, nearly all floor (as a level of huge tiles).
const core::Level& open_map(int side) {
  static std::map<int, std::unique_ptr<core::Level>> cache;
  auto& slot = cache[side];
  if (!slot) {
    pipeline::AreasSettings a;
    a.areas.size = {side, side};
    a.areas.spaces = 16;
    slot = std::make_unique<core::Level>(pipeline::areas_level(a, 1));
  }
  return *slot;
}

void place(benchmark::State& state, const core::Level& made, int count = 100000) {
  const analysis::ContentOptions options = asked(state.range(1), count);
  std::size_t placed = 0;
  for (auto _ : state) {
    state.PauseTiming();
    core::Level level = made;
    level.content.features.clear();
    state.ResumeTiming();
    core::Rng rng = core::Rng(level.origin.seed).fork("content");
    analysis::place_content(level, options, rng);
    placed = level.content.features.size() - 2 - level.puzzle.keys.size();
  }
  state.counters["Mcells"] = static_cast<double>(made.map.cells.size().area()) / 1e6;
  state.counters["placed"] = static_cast<double>(placed);
}

void BM_ContentRooms(benchmark::State& state) {
  place(state, rooms_map(static_cast<int>(state.range(0))));
}
void BM_ContentMaze(benchmark::State& state) {
  place(state, maze_map(static_cast<int>(state.range(0))));
}

// One of a kind asked on millions of floor cells: the candidates are found and their
// shuffled order told without a list of them (core::ShuffleOrder).
void BM_ContentOneOnOpenFloor(benchmark::State& state) {
  place(state, open_map(static_cast<int>(state.range(0))), 1);
}

BENCHMARK(BM_ContentRooms)
    ->ArgsProduct({{300, 1000}, {0, 1, 2, 3, 4}})
    ->ArgNames({"rooms", "kind"})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ContentMaze)
    ->ArgsProduct({{1024}, {1, 4}})
    ->ArgNames({"side", "kind"})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ContentOneOnOpenFloor)
    ->ArgsProduct({{4096}, {1, 3}})
    ->ArgNames({"side", "kind"})
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace dungen::bench
