// generate --graph on the classic sample (samples/tags/classic.tileset.txt): a 20-room graph
// with 3 loops and a 60-room tree (samples/graphs/), seeds 1..50 per iteration; the reported
// time is per level, realised or not (a level that is not spends the whole search budget).
// Targets: at most 50 ms for the loops, 100 ms for the tree (docs/performance.md).
// BM_Graph30Loops/SET/GRAPH: the 30-room graphs with 5 loops of tests/data/graphs/ on the samples
// and the corpus sets (tags from samples/tags/), seeds 1..50; target at most 50 ms per level.
// BM_GraphLadder1024: one level of the largest graph allowed, dense with loops (room i joined
// to i+1 and i+2), which cannot be realised: the whole budget, at most about 2 s.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <ctime>
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
const fs::path kCorpus = DUNGEN_BENCH_CORPUS_DIR;
const fs::path kGraphs = DUNGEN_BENCH_GRAPHS_DIR;

/// CPU time of this thread, in ms: on a shared machine it varies less than wall time.
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

/// Seeds 1..50 of `graph` on `folder` with the tags of `tags`: the median wall time of a level
/// in `median_ms`, its mean and median CPU time in `mean_cpu_ms` and `median_cpu_ms`, the share
/// realised in `realised`.
void run_levels(benchmark::State& state, const fs::path& folder, const fs::path& tags,
                const fs::path& graph) {
  if (!fs::is_directory(folder)) {
    state.SkipWithError(("tile set not found: " + folder.string()).c_str());
    return;
  }
  io::formats::LoadOptions options;
  options.sidecar = tags;
  const io::formats::LoadedTileSet loaded = io::formats::load_tile_set(folder, options);
  const gen::Candidates candidates(loaded.set, {});
  pipeline::GraphSettings settings;
  settings.graph = io::formats::parse_graph(io::fs::read_text(graph), graph.string());
  std::int64_t levels = 0, realised = 0;
  std::vector<double> ms, cpu;  // per level, for the medians
  for (auto _ : state) {
    for (core::Seed seed = 1; seed <= 50; ++seed) {
      const auto start = std::chrono::steady_clock::now();
      const double cpu_start = thread_cpu_ms();
      const core::Level level = graph_level(loaded.set, candidates, settings, seed);
      cpu.push_back(thread_cpu_ms() - cpu_start);
      ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
              .count());
      realised += level.outcome.terminated_early ? 0 : 1;
      ++levels;
    }
  }
  state.SetItemsProcessed(levels);  // items_per_second = levels per second
  double cpu_sum = 0;
  for (double c : cpu) cpu_sum += c;
  std::sort(ms.begin(), ms.end());
  std::sort(cpu.begin(), cpu.end());
  state.counters["median_ms"] = ms[ms.size() / 2];
  state.counters["median_cpu_ms"] = cpu[cpu.size() / 2];
  state.counters["mean_cpu_ms"] = cpu_sum / static_cast<double>(cpu.size());
  state.counters["realised"] = static_cast<double>(realised) / static_cast<double>(levels);
}

void BM_Graph(benchmark::State& state, const std::string& graph) {
  run_levels(state, kSamples / "classic", kSamples / "tags" / "classic.tileset.txt",
             kSamples / "graphs" / graph);
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

void BM_Graph30Loops(benchmark::State& state, const std::string& set, const std::string& graph) {
  const bool sample = set == "classic" || set == "caves";
  run_levels(state, (sample ? kSamples : kCorpus) / set, kSamples / "tags" / (set + ".tileset.txt"),
             kGraphs / ("loops30_" + graph + ".json"));
}

/// BM_Graph30Loops/SET/GRAPH for the six tile sets and three graphs.
const bool kGraph30Registered = [] {
  for (const char* set : {"classic", "caves", "dcss_halls", "dcss_rooms", "hb_caves", "hb_rooms"}) {
    for (const char* graph : {"beads", "branching", "ladder"}) {
      benchmark::RegisterBenchmark(fmt::format("BM_Graph30Loops/{}/{}", set, graph).c_str(),
                                   BM_Graph30Loops, std::string(set), std::string(graph))
          ->Unit(benchmark::kMillisecond)
          ->Iterations(1)
          ->Repetitions(3);
    }
  }
  return true;
}();

void BM_Graph20Cycles(benchmark::State& state) { BM_Graph(state, "cycles20.json"); }
void BM_Graph60Tree(benchmark::State& state) { BM_Graph(state, "tree60.json"); }

BENCHMARK(BM_Graph20Cycles)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(BM_Graph60Tree)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);
BENCHMARK(BM_GraphLadder1024)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

}  // namespace
}  // namespace dungen::bench
