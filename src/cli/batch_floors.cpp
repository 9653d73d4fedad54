// Batches of dungeons (batch_floors.hpp).
#include "cli/batch_floors.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "cli/dungeon_files.hpp"
#include "core/error.hpp"
#include "core/hash.hpp"
#include "core/plural.hpp"

namespace dungen::cli {

std::string count_of_levels(const LevelOptions& o, int n) {
  if (o.floors < 2) return core::count_of(n, "levels");
  return fmt::format("{} of {} floors", core::count_of(n, "dungeons"), o.floors);
}

std::vector<exporters::DungeonFile> dungeon_gallery_files(const LevelOptions& o) {
  std::vector<exporters::DungeonFile> files;
  if (o.floors < 2) return files;
  const DungeonPlan plan = batch_dungeon_plan(o, "");
  files.push_back({"dungeon", plan.json});
  if (!plan.ascii.path.empty()) files.push_back({"ascii", plan.ascii.path});
  if (!plan.world.empty()) files.push_back({"world", plan.world});
  return files;
}

void keep_for_gallery(BatchRow& kept, const BatchRow& row) {
  kept = row;
  std::string().swap(kept.stairs);  // its buffer freed, not only emptied
}

void check_floor_batch_options(const LevelOptions& o) {
  for (const char* name : {"wad", "demo"}) {
    if (o.writes(name)) {
      throw usage_error("--floors", fmt::format("does not write Doom maps yet (one map per floor "
                                                "in one WAD is planned): leave out --with-{}",
                                                name));
    }
  }
}

void fill_dungeon_row(const pipeline::Dungeon& d, BatchRow& row) {
  row.seed = d.seed;  // --floors N --seed S makes the dungeon again, whatever its floors' seeds
  row.tiles = row.unused = row.unreachable = 0;
  row.early = false;
  row.missed.clear();
  for (std::size_t k = 0; k < d.floors.size(); ++k) {
    const core::Level& level = d.floors[k];
    row.tiles += static_cast<int>(level.map.placements.size());
    row.unused += static_cast<int>(level.map.unused_doors.size());
    row.unreachable += static_cast<int>(level.analysis.unreachable.size());
    row.early = row.early || level.outcome.terminated_early;
    if (row.missed.empty() && !level.outcome.requirement_missed.empty())
      row.missed = fmt::format("{} on floor {}", level.outcome.requirement_missed, k + 1);
  }
  row.metrics = pipeline::dungeon_metrics(d);
  row.size = d.floors.empty() ? core::Size{} : d.floors.front().map.cells.size();
  row.floors = static_cast<int>(d.floors.size());
  row.stairs.clear();
  for (const core::Point& stair : d.stairs)
    row.stairs += fmt::format("{}{},{}", row.stairs.empty() ? "" : ";", stair.x, stair.y);
}

void make_dungeon_row(const LevelOptions& o, const LevelSource& source, const io::fs::RunFiles& run,
                      const exporters::WriterSettings& settings, BatchRow& row) {
  const pipeline::Analyses across = o.dungeon_analyses();
  const pipeline::Dungeon d = pipeline::make_floors(source.make, row.seed, o.floors,
                                                    o.keys_across_floors() ? &across : nullptr);
  io::fs::OutputSet files = run.outputs();  // a dungeon's files: all or none
  const std::uint64_t hash = write_dungeon(
      d, batch_dungeon_plan(o, (std::filesystem::path(o.out_dir) / row.name).string()), settings,
      files);
  files.commit();
  fill_dungeon_row(d, row);
  row.hash = core::hex64(hash);
}

}  // namespace dungen::cli
