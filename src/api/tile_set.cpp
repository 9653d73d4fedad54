// dungen::TileSet: tile sets loaded from a folder, from PNG bytes or from pixels, as the CLI
// loads a folder with the same tile options.
#include <fmt/format.h>

#include <functional>
#include <optional>
#include <utility>

#include "api/impl.hpp"
#include "cli/flag_names.hpp"
#include "core/hash.hpp"
#include "core/image.hpp"
#include "core/palette.hpp"
#include "io/formats/png.hpp"
#include "io/fs/read.hpp"

namespace dungen {
namespace api {

void rethrow_as_cli(const Error& e) { throw Error(cli::flag_text(e), e.kind()); }

namespace {

using Files = std::function<io::formats::LoadedTileSet(const io::formats::LoadOptions&)>;

// The tiles `files` loads with the options of `in`, as cli::load_tiles loads a folder: the
// palette read (or taken from `palette_txt`) and parsed first, and folded into the hash.
TileSet load(cli::TileInput in, const std::string& palette_txt, const Files& files) {
  io::formats::LoadOptions options;
  std::string text = palette_txt;
  if (!in.palette.empty()) {
    if (text.empty()) text = io::fs::read_text(in.palette, io::fs::kPaletteFileLimit);
    options.palette = core::Palette::parse(text, in.palette);
  }
  options.max_side = in.max_side;
  options.skip_invalid = in.skip_invalid;
  options.sidecar = in.tileset;
  auto impl = std::make_shared<TileSet::Impl>();
  impl->tiles = files(options);
  // The palette decides what the tiles are: another palette file is another tile set.
  if (!in.palette.empty()) impl->tiles.hash = core::fold_input("palette", "", text, impl->tiles.hash);
  impl->input = std::move(in);
  return TileSet(std::move(impl));
}

// `tile` as PNG bytes. Throws Error when its pixels are not width x height.
NamedPng encoded(const NamedPixels& tile, const std::string& label) {
  const auto w = static_cast<std::size_t>(tile.width), h = static_cast<std::size_t>(tile.height);
  if (tile.width < 1 || tile.height < 1 || tile.rgba.size() != w * h * 4) {
    throw file_error(label + "/" + printable(tile.name, 200),
                     fmt::format("{} bytes of pixels for {}x{}; give width x height x 4 bytes "
                                 "(red, green, blue, alpha), width and height at least 1",
                                 tile.rgba.size(), tile.width, tile.height));
  }
  core::Image image(core::Size{tile.width, tile.height});
  for (std::size_t i = 0; i < image.pixels.size(); ++i)
    image.pixels[i] = {tile.rgba[4 * i], tile.rgba[4 * i + 1], tile.rgba[4 * i + 2],
                       tile.rgba[4 * i + 3]};
  return {tile.name, io::formats::encode_png(image)};
}

}  // namespace
}  // namespace api

TileSet::TileSet(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

std::shared_ptr<const gen::Candidates> TileSet::Impl::index(gen::OrientationRules rules) const {
  const std::size_t i = (rules.allow_flip ? 1 : 0) + (rules.allow_rotate ? 2 : 0);
  std::call_once(built_[i], [&] {
    pipeline::GenerateSettings settings;
    settings.stitch.orientations = rules;
    index_[i] = pipeline::index_tiles(tiles.set, settings);
  });
  return index_[i];
}

cli::TileSource TileSet::Impl::source() const {
  return {[this] { return tiles; }, [this](gen::OrientationRules r) { return index(r); }};
}

TileSet TileSet::from_folder(const std::string& folder, const TileOptions& options) {
  return api::as_cli_error([&] {
    return api::load(api::tile_input(options, folder), options.palette_txt,
                     [&](const io::formats::LoadOptions& o) {
                       return io::formats::load_tile_set(folder, o);
                     });
  });
}

TileSet TileSet::from_memory(std::vector<NamedPng> pngs, const std::string& tileset_txt,
                             const TileOptions& options) {
  return api::as_cli_error([&] {
    TileOptions memory = options;
    memory.tileset.clear();  // the settings are tileset_txt
    std::vector<io::formats::MemoryFile> files;
    files.reserve(pngs.size());
    for (NamedPng& p : pngs) files.push_back({std::move(p.name), std::move(p.bytes)});
    std::optional<std::string> sidecar;
    if (!tileset_txt.empty()) sidecar = tileset_txt;
    return api::load(api::tile_input(memory, options.label), options.palette_txt,
                     [&](const io::formats::LoadOptions& o) {
                       return io::formats::load_tile_set(std::move(files), sidecar,
                                                         options.label, o);
                     });
  });
}

TileSet TileSet::from_pixels(const std::vector<NamedPixels>& tiles,
                             const std::string& tileset_txt, const TileOptions& options) {
  std::vector<NamedPng> pngs;
  api::as_cli_error([&] {
    for (const NamedPixels& t : tiles) pngs.push_back(api::encoded(t, options.label));
  });
  return from_memory(std::move(pngs), tileset_txt, options);
}

std::vector<std::string> TileSet::tile_names() const {
  std::vector<std::string> names;
  for (const core::Tile& t : impl_->tiles.set.tiles) names.push_back(t.name);
  return names;
}

std::string TileSet::input_hash() const { return core::hex64(impl_->tiles.hash); }
std::vector<std::string> TileSet::notes() const { return impl_->tiles.notes; }

}  // namespace dungen
