// libFuzzer target over the PNG chunk stream: PNG bytes -> decode_png, as given and with good
// CRCs, pixels compared with stb_image's (fuzz/png_path.hpp). Build with -DDUNGEN_BUILD_FUZZ=ON
// and clang; docs/fuzzing.md says how to run it.
#include <cstddef>
#include <cstdint>
#include <span>

#include "png_path.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  (void)dungen::fuzz::run_png_path(std::span<const std::uint8_t>(data, size));
  return 0;
}
