#pragma once
/// \file dungen.hpp
/// dungen as a C++ library: load a tile set, set the options of `dungen generate`, make a
/// level for a seed and read it back as data or as the bytes the program writes. The level
/// for a seed is the one `dungen generate TILES --seed SEED` makes with the same options, byte
/// for byte. Only standard types; no global state: tile sets and levels may be used from
/// several threads at once (a TileSet is read-only once loaded). docs/library.md shows how.
///
/// Units: map cells (one cell = one pixel of a tile and of the map PNG); coordinates are map
/// cells from the top-left cell of the map, x right, y down. Errors: every function that reads
/// input or takes options throws dungen::Error (error.hpp) with the message and exit code the
/// CLI prints for the same mistake; std::bad_alloc when memory runs out.

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "dungen/error.hpp"

#define DUNGEN_VERSION_MAJOR 1
#define DUNGEN_VERSION_MINOR 0
#define DUNGEN_VERSION_PATCH 0

namespace dungen {

/// The version of the library in use ("1.0.0"): that of the shared library loaded, which may
/// differ from the DUNGEN_VERSION_* macros the program was compiled with.
[[nodiscard]] std::string version();

/// One input file held in memory: a tile's PNG bytes and its file name ("room.png"), which
/// orders the tiles (by byte value, as a folder's files are) and names it in the level.
struct NamedPng {
  std::string name;                 ///< file name ending in .png (any case), no '/'
  std::vector<std::uint8_t> bytes;  ///< the whole PNG file
};

/// One tile as pixels: `width` x `height` pixels, row by row from the top-left, 4 bytes each
/// (red, green, blue, alpha; alpha 255 = opaque), named as its PNG file would be.
struct NamedPixels {
  std::string name;                ///< as NamedPng::name
  int width = 0, height = 0;       ///< pixels (= cells), each at least 1
  std::vector<std::uint8_t> rgba;  ///< width * height * 4 bytes
};

/// How tiles are read, as the CLI's tile options say (docs/tile-format.md).
struct TileOptions {
  /// --palette FILE: colours mapped to cell kinds, read from this file; the reports name it
  /// by its file name. "" = the default palette (unless palette_txt is given).
  std::string palette;
  /// The palette file's text, instead of reading `palette` (which then only names it;
  /// "palette.txt" when empty). "" = read `palette`.
  std::string palette_txt;
  /// --tileset FILE (from_folder only): tile settings from FILE instead of FOLDER/tileset.txt.
  std::string tileset;
  int max_tile_size = 1024;   ///< --max-tile-size: largest tile side (pixels), 1..2^20
  bool skip_invalid = false;  ///< --skip-invalid: a bad tile is left out, not an error
  /// from_memory, from_pixels: stands for the folder in messages ("tiles/room.png: ...").
  std::string label = "tiles";
};

/// A loaded tile set: the tiles (decoded, doors found) and their tileset.txt settings.
/// Read-only once made; copies share the tiles. Any number of threads may generate from one
/// set at once.
class TileSet {
 public:
  /// Loads every *.png of `folder` and its tileset.txt, as `dungen generate FOLDER` does with
  /// the same tile options. Throws Error with the CLI's message: exit code 1 when the folder
  /// is missing or empty, a tile, the palette or the tile settings are wrong; 2 for a tile
  /// option out of range.
  [[nodiscard]] static TileSet from_folder(const std::string& folder,
                                           const TileOptions& options = {});

  /// The tile set whose folder would hold `pngs` and, unless empty, a tileset.txt with text
  /// `tileset_txt`: the same tiles, settings, input hash and levels as from_folder of that
  /// folder. Throws Error as from_folder, and (exit code 1) for an empty list, or a name that
  /// is empty, has a '/', starts with '.', does not end in .png or is given twice.
  [[nodiscard]] static TileSet from_memory(std::vector<NamedPng> pngs,
                                           const std::string& tileset_txt = "",
                                           const TileOptions& options = {});

  /// from_memory of the PNGs holding `tiles` (losslessly encoded: the same cells and doors,
  /// another input hash). Throws Error as from_memory, and (exit code 1) when a tile's
  /// rgba does not hold width * height * 4 bytes.
  [[nodiscard]] static TileSet from_pixels(const std::vector<NamedPixels>& tiles,
                                           const std::string& tileset_txt = "",
                                           const TileOptions& options = {});

