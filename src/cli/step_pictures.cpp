// The pictures of --dump-steps (step_pictures.hpp).
#include "cli/step_pictures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <system_error>

#include "cli/messages.hpp"
#include "core/error.hpp"
#include "core/image.hpp"
#include "core/palette.hpp"
#include "io/files.hpp"
#include "io/png.hpp"

namespace dungen::cli {
int step_picture_scale(core::Size size, int scale) {
  constexpr std::int64_t kMaxPixels = std::int64_t{1} << 26;  // 64 megapixels
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
  }
  const int s = step_picture_scale(cells.size(), scale_);
  if (s < scale_ && !quiet_ && !state_->scale_noted) {
    state_->scale_noted = true;
    print_message("note", fmt::format("--dump-steps: a {}x{}-cell map at scale {} is over 64 "
                                      "megapixels; its pictures are drawn at scale {}",
                                      cells.width(), cells.height(), scale_, s));
  }
  core::Image img(core::Size{cells.width() * s, cells.height() * s});
  for (int y = 0; y < img.size.height; ++y) {
    for (int x = 0; x < img.size.width; ++x)
      img.at(x, y) = core::Palette::colour_of(cells[core::Point{x / s, y / s}]);
  }
  io::write_file(dir_ / fmt::format("{:03}-{}.png", state_->count++, step), io::encode_png(img));
}

}  // namespace dungen::cli
