// Micro-benchmarks: PNG decode + door detection, candidate lookup, the collision test, and
// the cost of one placement; the rooms generator, tiles with many doors, folders of copies.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <string>

#include "core/door_detect.hpp"
#include "core/palette.hpp"
#include "gen/rooms/rooms.hpp"
#include "gen/stitch/stitcher.hpp"
#include "io/formats/png.hpp"
#include "synthetic.hpp"

namespace dungen::bench {
namespace {

void BM_DecodeAndDetectDoors(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const auto png = large_tile_png(side);
  const auto palette = core::Palette::defaults();
  for (auto _ : state) {
    const auto cells =
        core::to_cells(io::formats::decode_png(png, "bench.png", 1 << 16), palette, "bench.png");
    benchmark::DoNotOptimize(core::detect_doors(cells));
  }
  const double megapixels = static_cast<double>(side) * side / 1e6;
  state.counters["megapixels_per_s"] =
      benchmark::Counter(megapixels, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_DecodeAndDetectDoors)->Arg(256)->Arg(1024)->Unit(benchmark::kMillisecond);

// As above with a palette file of 65,000 lines (the 1 MiB limit holds about 70,000): the
// lookup of each pixel's colour must not grow with the palette.
void BM_ClassifyWithLargePalette(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  const core::Image image = io::formats::decode_png(large_tile_png(side), "bench.png", 1 << 16);
  std::string text;
  for (std::uint32_t i = 0; i < 65000; ++i) {
    text += fmt::format("#{:06X} floor\n", (i * 2654435761U) & 0xFFFFFFU);
  }
  const auto palette = core::Palette::parse(text, "bench.palette");
  for (auto _ : state) benchmark::DoNotOptimize(core::to_cells(image, palette, "bench.png"));
  const double megapixels = static_cast<double>(side) * side / 1e6;
  state.counters["megapixels_per_s"] =
      benchmark::Counter(megapixels, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_ClassifyWithLargePalette)->Arg(1024)->Unit(benchmark::kMillisecond);

void BM_CandidateLookup(benchmark::State& state) {
  const core::TileSet set = synthetic_tile_set();
  const gen::Candidates candidates(set, {});
  int facing = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(candidates.find(1, static_cast<core::Facing>(facing), 0).size());
    facing = (facing + 1) & 3;
  }
}
BENCHMARK(BM_CandidateLookup);

void BM_CollisionTest(benchmark::State& state) {
  const core::TileSet set = synthetic_tile_set();
  const gen::Candidates candidates(set, {});
  gen::StitchOptions options;
  options.max_tiles = 10000;
  core::Rng rng(1);
  gen::Stitcher stitcher(set, candidates, options, rng);
  stitcher.start();
  stitcher.grow();  // a map of 10,000 tiles around the origin, about 600 cells across
  const core::Size size{600, 600};
  core::Rng where(2);
  std::int64_t fits = 0;
  for (auto _ : state) {
    const auto variant = static_cast<std::uint32_t>(where.uniform(candidates.variants().size()));
    const core::Point origin{where.range(-size.width / 2, size.width / 2),
                             where.range(-size.height / 2, size.height / 2)};
    fits += stitcher.test(variant, origin) == gen::Fit::Ok;
  }
  state.counters["fit_ratio"] =
      benchmark::Counter(static_cast<double>(fits), benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_CollisionTest);

// One stitch of `set` from seed `seed` per iteration of `state`.
void stitch_each_iteration(benchmark::State& state, const core::TileSet& set,
                           const gen::StitchOptions& options, core::Seed seed) {
  const gen::Candidates candidates(set, {});
  for (auto _ : state) {
    core::Rng rng(seed);
    benchmark::DoNotOptimize(gen::stitch(set, candidates, options, rng).map.placements.size());
  }
}

void BM_OnePlacement(benchmark::State& state) {
  const core::TileSet set = synthetic_tile_set();
  const gen::Candidates candidates(set, {});
  gen::StitchOptions options;
  options.max_tiles = 10000;
  std::int64_t placed = 0;
  for (auto _ : state) {
    core::Rng rng(7);
    placed +=
        static_cast<std::int64_t>(gen::stitch(set, candidates, options, rng).map.placements.size());
  }
  state.SetItemsProcessed(placed);  // items_per_second = placements per second
}
BENCHMARK(BM_OnePlacement)->Unit(benchmark::kMillisecond);

// 1,000 placements from N copies of each synthetic tile (7N tiles of 7 shapes), each copy
// allowed once (second argument 1) or without limit (0): every open door draws from lists of
// thousands of tiles, and a door where nothing fits draws every one.
void BM_CopiedTiles(benchmark::State& state) {
  const core::TileSet set = copied_tile_set(static_cast<int>(state.range(0)),
                                            state.range(1) != 0 ? std::optional(1) : std::nullopt);
  gen::StitchOptions options;
  options.max_tiles = 1000;
  stitch_each_iteration(state, set, options, 3);
}
BENCHMARK(BM_CopiedTiles)
    ->Args({1, 0})
    ->Args({1000, 0})
    ->Args({5000, 0})
    ->Args({1000, 1})
    ->Args({5000, 1})
    ->Unit(benchmark::kMillisecond);

// A level that cannot be made: 100,000 tiles asked for in a 60 x 60 box, from N copies of
// each synthetic tile, from the first tile (so one run: no other start tile is tried). Growth
// fills the box, then the completion search undoes and retries until its bound of candidate
// tests (gen::kSearchCandidateTests): before it, its budget of 100,000 undos, each testing
// up to thousands of tiles, ran for minutes.
void BM_SearchManyTiles(benchmark::State& state) {
  const core::TileSet set = copied_tile_set(static_cast<int>(state.range(0)), std::nullopt);
  gen::StitchOptions options;
  options.max_tiles = 100000;
  options.min_tiles = 100000;
  options.max_size = core::Size{60, 60};
  options.start = 0;
  stitch_each_iteration(state, set, options, 1);
}
BENCHMARK(BM_SearchManyTiles)->Arg(1)->Arg(1000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace dungen::bench

namespace dungen::bench {
namespace {

// The rooms generator at 1,000 rooms: drop, separate, snap, neighbours, tree, carve.
void BM_Rooms(benchmark::State& state) {
  gen::RoomsOptions options;
  options.rooms = static_cast<int>(state.range(0));
  for (auto _ : state) {
    core::Rng rng(1);
    benchmark::DoNotOptimize(gen::generate_rooms(options, rng).map.placements.size());
  }
}
BENCHMARK(BM_Rooms)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond);

// 1,000 rooms of 200 x 200 cells: steering stops at its cap of 5,000 steps with rooms still
// overlapping, and snapping's passes part what it can (253 rooms are given up).
void BM_RoomsBigRooms(benchmark::State& state) {
  gen::RoomsOptions options;
  options.rooms = 1000;
  options.min_size = options.max_size = static_cast<int>(state.range(0));
  for (auto _ : state) {
    core::Rng rng(1);
    benchmark::DoNotOptimize(gen::generate_rooms(options, rng).given_up);
  }
}
BENCHMARK(BM_RoomsBigRooms)->Arg(200)->Unit(benchmark::kMillisecond);

// A level of 60 tiles (as dungen generate: --min-tiles 30, seed 1) from a room of side N with
// 2N - 4 doors and a cross: growth, then the closing phase tests caps for every open door.
void BM_CloseManyDoors(benchmark::State& state) {
  const core::TileSet set = many_doors_tile_set(static_cast<int>(state.range(0)));
  gen::StitchOptions options;
  options.min_tiles = 30;
  stitch_each_iteration(state, set, options, 1);
}
BENCHMARK(BM_CloseManyDoors)
    ->Arg(64)
    ->Arg(128)
    ->Arg(256)
    ->Arg(512)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace dungen::bench
