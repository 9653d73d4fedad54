// The outputs of a single run, checked together before any work (run_files.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;
namespace {

// "-o, --report, ... and --demo": every output option, for messages.
std::string option_list(const SingleRunPlan& plan, std::string_view last_joiner) {
  std::string list;
  const std::vector<std::string>& options = plan.options;
  for (std::size_t i = 0; i < options.size(); ++i) {
    if (i > 0) list += i + 1 == options.size() ? std::string(last_joiner) : ", ";
    list += options[i];
  }
  return list;
}

// The message for two outputs into one standard stream: the options, "/" between them.
[[noreturn]] void refuse_two_into_one_stream(const SingleRunPlan& plan, bool stdout_twice) {
  std::string options = option_list(plan, "/");
  std::replace(options.begin(), options.end(), ',', '/');
  options.erase(std::remove(options.begin(), options.end(), ' '), options.end());
  throw usage_error(options, stdout_twice ? "only one output can be '-' (standard output, also "
                                            "when named /dev/stdout or /dev/fd/1)"
                                          : "only one output can be standard error "
                                            "(/dev/stderr, /dev/fd/2); give the others files");
}

}  // namespace

void RunFiles::check(const SingleRunPlan& plan) const {
  if (plan.step_folder) check_step_folder(*plan.step_folder);
  check_single_outputs(plan);
  std::vector<std::string> paths;
  for (const PlannedOutput& f : plan.files) paths.push_back(f.path);
  paths.insert(paths.end(), plan.tileset_images.begin(), plan.tileset_images.end());
  for (const std::string& path : paths) {
    if (path == "-") refuse_input_as_stdout();
    refuse_input(path);  // also a stream's name: /dev/stdout into an input
  }
  if (plan.step_folder && !plan.step_folder->empty()) {
    refuse_input_folder(*plan.step_folder, "{dump_steps} writes NNN-STEP.png pictures");
    refuse_foreign_step_names(*plan.step_folder);
  }
  for (const std::string& path : paths) {  // a stream's name leads into a file too
    if (!path.empty() && path != "-") refuse_target(path, disk_.target(path));
  }
}

// Each output writable and named once, at most one into each standard stream, none the file
// a standard stream goes to, no binary one into a terminal.
void RunFiles::check_single_outputs(const SingleRunPlan& plan) const {
  int to_stdout = 0;
  int to_stderr = 0;
  std::vector<stdfs::path> seen;
  for (const PlannedOutput& f : plan.files) {
    const int stream = f.path == "-" ? 1 : disk_.standard_stream(f.path);
    to_stdout += stream == 1 ? 1 : 0;
    to_stderr += stream == 2 ? 1 : 0;
    if (f.path == "-" && f.binary && disk_.is_terminal(1)) {
      throw usage_error(fmt::format("{} -", f.option),
                        fmt::format("standard output is a terminal; redirect it to a file or "
                                    "pipe (dungen ... {} - > FILE{}), or give a file name",
                                    f.option, f.suffix));
    }
    if (stream != 0) continue;  // written into the stream: counted above, no file to check
    check_output(f.path);
    const stdfs::path canonical = canonical_output(f.path);
    refuse_in_step_folder(f.path, canonical, plan);
    if (std::find(seen.begin(), seen.end(), canonical) != seen.end()) {
      throw usage_error(f.path, fmt::format("is named by two outputs; give each of {} its own "
                                            "file",
                                            option_list(plan, " and ")));
    }
    seen.push_back(canonical);
  }
  check_tileset_images(plan, seen);
  refuse_stream_files(plan, to_stdout);
  if (to_stdout < 2 && to_stderr < 2) return;
  refuse_two_into_one_stream(plan, to_stdout > 1);
}

// The tileset images beside Tiled maps, whose names the user never gave: where they go must
// be free, and the messages say where the name comes from.
void RunFiles::check_tileset_images(const SingleRunPlan& plan,
                                    std::vector<stdfs::path>& seen) const {
  for (const std::string& path : plan.tileset_images) {
    refuse_folder_as_tileset_image(path);
    check_output(path);
    const stdfs::path canonical = canonical_output(path);
    refuse_in_step_folder(path, canonical, plan);
    if (std::find(seen.begin(), seen.end(), canonical) == seen.end()) continue;
    throw usage_error(path, fmt::format("is where the Tiled map's tileset image goes (written "
                                        "beside the {{tmx}}/{{tmj}} map, always named {}); "
                                        "write the other output elsewhere",
                                        stdfs::path(path).filename().string()));
  }
}

// No output (when one goes to standard output) is the file standard output goes to, and none
// the file standard error goes to: one of the two would be lost.
void RunFiles::refuse_stream_files(const SingleRunPlan& plan, int to_stdout) const {
  for (const PlannedOutput& f : plan.files) {
    if (to_stdout > 0 && disk_.standard_stream(f.path) == 0 && is_stdout_file(f.path)) {
      throw usage_error(f.path,
                        "is also standard output, where an output given as '-' goes; "
                        "give one of them another file");
    }
    refuse_stderr_output(f.path);
  }
  for (const std::string& path : plan.tileset_images) {
    if (to_stdout > 0 && is_stdout_file(path)) {
      throw usage_error(path, fmt::format("is also standard output, where an output given as "
                                          "'-' goes, and the Tiled maps' tileset image {} would "
                                          "replace it; send standard output to another file",
                                          stdfs::path(path).filename().string()));
    }
    refuse_stderr_output(path);
  }
}

}  // namespace dungen::io::fs
