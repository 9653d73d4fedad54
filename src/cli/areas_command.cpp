#include "cli/areas_command.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <memory>

#include "cli/level_command.hpp"
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

constexpr int kMaxGridSide = 4096;  // --width, --height and a mask's sides

// Usable cells of a mask PNG: its light, opaque pixels (red, green and blue at least 128);
// `input_hash` gets the hash of its bytes.
core::Grid<std::uint8_t> read_mask(const std::string& path, std::string& input_hash) {
  const std::vector<std::uint8_t> bytes = io::fs::read_file(path);
  input_hash = core::hex64(core::fnv1a(bytes));  // another mask, another level
  if (bytes.empty()) {
    throw file_error(path,
                     "empty file (0 bytes); --mask takes a PNG image whose light pixels "
                     "are usable: save the mask again as PNG");
  }
  if (!io::formats::has_png_signature(bytes)) {
    throw file_error(path,
                     "not a PNG file (it does not start with the PNG signature); --mask "
                     "takes a PNG image whose light pixels are usable: save it as PNG");
  }
  // A side past 2^20 is no mask but a damaged header: decode_png says so with its exact size.
  if (const auto size = io::formats::png_size(bytes);
      size && std::max(size->width, size->height) > kMaxGridSide &&
      std::max(size->width, size->height) <= (1 << 20)) {
    throw file_error(
        path,
        fmt::format("the mask is {}x{} pixels; a mask may be at most {} per side, as --width and "
                    "--height: scale it down",
                    size->width, size->height, kMaxGridSide));
  }
  const core::Image img = io::formats::decode_png(bytes, path, kMaxGridSide);
  core::Grid<std::uint8_t> mask(img.size, 0);
  int usable = 0;
  for (int y = 0; y < img.size.height; ++y) {
    for (int x = 0; x < img.size.width; ++x) {
      const core::Rgba c = img.at(x, y);
      mask[core::Point{x, y}] = c.a >= 128 && c.r >= 128 && c.g >= 128 && c.b >= 128;
      usable += mask[core::Point{x, y}];
    }
  }
  if (usable == 0)
    throw file_error(path, "the mask has no white cells; paint the usable area white");
  return mask;
}

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
  if (!o.mask.empty()) s.areas.mask = read_mask(o.mask, s.input_hash);
  gen::check_areas_options(s.areas);  // the same for every seed: said once, before any level
  s.analyses = o.level.analyses(files);
  add_option_lines(kAreasLines, AreasLines{o, s.areas}, s.options);
  add_level_option_lines(o.level, s.options);
  return s;
}

}  // namespace

void add_areas_command(CLI::App& app, int& status) {
  auto o = std::make_shared<AreasCli>();
  CLI::App* cmd = app.add_subcommand("areas", std::string(pipeline::generator("areas").summary));
  cmd->option_defaults()->group("Areas");
  cmd->add_option("--width", o->width, "Grid width in cells")
      ->transform(whole_number(8, kMaxGridSide))
      ->capture_default_str();
  cmd->add_option("--height", o->height, "Grid height in cells")
      ->transform(whole_number(8, kMaxGridSide))
      ->capture_default_str();
  cmd->add_option("--spaces", o->spaces, "Seeds to spread into spaces")
      ->transform(whole_number(1, 100000))
      ->capture_default_str();
  cmd->add_option("--min-space", o->min_space,
                  "Smaller spaces merge into a neighbour (default: usable cells / 5 spaces)")
      ->transform(whole_number(0, 1000000));
  cmd->add_option("--loops", o->loops,
                  "Fraction of the other adjacent space pairs joined by extra doors (0 to 1)")
      ->capture_default_str();
  CLI::Option* mask =
      cmd->add_option("--mask", o->mask,
                      "PNG whose white cells are the only usable ones (its size is the grid's)")
          ->check(non_empty_name());
  // The mask's size is the grid's: a --width or --height beside it would be dropped unseen.
  mask->excludes("--width")->excludes("--height");
  add_level_options(*cmd, o->level);
  on_levels(
      cmd, o->level, status,
      [o](io::fs::RunFiles& files) {
        if (!o->mask.empty()) files.add_input(o->mask);
      },
      [o](const io::fs::RunFiles& files) { return areas_settings(*o, files); },
      [](const auto& settings, core::Seed seed) { return pipeline::areas_level(settings, seed); },
      "areas");
}

}  // namespace dungen::cli
