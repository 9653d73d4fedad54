// Every golden level of the program (tests/data/golden/<case>/, made by `dungen` from the
// case's args.txt) made again through the library's functions: the same JSON and text report
// byte for byte, and the same map pixels.
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#include <stb_image.h>

#include <functional>
#include <map>
#include <memory>

#include "api/api_support.hpp"

namespace {
using namespace api_test;

const std::string kGolden = DUNGEN_TEST_DATA_DIR "/golden";

dungen::TileSet classic_tagged() {
  dungen::TileOptions o;
  o.tileset = kSamples + "/tags/classic.tileset.txt";
  return dungen::TileSet::from_folder(kClassic, o);
}

dungen::Level generate(const std::string& set, std::uint64_t seed, int max_tiles,
                       dungen::Policy policy = dungen::Policy::Random, int locks = 0) {
  dungen::GenerateOptions o;
  o.max_tiles = max_tiles;
  o.policy = policy;
  o.locks = locks;
  return dungen::generate(dungen::TileSet::from_folder(kSamples + "/" + set), o, seed);
}

// Each golden case's args.txt said through the library.
const std::map<std::string, std::function<dungen::Level()>> kCases = {
    {"classic_seed7", [] { return generate("classic", 7, 40); }},
    {"classic_seed9_locks3", [] { return generate("classic", 9, 40, {}, 3); }},
    {"caves_seed11_depth", [] { return generate("caves", 11, 30, dungen::Policy::Depth); }},
    {"rooms_seed3",
     [] {
       dungen::RoomsOptions o;
       o.rooms = 30;
       o.loops = 0.3;
       o.locks = 2;
       return dungen::rooms(o, 3);
     }},
    {"layout_castle",
     [] {
       dungen::LayoutOptions o;
       o.locks = 2;
       o.monsters = 4;
       return dungen::layout(kSamples + "/layouts/castle.json", o, 2);
     }},
    {"layout_grid_content",
     [] {
       dungen::LayoutOptions o;
       o.locks = 2;
       o.monsters = 6;
       o.chests = 3;
       o.loot = 4;
       o.decor = 5;
       o.spikes = 2;
       return dungen::layout("grid:4x3", o, 5);
     }},
    {"areas_seed4_locks",
     [] {
       dungen::AreasOptions o;
       o.spaces = 15;
       o.width = 60;
       o.height = 44;
       o.locks = 2;
       o.monsters = 3;
       return dungen::areas(o, 4);
     }},
    {"graph_cycles20",
     [] {
       dungen::GraphOptions o;
       o.locks = 2;
       o.monsters = 3;
       return dungen::graph(classic_tagged(), kSamples + "/graphs/cycles20.json", o, 24);
     }},
};

// A PNG's pixels, RGBA, with its size first.
std::vector<int> pixels(const std::string& png) {
  int w = 0, h = 0, n = 0;
  std::unique_ptr<stbi_uc, void (*)(void*)> data(
      stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(png.data()),
                            static_cast<int>(png.size()), &w, &h, &n, 4),
      stbi_image_free);
  if (!data) return {};
  std::vector<int> out{w, h};
  out.insert(out.end(), data.get(), data.get() + std::size_t(w) * std::size_t(h) * 4);
  return out;
}

TEST(ApiGolden, EveryGoldenLevelIsTheLibrarys) {
  int cases = 0;
  for (const auto& entry : fs::directory_iterator(kGolden)) {
    const std::string name = entry.path().filename().string();
    SCOPED_TRACE(name + ": " + read(entry.path() / "args.txt"));
    const auto made = kCases.find(name);
    ASSERT_NE(made, kCases.end()) << "say this golden case through the library in kCases";
    const dungen::Level level = made->second();
    EXPECT_EQ(level.json(), read(entry.path() / "expected.json"));
    EXPECT_EQ(level.report(), read(entry.path() / "expected_report.txt"));
    const std::vector<std::uint8_t> png = level.png();
    const std::vector<int> got = pixels(std::string(png.begin(), png.end()));
    EXPECT_FALSE(got.empty());
    EXPECT_EQ(got, pixels(read(entry.path() / "expected.png")));
    ++cases;
  }
  EXPECT_EQ(cases, static_cast<int>(kCases.size()));
}

}  // namespace
