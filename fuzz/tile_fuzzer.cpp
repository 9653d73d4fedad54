// libFuzzer target over the tile path: PNG bytes -> decode -> palette -> doors -> a small
// stitch (fuzz/tile_path.hpp). Build with -DDUNGEN_BUILD_FUZZ=ON and clang; docs/fuzzing.md
// says how to run it.
#include <cstddef>
#include <cstdint>
#include <span>

#include "tile_path.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  (void)dungen::fuzz::run_tile_path(std::span<const std::uint8_t>(data, size));
  return 0;
}
