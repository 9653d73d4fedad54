#include "cli/areas_command.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <memory>

#include "cli/level_command.hpp"
#include "cli/mask_file.hpp"
#include "cli/on_levels.hpp"
#include "cli/option_lines.hpp"
#include "cli/validators.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "gen/areas/areas.hpp"
#include "io/formats/png.hpp"
#include "io/fs/read.hpp"
#include "pipeline/areas.hpp"
#include "pipeline/generators.hpp"

namespace dungen::cli {
namespace {

struct AreasCli {
  LevelOptions level;
  int width = 80, height = 60, spaces = 20, min_space = 0;
  std::string loops = "0.1";
  std::string mask;
};

constexpr int kMaxGridSide = kMaxMaskSide;  // --width, --height and a mask's sides

// What areas' option lines read: the options as given and the settings as used.
struct AreasLines {
  const AreasCli& o;
  const gen::AreasOptions& used;
};

// areas' own option lines; the shared options' lines follow.
const OptionLine<AreasLines> kAreasLines[] = {
    {"spaces", "--spaces", [](const AreasLines& a) { return whole(a.used.spaces); }},
    {"loops", "--loops", [](const AreasLines& a) { return permille_text(a.used.loops_permille); }},
    // The grid's size, on one line: "--width 80 --height 60". A mask gives its own.
    {"size", "--width",
     [](const AreasLines& a) {
       return fmt::format("{} --height {}", a.used.size.width, a.used.size.height);
     },
     [](const AreasLines& a) { return a.o.mask.empty(); }},
    {"mask", "--mask",
     [](const AreasLines& a) { return std::filesystem::path(a.o.mask).filename().string(); },
     [](const AreasLines& a) { return !a.o.mask.empty(); }},
    {"min_space", "--min-space", [](const AreasLines& a) { return whole(a.used.min_space); },
     [](const AreasLines& a) { return a.used.min_space > 0; }},
};

pipeline::AreasSettings areas_settings(const AreasCli& o, const io::fs::RunFiles& files) {
  pipeline::AreasSettings s;
  s.areas.size = {o.width, o.height};
  s.areas.spaces = o.spaces;
  s.areas.min_space = o.min_space;
  s.areas.loops_permille = fraction_permille("--loops", o.loops);
  if (!o.mask.empty()) s.areas.mask = read_mask(o.mask, s.input_hash, "--width and --height");
  gen::check_areas_options(s.areas);  // the same for every seed: said once, before any level
  s.analyses = o.level.analyses(files);
  add_option_lines(kAreasLines, AreasLines{o, s.areas}, s.options);
  add_level_option_lines(o.level, s.options);
  return s;
}

void add_areas_options(CLI::App& cmd, AreasCli& o) {
  cmd.option_defaults()->group("Areas");
  cmd.add_option("--width", o.width, "Grid width in cells")
      ->transform(whole_number(8, kMaxGridSide))
      ->capture_default_str();
  cmd.add_option("--height", o.height, "Grid height in cells")
      ->transform(whole_number(8, kMaxGridSide))
      ->capture_default_str();
  cmd.add_option("--spaces", o.spaces, "Seeds to spread into spaces")
      ->transform(whole_number(1, 100000))
      ->capture_default_str();
  cmd.add_option("--min-space", o.min_space,
                 "Smaller spaces merge into a neighbour (default: usable cells / 5 spaces)")
      ->transform(whole_number(0, 1000000));
  cmd.add_option("--loops", o.loops,
                 "Fraction of the other adjacent space pairs joined by extra doors (0 to 1)")
      ->capture_default_str();
  CLI::Option* mask =
      cmd.add_option("--mask", o.mask,
                     "PNG whose white cells are the only usable ones (its size is the grid's)")
          ->check(non_empty_name());
  // The mask's size is the grid's: a --width or --height beside it would be dropped unseen.
  mask->excludes("--width")->excludes("--height");
}

core::Level make_areas(const pipeline::AreasSettings& settings, core::Seed seed) {
  return pipeline::areas_level(settings, seed);
}

}  // namespace

void add_areas_command(CLI::App& app, int& status) {
  auto o = std::make_shared<AreasCli>();
  CLI::App* cmd = app.add_subcommand("areas", std::string(pipeline::generator("areas").summary));
  add_areas_options(*cmd, *o);
  add_level_options(*cmd, o->level);
  on_levels(
      cmd, o->level, status,
      [o](io::fs::RunFiles& files) {
        if (!o->mask.empty()) files.add_input(o->mask);
      },
      [o](const io::fs::RunFiles& files) { return areas_settings(*o, files); }, make_areas,
      "areas");
}

LevelMaker areas_maker(const std::vector<std::string>& args) {
  return library_maker<AreasCli>("areas", args, add_areas_options, areas_settings, make_areas);
}

}  // namespace dungen::cli
