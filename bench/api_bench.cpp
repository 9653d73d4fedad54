// A 60-tile level through the public library (<dungen/dungen.hpp>, libdungen.so), from a tile
// set loaded once, as a game or the Python module makes it: the figure the issue bounds at 1 ms
// (median), and the C++ loop of 10,000 levels that a Python loop must stay within 1.2x of
// (bench/python_bench.py; docs/performance.md "Library and Python").
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <dungen/dungen.hpp>
#include <string>
#include <vector>

namespace {

const std::string kClassic = std::string(DUNGEN_BENCH_SAMPLES_DIR) + "/classic";

// One level per iteration, seeds 1..1000 over and over, at generate's defaults (60 tiles).
// Besides the mean, the counter median_ms gives the median of the levels' times.
void BM_ApiLevel60(benchmark::State& state) {
  const dungen::TileSet tiles = dungen::TileSet::from_folder(kClassic);
  const dungen::GenerateOptions options;
  std::vector<double> ms;
  std::uint64_t seed = 0;
  for (auto _ : state) {
    seed = seed % 1000 + 1;
    const auto start = std::chrono::steady_clock::now();
    const dungen::Level level = dungen::generate(tiles, options, seed);
    benchmark::DoNotOptimize(level.cells().data());
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                     .count());
  }
  std::nth_element(ms.begin(), ms.begin() + static_cast<std::ptrdiff_t>(ms.size() / 2), ms.end());
  state.counters["median_ms"] = ms.empty() ? 0.0 : ms[ms.size() / 2];
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ApiLevel60)->Unit(benchmark::kMillisecond);

// The loop of a program: levels for seeds 1..10,000, one after the other, in one iteration.
void BM_ApiLoop10000(benchmark::State& state) {
  const dungen::TileSet tiles = dungen::TileSet::from_folder(kClassic);
  const dungen::GenerateOptions options;
  for (auto _ : state) {
    for (std::uint64_t seed = 1; seed <= 10000; ++seed)
      benchmark::DoNotOptimize(dungen::generate(tiles, options, seed).width());
  }
  state.SetItemsProcessed(state.iterations() * 10000);
}
BENCHMARK(BM_ApiLoop10000)->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace
