// A tile set keeps what generate prepares for the options of its last levels (the CLI's
// options parsed, the tiles indexed; src/api/impl.hpp TileSet::Impl::prepared): levels are
// those of a fresh tile set whatever the order of the options, however many option sets, and
// from any number of threads; a refused option is refused every time.
#include <thread>

#include "api/api_support.hpp"

namespace api_test {
namespace {

// Six option sets, more than a tile set keeps.
std::vector<dungen::GenerateOptions> option_sets() {
  std::vector<dungen::GenerateOptions> sets(6);
  sets[1].max_tiles = 30;
  sets[2].policy = dungen::Policy::Depth;
  sets[3].flip = false;
  sets[4].rotate = false;
  sets[5].locks = 2;
  sets[5].monsters = 3;
  return sets;
}

// The hash of the level of `seed` for options `o` from a tile set that has made no level.
std::string fresh_hash(const dungen::GenerateOptions& o, std::uint64_t seed) {
  return dungen::generate(dungen::TileSet::from_folder(kClassic), o, seed).hash();
}

TEST(Api, KeptPreparationsMakeTheLevelsOfAFreshTileSet) {
  const dungen::TileSet classic = dungen::TileSet::from_folder(kClassic);
  const auto sets = option_sets();
  for (const std::size_t i : {0, 1, 2, 3, 4, 5, 0, 5, 1, 1, 3, 0}) {
    SCOPED_TRACE("options " + std::to_string(i));
    const std::uint64_t seed = 3 + i;
    EXPECT_EQ(dungen::generate(classic, sets[i], seed).hash(), fresh_hash(sets[i], seed));
  }
}

TEST(Api, ThreadsShareKeptPreparations) {
  const dungen::TileSet classic = dungen::TileSet::from_folder(kClassic);
  const auto sets = option_sets();
  std::vector<std::string> got(sets.size() * 4);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (std::size_t i = 0; i < sets.size(); ++i)
        got[t * sets.size() + i] =
            dungen::generate(classic, sets[(i + t) % sets.size()], i + 1).hash();
    });
  }
  for (std::thread& t : threads) t.join();
  for (std::size_t t = 0; t < 4; ++t) {
    for (std::size_t i = 0; i < sets.size(); ++i)
      EXPECT_EQ(got[t * sets.size() + i], fresh_hash(sets[(i + t) % sets.size()], i + 1));
  }
}

TEST(Api, RefusedOptionsAreRefusedEveryTime) {
  const dungen::TileSet classic = dungen::TileSet::from_folder(kClassic);
  dungen::GenerateOptions bad;
  bad.max_tiles = 0;
  for (int i = 0; i < 2; ++i) {
    EXPECT_THROW((void)dungen::generate(classic, bad, 1), dungen::Error);
    EXPECT_EQ(dungen::generate(classic, {}, 1).hash(), fresh_hash({}, 1));
  }
}

}  // namespace
}  // namespace api_test
