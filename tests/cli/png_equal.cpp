// Test helper: exits 0 when two PNG files decode to the same pixels, 1 otherwise (with the
// first difference on stderr). PNG bytes may differ (compression); pixels may not.
#include <iostream>

#include "io/formats/png.hpp"
#include "io/fs/read.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: png_equal A.png B.png\n";
    return 2;
  }
  using dungen::io::formats::decode_png;
  using dungen::io::fs::read_file;
  const auto a = decode_png(read_file(argv[1]), argv[1], 1 << 20);
  const auto b = decode_png(read_file(argv[2]), argv[2], 1 << 20);
  if (!(a.size == b.size)) {
    std::cerr << "sizes differ: " << a.size.width << "x" << a.size.height << " vs " << b.size.width
              << "x" << b.size.height << "\n";
    return 1;
  }
  for (int y = 0; y < a.size.height; ++y) {
    for (int x = 0; x < a.size.width; ++x) {
      if (!(a.at(x, y) == b.at(x, y))) {
        std::cerr << "first difference at " << x << "," << y << "\n";
        return 1;
      }
    }
  }
  return 0;
}
