#pragma once
/// \file batch_floors.hpp
/// Batches of dungeons (--floors N with --count K --out-dir DIR; docs/floors.md "Batches of
/// dungeons"): dungeon i is the dungeon `--floors N --seed S+i` makes alone, its files named as a
/// batch level's with "-floorK" (cli/dungeon_files.hpp), its manifest row summing its floors.

#include <string>
#include <vector>

#include "cli/batch_manifest.hpp"
#include "cli/level_command.hpp"
#include "export/gallery.hpp"
#include "export/writers.hpp"
#include "io/fs/run_files.hpp"
#include "pipeline/floors.hpp"

namespace dungen::cli {

/// "3 levels", or in a batch of dungeons "3 dungeons of 2 floors" (`n` of them), for messages.
[[nodiscard]] std::string count_of_levels(const LevelOptions& o, int n);

/// The files of a dungeon as a whole that each dungeon of the batch has (batch_dungeon_plan), as
/// its gallery card links them: {"dungeon", ".json"}, then {"ascii", ".ascii.txt"} and
/// {"world", ".world"} when written; none for a batch of levels.
[[nodiscard]] std::vector<exporters::DungeonFile> dungeon_gallery_files(const LevelOptions& o);

/// Copies `row` into `kept`, the row the gallery is made from at the batch's end, but for its
/// stairs, which the page does not show: a batch keeps no stairs until its end.
void keep_for_gallery(BatchRow& kept, const BatchRow& row);

/// Refuses what a batch of dungeons does not write yet: Doom maps and demos (--with-wad,
/// --with-demo). Throws Error (usage, exit 2).
void check_floor_batch_options(const LevelOptions& o);

/// The columns of dungeon `d` in a batch's manifest and gallery: the dungeon's seed, its
/// floors' tiles, unused doors and unreachable regions summed, ended early when a floor did,
/// --require's first target a floor misses (" on floor K" after it), the dungeon's metrics
/// (pipeline::dungeon_metrics), its frame's size, its floor count and its stairs ("x,y;x,y",
/// map cells, floor 1's way down first). Leaves name, hash and the error columns as they are.
void fill_dungeon_row(const pipeline::Dungeon& d, BatchRow& row);

/// Makes dungeon `row.name` (o.floors floors from `row.seed`, pipeline::make_floors) and
/// writes its files into o.out_dir through `run` (batch_dungeon_plan), all or none, then fills
/// `row` (fill_dungeon_row and the hash of write_dungeon). Throws what making and writing
/// throw.
void make_dungeon_row(const LevelOptions& o, const LevelSource& source, const io::fs::RunFiles& run,
                      const exporters::WriterSettings& settings, BatchRow& row);

}  // namespace dungen::cli
