#include "synthetic.hpp"

#include <initializer_list>
#include <string>
#include <utility>

#include "core/ascii.hpp"
#include "core/palette.hpp"
#include "io/formats/png.hpp"

namespace dungen::bench {

namespace {

// A tile set of (ASCII art, file name) pairs, doors detected.
core::TileSet tiles_of(std::initializer_list<std::pair<const char*, const char*>> arts) {
  core::TileSet set;
  for (const auto& [art, name] : arts) set.tiles.push_back(core::tile_from_ascii(art, name));
  return set;
}

}  // namespace

core::TileSet synthetic_tile_set() {
  return tiles_of({
      {"##+###\n#....#\n#....+\n#....#\n######", "bend.png"},
      {"#+#\n#.#\n###", "cap.png"},
      {"##+##\n#...#\n+...+\n#...#\n##+##", "cross.png"},
      {"###+###\n#.....#\n#.....#\n+.....+\n#.....#\n#.....#\n###+###", "room.png"},
      {"#+#\n#.#\n#.#\n#.#\n#+#", "straight.png"},
      {"#####\n+...+\n#...#\n#...#\n##+##", "tee.png"},
      {"#+###\n#...#\n#...#\n#...#\n#+###", "zigzag.png"},
  });
}

core::TileSet cross_tile_set() {
  return tiles_of({
      {"#+##\n#..+\n####", "bend.png"},
      {"#+#\n#.#\n###", "cap.png"},
      {"##+##\n#...#\n+...+\n#...#\n##+##", "cross.png"},
      {"#+#\n#.#\n#.#\n#+#", "straight.png"},
  });
}

core::TileSet copied_tile_set(int copies, std::optional<int> max_uses) {
  core::TileSet set;
  for (const core::Tile& tile : synthetic_tile_set().tiles) {
    for (int i = 0; i < copies; ++i) {
      set.tiles.push_back(tile);
      set.tiles.back().name = tile.name + "." + std::to_string(100000 + i);
      set.tiles.back().settings.max_uses = max_uses;
    }
  }
  return set;
}

std::vector<std::uint8_t> large_tile_png(int side) {
  core::Image img(core::Size{side, side});
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      const bool border = x == 0 || y == 0 || x == side - 1 || y == side - 1;
      const bool grid_wall = x % 8 == 0 || y % 8 == 0;
      const bool gap = (x % 8 == 4) || (y % 8 == 4);
      core::CellKind k = grid_wall && !gap ? core::CellKind::Wall : core::CellKind::Floor;
      if (border) k = (x % 16 == 4 || y % 16 == 4) ? core::CellKind::Door : core::CellKind::Wall;
      img.at(x, y) = core::Palette::colour_of(k);
    }
  }
  return io::formats::encode_png(img);
}

namespace {

core::Tile many_doors_room(int side, std::string name) {
  std::string art;
  for (int y = 0; y < side; ++y) {
    for (int x = 0; x < side; ++x) {
      const bool edge_x = x == 0 || x == side - 1, edge_y = y == 0 || y == side - 1;
      const int along = edge_y ? x : y;
      art += edge_x && edge_y ? '#' : !edge_x && !edge_y ? '.' : along % 2 == 1 ? '+' : '#';
    }
    art += '\n';
  }
  return core::tile_from_ascii(art, std::move(name));
}

}  // namespace

core::TileSet many_doors_tile_set(int side) {
  core::TileSet set;
  set.tiles = {many_doors_room(side, "big.png"), many_doors_room(3, "small.png")};
  return set;
}

}  // namespace dungen::bench
