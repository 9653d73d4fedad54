// One level at the default options (60 tiles, at least 30) on real tile sets: the samples
// and, where present, the shared corpus. The time per level is the figure that connected
// growth and completion by search must keep within 1.5x (docs/performance.md).
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "io/formats/tile_loader.hpp"
#include "pipeline/floors.hpp"
#include "pipeline/generate.hpp"

namespace dungen::bench {
namespace {
namespace fs = std::filesystem;

// A tile set, its candidate index and generate's settings at 60 tiles with `loops` loops.
struct Sixty {
  io::formats::LoadedTileSet loaded;
  gen::Candidates candidates;
  pipeline::GenerateSettings settings;
  Sixty(const fs::path& folder, int loops)
      : loaded(io::formats::load_tile_set(folder, {})), candidates(loaded.set, {}) {
    settings.stitch.max_tiles = 60;
    settings.stitch.min_tiles = 30;
    settings.stitch.loops = loops;
  }
  [[nodiscard]] core::Level make(core::Seed seed) const {
    return generate_level(loaded.set, candidates, settings, seed);
  }
};

// False, the benchmark skipped with an error, when `folder` is missing.
bool found(benchmark::State& state, const fs::path& folder) {
  if (fs::is_directory(folder)) return true;
  state.SkipWithError(("tile set not found: " + folder.string()).c_str());
  return false;
}

// Seeds 1..50 per iteration; the reported time is per level. The argument is --loops: 0 (the
// trees growth alone makes) against 3 (generate's default at 60 tiles, docs/cli.md), whose
// ratio is the cost of loops on purpose (at most 1.5x, docs/performance.md).
void BM_Level60(benchmark::State& state, const fs::path& folder) {
  if (!found(state, folder)) return;
  const Sixty set(folder, static_cast<int>(state.range(0)));
  std::int64_t levels = 0;
  for (auto _ : state) {
    for (core::Seed seed = 1; seed <= 50; ++seed) {
      benchmark::DoNotOptimize(set.make(seed).map.placements.size());
      ++levels;
    }
  }
  state.SetItemsProcessed(levels);  // items_per_second = levels per second
}

// Dungeons of state.range(0) floors of 60 tiles (pipeline::make_floors): 100 / floors of them
// per iteration (seeds 1, 2, ...), so that every iteration makes 100 levels whatever the
// floors; a dungeon's time is the iteration's over 100 / floors. 10 floors against 1: a
// 10-floor dungeon at most 12x one floor's time, that is an iteration at most 1.2x
// (docs/performance.md "Floors").
void BM_Floors60(benchmark::State& state, const fs::path& folder) {
  if (!found(state, folder)) return;
  const Sixty set(folder, 3);
  const auto make = [&set](core::Seed seed) { return set.make(seed); };
  std::int64_t dungeons = 0;
  for (auto _ : state) {
    const auto floors = static_cast<int>(state.range(0));
    for (core::Seed seed = 1; seed <= static_cast<core::Seed>(100 / floors); ++seed) {
      benchmark::DoNotOptimize(pipeline::make_floors(make, seed, floors).stairs.size());
      ++dungeons;
    }
  }
  state.SetItemsProcessed(dungeons);
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

// One floor against ten, in milliseconds.
#define DUNGEN_FLOORS ->Arg(1)->Arg(10)->Unit(benchmark::kMillisecond)
BENCHMARK_CAPTURE(BM_Floors60, classic, kSamples / "classic") DUNGEN_FLOORS;
BENCHMARK_CAPTURE(BM_Floors60, caves, kSamples / "caves") DUNGEN_FLOORS;
BENCHMARK_CAPTURE(BM_Floors60, hb_rooms, kCorpus / "hb_rooms") DUNGEN_FLOORS;

}  // namespace
}  // namespace dungen::bench
