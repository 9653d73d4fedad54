#include "export/output_plan.hpp"

#include <algorithm>
#include <filesystem>

#include "core/hash.hpp"
#include "export/tiled.hpp"
#include "io/formats/png.hpp"
#include "io/fs/output_checks.hpp"

namespace dungen::exporters {
namespace fs = std::filesystem;
namespace {

// A device, FIFO or socket: written into directly, with nothing beside it.
bool is_special(const std::string& path) {
  std::error_code ec;
  const fs::file_status st = fs::status(path, ec);
  return fs::exists(st) && !fs::is_regular_file(st) && !fs::is_directory(st);
}

}  // namespace

OutputPlan single_plan(const std::vector<std::string>& paths, std::span<const Writer> table) {
  OutputPlan plan;
  std::vector<fs::path> folders;
  for (std::size_t i = 0; i < table.size() && i < paths.size(); ++i) {
    const std::string& path = paths[i];
    if (path.empty() && !table[i].required) continue;
    plan.files.push_back({&table[i], path});
    if (!table[i].tiled || path == "-" || is_special(path)) continue;
    const fs::path folder =
        io::fs::output_target(path).parent_path();  // beside the map a link names
    std::error_code ec;
    const fs::path canonical = fs::weakly_canonical(folder.empty() ? fs::path(".") : folder, ec);
    if (std::find(folders.begin(), folders.end(), canonical) != folders.end()) continue;
    folders.push_back(canonical);
    plan.tileset_images.push_back((folder / kTilesetImageName).string());
  }
  return plan;
}

OutputPlan batch_plan(const std::string& base, const std::vector<bool>& with,
                      std::span<const Writer> table) {
  OutputPlan plan;
  for (std::size_t i = 0; i < table.size(); ++i) {
    const Writer& w = table[i];
    if (w.batch_help.empty() || (i < with.size() && with[i]))
      plan.files.push_back({&w, base + std::string(w.batch_suffix)});
  }
  return plan;
}

std::uint64_t write_level(const core::Level& level, const OutputPlan& plan,
                          const WriterSettings& settings, io::fs::OutputSet& files,
                          std::uint64_t hash) {
  for (const OutputPlan::File& f : plan.files) {
    const Writer& w = *f.writer;
    const bool hashed = w.batch_help.empty();
    files.write(f.path, [&](const io::fs::BlockSink& sink) {
      w.write(level, settings, f.path, [&](std::string_view block) {
        if (hashed) hash = core::fnv1a(block, hash);
        sink(block);
      });
    });
  }
  if (!plan.tileset_images.empty()) {
    const std::vector<std::uint8_t> png = io::formats::encode_png(tileset_image());
    for (const std::string& path : plan.tileset_images) files.write(path, png);
  }
  return hash;
}

}  // namespace dungen::exporters
