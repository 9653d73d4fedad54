#include "cli/generate_command.hpp"

#include <fmt/format.h>

#include <memory>

#include "cli/exit_codes.hpp"
#include "cli/generate_setup.hpp"
#include "cli/level_command.hpp"
#include "cli/messages.hpp"
#include "cli/tile_input.hpp"
#include "cli/validators.hpp"
#include "core/error.hpp"
#include "pipeline/generators.hpp"

namespace dungen::cli {

void add_generation_options(CLI::App& cmd, GenerateOptions& o) {
  cmd.option_defaults()->group("Generation");
  cmd.add_option("--max-tiles", o.max_tiles,
                 "Grow until this many tiles are placed, then close open doors")
      ->transform(whole_number(1, 10000000))
      ->capture_default_str();
  cmd.add_option(
         "--min-tiles", o.min_tiles,
         "Fewer tiles than this = the level ended prematurely (default: half of --max-tiles)")
      ->transform(whole_number(0, 100000000));
  cmd.add_option("--start", o.start, "File name of the first tile (default: drawn by weight)")
      ->check(non_empty_name());
  cmd.add_option("--policy", o.policy,
                 "Which open door grows next: random (compact), breadth (rings around the start), "
                 "depth (long branches)")
      ->check(one_of("growth policy", {"random", "breadth", "depth"}))
      ->capture_default_str();
  cmd.add_option("--max-size", o.max_size, "Largest map, WIDTHxHEIGHT in cells (e.g. 120x80)")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            return text.empty() ? "the value is empty; give WIDTHxHEIGHT, or leave the option out"
                                : "";
          },
          "WxH"));
  cmd.add_option("--mask", o.mask,
                 "PNG whose light pixels are the only cells the map may use, one pixel per cell; "
                 "the map is the mask's size")
      ->check(non_empty_name("a PNG file such as mask.png"));
  cmd.add_option("--place", o.place,
                 "Pin a tile: TILE@X,Y[:ORIENTATION] puts its top-left corner at map cell X,Y "
                 "(r0 unless an orientation such as r90 or f0 follows); repeatable; the first "
                 "is the start tile, the others are joined as the level grows")
      ->check(non_empty_name("TILE@X,Y such as room.png@10,4"))
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd.add_option("--loops", o.loops,
                 "Loops made on purpose: join up to N pairs of open doors that are near each "
                 "other but far apart on foot; 0 = none (trees); auto = one per 20 tiles of "
                 "--max-tiles, 1 to 1000")
      ->check(whole_number_or("auto", 0, 1000000))
      ->capture_default_str();
  cmd.add_option("--loop-detour", o.loop_detour,
                 "A loop joins two doors only where it saves a walk of at least this many steps")
      ->transform(whole_number(1, 100000))
      ->capture_default_str();
  cmd.add_option("--max-dead-ends", o.max_dead_ends,
                 "At most N dead ends (tiles joined to one other), or N% of the tiles: loops join "
                 "dead ends first, then dead-end branches are trimmed and their door sealed")
      ->check(count_or_percent());
  cmd.add_option("--loop-retries", o.loop_retries,
                 "A level without a loop is grown again from another seed, up to N times, where "
                 "loops are asked and some tile has three or more doors (0 = never; at most 1000)")
      ->transform(whole_number(0, 1000))
      ->capture_default_str();
  cmd.add_option("--retries", o.retries,
                 "When a level ends prematurely, try up to K more seeds (at most 1000)")
      ->transform(whole_number(0, 1000));
}

namespace {

void add_graph_options(CLI::App& cmd, GenerateOptions& o) {
  cmd.option_defaults()->group("Level graph");
  cmd.add_option("--graph", o.graph,
                 "Deprecated: use 'dungen graph TILES_DIR GRAPH'. Realise a level graph: a JSON "
                 "graph or layout file, or grid:COLSxROWS, clock, chain:N (docs/graph.md); "
                 "--max-tiles, --min-tiles, --start, --policy, --max-size, --mask and --place do not "
                 "apply")
      ->check(non_empty_name());
  cmd.add_option("--corridor-max", o.corridor_max,
                 "With --graph: most corridor tiles (tagged corridor) between two rooms; 0 = "
                 "doors meet directly")
      ->transform(whole_number(0, 64))
      ->capture_default_str();
}

/// Refuses options that do not go together with --graph (or need it).
void check_graph_options(const CLI::App& cmd, const GenerateOptions& o) {
  if (o.graph.empty()) {
    if (cmd.count("--corridor-max") > 0)
      throw usage_error("--corridor-max", "applies only with --graph; add --graph SPEC");
    return;
  }
  for (const char* flag : {"--max-tiles", "--min-tiles", "--start", "--policy", "--max-size", "--mask",
                           "--place"}) {
    if (cmd.count(flag) > 0) {
      throw usage_error(flag,
                        "does not apply with --graph (the graph says which rooms to "
                        "place); leave it out");
    }
  }
}

}  // namespace

int run_tile_command(const CLI::App& cmd, const GenerateOptions& o) {
  io::fs::RunFiles files;         // this run's inputs and outputs
  add_generate_inputs(o, files);  // an output over an input is refused before any tile is read
  check_level_options(cmd, o.level, files);
  if (o.command == "generate") check_graph_options(cmd, o);
  if (o.command == "generate" && !o.graph.empty() && !o.level.quiet) {
    print_message("warning",
                  "generate --graph is deprecated and will be removed: use 'dungen graph "
                  "TILES_DIR GRAPH' (the same levels; its reports name the generator graph)");
  }
  const auto setup = std::make_shared<const GenerateSetup>(prepare_generate(o, files));
  LevelSource source;
  source.make = [setup](core::Seed seed) {
    if (setup->graph)
      return pipeline::graph_level(setup->tiles.set, *setup->candidates, *setup->graph, seed);
    return pipeline::generate_level(setup->tiles.set, *setup->candidates, setup->settings, seed);
  };
  source.units = std::string(pipeline::generator(o.command).units);
  return run_levels(o.level, source, files);
}

void add_generate_command(CLI::App& app, int& status) {
  auto o = std::make_shared<GenerateOptions>();
  CLI::App* cmd =
      app.add_subcommand("generate", std::string(pipeline::generator("generate").summary));
  add_tile_input(*cmd, o->input);
  add_generation_options(*cmd, *o);
  add_graph_options(*cmd, *o);
  add_level_options(*cmd, o->level);
  cmd->callback([o, cmd, &status] { status = run_tile_command(*cmd, *o); });
}

}  // namespace dungen::cli
