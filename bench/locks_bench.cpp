// Lock-and-key placement on big levels (docs/performance.md, "Locks on big levels"): the
// level is made once without locks; each iteration places the locks on a copy, as
// finish_level does (locks, zone tree, the solver's walk), and nothing else.
#include <benchmark/benchmark.h>

#include <functional>

#include "analysis/locks.hpp"
#include "analysis/solver.hpp"
#include "analysis/zones.hpp"
#include "pipeline/areas.hpp"
#include "pipeline/layout.hpp"
#include "pipeline/rooms.hpp"

namespace dungen::bench {
namespace {

void BM_Locks(benchmark::State& state, const std::function<core::Level()>& make, int locks) {
  const core::Level level = make();
  std::size_t placed = 0;
  for (auto _ : state) {
    state.PauseTiming();
    core::Level copy = level;
    state.ResumeTiming();
    core::Rng rng = core::Rng(copy.origin.seed).fork("locks");
    analysis::place_locks(copy, locks, rng);
    copy.puzzle.zone_tree = analysis::zone_tree(copy);
    copy.puzzle.locks_opened = analysis::solve(copy).locks_opened;
    placed = copy.puzzle.locks.size();
  }
  state.counters["locks"] = static_cast<double>(placed);
  state.counters["rooms"] = static_cast<double>(level.map.placements.size());
}

core::Level rooms(int count, int max_size, int loops_permille) {
  pipeline::RoomsSettings s;
  s.rooms.rooms = count;
  s.rooms.max_size = max_size;
  s.rooms.loops_permille = loops_permille;
  return pipeline::rooms_level(s, 1);
}

core::Level grid(const char* spec, core::Size space) {
  pipeline::LayoutSettings s;
  s.builtin = spec;
  s.space = space;
  return pipeline::layout_level(s, 1);
}

core::Level areas(int side, int spaces) {
  pipeline::AreasSettings s;
  s.areas.size = {side, side};
  s.areas.spaces = spaces;
  return pipeline::areas_level(s, 1);
}

// `dungen rooms --rooms 2000 --locks 1000 --seed 1`
BENCHMARK_CAPTURE(
    BM_Locks, rooms_2000_locks_1000, [] { return rooms(2000, 10, 100); }, 1000)
    ->Unit(benchmark::kMillisecond);
// `dungen layout grid:40x40 --space 400x400 --locks 1000 --seed 1`
BENCHMARK_CAPTURE(
    BM_Locks, grid_40x40_locks_1000,
    [] {
      return grid("grid:40x40", {400, 400});
    },
    1000)
    ->Unit(benchmark::kMillisecond);
// `dungen layout grid:300x300 --space 1500x1500 --locks 1000 --seed 1`: 90,000 rooms, most
// of them behind hundreds of nested locks (their zones share one key set per lock).
BENCHMARK_CAPTURE(
    BM_Locks, grid_300x300_locks_1000,
    [] {
      return grid("grid:300x300", {1500, 1500});
    },
    1000)
    ->Unit(benchmark::kMillisecond);
// `dungen areas --width 2048 --height 2048 --spaces 25000 --locks 3 --seed 1`
BENCHMARK_CAPTURE(
    BM_Locks, areas_2048_locks_3, [] { return areas(2048, 25000); }, 3)
    ->Unit(benchmark::kMillisecond);

// Many locks asked, few proven: `dungen areas --width 1024 --height 1024 --spaces 100000
// --locks 1000 --seed 1` (77,189 spaces; nearly every placement drawn has a way around its
// first lock, so 1 is placed). The counts below the request are bisected, not tried one by one.
void BM_LocksManyRequested(benchmark::State& state) {
  BM_Locks(
      state, [] { return areas(1024, 100000); }, 1000);
}
BENCHMARK(BM_LocksManyRequested)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace dungen::bench
