#include "cli/graph_command.hpp"

#include <memory>
#include <string>

#include "cli/generate_command.hpp"
#include "cli/level_command.hpp"
#include "cli/tile_input.hpp"
#include "cli/validators.hpp"
#include "pipeline/generators.hpp"

namespace dungen::cli {

void add_graph_command_options(CLI::App& cmd, GenerateOptions& o) {
  cmd.add_option("GRAPH", o.graph,
                 "The level graph: a JSON graph or layout file, or grid:COLSxROWS, clock, "
                 "chain:N (docs/graph.md)")
      ->required()
      ->check(non_empty_name("a graph file, or a built-in such as clock"));
  cmd.option_defaults()->group("Level graph");
  cmd.add_option("--corridor-max", o.corridor_max,
                 "Most corridor tiles (tagged corridor) between two rooms; 0 = doors meet "
                 "directly")
      ->transform(whole_number(0, 64))
      ->capture_default_str();
  cmd.add_option("--retries", o.retries,
                 "When the graph is not realised, try up to K more seeds (at most 1000)")
      ->transform(whole_number(0, 1000));
}

void add_graph_command(CLI::App& app, int& status) {
  auto o = std::make_shared<GenerateOptions>();
  o->command = "graph";
  CLI::App* cmd = app.add_subcommand("graph", std::string(pipeline::generator("graph").summary));
  add_tile_input(*cmd, o->input);
  add_graph_command_options(*cmd, *o);
  add_level_options(*cmd, o->level);
  cmd->callback([o, cmd, &status] { status = run_tile_command(*cmd, *o); });
}

}  // namespace dungen::cli
