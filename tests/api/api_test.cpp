// The public API (<dungen/dungen.hpp>, libdungen.so) against the program: the level for a seed
// has the bytes `dungen generate` writes, a bad option gives the CLI's message and exit code,
// tile sets from memory equal those from a folder, and threads do not share state.
#include <dungen/dungen.hpp>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {
namespace fs = std::filesystem;

const std::string kSamples = DUNGEN_SAMPLES_DIR;
const std::string kClassic = kSamples + "/classic";

std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// A scratch folder, removed with the test.
struct Scratch {
  fs::path dir;
  Scratch() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir = fs::temp_directory_path() / ("dungen_api_" + std::string(info->name()) + "_" +
                                       std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
};

// What `dungen generate ARGS` wrote in `dir` and said.
struct CliRun {
  int status = -1;
  std::string error;  ///< standard error
};

CliRun run_cli(const std::string& args, const fs::path& dir) {
  const std::string command = std::string("'") + DUNGEN_BINARY + "' generate " + args + " -q 2> '" +
                              (dir / "stderr.txt").string() + "'";
  const int raw = std::system(command.c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read(dir / "stderr.txt")};
}

// The CLI's files for `args` (tiles and options) and seed `seed`, compared with the API's.
void expect_same_as_cli(const dungen::TileSet& tiles, const std::string& tile_arg,
                        const dungen::GenerateOptions& options, const std::string& flags,
                        std::uint64_t seed) {
  SCOPED_TRACE(flags + " --seed " + std::to_string(seed));
  Scratch s;
  const fs::path png = s.dir / "x.png", json = s.dir / "x.json", report = s.dir / "x.txt";
  const CliRun cli = run_cli("'" + tile_arg + "' " + flags + " --seed " + std::to_string(seed) +
                                 " -o '" + png.string() + "' --json '" + json.string() +
                                 "' --report '" + report.string() + "'",
                             s.dir);
  ASSERT_EQ(cli.status, 0) << cli.error;
  const dungen::Level level = dungen::generate(tiles, options, seed);
  EXPECT_EQ(level.json(), read(json));
  EXPECT_EQ(level.report(), read(report));
  const std::vector<std::uint8_t> bytes = level.png();
  EXPECT_EQ(std::string(bytes.begin(), bytes.end()), read(png));
}

TEST(Api, LevelHasTheBytesTheCliWrites) {
  const dungen::TileSet classic = dungen::TileSet::from_folder(kClassic);
  for (const std::uint64_t seed : {1, 7}) expect_same_as_cli(classic, kClassic, {}, "", seed);
  dungen::GenerateOptions o;
  o.max_tiles = 30;
  o.locks = 2;
  o.monsters = 3;
  o.chests = 2;
  o.loops = 2;
  o.policy = dungen::Policy::Depth;
  o.flip = false;
  expect_same_as_cli(classic, kClassic, o,
                     "--max-tiles 30 --locks 2 --monsters 3 --chests 2 --loops 2 --policy depth "
                     "--no-flip",
                     5);
}

const char* facing_name(dungen::Facing f) {
  constexpr const char* kNames[] = {"north", "east", "south", "west"};
  return kNames[static_cast<int>(f)];
}

// The level's data says what its JSON report says: map, placements, doors, metrics, entrance.
TEST(Api, LevelDataIsItsJson) {
  dungen::GenerateOptions o;
  o.locks = 2;
  const dungen::Level level = dungen::generate(dungen::TileSet::from_folder(kClassic), o, 3);
  const nlohmann::json j = nlohmann::json::parse(level.json());
  EXPECT_EQ(level.seed(), 3u);
  EXPECT_EQ(level.width(), j["map"]["width"]);
  EXPECT_EQ(level.height(), j["map"]["height"]);
  ASSERT_EQ(level.cells().size(),
            static_cast<std::size_t>(level.width()) * static_cast<std::size_t>(level.height()));
  ASSERT_EQ(level.placements().size(), j["placements"].size());
  for (std::size_t i = 0; i < level.placements().size(); ++i) {
    const dungen::Placement& p = level.placements()[i];
    const nlohmann::json& q = j["placements"][i];
    EXPECT_EQ(p.tile, q["tile"]);
    EXPECT_EQ(p.rotate, q["rotate"]);
    EXPECT_EQ(p.flip, q["flip"]);
    EXPECT_EQ(std::vector<int>({p.x, p.y, p.width, p.height}),
              std::vector<int>({q["x"], q["y"], q["width"], q["height"]}));
  }
  std::size_t joined = 0, sealed = 0, locked = 0;
  for (const dungen::Door& d : level.doors()) {
    const bool open = d.fate != dungen::DoorFate::Sealed;
    const nlohmann::json& q = open ? j["connections"][joined++] : j["unused_doors"][sealed++];
    EXPECT_EQ(std::vector<int>({d.x, d.y, d.width}), std::vector<int>({q["x"], q["y"], q["width"]}));
    EXPECT_EQ(facing_name(d.facing), q["facing"]);
    if (open) {
      EXPECT_EQ(d.placement, q["a"]);
      EXPECT_EQ(d.other, q["b"]);
    } else {
      EXPECT_EQ(d.placement, q["placement"]);
      EXPECT_EQ(d.reason, q["reason"]);
    }
    if (d.fate == dungen::DoorFate::Locked) ++locked;
  }
  EXPECT_EQ(joined, j["connections"].size());
  EXPECT_EQ(sealed, j["unused_doors"].size());
  EXPECT_EQ(locked, j["locks"].size());
  EXPECT_EQ(locked, 2u);
  ASSERT_EQ(level.metrics().size(), j["metrics"].size());
  for (const dungen::Metric& m : level.metrics())
    EXPECT_DOUBLE_EQ(m.value, j["metrics"][m.name].get<double>()) << m.name;
  const auto [ex, ey] = level.entrance();
  EXPECT_EQ(std::vector<int>({ex, ey}), std::vector<int>({j["entrance"]["x"], j["entrance"]["y"]}));
  EXPECT_EQ(level.cell(ex, ey), dungen::CellKind::Floor);
  EXPECT_THROW((void)level.cell(-1, 0), std::out_of_range);
  EXPECT_EQ(level.terminated_early(), j["terminated_early"]);
  EXPECT_NE(level.tmj().find("dungen-tiles.png"), std::string::npos);
  EXPECT_FALSE(level.ascii().empty());
  EXPECT_EQ(dungen::version(), j["dungen_version"]);
}

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

// The PNGs of `folder` as NamedPng, sorted by name.
std::vector<dungen::NamedPng> pngs_of(const std::string& folder) {
  std::vector<dungen::NamedPng> pngs;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() != ".png") continue;
    const std::string bytes = read(entry.path());
    pngs.push_back({entry.path().filename().string(), {bytes.begin(), bytes.end()}});
  }
  return pngs;
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

