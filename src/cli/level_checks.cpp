#include "cli/level_checks.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <filesystem>

#include "cli/batch_folder.hpp"
#include "cli/step_pictures.hpp"
#include "cli/validators.hpp"
#include "cli/wad_output.hpp"
#include "core/error.hpp"
#include "export/gallery.hpp"
#include "export/tiled.hpp"
#include "io/files.hpp"

namespace dungen::cli {
namespace fs = std::filesystem;

std::vector<std::string> single_run_files(const LevelOptions& o) {
  const exporters::OutputPlan plan = o.single_plan();
  std::vector<std::string> files;
  for (const auto& f : plan.files) files.push_back(f.path);
  files.insert(files.end(), plan.tileset_images.begin(), plan.tileset_images.end());
  return files;
}

namespace {

// "-o, --report, ... and --demo": the single-run options, for messages.
std::string output_option_list(const LevelOptions& o, std::string_view last_joiner) {
  std::string list;
  const auto ws = o.writers;
  for (std::size_t i = 0; i < ws.size(); ++i) {
    if (i > 0) list += i + 1 == ws.size() ? std::string(last_joiner) : ", ";
    list += exporters::shown_option(ws[i]);
  }
  return list;
}

// The option's long spelling, as CLI::App::count takes it ("--output" for "-o,--output").
std::string long_option(const exporters::Writer& w) {
  return std::string(
      w.option.substr(w.option.rfind(',') == std::string_view::npos ? 0 : w.option.rfind(',') + 1));
}

// The --dump-steps folder: a folder that can be written, or a path whose first existing
// folder can be; made by the first picture, so a run that fails before leaves nothing.
void check_step_folder(const std::string& dir) {
  if (dir.empty()) throw usage_error("--dump-steps", "give a folder for the pictures");
  if (dir == "-") {
    throw usage_error("--dump-steps", "the pictures go into a folder, never to standard output; "
                                      "give a folder (./- for one named '-')");
  }
  std::error_code ec;
  fs::path existing = dir;
  while (!fs::exists(existing, ec) && existing.has_parent_path() &&
         existing.parent_path() != existing)
    existing = existing.parent_path();
  if (!fs::exists(existing, ec)) existing = ".";
  const bool folder = fs::is_directory(existing, ec);
  if (!folder || ::access(existing.c_str(), W_OK | X_OK) != 0) {
    throw output_error(
        dir, fmt::format("cannot make the pictures of --dump-steps here: {}; give a folder path "
                         "you may write to",
                         folder ? fmt::format("'{}' is not writable", existing.string())
                                : fmt::format("'{}' is a file, not a folder", existing.string())));
  }
}

// Where `path` goes, absolute and normalised through links: "a.png", "./a.png",
// "sub/../a.png" and a link to "a.png" are one file, whether it exists yet or not.
fs::path canonical_output(const std::string& path) {
  std::error_code ec;
  const fs::path target = io::output_target(path);  // a link to a file not made yet, too
  const fs::path absolute = fs::absolute(target, ec);
  const fs::path canonical = fs::weakly_canonical(ec ? target : absolute, ec);
  return ec ? absolute.lexically_normal() : canonical;
}

// Refuses an output (`canonical`: its weakly canonical path) in the --dump-steps folder, or
// that folder itself: a step picture NNN-STEP.png would replace it, or it a picture.
void refuse_in_step_folder(const std::string& path, const fs::path& canonical,
                           const LevelOptions& o) {
  if (o.dump_steps.empty()) return;
  const fs::path steps = canonical_output(o.dump_steps);
  if (canonical == steps || canonical.parent_path() == steps) {
    throw usage_error(path, fmt::format("is inside the --dump-steps folder '{}', where the step "
                                        "pictures NNN-STEP.png go; write it elsewhere",
                                        o.dump_steps));
  }
}

}  // namespace

std::vector<std::string> level_suffixes(const LevelOptions& o) {
  std::vector<std::string> suffixes;
  for (const exporters::OutputPlan::File& f : o.batch_plan("").files) suffixes.push_back(f.path);
  return suffixes;
}

void refuse_folder_as_tileset_image(const std::string& path) {
  std::error_code ec;
  if (!fs::is_directory(path, ec)) return;
  throw output_error(path, fmt::format("is a folder, where the Tiled map's tileset image goes "
                                       "(always named {}, beside the --tmx/--tmj map); rename "
                                       "the folder, or write the map elsewhere",
                                       exporters::kTilesetImageName));
}

void refuse_stderr_output(const std::string& path) {
  if (!io::is_stderr_file(path)) return;
  io::restore_stderr();
  throw usage_error(path, "is also standard error, where the messages go (2> or 2>>); "
                          "the output would replace it and they would be lost; send standard "
                          "error to another file");
}

namespace {

void check_single_outputs(const LevelOptions& o) {
  int to_stdout = 0;
  int to_stderr = 0;
  std::vector<fs::path> seen;
  const exporters::OutputPlan plan = o.single_plan();
  for (const auto& [writer, path] : plan.files) {
    const exporters::Writer& w = *writer;
    const int stream = path == "-" ? 1 : io::standard_stream_named(path);
    to_stdout += stream == 1 ? 1 : 0;
    to_stderr += stream == 2 ? 1 : 0;
    if (path == "-") {
      if (w.binary && ::isatty(STDOUT_FILENO) != 0) {
        throw usage_error(
            fmt::format("{} -", exporters::shown_option(w)),
            fmt::format(
                "standard output is a terminal; redirect it to a file or pipe (dungen ... {} - > "
                "FILE{}), or give a file name",
                exporters::shown_option(w), w.batch_suffix));
      }
    }
    if (stream != 0) continue;  // written into the stream: counted above, no file to check
    io::check_writable(path);
    const fs::path canonical = canonical_output(path);
    refuse_in_step_folder(path, canonical, o);
    if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) {
      throw usage_error(path, fmt::format("is named by two outputs; give each of {} its own file",
                                          output_option_list(o, " and ")));
    }
    seen.push_back(canonical);
  }
  for (const std::string& path : plan.tileset_images) {
    refuse_folder_as_tileset_image(path);
    io::check_writable(path);
    const fs::path canonical = canonical_output(path);
    refuse_in_step_folder(path, canonical, o);
    if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) {
      throw usage_error(
          path, fmt::format("is where the Tiled map's tileset image goes (written beside the "
                            "--tmx/--tmj map, always named {}); write the other output elsewhere",
                            exporters::kTilesetImageName));
    }
  }
  for (const auto& [writer, path] : plan.files) {
    if (to_stdout > 0 && io::standard_stream_named(path) == 0 && io::is_stdout_file(path)) {
      throw usage_error(path,
                        "is also standard output, where an output given as '-' goes; give "
                        "one of them another file");
    }
    refuse_stderr_output(path);
  }
  for (const std::string& path : plan.tileset_images) {
    if (to_stdout > 0 && io::is_stdout_file(path)) {
      throw usage_error(path, fmt::format("is also standard output, where an output given as "
                                          "'-' goes, and the Tiled maps' tileset image {} would "
                                          "replace it; send standard output to another file",
                                          exporters::kTilesetImageName));
    }
    refuse_stderr_output(path);
  }
  if (to_stdout < 2 && to_stderr < 2) return;
  std::string options = output_option_list(o, "/");
  std::replace(options.begin(), options.end(), ',', '/');
  options.erase(std::remove(options.begin(), options.end(), ' '), options.end());
  throw usage_error(options, to_stdout > 1 ? "only one output can be '-' (standard output, also "
                                             "when named /dev/stdout or /dev/fd/1)"
                                           : "only one output can be standard error "
                                             "(/dev/stderr, /dev/fd/2); give the others files");
}

}  // namespace

