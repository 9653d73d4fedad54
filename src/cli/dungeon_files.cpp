// A dungeon's files: where they go and writing them (dungeon_files.hpp).
#include "cli/dungeon_files.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <optional>

#include "core/hash.hpp"
#include "export/dungeon_json.hpp"
#include "export/tiled_world.hpp"

namespace dungen::cli {
namespace {

// ": way up at X,Y, way down at X,Y" for a floor's ASCII heading ("" without either).
std::string stair_words(const core::Level& level) {
  std::string words;
  const auto add = [&words](const char* what, const std::optional<core::Point>& cell) {
    if (!cell) return;
    words += fmt::format("{} {} at {},{}", words.empty() ? ":" : ",", what, cell->x, cell->y);
  };
  add("way up", level.analysis.entrance);
  add("way down", level.analysis.exit);
  return words;
}

// Every floor's ASCII map in one text, one after another, each after its heading line.
void write_ascii(const pipeline::Dungeon& d, const exporters::OutputPlan::File& ascii,
                 const exporters::WriterSettings& settings, io::fs::OutputSet& files) {
  files.write(ascii.path, [&](const io::fs::BlockSink& sink) {
    for (std::size_t k = 0; k < d.floors.size(); ++k) {
      const core::Level& level = d.floors[k];
      sink(fmt::format("{}floor {} of {}{}\n", k == 0 ? "" : "\n", k + 1, d.floors.size(),
                       stair_words(level)));
      ascii.writer->write(level, settings, ascii.path, sink);
    }
  });
}

}  // namespace

DungeonPlan single_dungeon_plan(const LevelOptions& o) {
  DungeonPlan plan;
  for (int k = 1; k <= o.floors; ++k) plan.floors.push_back(o.single_plan(k));
  plan.json = o.path("json");
  const std::size_t ascii = exporters::writer_index("ascii", o.writers);
  if (ascii < o.writers.size()) plan.ascii = {&o.writers[ascii], o.path("ascii")};
  plan.world = world_path(o);
  if (!plan.world.empty()) {
    const std::string& map = o.path("tmx").empty() ? o.path("tmj") : o.path("tmx");
    for (int k = 1; k <= o.floors; ++k)
      plan.world_maps.push_back(std::filesystem::path(floor_path(map, k)).filename().string());
  }
  for (const exporters::Writer& w : o.writers) {  // one file of every floor (the Doom WAD)
    if (w.write_floors != nullptr && !o.path(w.name).empty()) plan.whole.push_back({&w, o.path(w.name)});
  }
  return plan;
}

DungeonPlan batch_dungeon_plan(const LevelOptions& o, const std::string& base) {
  DungeonPlan plan;
  for (int k = 1; k <= o.floors; ++k)
    plan.floors.push_back(o.batch_plan(fmt::format("{}-floor{}", base, k)));
  // The batch suffix of the writer named `name` (".json").
  const auto suffix = [&o](std::string_view name) {
    return std::string(o.writers[exporters::writer_index(name, o.writers)].batch_suffix);
  };
  plan.json = base + suffix("json");
  if (o.writes("ascii")) {
    plan.ascii = {&o.writers[exporters::writer_index("ascii", o.writers)], base + suffix("ascii")};
  }
  if (o.writes("tmx") || o.writes("tmj")) {
    plan.world = base + ".world";
    const std::string map = suffix(o.writes("tmx") ? "tmx" : "tmj");
    const std::string name = std::filesystem::path(base).filename().string();
    for (int k = 1; k <= o.floors; ++k)
      plan.world_maps.push_back(fmt::format("{}-floor{}{}", name, k, map));
  }
  return plan;
}

std::vector<std::string> dungeon_paths(const DungeonPlan& plan) {
  std::vector<std::string> paths;
  for (const exporters::OutputPlan& floor : plan.floors) {
    for (const exporters::OutputPlan::File& f : floor.files) paths.push_back(f.path);
  }
  for (const std::string* path : {&plan.json, &plan.ascii.path, &plan.world}) {
    if (!path->empty()) paths.push_back(*path);
  }
  for (const exporters::OutputPlan::File& f : plan.whole) paths.push_back(f.path);
  return paths;
}

std::uint64_t write_dungeon(const pipeline::Dungeon& d, const DungeonPlan& plan,
                            const exporters::WriterSettings& settings, io::fs::OutputSet& files) {
  std::uint64_t hash = core::kFnvOffset;
  for (std::size_t k = 0; k < d.floors.size() && k < plan.floors.size(); ++k)
    hash = exporters::write_level(d.floors[k], plan.floors[k], settings, files, hash);
  if (!plan.json.empty()) {
    files.write(plan.json, [&](const io::fs::BlockSink& sink) {
      exporters::write_dungeon_json(d.seed, d.floors, d.stairs, sink, settings.metrics);
    });
  }
  if (!plan.ascii.path.empty()) write_ascii(d, plan.ascii, settings, files);
  if (!plan.world.empty()) {
    files.write_text(plan.world,
                     exporters::tiled_world(plan.world_maps, d.floors.front().map.cells.size()));
  }
  for (const exporters::OutputPlan::File& f : plan.whole) {
    files.write(f.path, [&](const io::fs::BlockSink& sink) {
      f.writer->write_floors(d.floors, settings, f.path, sink);
    });
  }
  return hash;
}

}  // namespace dungen::cli
