// The public API (<dungen/dungen.hpp>, libdungen.so) against the program: the level for a seed
// has the bytes and the hash `dungen generate` gives, its data is its JSON report's, and a bad
// option gives the CLI's message and exit code.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

#include "api/api_support.hpp"

namespace api_test {
namespace {

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
  o = {};
  o.min_tiles = 10;
  o.start = "room_large.png";
  o.max_size = "60x60";
  o.loop_detour = 10;
  o.max_dead_ends = "25%";
  o.loop_retries = 0;
  o.retries = 2;
  o.rotate = false;
  o.locks = 1;
  o.spikes = 2;
  o.loot = 3;
  o.decor = 2;
  o.tiers = 3;
  o.require = "loops>=1";
  expect_same_as_cli(classic, kClassic, o,
                     "--min-tiles 10 --start room_large.png --max-size 60x60 --loop-detour 10 "
                     "--max-dead-ends 25% --loop-retries 0 --retries 2 --no-rotate --locks 1 "
                     "--spikes 2 --loot 3 --decor 2 --tiers 3 --require 'loops>=1'",
                     9);
}

// Level::hash is the hash a batch's manifest gives the level of the same seed.
TEST(Api, HashIsTheManifests) {
  Scratch s;
  const CliRun cli = run_cli("'" + kClassic + "' --count 3 --seed 11 --max-tiles 25 --out-dir '" +
                                 (s.dir / "batch").string() + "'",
                             s.dir);
  ASSERT_EQ(cli.status, 0) << cli.error;
  std::istringstream manifest(read(s.dir / "batch" / "manifest.csv"));
  const auto fields = [](const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string field; std::getline(in, field, ',');) out.push_back(field);
    return out;
  };
  std::string line;
  std::getline(manifest, line);  // index,seed,name,...,hash,...
  const std::vector<std::string> header = fields(line);
  const auto column = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  ASSERT_LT(column("hash"), header.size()) << line;
  const dungen::TileSet classic = dungen::TileSet::from_folder(kClassic);
  dungen::GenerateOptions o;
  o.max_tiles = 25;
  int rows = 0;
  while (std::getline(manifest, line)) {
    const std::vector<std::string> row = fields(line);
    const std::uint64_t seed = std::stoull(row.at(column("seed")));
    EXPECT_EQ(dungen::generate(classic, o, seed).hash(), row.at(column("hash"))) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 3);
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
}  // namespace api_test
