// Scaling of the whole pipeline on the synthetic set at 1k, 10k, 100k and 1M tiles, with
// stitching, analysis and PNG encoding timed separately.
#include <benchmark/benchmark.h>

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
BENCHMARK(BM_Analysis) DUNGEN_SIZES;
BENCHMARK(BM_EncodePng) DUNGEN_SIZES;

}  // namespace
}  // namespace dungen::bench
