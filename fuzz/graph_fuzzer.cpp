// libFuzzer target over level-graph JSON files (`dungen generate TILES --graph FILE`)
// (fuzz/text_paths.hpp). Build with -DDUNGEN_BUILD_FUZZ=ON and clang; docs/fuzzing.md says how
// to run it.
#include <cstddef>
#include <cstdint>
#include <span>

#include "text_paths.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  (void)dungen::fuzz::run_graph_path(std::span<const std::uint8_t>(data, size));
  return 0;
}
