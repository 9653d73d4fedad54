// Tile sets of the public API: from memory and from pixels as from a folder, palettes as the
// CLI reads them, and threads generating from two sets at once.
#include <cmath>
#include <thread>

#include "api/api_support.hpp"

namespace api_test {
namespace {

TEST(Api, TileSetFromMemoryIsTheFolders) {
  Scratch s;
  std::vector<dungen::NamedPng> pngs;
  for (const auto& entry : fs::directory_iterator(kClassic)) {
    if (entry.path().extension() != ".png") continue;
    const std::string bytes = read(entry.path());
    pngs.push_back({entry.path().filename().string(), {bytes.begin(), bytes.end()}});
    fs::copy_file(entry.path(), s.dir / entry.path().filename());
  }
  const std::string settings = "* weight=2\ncorridor1_cross.png weight=1 max=2\n";
  std::ofstream(s.dir / "tileset.txt") << settings;
  const dungen::TileSet folder = dungen::TileSet::from_folder(s.dir.string());
  const dungen::TileSet memory = dungen::TileSet::from_memory(pngs, settings);
  EXPECT_EQ(memory.tile_names(), folder.tile_names());
  EXPECT_EQ(memory.input_hash(), folder.input_hash());
  for (const std::uint64_t seed : {2, 9})
    EXPECT_EQ(dungen::generate(memory, {}, seed).json(), dungen::generate(folder, {}, seed).json());
  pngs.push_back({"notes.txt", {}});
  EXPECT_THROW((void)dungen::TileSet::from_memory(pngs), dungen::Error);
}

TEST(Api, PaletteFromAFileOrItsTextIsTheClis) {
  const std::string kinds = kSamples + "/kinds", palette = kinds + "/palette.txt";
  dungen::TileOptions from_file;
  from_file.palette = palette;
  const dungen::TileSet folder = dungen::TileSet::from_folder(kinds, from_file);
  expect_same_as_cli(folder, kinds, {}, "--palette '" + palette + "'", 4);
  dungen::TileOptions from_text;
  from_text.palette_txt = read(palette);  // named palette.txt, as the file
  const dungen::TileSet memory = dungen::TileSet::from_memory(pngs_of(kinds), "", from_text);
  EXPECT_EQ(memory.input_hash(), folder.input_hash());
  expect_same_as_cli(memory, kinds, {}, "--palette '" + palette + "'", 4);
}

// A square room of `side` cells, walls around floor, with a door of 3 cells in the middle of
// each side (red), as RGBA pixels.
dungen::NamedPixels room(const std::string& name, int side) {
  dungen::NamedPixels t{name, side, side, {}};
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      const bool edge = x == 0 || y == 0 || x == side - 1 || y == side - 1;
      const bool middle = std::abs(x - side / 2) <= 1 || std::abs(y - side / 2) <= 1;
      const std::uint8_t gray = edge ? 0 : 255;
      const bool door = edge && middle;
      t.rgba.insert(t.rgba.end(), {door ? std::uint8_t{255} : gray, door ? std::uint8_t{0} : gray,
                                   door ? std::uint8_t{0} : gray, 255});
    }
  }
  return t;
}

TEST(Api, TileSetFromPixels) {
  const std::vector<dungen::NamedPixels> tiles{room("small.png", 7), room("large.png", 11)};
  const dungen::TileSet set = dungen::TileSet::from_pixels(tiles, "large.png weight=3\n");
  EXPECT_EQ(set.tile_names(), (std::vector<std::string>{"large.png", "small.png"}));
  dungen::GenerateOptions o;
  o.max_tiles = 12;
  const dungen::Level level = dungen::generate(set, o, 1);
  EXPECT_EQ(level.placements().size(), 12u);
  for (const dungen::Placement& p : level.placements())
    EXPECT_TRUE(p.tile == "small.png" || p.tile == "large.png") << p.tile;
  EXPECT_EQ(level.json(), dungen::generate(dungen::TileSet::from_pixels(
                                               tiles, "large.png weight=3\n"), o, 1).json());
  std::vector<dungen::NamedPixels> bad = tiles;
  bad[0].rgba.pop_back();
  try {
    (void)dungen::TileSet::from_pixels(bad);
    ADD_FAILURE() << "no error";
  } catch (const dungen::Error& e) {
    EXPECT_EQ(e.exit_code(), 1);
    EXPECT_EQ(std::string(e.what()).rfind("tiles/small.png: 195 bytes of pixels for 7x7", 0), 0u)
        << e.what();
  }
}

TEST(Api, TwoThreadsWithTwoTileSetsMakeWhatOneMakes) {
  const dungen::TileSet classic = dungen::TileSet::from_folder(kClassic);
  const dungen::TileSet caves = dungen::TileSet::from_folder(kSamples + "/caves");
  const auto make = [](const dungen::TileSet& tiles, std::vector<std::string>& out) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      dungen::GenerateOptions o;
      o.locks = 1;
      o.monsters = 2;
      out.push_back(dungen::generate(tiles, o, seed).json());
    }
  };
  std::vector<std::string> alone_a, alone_b, both_a, both_b;
  make(classic, alone_a);
  make(caves, alone_b);
  std::thread a([&] { make(classic, both_a); });
  std::thread b([&] { make(caves, both_b); });
  a.join();
  b.join();
  EXPECT_EQ(both_a, alone_a);
  EXPECT_EQ(both_b, alone_b);
}

}  // namespace
}  // namespace api_test
