// The pictures of --dump-steps (step_pictures.hpp).
#include "cli/step_pictures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>

#include "cli/messages.hpp"
#include "io/formats/png.hpp"

namespace dungen::cli {

int step_picture_scale(core::Size size, int scale) {
  constexpr std::int64_t kMaxPixels = std::int64_t{1} << 22;  // 4 megapixels
  const std::int64_t area = std::max<std::int64_t>(1, size.area());
  int s = scale;
  while (s > 1 && std::int64_t{s} * s * area > kMaxPixels) --s;
  return s;
}

StepPictures::StepPictures(std::filesystem::path dir, int scale, bool quiet,
                           const io::fs::RunFiles& files)
    : dir_(std::move(dir)), scale_(scale), quiet_(quiet), files_(&files) {}

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
  if (state_->count == 0) files_->open_step_folder(dir_);
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
  const std::filesystem::path path = dir_ / io::fs::step_picture_name(state_->count++, step);
  if (s == 1) {
    files_->write_file(path, io::formats::encode_cells_png(cells));
    return;
  }
  core::Grid<core::CellKind> scaled(core::Size{cells.width() * s, cells.height() * s},
                                    core::CellKind::Void);
  for (int y = 0; y < scaled.height(); ++y) {
    for (int x = 0; x < scaled.width(); ++x)
      scaled[core::Point{x, y}] = cells[core::Point{x / s, y / s}];
  }
  files_->write_file(path, io::formats::encode_cells_png(scaled));
}

}  // namespace dungen::cli
