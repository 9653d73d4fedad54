#include "export/writers.hpp"

#include <algorithm>
#include <array>

#include "export/ascii.hpp"
#include "export/doom_demo.hpp"
#include "export/doom_dungeon.hpp"
#include "export/render.hpp"
#include "export/report.hpp"
#include "export/tiled.hpp"
#include "export/uvtt.hpp"
#include "export/wad.hpp"
#include "io/formats/png.hpp"

namespace dungen::exporters {
namespace {

void bytes_to(const io::fs::BlockSink& sink, const std::vector<std::uint8_t>& bytes) {
  sink(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

// Adapters from each format's own writer to the table's signature.
void map_png(const core::Level& level, const WriterSettings&, const std::string&,
             const io::fs::BlockSink& sink) {
  bytes_to(sink, io::formats::encode_cells_png(level.map.cells));
}
void preview_png(const core::Level& level, const WriterSettings& s, const std::string&,
                 const io::fs::BlockSink& sink) {
  write_preview_png(level, {s.preview_scale}, sink);
}
template <void (*Text)(const core::Level&, const TextSink&)>
void text(const core::Level& level, const WriterSettings&, const std::string&,
          const io::fs::BlockSink& sink) {
  Text(level, sink);
}
template <void (*Report)(const core::Level&, const TextSink&, std::span<const Metric>)>
void report(const core::Level& level, const WriterSettings& s, const std::string&,
            const io::fs::BlockSink& sink) {
  Report(level, sink, s.metrics);
}
void doom_map(const core::Level& level, const WriterSettings& s, const std::string& path,
              const io::fs::BlockSink& sink) {
  std::vector<std::uint8_t> wad = doom_wad(level);
  if (s.doom_nodes) wad = s.doom_nodes(std::move(wad), path);
  bytes_to(sink, wad);
}
void doom_maps(std::span<const core::Level> floors, const WriterSettings& s,
               const std::string& path, const io::fs::BlockSink& sink) {
  std::vector<std::uint8_t> wad = doom_dungeon_wad(floors);
  if (s.doom_nodes) wad = s.doom_nodes(std::move(wad), path);
  bytes_to(sink, wad);
}
void uvtt(const core::Level& level, const WriterSettings& s, const std::string&,
          const io::fs::BlockSink& sink) {
  write_uvtt(level, s.preview_scale, sink);
}
void demo_lmp(const core::Level& level, const WriterSettings&, const std::string&,
              const io::fs::BlockSink& sink) {
  bytes_to(sink, doom_demo(level));
}
void dungeon_demo_lmp(std::span<const core::Level> floors, const WriterSettings&,
                      const std::string&, const io::fs::BlockSink& sink) {
  bytes_to(sink, doom_dungeon_demo(floors));
}

const std::array<Writer, 10> kWriters = {{
    {.name = "map",
     .option = "-o,--output",
     .help = "Map PNG to write ('-' = standard output)",
     .batch_suffix = ".png",
     .required = true,
     .binary = true,
     .write = map_png},
    {.name = "report",
     .option = "--report",
     .help = "Also write the text report here ('-' = standard output)",
     .batch_suffix = ".txt",
     .write = report<write_text_report>},
    {.name = "json",
     .option = "--json",
     .help = "Also write the JSON report here ('-' = standard output)",
     .batch_suffix = ".json",
     .write = report<write_json_report>},
    {.name = "preview",
     .option = "--preview",
     .help = "Also write an annotated, scaled-up picture here",
     .batch_suffix = ".preview.png",
     .batch_help = "Batch: also write level-NNNN.preview.png, the annotated picture",
     .binary = true,
     .write = preview_png},
    {.name = "tmx",
     .option = "--tmx",
     .help = "Also write a Tiled TMX map here, with dungen-tiles.png beside it (docs/export.md)",
     .batch_suffix = ".tmx",
     .batch_help = "Batch: also write level-NNNN.tmx (and dungen-tiles.png once)",
     .tiled = true,
     .write = text<write_tmx>},
    {.name = "tmj",
     .option = "--tmj",
     .help =
         "Also write a Tiled JSON (TMJ) map here, with dungen-tiles.png beside it (docs/export.md)",
     .batch_suffix = ".tmj",
     .batch_help = "Batch: also write level-NNNN.tmj (and dungen-tiles.png once)",
     .tiled = true,
     .write = text<write_tmj>},
    {.name = "ascii",
     .option = "--ascii",
     .help = "Also write the map as text, one character per cell ('-' = standard output)",
     .batch_suffix = ".ascii.txt",
     .batch_help = "Batch: also write level-NNNN.ascii.txt",
     .write = text<write_ascii>},
    {.name = "wad",
     .option = "--wad",
     .help = "Also write a Doom map (PWAD with MAP01; with --floors MAP01, MAP02, ...: a map per "
             "floor; nodes by zdbsp when found) here (docs/doom.md)",
     .batch_suffix = ".wad",
     .batch_help = "Batch: also write level-NNNN.wad, a Doom map (docs/doom.md)",
     .binary = true,
     .write = doom_map,
     .write_floors = doom_maps},
    {.name = "demo",
     .option = "--demo",
     .help = "Also write a Doom demo (.lmp) that plays the --wad map from the start to the exit "
             "(with --floors every map in turn)",
     .batch_suffix = ".lmp",
     .batch_help = "Batch: also write level-NNNN.lmp, a Doom demo playing it to the exit",
     .binary = true,
     .route_turn_cost = kDemoTurnCost,
     .write = demo_lmp,
     .write_floors = dungeon_demo_lmp},
    {.name = "uvtt",
     .option = "--uvtt",
     .help = "Also write a Universal VTT map (.dd2vtt: picture at --scale, walls, doors) for "
             "virtual tabletops here (docs/export.md)",
     .batch_suffix = ".dd2vtt",
     .batch_help = "Batch: also write level-NNNN.dd2vtt, a Universal VTT map (docs/export.md)",
     .write = uvtt},
}};

}  // namespace

std::span<const Writer> writers() { return kWriters; }

std::size_t writer_index(std::string_view name, std::span<const Writer> table) {
  const auto it =
      std::find_if(table.begin(), table.end(), [&](const Writer& w) { return w.name == name; });
  return static_cast<std::size_t>(it - table.begin());
}

std::string_view shown_option(const Writer& w) { return w.option.substr(0, w.option.find(',')); }

}  // namespace dungen::exporters
