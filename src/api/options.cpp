// dungen::GenerateOptions to the CLI's generate options: written out as the command line
// that says the same, then parsed by the CLI's own option definitions, so every value is
// checked by the CLI's validators and refused with the CLI's message.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "api/impl.hpp"
#include "cli/library_makers.hpp"

namespace dungen::api {
namespace {

std::string policy_name(Policy p) {
  switch (p) {
    case Policy::Breadth:
      return "breadth";
    case Policy::Depth:
      return "depth";
    case Policy::Random:
      break;
  }
  return "random";
}


// The command line (without the command) that gives `o`; the options left at "not given"
// ("" or -1 where the CLI has no value for it) are left out.
std::vector<std::string> arguments(const GenerateOptions& o) {
  std::vector<std::string> a;
  add(a, "--max-tiles", std::to_string(o.max_tiles));
  if (o.min_tiles != -1) add(a, "--min-tiles", std::to_string(o.min_tiles));
  if (!o.start.empty()) add(a, "--start", o.start);
  add(a, "--policy", policy_name(o.policy));
  if (!o.max_size.empty()) add(a, "--max-size", o.max_size);
  add(a, "--loops", o.loops == -1 ? std::string("auto") : std::to_string(o.loops));
  add(a, "--loop-detour", std::to_string(o.loop_detour));
  if (!o.max_dead_ends.empty()) add(a, "--max-dead-ends", o.max_dead_ends);
  add(a, "--loop-retries", std::to_string(o.loop_retries));
  add(a, "--retries", std::to_string(o.retries));
  add_content(a, o);
  return a;
}

}  // namespace

void add(std::vector<std::string>& args, const char* flag, const std::string& value) {
  args.push_back(std::string(flag) + "=" + value);
}

void add_content(std::vector<std::string>& args, const ContentOptions& o) {
  add(args, "--locks", std::to_string(o.locks));
  add(args, "--spikes", std::to_string(o.spikes));
  add(args, "--monsters", std::to_string(o.monsters));
  add(args, "--chests", std::to_string(o.chests));
  add(args, "--loot", std::to_string(o.loot));
  add(args, "--decor", std::to_string(o.decor));
  if (o.tiers != 0) add(args, "--tiers", std::to_string(o.tiers));
  if (!o.require.empty()) add(args, "--require", o.require);
}

std::string options_key(const GenerateOptions& options) {
  std::string key =
      std::string(options.flip ? "flip" : "no-flip") + (options.rotate ? " rotate" : " no-rotate");
  for (const std::string& a : arguments(options)) key += ' ' + std::to_string(a.size()) + ':' + a;
  return key;
}

cli::GenerateOptions cli_options(const GenerateOptions& options, const cli::TileInput& input) {
  cli::GenerateOptions o;
  CLI::App cmd("dungen generate", "generate");
  cli::add_generation_options(cmd, o);
  cli::add_library_level_options(cmd, o.level);
  cli::parse_library_args(cmd, arguments(options));
  o.input = input;
  o.input.no_flip = !options.flip;
  o.input.no_rotate = !options.rotate;
  o.level.quiet = true;  // a library prints nothing
  return o;
}

cli::TileInput tile_input(const TileOptions& options, const std::string& folder) {
  cli::TileInput in;
  CLI::App cmd("dungen generate", "generate");
  cli::add_tile_input(cmd, in);
  std::vector<std::string> args{"--", folder};  // TILES_DIR, even one that starts with '-'
  if (!options.palette.empty()) add(args, "--palette", options.palette);
  if (!options.tileset.empty()) add(args, "--tileset", options.tileset);
  add(args, "--max-tile-size", std::to_string(options.max_tile_size));
  if (options.skip_invalid) args.emplace_back("--skip-invalid");
  std::rotate(args.begin(), args.begin() + 2, args.end());  // the options before "--"
  cli::parse_library_args(cmd, args);
  if (!options.palette_txt.empty() && in.palette.empty()) in.palette = "palette.txt";
  return in;
}

}  // namespace dungen::api