// The API's Error for `options` (or loading `folder` with `tile_options`) has the CLI's
// message and exit code for the command line `flags`.
void expect_cli_error(const std::string& folder, const dungen::GenerateOptions& options,
                      const std::string& flags, const dungen::TileOptions& tile_options = {}) {
  SCOPED_TRACE(flags);
  Scratch s;
  const CliRun cli = run_cli("'" + folder + "' " + flags + " -o '" + (s.dir / "x.png").string() + "'",
                             s.dir);
  ASSERT_NE(cli.status, 0);
  try {
    (void)dungen::generate(dungen::TileSet::from_folder(folder, tile_options), options, 1);
    ADD_FAILURE() << "no error";
  } catch (const dungen::Error& e) {
    EXPECT_EQ("dungen: error: " + std::string(e.what()) + "\n", cli.error);
    EXPECT_EQ(e.exit_code(), cli.status);
  }
}

TEST(Api, BadOptionsGiveTheCliMessageAndExitCode) {
  dungen::GenerateOptions o;
  o.max_tiles = 0;
  expect_cli_error(kClassic, o, "--max-tiles 0");
  o = {};
  o.max_tiles = 10;
  o.min_tiles = 20;
  expect_cli_error(kClassic, o, "--max-tiles 10 --min-tiles 20");
  o = {};
  o.start = "room_larg.png";
  expect_cli_error(kClassic, o, "--start room_larg.png");
  o = {};
  o.max_dead_ends = "120%";
  expect_cli_error(kClassic, o, "--max-dead-ends 120%");
  o = {};
  o.require = "loopz>=2";
  expect_cli_error(kClassic, o, "--require 'loopz>=2'");
  expect_cli_error(kSamples + "/no_such_folder", {}, "");
  dungen::TileOptions t;
  t.max_tile_size = 0;
  expect_cli_error(kClassic, {}, "--max-tile-size 0", t);
  t = {};
  t.max_tile_size = 8;
  expect_cli_error(kClassic, {}, "--max-tile-size 8", t);
  t = {};
  t.palette = kSamples + "/classic/room_large.png";
  expect_cli_error(kClassic, {}, "--palette '" + t.palette + "'", t);
}

}  // namespace