void check_level_options(const CLI::App& cmd, const LevelOptions& o) {
  (void)parse_seed(o);
  check_wad_options(o);
  const auto ws = o.writers;
  if (!o.batch()) {
    for (const exporters::Writer& w : ws) {
      const std::string flag = fmt::format("--with-{}", w.name);
      if (!w.batch_help.empty() && cmd.count(flag) > 0) {
        throw usage_error(
            flag,
            fmt::format("is for batches (--count K --out-dir DIR); for one level give {} FILE",
                        exporters::shown_option(w)));
      }
    }
    if (o.gallery) {
      throw usage_error("--gallery",
                        "is for batches: it shows the levels of --count K --out-dir DIR on one "
                        "page, DIR/index.html; for one level give --preview FILE");
    }
    if (cmd.count("--dump-steps") > 0) check_step_folder(o.dump_steps);
    return check_single_outputs(o);
  }
  if (o.count == 0 || o.out_dir.empty()) {
    throw usage_error("--count/--out-dir",
                      "a batch needs both --count K (1 or more) and a non-empty --out-dir DIR");
  }
  if (cmd.count("--dump-steps") > 0) {
    throw usage_error("--dump-steps",
                      "shows the steps of one level; make that level alone with its seed from the "
                      "manifest (--seed S) and --dump-steps DIR");
  }
  for (const exporters::Writer& w : ws) {
    const std::string name = long_option(w);
    if (cmd.count(name) == 0) continue;
    if (w.batch_help.empty()) {
      throw usage_error(name,
                        "a batch writes each level's map, text and JSON reports into --out-dir; "
                        "drop this option");
    }
    throw usage_error(
        name,
        fmt::format("a batch names each level's files itself; use --with-{} to add level-NNNN "
                    "files of this kind to --out-dir",
                    w.name));
  }
}

std::optional<core::Seed> parse_seed(const LevelOptions& o) {
  if (!o.seed_given) return std::nullopt;
  core::Seed seed = 0;
  const char* end = o.seed.data() + o.seed.size();
  const auto [ptr, ec] = std::from_chars(o.seed.data(), end, seed);
  if (o.seed.empty() || ec != std::errc{} || ptr != end) {
    throw usage_error(
        "--seed", fmt::format("'{}' is not a whole number from 0 to 18446744073709551615", o.seed));
  }
  return seed;
}

void refuse_inputs_as_outputs(const LevelOptions& o) {
  if (!o.batch()) {
    for (const std::string& path : single_run_files(o)) {
      if (path == "-") io::refuse_input_as_stdout();
      io::refuse_input(path);
    }
    if (!o.dump_steps.empty()) {
      io::refuse_input_folder(o.dump_steps, "--dump-steps writes NNN-STEP.png pictures");
      refuse_foreign_step_names(o.dump_steps);
    }
    return;
  }
  // Only files this batch writes: an earlier batch's level-0005.png is an input it may read.
  const std::vector<std::string> suffixes = level_suffixes(o);
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(o.out_dir, ec)) {
    const std::string name = entry.path().filename().string();
    const bool written = batch_level_file(name, o.count, suffixes) || name == "manifest.csv" ||
                         name == exporters::kTilesetImageName;
    if (written || (o.gallery && name == exporters::kGalleryName)) io::refuse_input(entry.path());
    // An earlier gallery is removed even when this batch writes none: nor may it take messages.
    if (written || name == exporters::kGalleryName) refuse_stderr_output(entry.path().string());
  }
}

}  // namespace dungen::cli
