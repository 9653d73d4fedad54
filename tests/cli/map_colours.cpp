// Test helper: finds a level map's colours in a picture (a browser's screenshot of the batch
// gallery). Prints "wall W floor F door D columns C rows R": the pixels of each of the default
// palette's wall, floor and door colours, then how many separate groups of columns and of rows
// hold them (groups at least 8 pixels apart), which is how many thumbnails side by side and
// one above another the picture shows.
#include <iostream>
#include <vector>

#include "core/cell.hpp"
#include "core/palette.hpp"
#include "io/formats/png.hpp"
#include "io/fs/read.hpp"

namespace {

// Groups of indices whose count is at least `min`, separated by 8 or more indices below it.
int groups(const std::vector<int>& counts, int min) {
  int found = 0, gap = 8;
  for (const int c : counts) {
    if (c >= min) {
      if (gap >= 8) ++found;
      gap = 0;
    } else {
      ++gap;
    }
  }
  return found;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: map_colours SCREENSHOT.png\n";
    return 2;
  }
  using dungen::core::CellKind;
  using dungen::core::Palette;
  const auto image =
      dungen::io::formats::decode_png(dungen::io::fs::read_file(argv[1]), argv[1], 1 << 16);
  const CellKind kinds[] = {CellKind::Wall, CellKind::Floor, CellKind::Door};
  long count[3] = {0, 0, 0};
  std::vector<int> columns(static_cast<std::size_t>(image.size.width));
  std::vector<int> rows(static_cast<std::size_t>(image.size.height));
  for (int y = 0; y < image.size.height; ++y) {
    for (int x = 0; x < image.size.width; ++x) {
      for (int k = 0; k < 3; ++k) {
        if (!(image.at(x, y) == Palette::colour_of(kinds[k]))) continue;
        ++count[k];
        ++columns[static_cast<std::size_t>(x)];
        ++rows[static_cast<std::size_t>(y)];
      }
    }
  }
  std::cout << "wall " << count[0] << " floor " << count[1] << " door " << count[2] << " columns "
            << groups(columns, 3) << " rows " << groups(rows, 3) << "\n";
  return 0;
}
