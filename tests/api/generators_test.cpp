// dungen::rooms, layout, areas and graph: the levels and errors of the commands they stand for.
#include "api/api_support.hpp"

namespace api_test {
namespace {

TEST(ApiGenerators, RoomsIsTheCommandsLevel) {
  for (const std::uint64_t seed : {1, 2}) expect_files_of(dungen::rooms({}, seed), "rooms", "", seed);
  dungen::RoomsOptions o;
  o.rooms = 25;
  o.min_room_size = 5;
  o.max_room_size = 12;
  o.door_width = 2;
  o.gap = 3;
  o.loops = 0.25;
  o.max_steps = 800;
  o.locks = 2;
  o.chests = 3;
  o.tiers = 2;
  expect_files_of(dungen::rooms(o, 9), "rooms",
                  "--rooms 25 --room-size 5-12 --door-width 2 --gap 3 --loops 0.25 "
                  "--max-steps 800 --locks 2 --chests 3 --tiers 2",
                  9);
}

TEST(ApiGenerators, LayoutIsTheCommandsLevel) {
  dungen::LayoutOptions o;
  expect_files_of(dungen::layout("clock", o, 3), "layout", "clock", 3);
  o.space = "60x50";
  o.monsters = 4;
  expect_files_of(dungen::layout("maze:0.2", o, 4), "layout", "maze:0.2 --space 60x50 --monsters 4",
                  4);
  const std::string castle = kSamples + "/layouts/castle.json";
  expect_files_of(dungen::layout(castle, {}, 1), "layout", "'" + castle + "'", 1);
}

TEST(ApiGenerators, AreasIsTheCommandsLevel) {
  expect_files_of(dungen::areas({}, 5), "areas", "", 5);
  dungen::AreasOptions o;
  o.mask = kSamples + "/masks/caverns.png";
  o.spaces = 12;
  o.min_space = 30;
  o.loops = 0.5;
  o.decor = 4;
  expect_files_of(dungen::areas(o, 2), "areas",
                  "--mask '" + o.mask + "' --spaces 12 --min-space 30 --loops 0.5 --decor 4", 2);
}

TEST(ApiGenerators, GraphIsTheCommandsLevel) {
  dungen::TileOptions t;
  t.tileset = kSamples + "/tags/classic.tileset.txt";
  const dungen::TileSet tiles = dungen::TileSet::from_folder(kClassic, t);
  const std::string tags = " --tileset '" + t.tileset + "'";
  expect_files_of(dungen::graph(tiles, "clock", {}, 3), "graph", "'" + kClassic + "' clock" + tags,
                  3);
  dungen::GraphOptions o;
  o.corridor_max = 2;
  o.retries = 3;
  o.locks = 1;
  expect_files_of(dungen::graph(tiles, "grid:3x2", o, 7), "graph",
                  "'" + kClassic + "' grid:3x2 --corridor-max 2 --retries 3 --locks 1" + tags, 7);
}

TEST(ApiGenerators, BadOptionsGiveTheCommandsMessageAndExitCode) {
  dungen::RoomsOptions r;
  r.rooms = 0;
  expect_error_of([&] { return dungen::rooms(r, 1); }, "rooms", "--rooms 0");
  r = {};
  r.min_room_size = 2;
  expect_error_of([&] { return dungen::rooms(r, 1); }, "rooms", "--room-size 2-10");
  r = {};
  r.door_width = 3;
  expect_error_of([&] { return dungen::rooms(r, 1); }, "rooms", "--door-width 3");
  r = {};
  r.loops = 2;
  expect_error_of([&] { return dungen::rooms(r, 1); }, "rooms", "--loops 2");
  expect_error_of([] { return dungen::layout("grid:0x3", {}, 1); }, "layout", "grid:0x3");
  expect_error_of([] { return dungen::layout("castle", {}, 1); }, "layout", "castle");
  dungen::LayoutOptions l;
  l.space = "10x10000";
  expect_error_of([&] { return dungen::layout("clock", l, 1); }, "layout", "clock --space 10x10000");
  const std::string castle = kSamples + "/layouts/castle.json";
  l.space = "60x60";
  expect_error_of([&] { return dungen::layout(castle, l, 1); }, "layout",
                  "'" + castle + "' --space 60x60");
  expect_error_of([] { return dungen::layout("/no/such/layout.json", {}, 1); }, "layout",
                  "/no/such/layout.json");
  dungen::AreasOptions a;
  a.spaces = 500;
  a.width = 20;
  a.height = 20;
  expect_error_of([&] { return dungen::areas(a, 1); }, "areas",
                  "--spaces 500 --width 20 --height 20");
  a = {};
  a.mask = kSamples + "/masks/caverns.png";
  a.width = 100;
  expect_error_of([&] { return dungen::areas(a, 1); }, "areas",
                  "--mask '" + a.mask + "' --width 100");
  const dungen::TileSet classic = dungen::TileSet::from_folder(kClassic);
  dungen::GraphOptions g;
  g.corridor_max = 65;
  expect_error_of([&] { return dungen::graph(classic, "clock", g, 1); }, "graph",
                  "'" + kClassic + "' clock --corridor-max 65");
  expect_error_of([&] { return dungen::graph(classic, "chain:x", {}, 1); }, "graph",
                  "'" + kClassic + "' chain:x");
}

}  // namespace
}  // namespace api_test
