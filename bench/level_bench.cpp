// One level at the default options (60 tiles, at least 30) on real tile sets: the samples
// and, where present, the shared corpus. The time per level is the figure that connected
// growth and completion by search must keep within 1.5x (docs/performance.md).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "io/formats/tile_loader.hpp"
#include "pipeline/generate.hpp"

namespace dungen::bench {
namespace {
namespace fs = std::filesystem;

// Seeds 1..50 per iteration; the reported time is per level. The argument is --loops: 0 (the
// trees growth alone makes) against 3 (generate's default at 60 tiles, docs/cli.md), whose
// ratio is the cost of loops on purpose (at most 1.5x, docs/performance.md).
void BM_Level60(benchmark::State& state, const fs::path& folder) {
  if (!fs::is_directory(folder)) {
    state.SkipWithError(("tile set not found: " + folder.string()).c_str());
    return;
  }
  const io::formats::LoadedTileSet loaded = io::formats::load_tile_set(folder, {});
  const gen::Candidates candidates(loaded.set, {});
  pipeline::GenerateSettings settings;
  settings.stitch.max_tiles = 60;
  settings.stitch.min_tiles = 30;
  settings.stitch.loops = static_cast<int>(state.range(0));
  std::int64_t levels = 0;
  for (auto _ : state) {
    for (core::Seed seed = 1; seed <= 50; ++seed) {
      benchmark::DoNotOptimize(
          generate_level(loaded.set, candidates, settings, seed).map.placements.size());
      ++levels;
    }
  }
  state.SetItemsProcessed(levels);  // items_per_second = levels per second
}

const fs::path kSamples = DUNGEN_BENCH_SAMPLES_DIR;
const fs::path kCorpus = DUNGEN_BENCH_CORPUS_DIR;

// --loops 0 against 3, in milliseconds.
#define DUNGEN_LOOPS ->Arg(0)->Arg(3)->Unit(benchmark::kMillisecond)
BENCHMARK_CAPTURE(BM_Level60, classic, kSamples / "classic") DUNGEN_LOOPS;
BENCHMARK_CAPTURE(BM_Level60, caves, kSamples / "caves") DUNGEN_LOOPS;
BENCHMARK_CAPTURE(BM_Level60, dcss_rooms, kCorpus / "dcss_rooms") DUNGEN_LOOPS;
BENCHMARK_CAPTURE(BM_Level60, dcss_halls, kCorpus / "dcss_halls") DUNGEN_LOOPS;
BENCHMARK_CAPTURE(BM_Level60, hb_rooms, kCorpus / "hb_rooms") DUNGEN_LOOPS;
BENCHMARK_CAPTURE(BM_Level60, hb_caves, kCorpus / "hb_caves") DUNGEN_LOOPS;

}  // namespace
}  // namespace dungen::bench
