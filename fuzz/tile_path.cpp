#include "tile_path.hpp"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/ascii.hpp"
#include "core/door_detect.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/palette.hpp"
#include "export/render.hpp"
#include "export/report.hpp"
#include "gen/board/candidates.hpp"
#include "io/formats/png.hpp"
#include "pipeline/generate.hpp"
#include "support/level_checks.hpp"

namespace dungen::fuzz {
namespace {

constexpr const char* kName = "fuzz.png";

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "tile path invariant broken: %s\n", what.c_str());
  std::abort();
}

void check_message(const Error& e, const std::string& name) {
  if (std::string(e.what()).rfind(name + ": ", 0) != 0) {
    fail("an error does not start with the file name: " + std::string(e.what()));
  }
}

// Cells from pixels the default palette does not name: transparent is empty, opaque pixels
// take a kind from two bits of their colour, so every decoded picture gives some shape.
core::Grid<core::CellKind> cells_from_bits(const core::Image& image) {
  core::Grid<core::CellKind> cells(image.size, core::CellKind::Void);
  for (int y = 0; y < image.size.height; ++y) {
    for (int x = 0; x < image.size.width; ++x) {
      const core::Rgba p = image.at(x, y);
      const int bits = ((p.r ^ p.g ^ p.b) >> 6) & 3;
      cells[core::Point{x, y}] =
          p.a < 128 ? core::CellKind::Void : static_cast<core::CellKind>(bits);
    }
  }
  return cells;
}

// The door rule's guarantees (core/door_detect.hpp) that hold for any grid.
void check_doors(const core::Grid<core::CellKind>& cells, const std::vector<core::Door>& doors) {
  core::Grid<char> claimed(cells.size(), 0);
  for (const core::Door& d : doors) {
    if (d.width < 1) fail("a door has width < 1");
    for (int i = 0; i < d.width; ++i) {
      const core::Point p = d.cell(i);
      if (!cells.contains(p) || cells[p] != core::CellKind::Door) fail("a door cell is not a door");
      if (cells.get_or(p + core::step(d.facing), core::CellKind::Void) != core::CellKind::Void) {
        fail("a door cell does not face an empty cell");
      }
      if (claimed[p] != 0) fail("a cell belongs to two doors");
      claimed[p] = 1;
    }
  }
}

// A straight corridor with a door of `width` at both ends: the second tile of the two-tile set.
core::Tile corridor(int width) {
  std::string art;
  for (const char fill : {'+', '.', '.', '.', '+'}) {
    art.push_back('#');
    art.append(static_cast<std::size_t>(width), fill);
    art.append("#\n");
  }
  return core::tile_from_ascii(art, "corridor.png");
}

// The map a level is written as must read back as a tile with the same cells.
void check_round_trip(const core::Level& level) {
  const std::vector<std::uint8_t> png = io::formats::encode_cells_png(level.map.cells);
  const core::Image back = io::formats::decode_png(png, "map.png", 1 << 20);
  if (core::to_cells(back, core::Palette::defaults(), "map.png") != level.map.cells) {
    fail("the map PNG does not read back as the same cells");
  }
}

// A report written whole, then again into a sink that fails (a full disk) after `keep` bytes:
// the failure must come out as the sink's dungen::Error, after exactly the same first bytes.
std::string check_report(const core::Level& level, std::uint64_t keep_permille,
                         void (*write)(const core::Level&, const exporters::TextSink&)) {
  std::string whole;
  write(level, [&](std::string_view block) { whole.append(block); });
  const std::size_t keep = whole.size() * keep_permille / 1000;
  std::string part;
  try {
    write(level, [&](std::string_view block) {
      if (part.size() + block.size() > keep)
        throw output_error("report", "cannot write: disk full");
      part.append(block);
    });
    if (keep < whole.size()) fail("a report was written whole into a sink that failed");
  } catch (const Error& e) {
    if (e.kind() != ErrorKind::Output) fail(std::string("a report failed with: ") + e.what());
  }
  if (whole.compare(0, part.size(), part) != 0) fail("a report's bytes differ between two writes");
  return whole;
}

// The level's writers: text and JSON reports (the JSON must parse) and a preview picture.
void check_writers(const core::Level& level, std::uint64_t hash) {
  (void)check_report(level, hash % 1001, [](const core::Level& l, const exporters::TextSink& s) {
    exporters::write_text_report(l, s);
  });
  const std::string json = check_report(level, (hash >> 10) % 1001,
                                        [](const core::Level& l, const exporters::TextSink& s) {
                                          exporters::write_json_report(l, s);
                                        });
  if (!nlohmann::json::accept(json)) fail("the JSON report does not parse");
  const core::Image preview = exporters::render_preview(level, {1});
  if (preview.size.area() < level.map.cells.size().area())
    fail("the preview is smaller than the map");
}

// Stitches `set` a few tiles deep with a policy and size limit drawn from `hash`.
void stitch_set(const core::TileSet& set, std::uint64_t hash) {
  pipeline::GenerateSettings settings;
  settings.stitch.max_tiles = 2 + static_cast<int>(hash % 7);
  settings.stitch.min_tiles = settings.stitch.max_tiles / 2;
  settings.stitch.policy = static_cast<gen::GrowthPolicy>((hash >> 8) % 3);
  settings.stitch.orientations = {((hash >> 12) & 1) == 0, ((hash >> 13) & 1) == 0};
  if (((hash >> 14) & 3) == 0) settings.stitch.max_size = core::Size{80, 80};
  settings.retries = static_cast<int>((hash >> 16) % 2);
  const gen::Candidates candidates(set, settings.stitch.orientations);
  try {
    const core::Level level = pipeline::generate_level(set, candidates, settings, hash >> 20);
    const std::vector<std::string> violations = test::level_violations(level, set);
    if (!violations.empty()) fail("level: " + violations.front());
    check_round_trip(level);
    check_writers(level, hash);
  } catch (const Error& e) {
    // No tile can start (no door, or none fits --max-size): a dungen::Error is the answer.
    if (e.kind() == ErrorKind::Output)
      fail(std::string("an output error while stitching: ") + e.what());
  }
}

}  // namespace

TilePathOutcome run_tile_path(std::span<const std::uint8_t> bytes) {
  core::Image image;
  try {
    image = io::formats::decode_png(bytes, kName, kFuzzMaxSide);
  } catch (const Error& e) {
    check_message(e, kName);
    return TilePathOutcome::NotDecoded;
  }
  if (image.size.width < 1 || image.size.height < 1 ||
      image.pixels.size() != static_cast<std::size_t>(image.size.area())) {
    fail("decode_png returned an image of the wrong size");
  }
  core::Tile tile;
  tile.name = kName;
  try {
    tile.cells = core::to_cells(image, core::Palette::defaults(), kName);
  } catch (const Error& e) {
    check_message(e, kName);
    tile.cells = cells_from_bits(image);
  }
  if (image.size.width > kMaxStitchSide || image.size.height > kMaxStitchSide) {
    return TilePathOutcome::Decoded;
  }
  tile.doors = core::detect_doors(tile.cells);
  check_doors(tile.cells, tile.doors);
  const std::uint64_t hash = core::fnv1a(bytes);
  core::TileSet one;
  one.tiles.push_back(tile);
  stitch_set(one, hash);
  core::TileSet two;
  two.tiles.push_back(tile);
  two.tiles.push_back(corridor(tile.doors.empty() ? 1 : std::min(tile.doors.front().width, 16)));
  stitch_set(two, hash * 0x9E3779B97F4A7C15ull + 1);
  return TilePathOutcome::Stitched;
}

}  // namespace dungen::fuzz
