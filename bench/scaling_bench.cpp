// Scaling of the whole pipeline on the synthetic set at 1k, 10k, 100k and 1M tiles, with
// stitching, analysis and PNG encoding timed separately.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <map>
#include <memory>

#include "analysis/reachability.hpp"
#include "export/render.hpp"
#include "gen/stitch/stitch.hpp"
#include "io/formats/png.hpp"
#include "synthetic.hpp"

namespace dungen::bench {
namespace {

gen::StitchResult stitch_tiles(int tiles) {
  static const core::TileSet set = synthetic_tile_set();
  static const gen::Candidates candidates(set, {});
  gen::StitchOptions options;
  options.max_tiles = tiles;
  core::Rng rng(1);
  return gen::stitch(set, candidates, options, rng);
}

// The cross set at generate's defaults: --min-tiles half of --max-tiles, --loops auto (one per
// 20 tiles, at most 1000). Growth must never end early: the counter "early" says if it did.
void BM_StitchCrossSet(benchmark::State& state) {
  static const core::TileSet set = cross_tile_set();
  static const gen::Candidates candidates(set, {});
  gen::StitchOptions options;
  options.max_tiles = static_cast<int>(state.range(0));
  options.min_tiles = (options.max_tiles + 1) / 2;
  options.loops = std::clamp(options.max_tiles / 20, 1, 1000);
  for (auto _ : state) {
    core::Rng rng(1);
    const gen::StitchResult r = gen::stitch(set, candidates, options, rng);
    state.counters["tiles"] = static_cast<double>(r.map.placements.size());
    state.counters["early"] = r.terminated_early ? 1 : 0;
    state.counters["loops"] = static_cast<double>(r.loops.size());
    state.counters["undone"] = static_cast<double>(r.undone_placements);
    state.counters["tests"] = static_cast<double>(r.candidate_tests);
    state.counters["restarts"] = static_cast<double>(r.restarts);
  }
}

// One stitched level per size, made once and shared by the analysis and PNG benchmarks.
const core::Level& level_of(int tiles) {
  static std::map<int, std::unique_ptr<core::Level>> cache;
  auto& slot = cache[tiles];
  if (!slot) {
    slot = std::make_unique<core::Level>();
    slot->map = stitch_tiles(tiles).map;
  }
  return *slot;
}

void report_size(benchmark::State& state, const core::Map& map) {
  state.counters["tiles"] = static_cast<double>(map.placements.size());
  state.counters["Mcells"] = static_cast<double>(map.cells.size().area()) / 1e6;
}

void BM_Stitch(benchmark::State& state) {
  const int tiles = static_cast<int>(state.range(0));
  for (auto _ : state) {
    const gen::StitchResult r = stitch_tiles(tiles);
    state.PauseTiming();
    report_size(state, r.map);
    state.ResumeTiming();
  }
}

void BM_Analysis(benchmark::State& state) {
  core::Level level = level_of(static_cast<int>(state.range(0)));
  for (auto _ : state) analysis::analyse_reachability(level);
  report_size(state, level.map);
}

void BM_EncodePng(benchmark::State& state) {
  const core::Level& level = level_of(static_cast<int>(state.range(0)));
  for (auto _ : state) benchmark::DoNotOptimize(io::formats::encode_cells_png(level.map.cells));
  report_size(state, level.map);
}

#define DUNGEN_SIZES \
  ->Arg(1000)->Arg(10000)->Arg(100000)->Arg(1000000)->Unit(benchmark::kMillisecond)
BENCHMARK(BM_Stitch) DUNGEN_SIZES;
BENCHMARK(BM_StitchCrossSet)
    ->Arg(60)
    ->Arg(10'000)
    ->Arg(100'000)
    ->Arg(300'000)
    ->Arg(1'000'000)
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Analysis) DUNGEN_SIZES;
BENCHMARK(BM_EncodePng) DUNGEN_SIZES;

}  // namespace
}  // namespace dungen::bench
