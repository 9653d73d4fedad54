// dungen::generate: one level, made as `dungen generate` makes it (cli::prepare_generate and
// the same maker), from a tile set loaded once.
#include "api/impl.hpp"
#include "cli/generate_setup.hpp"
#include "cli/level_command.hpp"
#include "export/report.hpp"
#include "io/fs/run_files.hpp"

namespace dungen {

std::string version() { return exporters::version(); }

Level generate(const TileSet& tiles, const GenerateOptions& options, std::uint64_t seed) {
  return api::as_cli_error([&] {
    const cli::GenerateOptions o = api::cli_options(options, tiles.impl().input);
    const io::fs::RunFiles files;  // no files: the library reads and writes none
    const cli::GenerateSetup setup =
        cli::prepare_generate(o, files, tiles.impl().source());
    const auto make = cli::meeting_requirements(o.level, [&setup](core::Seed s) {
      return pipeline::generate_level(setup.tiles.set, *setup.candidates, setup.settings, s);
    });
    return api::make_level(make(seed));
  });
}

}  // namespace dungen