  /// The tiles' file names, sorted (the order tiles are drawn in).
  [[nodiscard]] std::vector<std::string> tile_names() const;
  /// The hash of the input files, 16 hex digits: the reports' "input_hash".
  [[nodiscard]] std::string input_hash() const;
  /// Notes of the loading, one line each: files ignored, tiles skipped (skip_invalid).
  [[nodiscard]] std::vector<std::string> notes() const;

  struct Impl;  ///< the loaded tiles (private to the library)
  /// Internal: the tile set `impl` wraps.
  explicit TileSet(std::shared_ptr<const Impl> impl);
  /// Internal: the loaded tiles.
  [[nodiscard]] const Impl& impl() const { return *impl_; }

 private:
  std::shared_ptr<const Impl> impl_;
};

/// Which open door grows next (`--policy`).
enum class Policy { Random, Breadth, Depth };

/// The locks, content and targets every level command takes (`--locks`, `--spikes`...), with
/// their defaults; values out of range make the generator throw Error (exit code 2) with the
/// CLI's message for that option.
struct ContentOptions {
  int locks = 0;          ///< --locks: locked doors, each needed, 0..1000
  int spikes = 0;         ///< --spikes: on hallway cells, 0..100000
  int monsters = 0;       ///< --monsters, 0..100000
  int chests = 0;         ///< --chests, 0..100000
  int loot = 0;           ///< --loot, 0..100000
  int decor = 0;          ///< --decor, 0..100000
  int tiers = 0;          ///< --tiers: highest content tier; 0 = no tiers
  std::string require;    ///< --require: metric targets, e.g. "loops>=3"; "" = none
};

/// The options of `dungen generate`, with its defaults. Each field names the CLI option it
/// stands for; values outside the option's range make generate() throw Error (exit code 2)
/// with the CLI's message for that option ("--max-tiles: must be a whole number from 1 to
/// 10000000, got '0'"). Not yet here: --mask, --place, --floors (docs/library.md); --graph is
/// dungen::graph (generators.hpp). The tile options are the TileSet's (TileOptions).
struct GenerateOptions : ContentOptions {
  int max_tiles = 60;     ///< --max-tiles: grow until this many tiles (tiles), 1..10^7
  int min_tiles = -1;     ///< --min-tiles: fewer = ended early (tiles); -1 = half of max_tiles
  std::string start;      ///< --start: the first tile's file name; "" = drawn by weight
  Policy policy = Policy::Random;  ///< --policy
  std::string max_size;   ///< --max-size "WxH" in cells (e.g. "120x80"); "" = no limit
  int loops = -1;         ///< --loops: loops made on purpose, 0..10^6; -1 = auto (1 per 20 tiles)
  int loop_detour = 20;   ///< --loop-detour: steps a loop must save (cells), 1..100000
  std::string max_dead_ends;  ///< --max-dead-ends: "8" or "25%"; "" = no limit
  int loop_retries = 2;   ///< --loop-retries: more seeds for a level without loops, 0..1000
  int retries = 0;        ///< --retries: more seeds for a level that ended early, 0..1000
  bool flip = true;       ///< false = --no-flip: tiles are never mirrored
  bool rotate = true;     ///< false = --no-rotate: tiles are never turned
};

/// What a map cell is (Level::cells). The values are stable.
enum class CellKind : std::uint8_t { Void = 0, Floor = 1, Wall = 2, Door = 3 };

/// The outward direction of a door: the side its tile is open on.
enum class Facing : std::uint8_t { North = 0, East = 1, South = 2, West = 3 };

/// One tile put on the map: tile `tile` (its file name) mirrored when `flip` (x -> w-1-x,
/// first), then turned clockwise by `rotate` degrees (0, 90, 180, 270), its top-left corner at
/// cell (x, y); `width` x `height` cells as placed.
struct Placement {
  std::string tile;           ///< the tile's file name within its set
  int rotate = 0;             ///< degrees clockwise: 0, 90, 180 or 270
  bool flip = false;          ///< mirrored (before the rotation)
  int x = 0, y = 0;           ///< top-left cell, map cells
  int width = 0, height = 0;  ///< as placed (after rotating), cells
};

/// What became of a door of a placement.
enum class DoorFate : std::uint8_t {
  Connected,  ///< joins two placements (open)
  Locked,     ///< joins two placements behind a lock (Door::lock names it)
  Sealed,     ///< nothing joined it: drawn as wall (Door::reason says why)
};

/// A door of the level: `width` cells from cell (x, y), running across `facing` (east-west
/// for North and South), facing that way from placement `placement`.
struct Door {
  int x = 0, y = 0;       ///< the door's first cell (leftmost or topmost), map cells
  int width = 0;          ///< cells
  Facing facing = Facing::North;        ///< outward, from `placement`
  DoorFate fate = DoorFate::Connected;  ///< connected, locked or sealed
  int placement = 0;      ///< index into Level::placements() (a's side of a connection)
  int other = -1;         ///< the placement on the other side; -1 when sealed
  int lock = -1;          ///< the lock's id when Locked (its key has the same id); else -1
  std::string reason;     ///< when Sealed: the JSON's reason key, e.g. "tile_budget"
};

/// A measure of the level, as the JSON report's "metrics" name it (docs/reports.md).
struct Metric {
  std::string name;  ///< e.g. "loops", "dead_ends", "exit_steps"
  double value = 0;  ///< counts are whole; shares from 0 to 1
};

/// A generated level: read-only data, and the files the CLI would write for it. Copies
/// share the level; any thread may read it. The data accessors never throw (but cell());
/// hash() and the files throw Error as png() says, std::bad_alloc when memory runs out.
class Level {
 public:
  /// The seed that made it (after --retries, the one that made it; docs/cli.md).
  [[nodiscard]] std::uint64_t seed() const;
  [[nodiscard]] int width() const;   ///< map width, cells
  [[nodiscard]] int height() const;  ///< map height, cells
  /// The cells, row by row from the top-left (index y * width() + x), each a CellKind value.
  [[nodiscard]] const std::vector<std::uint8_t>& cells() const;
  /// Cell (x, y); throws std::out_of_range outside the map.
  [[nodiscard]] CellKind cell(int x, int y) const;
  /// The placements in the order placed; index = placement id of the reports.
  [[nodiscard]] const std::vector<Placement>& placements() const;
  /// Every door: connected and locked doors once (per connection), then the sealed ones.
  [[nodiscard]] const std::vector<Door>& doors() const;
  /// The metrics, in the JSON report's order.
  [[nodiscard]] const std::vector<Metric>& metrics() const;
  /// Notes the generator, the locks and the content left, one line each (why fewer locks or
  /// features than asked, why it counts as ended early...).
  [[nodiscard]] const std::vector<std::string>& notes() const;
  /// Whether the level ended early (before --min-tiles).
  [[nodiscard]] bool terminated_early() const;
  /// What `--strict` asks: it did not end early, the entrance reaches every passable cell and
  /// --require's targets hold.
  [[nodiscard]] bool complete() const;
  /// The entrance and exit cells (x, y); (-1, -1) when the level has none.
  [[nodiscard]] std::pair<int, int> entrance() const;
  [[nodiscard]] std::pair<int, int> exit() const;  ///< see entrance()

