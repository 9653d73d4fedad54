// generate --graph on the classic sample (samples/tags/classic.tileset.txt): a 20-room graph
// with 3 loops and a 60-room tree (samples/graphs/), seeds 1..50 per iteration; the reported
// time is per level, realised or not (a level that is not spends the whole search budget).
// Targets: at most 50 ms for the loops, 100 ms for the tree (docs/performance.md).
// BM_GraphLadder1024: one level of the largest graph allowed, dense with loops (room i joined
// to i+1 and i+2), which cannot be realised: the whole budget, at most about 2 s.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "io/formats/graph_file.hpp"
#include "io/formats/tile_loader.hpp"
#include "io/fs/read.hpp"
#include "pipeline/graph.hpp"

namespace dungen::bench {
namespace {
namespace fs = std::filesystem;

const fs::path kSamples = DUNGEN_BENCH_SAMPLES_DIR;

void BM_Graph(benchmark::State& state, const std::string& graph) {
  io::formats::LoadOptions options;
  options.sidecar = kSamples / "tags" / "classic.tileset.txt";
  const io::formats::LoadedTileSet loaded =
      io::formats::load_tile_set(kSamples / "classic", options);
  const gen::Candidates candidates(loaded.set, {});
  pipeline::GraphSettings settings;
  const fs::path path = kSamples / "graphs" / graph;
  settings.graph = io::formats::parse_graph(io::fs::read_text(path), path.string());
  std::int64_t levels = 0, realised = 0;
  std::vector<double> ms;  // per level, for the median
  for (auto _ : state) {
    for (core::Seed seed = 1; seed <= 50; ++seed) {
      const auto start = std::chrono::steady_clock::now();
      const core::Level level = graph_level(loaded.set, candidates, settings, seed);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count());
      realised += level.outcome.terminated_early ? 0 : 1;
      ++levels;
    }
  }
  state.SetItemsProcessed(levels);  // items_per_second = levels per second
  std::sort(ms.begin(), ms.end());
  state.counters["median_ms"] = ms[ms.size() / 2];
  state.counters["realised"] = static_cast<double>(realised) / static_cast<double>(levels);
}

void BM_GraphLadder1024(benchmark::State& state) {
  io::formats::LoadOptions options;
  options.sidecar = kSamples / "tags" / "classic.tileset.txt";
  const io::formats::LoadedTileSet loaded =
      io::formats::load_tile_set(kSamples / "classic", options);
  const gen::Candidates candidates(loaded.set, {});
  pipeline::GraphSettings settings;
  settings.graph.name = "ladder";
  const int rooms = 1024;
  for (int i = 0; i < rooms; ++i) settings.graph.rooms.push_back({fmt::format("r{}", i), {}});
  for (int i = 0; i + 1 < rooms; ++i) settings.graph.links.push_back({i, i + 1});
  for (int i = 0; i + 2 < rooms; ++i) settings.graph.links.push_back({i, i + 2});
  for (auto _ : state) {
    const core::Level level = graph_level(loaded.set, candidates, settings, 1);
    state.counters["placements"] = static_cast<double>(level.map.placements.size());
  }
}

void BM_Graph20Cycles(benchmark::State& state) { BM_Graph(state, "cycles20.json"); }
void BM_Graph60Tree(benchmark::State& state) { BM_Graph(state, "tree60.json"); }

BENCHMARK(BM_Graph20Cycles)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(BM_Graph60Tree)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(BM_GraphLadder1024)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

}  // namespace
}  // namespace dungen::bench
