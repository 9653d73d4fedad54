// The pictures of --dump-steps (step_pictures.hpp).
#include "cli/step_pictures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>

#include "cli/level_checks.hpp"
#include "cli/messages.hpp"
#include "core/error.hpp"
#include "core/image.hpp"
#include "core/palette.hpp"
#include "io/files.hpp"
#include "io/png.hpp"

namespace dungen::cli {
namespace {

// Whether `name` is a picture name StepPictures writes: NNN-STEP.png with a known step.
bool is_step_picture(const std::string& name) {
  static constexpr std::string_view kSteps[] = {
      "start",     "grown",  "closed", "undone", "finished", "placed", "dropped",
      "separated", "carved", "spread", "merged", "joined",   "locks"};
  if (name.size() < 9 || !name.ends_with(".png") || name[3] != '-') return false;
  if (!std::all_of(name.begin(), name.begin() + 3, [](char c) { return c >= '0' && c <= '9'; }))
    return false;
  const std::string_view step = std::string_view(name).substr(4, name.size() - 8);
  return std::find(std::begin(kSteps), std::end(kSteps), step) != std::end(kSteps);
}

// Whether the file at `path` starts as a PNG does (a step picture is one; a file of another
// kind under such a name is the user's).
bool starts_as_png(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::uint8_t head[8] = {};
  in.read(reinterpret_cast<char*>(head), sizeof head);
  return in.gcount() == sizeof head && io::has_png_signature(head);
}

// Removes the pictures an earlier run left in `dir`, so that the folder shows one run.
void remove_earlier_pictures(const std::filesystem::path& dir) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    std::error_code kind;
    if (entry.is_regular_file(kind) && is_step_picture(entry.path().filename().string()) &&
        !io::is_input(entry.path()) && starts_as_png(entry.path()))
      std::filesystem::remove(entry.path(), kind);
  }
}

}  // namespace

void refuse_foreign_step_names(const std::filesystem::path& dir) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (!is_step_picture(entry.path().filename().string())) continue;
    std::error_code kind;
    if (!entry.is_directory(kind))
      io::check_writable(entry.path());  // e.g. a link into the tile folder: said as such
    if (io::is_stdout_file(entry.path())) {  // removed as an earlier picture, or replaced
      throw usage_error(entry.path().string(),
                        "is also standard output, and --dump-steps would replace it with a "
                        "picture of this run; send standard output to another file");
    }
    refuse_stderr_output(entry.path().string());
    if (starts_as_png(entry.path())) continue;
    throw output_error(entry.path().string(),
                       "has the name of a step picture but holds no PNG (a file of another "
                       "kind, a folder, or a link to one or to nothing), and --dump-steps would "
                       "replace it; move it, or give --dump-steps a folder of its own");
  }
}

int step_picture_scale(core::Size size, int scale) {
  constexpr std::int64_t kMaxPixels = std::int64_t{1} << 22;  // 4 megapixels
  const std::int64_t area = std::max<std::int64_t>(1, size.area());
  int s = scale;
  while (s > 1 && std::int64_t{s} * s * area > kMaxPixels) --s;
  return s;
}

StepPictures::StepPictures(std::filesystem::path dir, int scale, bool quiet)
    : dir_(std::move(dir)), scale_(scale), quiet_(quiet) {}

void StepPictures::operator()(std::string_view step, const core::Grid<core::CellKind>& cells) {
  if (state_->count == kMaxStepPictures) {  // 000 to 999, names that sort in order
    if (!quiet_)
      print_message("note", fmt::format("--dump-steps: stopped at {} pictures; fewer --retries "
                                        "or a smaller level show the rest",
                                        kMaxStepPictures));
    ++state_->count;
    return;
  }
  if (state_->count > kMaxStepPictures) return;
  if (state_->count == 0) {
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    if (ec) {
      throw output_error(dir_.string(), fmt::format("cannot create the folder for --dump-steps: "
                                                    "{}; give a folder path you may write to",
                                                    ec.message()));
    }
    remove_earlier_pictures(dir_);
  }
  const int s = step_picture_scale(cells.size(), scale_);
  if (s < scale_ && !quiet_ && !state_->scale_noted) {
    state_->scale_noted = true;
    print_message("note", fmt::format("--dump-steps: pictures over 4 megapixels are drawn "
                                      "below --scale {}, at the largest scale that fits (from "
                                      "the {}x{}-cell map on: scale {})",
                                      scale_, cells.width(), cells.height(), s));
  }
  // In the map's own four colours (an indexed PNG, as the map is written): quick to encode.
  // At scale 1 (every map over 4 megapixels) the cells are encoded as they are, not copied.
  const std::string name = fmt::format("{:03}-{}.png", state_->count++, step);
  if (s == 1) {
    io::write_file(dir_ / name, io::encode_cells_png(cells));
    return;
  }
  core::Grid<core::CellKind> scaled(core::Size{cells.width() * s, cells.height() * s},
                                    core::CellKind::Void);
  for (int y = 0; y < scaled.height(); ++y) {
    for (int x = 0; x < scaled.width(); ++x)
      scaled[core::Point{x, y}] = cells[core::Point{x / s, y / s}];
  }
  io::write_file(dir_ / name, io::encode_cells_png(scaled));
}

}  // namespace dungen::cli