  /// The level's hash, 16 hex digits: FNV-1a 64 over png(), report() and json(), as a
  /// batch's manifest.csv gives it (docs/cli.md), so equal levels have equal hashes. Makes
  /// those three files (throws as they do).
  [[nodiscard]] std::string hash() const;

  /// The map PNG the CLI writes with -o (same bytes). Throws Error when it cannot be made.
  [[nodiscard]] std::vector<std::uint8_t> png() const;
  /// The JSON report (--json), the text report (--report), the Tiled JSON map (--tmj;
  /// it names its tileset image "dungen-tiles.png") and the ASCII map (--ascii), each as the CLI
  /// writes it. Throw Error when the level cannot be written so (e.g. too large).
  [[nodiscard]] std::string json() const;
  [[nodiscard]] std::string report() const;  ///< see json()
  [[nodiscard]] std::string tmj() const;     ///< see json()
  [[nodiscard]] std::string ascii() const;   ///< see json()

  struct Impl;  ///< the level and its data (private to the library)
  /// Internal: the level `impl` wraps.
  explicit Level(std::shared_ptr<const Impl> impl);

 private:
  std::shared_ptr<const Impl> impl_;
};

/// Makes one level from `tiles` with `options` for `seed` (0..2^64-1): the level `dungen
/// generate FOLDER --seed SEED` makes with the same options. Throws Error: exit code 2 for an
/// option value out of range, options that do not go together or a start tile the set lacks
/// or that nothing can join; 1 for a set whose tiles have no door.
[[nodiscard]] Level generate(const TileSet& tiles, const GenerateOptions& options,
                             std::uint64_t seed);

}  // namespace dungen

#include "dungen/generators.hpp"  // rooms, layout, areas and graph: the other level commands
