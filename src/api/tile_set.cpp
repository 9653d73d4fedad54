// dungen::TileSet: tile sets loaded from a folder or from memory, as the CLI loads them.
#include <algorithm>
#include <iterator>

#include "api/impl.hpp"
#include "cli/flag_names.hpp"
#include "cli/tile_input.hpp"
#include "core/hash.hpp"

namespace dungen {
namespace api {

void rethrow_as_cli(const Error& e) { throw Error(cli::flag_text(e), e.kind()); }

}  // namespace api

TileSet::TileSet(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

TileSet TileSet::from_folder(const std::string& folder) {
  return api::as_cli_error([&] {
    cli::TileInput input;
    input.folder = folder;
    auto impl = std::make_shared<Impl>();
    impl->tiles = cli::load_tiles(input, /*quiet=*/true);
    impl->label = folder;
    return TileSet(std::move(impl));
  });
}

TileSet TileSet::from_memory(std::vector<NamedPng> pngs, const std::string& tileset_txt,
                             const std::string& label) {
  return api::as_cli_error([&] {
    std::vector<io::formats::MemoryFile> files;
    files.reserve(pngs.size());
    for (NamedPng& p : pngs) files.push_back({std::move(p.name), std::move(p.bytes)});
    std::optional<std::string> sidecar;
    if (!tileset_txt.empty()) sidecar = tileset_txt;
    auto impl = std::make_shared<Impl>();
    impl->tiles = io::formats::load_tile_set(std::move(files), sidecar, label, {});
    impl->label = label;
    return TileSet(std::move(impl));
  });
}

std::vector<std::string> TileSet::tile_names() const {
  std::vector<std::string> names;
  for (const core::Tile& t : impl_->tiles.set.tiles) names.push_back(t.name);
  return names;
}

std::string TileSet::input_hash() const { return core::hex64(impl_->tiles.hash); }

}  // namespace dungen
