// dungen::generate: one level, made as `dungen generate` makes it (cli::prepare_generate and
// the same maker), from a tile set loaded once and prepared once per set of options.
#include <algorithm>

#include "api/impl.hpp"
#include "cli/level_command.hpp"
#include "export/report.hpp"
#include "io/fs/run_files.hpp"

namespace dungen {
namespace api {

std::shared_ptr<const Prepared> prepared(const TileSet& tiles, const GenerateOptions& options) {
  const TileSet::Impl& set = tiles.impl();
  std::string key = options_key(options);
  {
    const std::lock_guard lock(set.mutex);
    auto& kept = set.prepared;
    const auto found =
        std::find_if(kept.begin(), kept.end(), [&](const auto& p) { return p->key == key; });
    if (found != kept.end()) {
      std::rotate(kept.begin(), found, found + 1);  // most recent first
      return kept.front();
    }
  }
  // Made outside the lock: other threads' levels need not wait (two threads may both make it).
  cli::GenerateOptions o = cli_options(options, set.input);
  const io::fs::RunFiles files;  // no files: the library reads and writes none
  auto made = std::make_shared<const Prepared>(
      Prepared{std::move(key), o, cli::prepare_generate(o, files, set.source())});
  const std::lock_guard lock(set.mutex);
  set.prepared.insert(set.prepared.begin(), made);
  if (set.prepared.size() > TileSet::Impl::kPreparedKept) set.prepared.pop_back();
  return made;
}

}  // namespace api

std::string version() { return exporters::version(); }

Level generate(const TileSet& tiles, const GenerateOptions& options, std::uint64_t seed) {
  return api::as_cli_error([&] {
    const std::shared_ptr<const api::Prepared> p = api::prepared(tiles, options);
    const cli::GenerateSetup& setup = p->setup;
    const auto make = cli::meeting_requirements(p->options.level, [&setup](core::Seed s) {
      return pipeline::generate_level(setup.tiles.set, *setup.candidates, setup.settings, s);
    });
    return api::make_level(make(seed));
  });
}

}  // namespace dungen
