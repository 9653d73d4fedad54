#pragma once
/// \file on_levels.hpp
/// The callback of a level command (generate, graph, rooms, layout, areas): a template over
/// CLI11's App, apart from level_command.hpp so that only the command units compile CLI11.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/level_command.hpp"
#include "cli/library_makers.hpp"
#include "io/fs/run_files.hpp"
#include "pipeline/generators.hpp"

namespace dungen::cli {

/// Sets `cmd`'s callback for the generator named `generator` (pipeline/generators.hpp): make
/// the run's io::fs::RunFiles, tell it the inputs with `inputs(files)`, check the shared
/// options, build the settings once with `prepare(files)`, then run_levels with a maker that
/// calls `make(settings, seed)`. The exit status goes to `status`.
template <typename Inputs, typename Prepare, typename Make>
void on_levels(CLI::App* cmd, const LevelOptions& level, int& status, Inputs inputs,
               Prepare prepare, Make make, std::string_view generator) {
  cmd->callback([cmd, &level, &status, inputs, prepare, make, generator] {
    io::fs::RunFiles files;  // this run's inputs and outputs
    inputs(files);
    check_level_options(*cmd, level, files);
    const auto settings = std::make_shared<const decltype(prepare(files))>(prepare(files));
    LevelSource source;
    source.make = [settings, make](core::Seed seed) { return make(*settings, seed); };
    source.units = std::string(pipeline::generator(generator).units);
    status = run_levels(level, source, files);
  });
}

/// The maker the library gets for a command whose options `add(cmd, o)` defines on a `Cli`
/// (its options and a LevelOptions `level`): `args` parsed into a fresh Cli with the shared
/// library options (library_makers.hpp), the settings built once by `prepare(o, files)` with no
/// files, levels made by `make(settings, seed)` with --require's remakes. Prints nothing;
/// throws Error as the command does.
template <typename Cli, typename Add, typename Prepare, typename Make>
LevelMaker library_maker(const char* name, const std::vector<std::string>& args, Add add,
                         Prepare prepare, Make make) {
  Cli o;
  CLI::App cmd(std::string("dungen ") + name, name);
  add(cmd, o);
  add_library_level_options(cmd, o.level);
  parse_library_args(cmd, args);
  o.level.quiet = true;  // a library prints nothing
  const io::fs::RunFiles files;  // no files: the library writes none
  const auto settings = std::make_shared<const decltype(prepare(o, files))>(prepare(o, files));
  return meeting_requirements(o.level,
                              [settings, make](core::Seed seed) { return make(*settings, seed); });
}

}  // namespace dungen::cli
