#include "cli/layout_command.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <memory>

#include "cli/level_command.hpp"
#include "cli/messages.hpp"
#include "cli/on_levels.hpp"
#include "cli/option_lines.hpp"
#include "cli/validators.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "io/formats/layout_file.hpp"
#include "io/fs/read.hpp"
#include "pipeline/generators.hpp"
#include "pipeline/layout.hpp"

namespace dungen::cli {
namespace {

struct LayoutCli {
  LevelOptions level;
  std::string spec;
  std::string space = "85x64";
  bool space_given = false;
};

core::Size parse_space(const std::string& text) {
  const auto x = text.find('x');
  int w = 0, h = 0;
  const char* end = text.data() + text.size();
  const bool ok = x != std::string::npos &&
                  std::from_chars(text.data(), text.data() + x, w).ptr == text.data() + x &&
                  std::from_chars(text.data() + x + 1, end, h).ptr == end &&
                  std::min(w, h) >= core::kMinSpaceSide && std::max(w, h) <= core::kMaxSpaceSide;
  if (!ok)
    throw usage_error("--space", fmt::format("'{}' is not WIDTHxHEIGHT in cells ({} to {}), e.g. "
                                             "85x64",
                                             text, core::kMinSpaceSide, core::kMaxSpaceSide));
  return {w, h};
}

// What layout's option lines read: the options as given and the settings as used.
struct LayoutLines {
  const LayoutCli& o;
  const pipeline::LayoutSettings& used;
};

// layout's own option lines; the shared options' lines follow.
const OptionLine<LayoutLines> kLayoutLines[] = {
    // The command and its SPEC: a file by its name, a built-in as given.
    {"spec", "layout",
     [](const LayoutLines& l) {
       return l.used.spec ? std::filesystem::path(l.o.spec).filename().string() : l.o.spec;
     }},
    {"space", "--space", [](const LayoutLines& l) { return l.o.space; },
     [](const LayoutLines& l) { return !l.used.spec.has_value(); }},
};

pipeline::LayoutSettings layout_settings(const LayoutCli& o, const io::fs::RunFiles& files) {
  pipeline::LayoutSettings s;
  s.analyses = o.level.analyses(files);
  std::error_code ec;
  // A name that exists (a link too, even one that leads nowhere) is a file: reading it says
  // what is wrong with it.
  const bool file = std::filesystem::exists(std::filesystem::symlink_status(o.spec, ec)) ||
                    std::filesystem::path(o.spec).extension() == ".json";
  if (!file && !pipeline::is_builtin_layout(o.spec)) {
    throw usage_error(o.spec,
                      "not a layout file or built-in; use a .json layout file, grid:COLSxROWS, "
                      "clock or maze[:LOOPS]");
  }
  if (file) {
    if (o.space_given)
      throw usage_error("--space",
                        "applies to built-in layouts; a layout file gives its own space");
    const std::string text = io::fs::read_text(o.spec, io::fs::kLayoutFileLimit);
    s.spec = io::formats::parse_layout(text, o.spec);
    s.input_hash = core::hex64(core::fnv1a(text));  // another file, another level
  } else {
    s.builtin = o.spec;
    s.space = parse_space(o.space);
  }
  add_option_lines(kLayoutLines, LayoutLines{o, s}, s.options);
  add_level_option_lines(o.level, s.options);
  set_run_phase(RunPhase::Making);  // a built-in layout is made here; the inputs are read
  pipeline::check_layout(s);        // fail before any output, with the entry or number at fault
  return s;
}

void add_layout_options(CLI::App& cmd, LayoutCli& o) {
  cmd.add_option(
         "SPEC", o.spec,
         "Layout file (.json, docs/layouts.md) or built-in: grid:4x3, clock, maze, maze:0.1")
      ->check(non_empty_name("a layout file or a built-in such as grid:4x3"))
      ->required();
  cmd.option_defaults()->group("Layout");
  cmd.add_option("--space", o.space,
                 "Tile space of a built-in, WIDTHxHEIGHT cells (files give their own)")
      ->capture_default_str()
      ->each([&o](const std::string&) { o.space_given = true; });
}

core::Level make_layout(const pipeline::LayoutSettings& settings, core::Seed seed) {
  return pipeline::layout_level(settings, seed);
}

}  // namespace

void add_layout_command(CLI::App& app, int& status) {
  auto o = std::make_shared<LayoutCli>();
  CLI::App* cmd = app.add_subcommand("layout", std::string(pipeline::generator("layout").summary));
  add_layout_options(*cmd, *o);
  add_level_options(*cmd, o->level);
  on_levels(
      cmd, o->level, status, [o](io::fs::RunFiles& files) { files.add_input(o->spec); },
      [o](const io::fs::RunFiles& files) { return layout_settings(*o, files); }, make_layout,
      "layout");
}

LevelMaker layout_maker(const std::vector<std::string>& args) {
  return library_maker<LayoutCli>("layout", args, add_layout_options, layout_settings, make_layout);
}

}  // namespace dungen::cli
