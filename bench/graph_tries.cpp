// dungen_graph_tries TILES TAGS GRAPH [FIRST_SEED LAST_SEED [CORRIDOR_MAX]]: the graph stitcher
// alone (gen::graph_stitch, no retries, no analysis) on seeds FIRST..LAST (default 1..50), one line
// per seed: whether the graph was realised, the placements tried (the search's own count, which
// does not depend on the machine), the meeting look-ups and the CPU time; then the totals. For
// comparing changes to the search on a busy machine (docs/performance.md).
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "gen/graph/graph.hpp"
#include "io/formats/graph_file.hpp"
#include "io/formats/tile_loader.hpp"
#include "io/fs/read.hpp"

namespace {

/// CPU time of this thread, in ms.
double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace dungen;
  if (argc != 4 && argc != 6 && argc != 7) {
    fmt::print(
        stderr,
        "usage: dungen_graph_tries TILES TAGS GRAPH [FIRST_SEED LAST_SEED [CORRIDOR_MAX]]\n");
    return 2;
  }
  io::formats::LoadOptions options;
  options.sidecar = argv[2];
  const io::formats::LoadedTileSet loaded = io::formats::load_tile_set(argv[1], options);
  const gen::Candidates candidates(loaded.set, {});
  const core::LevelGraph graph = io::formats::parse_graph(io::fs::read_text(argv[3]), argv[3]);
  const core::Seed first = argc >= 6 ? std::strtoull(argv[4], nullptr, 10) : 1;
  const core::Seed last = argc >= 6 ? std::strtoull(argv[5], nullptr, 10) : 50;
  gen::GraphStitchOptions stitch;
  if (argc == 7) stitch.corridor_max = std::atoi(argv[6]);
  std::int64_t tried = 0, realised = 0, levels = 0;
  std::vector<double> cpu;
  for (core::Seed seed = first; seed <= last; ++seed) {
    core::Rng rng(seed);
    const double start = thread_cpu_ms();
    const gen::GraphStitchResult r = gen::graph_stitch(graph, loaded.set, candidates, stitch, rng);
    cpu.push_back(thread_cpu_ms() - start);
    fmt::print("seed {:3} {} tried {:8} lookups {:10} cpu {:8.1f} ms\n", seed,
               r.complete ? "realised" : "NOT     ", r.tried, r.meeting_lookups, cpu.back());
    tried += r.tried;
    realised += r.complete ? 1 : 0;
    ++levels;
  }
  double sum = 0;
  for (double c : cpu) sum += c;
  std::sort(cpu.begin(), cpu.end());
  fmt::print("levels {} realised {} tried mean {} cpu mean {:.1f} ms median {:.1f} ms\n", levels,
             realised, tried / std::max<std::int64_t>(1, levels),
             sum / static_cast<double>(std::max<std::size_t>(1, cpu.size())), cpu[cpu.size() / 2]);
  return 0;
}
