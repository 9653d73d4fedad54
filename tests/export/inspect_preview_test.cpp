#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"
#include "export/inspect_report.hpp"

namespace dungen::exporters {
namespace {

std::string preview_error(int side, int scale) {
  core::TileSet set;
  core::Tile t;
  t.name = "huge.png";
  t.cells = core::Grid<core::CellKind>(core::Size{side, side}, core::CellKind::Wall);
  set.tiles.push_back(t);
  try {
    (void)render_tile_set(set, scale);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(InspectPreview, TooLargeAtScaleOneSaysSoInsteadOfAskingForASmallerScale) {
  // rel-15: the advice was "use a smaller scale" when the scale was already the smallest.
  const std::string message = preview_error(8200, 1);
  EXPECT_EQ(message.rfind("preview: the preview of 1 tiles would be ", 0), 0u) << message;
  EXPECT_PRED_FORMAT2(testing::IsSubstring,
                      "even at scale 1, more than 64 megapixels; inspect a folder of fewer "
                      "tiles, or leave out preview",
                      message);
  const std::string scaled = preview_error(1100, 8);
  EXPECT_EQ(scaled.rfind("scale: the preview would be ", 0), 0u) << scaled;
  EXPECT_PRED_FORMAT2(testing::IsSubstring,
                      "at scale 8, more than 64 megapixels; use a smaller scale", scaled);
}

}  // namespace
}  // namespace dungen::exporters
