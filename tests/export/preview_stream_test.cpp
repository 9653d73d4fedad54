// Previews drawn in bands and streamed (export/banded.hpp, write_preview_png,
// write_tile_set_png): the same bytes as the whole picture encoded at once, whatever the band.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "export/banded.hpp"
#include "export/inspect_report.hpp"
#include "export/render.hpp"
#include "io/formats/png.hpp"
#include "pipeline/layout.hpp"
#include "pipeline/rooms.hpp"

namespace dungen::exporters {
namespace {

std::vector<std::uint8_t> streamed(const core::Level& level, int scale, std::size_t band_bytes) {
  std::vector<std::uint8_t> out;
  write_preview_png(
      level, {scale},
      [&out](std::string_view block) { out.insert(out.end(), block.begin(), block.end()); },
      band_bytes);
  return out;
}

// A clock layout: room names, outlines, locks with keys and every content kind.
core::Level clock_level() {
  pipeline::LayoutSettings l;
  l.builtin = "clock";
  l.analyses.locks = 2;
  l.analyses.content = {.spikes = 3, .monsters = 6, .chests = 3, .loot = 4, .decor = 4};
  return pipeline::layout_level(l, 7);
}

core::Level rooms_level() {
  pipeline::RoomsSettings r;
  r.rooms.rooms = 20;
  r.analyses.locks = 1;
  r.analyses.content.monsters = 5;
  return pipeline::rooms_level(r, 3);
}

// Placements one cell tall, whose index labels and room name reach into the rows above and
// below; an unused door whose cross is thicker than its cell from scale 12 up; a lock and a key.
core::Level spilling_level() {
  core::Level level;
  level.map.cells = core::Grid<core::CellKind>(core::Size{20, 6}, core::CellKind::Floor);
  level.map.shapes = {core::Grid<core::CellKind>(core::Size{20, 1}, core::CellKind::Floor)};
  for (int y = 0; y < 6; ++y) level.map.placements.push_back({0, core::Orientation::R0, {0, y}, 0});
  level.map.unused_doors = {{1, 0, core::Door{{5, 1}, 2, core::Facing::North}, {}}};
  level.graph.rooms = {{"Hall", {}, 2}, {"Far", {}, 5}};
  level.puzzle.locks = {core::Lock{0, 0, 0, core::Door{{9, 3}, 1, core::Facing::East}, 7}};
  level.puzzle.keys = {core::Key{7, {12, 4}, 0}};
  level.analysis.entrance = core::Point{1, 5};
  return level;
}

TEST(PreviewStream, EveryBandHeightGivesTheWholePicturesBytes) {
  for (const core::Level& level : {spilling_level(), clock_level(), rooms_level()}) {
    ASSERT_FALSE(level.puzzle.locks.empty());
    for (const int scale : {1, 8, 13}) {
      const std::vector<std::uint8_t> whole =
          io::formats::encode_png(render_preview(level, {scale}));
      const core::Size size = io::formats::png_size(whole).value();
      const auto row = static_cast<std::size_t>(size.width) * 4;
      // One row, a prime number of rows (bands cut through cells and text), the default.
      for (const std::size_t band : {std::size_t{1}, 7 * row, kBandBytes}) {
        EXPECT_EQ(streamed(level, scale, band), whole) << "scale " << scale << " band " << band;
      }
    }
  }
}

TEST(PreviewStream, TooLargeThrowsBeforeAnyByte) {
  core::Level level;
  level.map.cells = core::Grid<core::CellKind>(core::Size{4000, 4000}, core::CellKind::Wall);
  std::size_t bytes = 0;
  EXPECT_THROW(write_preview_png(level, {8}, [&](std::string_view b) { bytes += b.size(); }),
               Error);
  EXPECT_EQ(bytes, 0u);
}

TEST(PreviewStream, TileSetPreviewStreamsTheSameBytes) {
  const core::Level level = clock_level();
  core::TileSet set;
  // Tiles of the clock's shapes: tall and short ones, so rows of tiles end mid-band.
  for (std::size_t i = 0; i < level.map.shapes.size() && i < 12; ++i) {
    core::Tile t;
    t.name = "shape" + std::to_string(i);
    t.cells = level.map.shapes[i];
    set.tiles.push_back(t);
  }
  ASSERT_GE(set.tiles.size(), 2u);
  std::vector<std::uint8_t> out;
  write_tile_set_png(set, 9, [&out](std::string_view block) {
    out.insert(out.end(), block.begin(), block.end());
  });
  EXPECT_EQ(out, io::formats::encode_png(render_tile_set(set, 9)));
}

// Bands draw only the items whose rows meet them, in item order within each layer.
TEST(PreviewStream, BandsDrawTheItemsMeetingThemInOrder) {
  std::vector<std::string> drawn;
  const Layer layer{3,
                    [](std::size_t i) {
                      return std::pair<int, int>(static_cast<int>(i) * 4 - 1,
                                                 static_cast<int>(i) * 4 + 2);
                    },
                    [&drawn](Canvas& c, std::size_t i) {
                      drawn.push_back(std::to_string(c.top) + ":" + std::to_string(i));
                    }};
  int bands = 0;
  // 2 pixels wide: 8 bytes per row; bands of 2 rows (16 bytes) over 10 rows.
  draw_in_bands({2, 10}, {1, 2, 3, 255}, {layer}, 16, [&](Canvas& band) {
    EXPECT_EQ(band.top, 2 * bands++);
    EXPECT_EQ(band.pixels.size, (core::Size{2, 2}));
    EXPECT_EQ(band.pixels.at(1, 1), (core::Rgba{1, 2, 3, 255}));
  });
  EXPECT_EQ(bands, 5);
  // Item 0 covers rows -1..1, item 1 rows 3..5, item 2 rows 7..9.
  EXPECT_EQ(drawn, (std::vector<std::string>{"0:0", "2:1", "4:1", "6:2", "8:2"}));
}

}  // namespace
}  // namespace dungen::exporters
