// The level commands as the library calls them (library_makers.hpp): the shared parts and the
// graph command's maker; rooms, layout and areas keep theirs beside their options.
#include "cli/library_makers.hpp"

#include <CLI/CLI.hpp>

#include <memory>

#include "cli/generate_command.hpp"
#include "cli/generate_setup.hpp"
#include "cli/graph_command.hpp"
#include "cli/level_command.hpp"
#include "cli/parse_messages.hpp"
#include "core/error.hpp"
#include "io/fs/run_files.hpp"
#include "pipeline/generators.hpp"

namespace dungen::cli {

void add_library_level_options(CLI::App& cmd, LevelOptions& o) {
  add_level_shape_options(cmd, o);
  add_tiers_option(cmd, o);
  add_require_option(cmd, o);
}

void parse_library_args(CLI::App& cmd, const std::vector<std::string>& args) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 parses from the back
  try {
    cmd.parse(reversed);
  } catch (const CLI::ParseError& e) {
    throw Error(printable(excludes_message(e.what())), ErrorKind::Usage);
  }
}

LevelMaker graph_maker(const std::vector<std::string>& args, const TileInput& input,
                       const TileSource& source) {
  GenerateOptions o;
  o.command = "graph";
  CLI::App cmd("dungen graph", "graph");
  add_graph_command_options(cmd, o);
  add_library_level_options(cmd, o.level);
  parse_library_args(cmd, args);
  o.input = input;
  o.level.quiet = true;  // a library prints nothing
  const io::fs::RunFiles files;  // no files: the library writes none
  const auto setup = std::make_shared<const GenerateSetup>(prepare_generate(o, files, source));
  return meeting_requirements(o.level, [setup](core::Seed seed) {
    return pipeline::graph_level(setup->tiles.set, *setup->candidates, *setup->graph, seed);
  });
}

}  // namespace dungen::cli
