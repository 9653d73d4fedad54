// A game's level loop on libdungen: one level per floor, seeds 1, 2, 3; each level's JSON and
// map PNG saved beside it. Build: docs/library.md. Run: game_loop TILES_DIR
#include <dungen/dungen.hpp>

#include <fstream>
#include <iostream>

int main(int argc, char** argv) try {
  const dungen::TileSet tiles = dungen::TileSet::from_folder(argc > 1 ? argv[1] : "tiles");
  dungen::GenerateOptions options;  // the defaults of `dungen generate`
  options.max_tiles = 40;
  options.locks = 1;
  options.monsters = 4;
  for (std::uint64_t floor = 1; floor <= 3; ++floor) {
    const dungen::Level level = dungen::generate(tiles, options, /*seed=*/floor);
    int walkable = 0;
    for (std::uint8_t cell : level.cells())
      walkable += cell == static_cast<std::uint8_t>(dungen::CellKind::Floor);
    std::cout << "floor " << floor << ": " << level.width() << "x" << level.height() << " cells, "
              << level.placements().size() << " tiles, " << walkable << " floor cells\n";
    std::ofstream(std::to_string(floor) + ".json") << level.json();
    const std::vector<std::uint8_t> png = level.png();
    std::ofstream(std::to_string(floor) + ".png", std::ios::binary)
        .write(reinterpret_cast<const char*>(png.data()), static_cast<std::streamsize>(png.size()));
  }
} catch (const dungen::Error& e) {  // the message and exit code `dungen generate` would give
  std::cerr << "game_loop: " << e.what() << '\n';
  return e.exit_code();
}
