#pragma once
/// \file gallery.hpp
/// A batch's gallery: one self-contained HTML page (inline CSS and JavaScript, nothing
/// fetched from the network) with a thumbnail of every level, its seed and metrics, sortable
/// by each, and links to the level's files. The thumbnails are the levels' map PNGs, named
/// relative to the page (it lies in the batch folder beside them) and scaled up by the browser
/// without smoothing. After the cards, the batch's expressive range (gallery_range.hpp): a
/// histogram per metric and a heatmap of dead ends against loops. In a batch of dungeons
/// (--floors N) a card shows every floor's map side by side and links each floor's files and
/// the dungeon's own. Format in docs/cli.md "Gallery" and docs/floors.md.

#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/level.hpp"
#include "export/metric_table.hpp"
#include "export/text_out.hpp"
#include "export/writers.hpp"

namespace dungen::exporters {

/// The gallery's file name in the batch folder.
inline constexpr std::string_view kGalleryName = "index.html";

/// What the gallery shows of one batch level: the few numbers a batch keeps per level.
struct GalleryLevel {
  std::string_view name;  ///< "level-0007": its files are this plus each writer's batch_suffix
                          ///< (a dungeon's: GalleryBatch::floors)
  core::Seed seed = 0;    ///< the seed that made it
  core::Size size;        ///< the map, in cells (a dungeon's: every floor's)
  int placements = 0;     ///< tiles, rooms or spaces placed (a dungeon's: on every floor)
  int unused_doors = 0;
  int unreachable_regions = 0;
  bool terminated_early = false;
  std::string_view error;  ///< not empty: the level failed, it has no files and no metrics
  core::LevelMetrics metrics;
};

/// A file of a dungeon as a whole, beside its floors' files (a batch of dungeons).
struct DungeonFile {
  std::string label;   ///< the link's text, e.g. "dungeon"
  std::string suffix;  ///< what follows the dungeon's name, e.g. ".json"
};

/// What the gallery shows of the batch as a whole.
struct GalleryBatch {
  std::size_t count = 0;             ///< levels
  core::Seed first_seed = 0;         ///< level i was asked for with seed first_seed + i
  std::string_view units = "tiles";  ///< what a level's placements are: "tiles", "rooms"...
  std::vector<const Writer*> files;  ///< the files every level has, in writer-table order
  int early = 0, unreachable = 0, failed = 0;  ///< levels that ended early, have cells the
                                               ///< entrance cannot reach, failed
  /// The metrics shown (export/metric_table.hpp; another table only in tests).
  std::span<const Metric> metrics = metric_table();
  /// 1: a batch of levels. N > 1: of dungeons of N floors, each level a dungeon whose floor k's
  /// files are its name, "-floorK" and each of `files`' batch_suffix (thumbnails and links).
  int floors = 1;
  /// A dungeon's own files (floors > 1), linked after its floors'.
  std::vector<DungeonFile> dungeon_files;
};

/// The sort keys the page offers, as its buttons and `#sort=KEY` (ascending) or `#sort=-KEY`
/// (descending) name them: "index" (batch order, the default), "seed", "tiles", the gallery
/// keys of the metrics `metrics` shows in the gallery ("reachable", "loops", "dead-ends",
/// "exit-steps", "exit-rooms", "branching"), "unused".
[[nodiscard]] std::vector<std::string> gallery_sort_keys(
    std::span<const Metric> metrics = metric_table());

/// Writes the page to `sink`, block by block: a card per level `level(0)` ..
/// `level(batch.count - 1)`, each asked for once and in order, so the caller need keep no
/// level whole (the page keeps each level's metrics, about 50 bytes, for its range section,
/// written after the cards). Every text is HTML-escaped. The same arguments give the same bytes (no date,
/// no path). Throws what the sink throws.
void write_gallery(const GalleryBatch& batch, const std::function<GalleryLevel(std::size_t)>& level,
                   const TextSink& sink);

}  // namespace dungen::exporters
