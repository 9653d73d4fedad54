#pragma once
/// \file step_pictures.hpp
/// The pictures of --dump-steps: the map after each step of a generator.

#include <filesystem>
#include <memory>
#include <string_view>

#include "core/cell.hpp"
#include "core/grid.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::cli {

/// At most this many pictures, 000 to 999, are written by one run (--retries can make
/// thousands of steps); a note says when more were left out.
inline constexpr int kMaxStepPictures = 1000;

/// The scale of a step picture of a map of `size` cells: `scale`, or the largest smaller one
/// (at least 1) whose picture stays within 4 megapixels.
[[nodiscard]] int step_picture_scale(core::Size size, int scale);

/// Writes DIR/NNN-STEP.png (NNN counting from 000, up to kMaxStepPictures) for each step it
/// is called with: the map's cells in the map palette, `scale` pixels a cell, or at the
/// largest smaller scale (at least 1) that keeps the picture within 4 megapixels (a note says
/// so once, unless `quiet`). At the first picture, DIR and its parents are made and the
/// pictures of an earlier run in it removed (io::fs::RunFiles::open_step_folder), so a run
/// that fails before its first step leaves no folder. Every picture is written through
/// `files`, which must outlive the copies. Throws Error (kind Output) when DIR cannot be made or
/// a picture cannot be written. Copies share one count.
class StepPictures {
 public:
  StepPictures(std::filesystem::path dir, int scale, bool quiet, const io::fs::RunFiles& files);
  void operator()(std::string_view step, const core::Grid<core::CellKind>& cells);

 private:
  struct State {
    int count = 0;
    bool scale_noted = false;
  };
  std::filesystem::path dir_;
  int scale_;
  bool quiet_;
  const io::fs::RunFiles* files_;
  std::shared_ptr<State> state_ = std::make_shared<State>();
};

}  // namespace dungen::cli
