#pragma once
/// \file on_levels.hpp
/// The callback of a level command (generate, graph, rooms, layout, areas): a template over
/// CLI11's App, apart from level_command.hpp so that only the command units compile CLI11.

#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <string_view>

#include "cli/level_command.hpp"
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

}  // namespace dungen::cli
