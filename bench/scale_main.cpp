// dungen_scale N: the generate pipeline on the synthetic set at N tiles in a fresh process,
// printing each phase's time and the peak memory (for docs/performance.md).
// dungen_scale --write-tiles DIR: writes the synthetic set as tile PNGs into DIR (existing),
// for timing and measuring `dungen generate` itself as a whole process.
#include <fmt/format.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "analysis/reachability.hpp"
#include "export/render.hpp"
#include "export/report.hpp"
#include "gen/stitch/stitch.hpp"
#include "io/formats/png.hpp"
#include "io/fs/output_set.hpp"
#include "synthetic.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

long peak_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace dungen;
  if (argc > 2 && std::string_view(argv[1]) == "--write-tiles") {
    for (const core::Tile& t : bench::synthetic_tile_set().tiles) {
      io::fs::write_file(std::filesystem::path(argv[2]) / t.name,
                         io::formats::encode_cells_png(t.cells));
    }
    return 0;
  }
  const int tiles = argc > 1 ? std::atoi(argv[1]) : 100000;
  const core::TileSet set = bench::synthetic_tile_set();
  const gen::Candidates candidates(set, {});
  gen::StitchOptions options;
  options.max_tiles = tiles;
  core::Rng rng(1);
  auto t0 = std::chrono::steady_clock::now();
  core::Level level;
  level.map = gen::stitch(set, candidates, options, rng).map;
  const double stitch_s = seconds_since(t0);
  const long stitch_kib = peak_kib();
  t0 = std::chrono::steady_clock::now();
  analysis::analyse_reachability(level);
  const double analysis_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  const auto png = io::formats::encode_cells_png(level.map.cells);
  const double png_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  std::size_t json_bytes = 0;  // streamed, as the CLI writes it to its file
  exporters::write_json_report(level, [&](std::string_view block) { json_bytes += block.size(); });
  const double json_s = seconds_since(t0);
  const double cells = static_cast<double>(level.map.cells.size().area());
  fmt::print(
      "tiles {} map {}x{} ({:.1f} Mcells) stitch {:.3f} s analysis {:.3f} s png {:.3f} s "
      "({:.1f} MB) json {:.3f} s ({:.1f} MB)\n",
      level.map.placements.size(), level.map.cells.width(), level.map.cells.height(), cells / 1e6,
      stitch_s, analysis_s, png_s, static_cast<double>(png.size()) / 1e6, json_s,
      static_cast<double>(json_bytes) / 1e6);
  fmt::print(
      "peak memory: after stitching {:.1f} MB, overall {:.1f} MB; limit 2 x cells + 64 x "
      "placements + 50 MB = {:.1f} MB\n",
      static_cast<double>(stitch_kib) / 1024, static_cast<double>(peak_kib()) / 1024,
      (2 * cells + 64 * static_cast<double>(level.map.placements.size())) / 1048576 + 50);
  return 0;
}
