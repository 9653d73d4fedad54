// --floors N: a dungeon of floors from one seed (pipeline/floors.hpp), each floor's files
// named NAME-floorK.EXT, with --json one JSON and with --ascii one text of every floor.
#include <fmt/format.h>

#include <filesystem>
#include <string>

#include "cli/batch_floors.hpp"
#include "cli/dungeon_files.hpp"
#include "cli/exit_codes.hpp"
#include "cli/level_command.hpp"
#include "cli/messages.hpp"
#include "cli/wad_output.hpp"
#include "core/error.hpp"
#include "core/plural.hpp"
#include "export/doom_dungeon.hpp"
#include "pipeline/floors.hpp"

namespace dungen::cli {

std::string floor_path(const std::string& path, int floor) {
  if (floor == 0 || path.empty()) return path;
  // Before the first dot of the file name ("d.ascii.txt" -> "d-floor2.ascii.txt"), past a
  // leading one (".d.png" -> ".d-floor2.png").
  std::filesystem::path out(path);
  const std::string name = out.filename().string();
  const std::size_t dot = name.find('.', 1);
  out.replace_filename(dot == std::string::npos
                           ? fmt::format("{}-floor{}", name, floor)
                           : fmt::format("{}-floor{}{}", name.substr(0, dot), floor,
                                         name.substr(dot)));
  return out.string();
}

std::string world_path(const LevelOptions& o) {
  const std::string& map = o.path("tmx").empty() ? o.path("tmj") : o.path("tmx");
  if (o.floors < 2 || map.empty()) return "";
  return std::filesystem::path(map).replace_extension(".world").string();
}

void check_floor_options(const LevelOptions& o, io::fs::RunFiles& /*files*/) {
  if (o.batch()) {  // each dungeon's files are named by the batch (batch_floors.hpp)
    return check_floor_batch_options(o);
  }
  // A map per floor in one WAD: Doom II's exits lead from one map to the next up to MAP30.
  if (!o.path("wad").empty())
    exporters::check_doom_floor_count(static_cast<std::size_t>(o.floors));
  for (const LevelOptions::Output& out : o.outputs) {
    if (out.path.empty()) continue;
    if (out.path == "-") {
      throw usage_error("--floors", "writes a file per floor: give file names, not '-'");
    }
    // A file per floor is named after the path: a folder or a device names none.
    const std::filesystem::path p(out.path);
    const std::string name = p.filename().string();
    std::error_code ec;
    if (name.empty() || name == "." || name == ".." || std::filesystem::is_directory(p, ec))
      throw output_error(out.path, "is a folder; give a file name such as map.png");
    if (std::filesystem::exists(p, ec) && !std::filesystem::is_regular_file(p, ec)) {
      throw usage_error("--floors", fmt::format("writes a file per floor named after '{}', which "
                                                "is a device or FIFO: give a file name",
                                                out.path));
    }
  }
}

int run_floors(const LevelOptions& o, const LevelSource& source, const io::fs::RunFiles& files) {
  const core::Seed seed = resolve_seed(o, "--seed {} makes this dungeon again");
  set_run_phase(RunPhase::Making);
  const pipeline::Analyses across = o.dungeon_analyses();
  const pipeline::Dungeon d = pipeline::make_floors(source.make, seed, o.floors,
                                                    o.keys_across_floors() ? &across : nullptr);
  set_run_phase(RunPhase::Writing);
  io::fs::OutputSet outputs = files.outputs();
  (void)write_dungeon(d, single_dungeon_plan(o), writer_settings(o, o.path("wad") + " has"),
                      outputs);
  outputs.commit();
  bool complete = true;
  for (std::size_t k = 0; k < d.floors.size(); ++k) {
    const core::Level& level = d.floors[k];
    complete = complete && level.complete();
    if (o.quiet) continue;
    print_line(fmt::format("wrote {} (floor {} of {}: {}x{} cells, {}, seed {})",
                           floor_path(o.path("map"), static_cast<int>(k) + 1), k + 1,
                           d.floors.size(), level.map.cells.width(), level.map.cells.height(),
                           core::count_of(level.map.placements.size(), source.units),
                           level.origin.seed));
    for (const auto* notes :
         {&level.outcome.notes, &level.puzzle.lock_notes, &level.content.notes}) {
      for (const std::string& note : *notes) print_message("note", note);
    }
    for (const std::string& why : level.outcome.early_notes)
      print_message("warning", fmt::format("floor {} ended early: {}", k + 1, why));
    if (!level.analysis.unreachable.empty()) {
      print_message("warning", fmt::format("floor {}: {} the entrance cannot reach", k + 1,
                                           core::count_of(level.analysis.unreachable.size(),
                                                          "regions")));
    }
  }
  if (!o.quiet && !o.path("json").empty())
    print_line(fmt::format("also wrote {} (every floor and the stairs)", o.path("json")));
  if (!o.quiet && !o.path("ascii").empty())
    print_line(fmt::format("also wrote {} (every floor's ASCII map)", o.path("ascii")));
  if (!o.quiet && !o.path("wad").empty()) {
    const std::string demo =
        o.path("demo").empty() ? "" : " and " + o.path("demo") + " (a demo playing them in turn)";
    print_line(fmt::format("also wrote {} ({} to {}, a map per floor, each exit leading to the "
                           "next){}",
                           o.path("wad"), exporters::doom_map_name(1),
                           exporters::doom_map_name(o.floors), demo));
  }
  if (!o.quiet && !world_path(o).empty())
    print_line(fmt::format("also wrote {} (a Tiled world of the floors' maps)", world_path(o)));
  return o.strict && !complete ? kIncomplete : kOk;
}

}  // namespace dungen::cli
