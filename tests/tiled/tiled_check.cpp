// Test helper for tests/tiled/check_tiled.sh: compares what Tiled's own tools made of our maps
// with what dungen says the map is. Exit 0 = the check passes, 1 = it fails (what differs on
// stderr), 2 = bad usage or unreadable input.
//
//   tiled_check cells MAP.png RENDER.png
//       RENDER (tmxrasterizer of a .tmx/.tmj with the layer "features" hidden, one
//       kTiledTilePixels tile per cell) shows, at the centre of every cell and of its four
//       quarters, that cell's colour in our map PNG (an empty cell: transparent).
//   tiled_check objects MAP.png REPORT.json RENDER.png
//       The same with the features drawn: the entrance, exit, key, lock and content cells of
//       the JSON report show their tiles' colours (later ones win a shared cell), every other
//       cell its map colour.
//   tiled_check facts REPORT.json MAP.tmj
//       A map Tiled wrote (tiled --export-map): its properties seed and generator and its
//       "features" objects (name, type, cells) are those of the report.
//   tiled_check same A.png B.png
//       Same size and pixels (fully transparent pixels match whatever their colour).
//   tiled_check flip-probe DIR [wrong]
//       Writes DIR/probe.tmx (8 cells in a row: one asymmetric tile in each of the 8
//       orientations, flip bits from core::to_tmx_flags), DIR/probe-tile.png and
//       DIR/probe-expected.png (the tile turned by core::apply). With "wrong", each cell gets
//       the bits of its orientation turned a quarter more: a negative control.
#include <fmt/format.h>

#include <array>
#include <cstdlib>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/palette.hpp"
#include "core/transform.hpp"
#include "export/tiled.hpp"
#include "io/formats/png.hpp"
#include "io/fs/output_set.hpp"
#include "io/fs/read.hpp"

namespace {

using dungen::core::Image;
using dungen::core::Rgba;
using dungen::exporters::TiledTile;
constexpr int kT = dungen::exporters::kTiledTilePixels;

Image load_png(const std::string& path) {
  return dungen::io::formats::decode_png(dungen::io::fs::read_file(path), path, 1 << 20);
}

nlohmann::json load_json(const std::string& path) {
  return nlohmann::json::parse(dungen::io::fs::read_text(path));
}

bool same_colour(Rgba a, Rgba b) { return (a.a == 0 && b.a == 0) || a == b; }

// The expected colour of each cell, from our map PNG (one pixel per cell).
struct Expected {
  Image colours;
  std::vector<std::string> what;  // per cell, for messages
};

Expected from_map(const Image& map) {
  Expected e{map, std::vector<std::string>(map.pixels.size(), "cell")};
  return e;
}

void paint(Expected& e, int x, int y, TiledTile tile, const std::string& what) {
  if (x < 0 || y < 0 || x >= e.colours.size.width || y >= e.colours.size.height) {
    throw dungen::Error(fmt::format("{} at {},{} lies outside the map", what, x, y));
  }
  e.colours.at(x, y) = dungen::exporters::tiled_tile_colour(tile);
  e.what[static_cast<std::size_t>(y * e.colours.size.width + x)] = what;
}

void paint_features(Expected& e, const nlohmann::json& report) {
  if (!report["entrance"].is_null())
    paint(e, report["entrance"]["x"], report["entrance"]["y"], TiledTile::Entrance, "entrance");
  if (!report["exit"].is_null())
    paint(e, report["exit"]["x"], report["exit"]["y"], TiledTile::Exit, "exit");
  for (const auto& k : report.value("keys", nlohmann::json::array())) {
    paint(e, k["x"], k["y"], TiledTile::Key, fmt::format("key {}", k["id"].get<int>()));
  }
  for (const auto& l : report.value("locks", nlohmann::json::array())) {
    const std::string facing = l["facing"];
    const bool row = facing == "north" || facing == "south";
    for (int i = 0; i < l["width"].get<int>(); ++i) {
      paint(e, l["x"].get<int>() + (row ? i : 0), l["y"].get<int>() + (row ? 0 : i),
            TiledTile::Lock, fmt::format("lock {}", l["id"].get<int>()));
    }
  }
  for (const auto& f : report.value("features", nlohmann::json::array())) {
    const std::string name = f["kind"];
    const auto kind = dungen::core::feature_kind_named(name);
    if (!kind)
      throw dungen::Error(fmt::format("the report names an unknown feature kind '{}'", name));
    if (!dungen::core::is_content(*kind)) continue;  // the entrance, exit and keys: painted above
    paint(e, f["x"], f["y"], dungen::exporters::feature_tile(*kind), name);
  }
}

// Every cell of `render` must show its expected colour at its centre and at the centres of its
// four quarters (so an object half a tile off shows too).
int compare(const Expected& e, const Image& render, const std::string& render_name) {
  const auto& size = e.colours.size;
  if (render.size.width != size.width * kT || render.size.height != size.height * kT) {
    std::cerr << fmt::format("{}: {}x{} pixels, expected {}x{} ({}x{} cells of {} px)\n",
                             render_name, render.size.width, render.size.height, size.width * kT,
                             size.height * kT, size.width, size.height, kT);
    return 1;
  }
  constexpr std::array<std::array<int, 2>, 5> kSpots = {{{kT / 2, kT / 2},
                                                         {kT / 4, kT / 4},
                                                         {3 * kT / 4, kT / 4},
                                                         {kT / 4, 3 * kT / 4},
                                                         {3 * kT / 4, 3 * kT / 4}}};
  int bad = 0;
  for (int y = 0; y < size.height; ++y) {
    for (int x = 0; x < size.width; ++x) {
      const Rgba want = e.colours.at(x, y);
      for (const auto& [dx, dy] : kSpots) {
        const Rgba got = render.at(x * kT + dx, y * kT + dy);
        if (same_colour(want, got)) continue;
        if (++bad <= 5) {
          std::cerr << fmt::format(
              "{}: cell {},{} ({}) shows {} at pixel {},{} of the cell, expected {}\n", render_name,
              x, y, e.what[static_cast<std::size_t>(y * size.width + x)],
              dungen::core::colour_hex(got), dx, dy, dungen::core::colour_hex(want));
        }
        break;
      }
    }
  }
  if (bad > 0)
    std::cerr << fmt::format("{}: {} of {} cells differ\n", render_name, bad,
                             size.width * size.height);
  return bad > 0 ? 1 : 0;
}

int same(const std::string& a_name, const std::string& b_name) {
  const Image a = load_png(a_name), b = load_png(b_name);
  if (!(a.size == b.size)) {
    std::cerr << fmt::format("{} is {}x{}, {} is {}x{}\n", a_name, a.size.width, a.size.height,
                             b_name, b.size.width, b.size.height);
    return 1;
  }
  for (int y = 0; y < a.size.height; ++y) {
    for (int x = 0; x < a.size.width; ++x) {
      if (!same_colour(a.at(x, y), b.at(x, y))) {
        std::cerr << fmt::format("{} and {} first differ at pixel {},{}: {} vs {}\n", a_name,
                                 b_name, x, y, dungen::core::colour_hex(a.at(x, y)),
                                 dungen::core::colour_hex(b.at(x, y)));
        return 1;
      }
    }
  }
  return 0;
}

std::optional<std::string> property(const nlohmann::json& owner, const std::string& name) {
  for (const auto& p : owner.value("properties", nlohmann::json::array())) {
    if (p["name"] == name)
      return p["value"].is_string() ? p["value"].get<std::string>() : p["value"].dump();
  }
  return std::nullopt;
}

// The features a report names, as (name, type, x, y, width, height) in cells.
struct Feature {
  std::string name, type;
  int x = 0, y = 0, w = 1, h = 1;
};

std::vector<Feature> report_features(const nlohmann::json& r) {
  std::vector<Feature> f;
  if (!r["entrance"].is_null())
    f.push_back({"entrance", "entrance", r["entrance"]["x"], r["entrance"]["y"]});
  if (!r["exit"].is_null()) f.push_back({"exit", "exit", r["exit"]["x"], r["exit"]["y"]});
  for (const auto& k : r.value("keys", nlohmann::json::array())) {
    f.push_back({fmt::format("key {}", k["id"].get<int>()), "key", k["x"], k["y"]});
  }
  for (const auto& l : r.value("locks", nlohmann::json::array())) {
    const bool row = l["facing"] == "north" || l["facing"] == "south";
    const int w = l["width"];
    f.push_back({fmt::format("lock {}", l["id"].get<int>()), "lock", l["x"], l["y"], row ? w : 1,
                 row ? 1 : w});
  }
  std::map<std::string, int> counts;
  for (const auto& c : r.value("features", nlohmann::json::array())) {
    const std::string kind = c["kind"];
    const auto known = dungen::core::feature_kind_named(kind);
    if (known && dungen::core::is_content(*known))
      f.push_back({fmt::format("{} {}", kind, counts[kind]++), kind, c["x"], c["y"]});
  }
  return f;
}

int facts(const std::string& report_name, const std::string& tmj_name) {
  const nlohmann::json r = load_json(report_name), m = load_json(tmj_name);
  int bad = 0;
  auto expect = [&](bool ok, const std::string& what) {
    if (!ok && ++bad <= 10) std::cerr << tmj_name << ": " << what << "\n";
  };
  expect(property(m, "seed") == std::to_string(r["seed"].get<std::uint64_t>()),
         "property seed differs from the report's");
  expect(property(m, "generator") == r["generator"].get<std::string>(),
         "property generator differs from the report's");
  const nlohmann::json* layer = nullptr;
  for (const auto& l : m["layers"]) {
    if (l["name"] == "features") layer = &l;
  }
  expect(layer != nullptr, "no layer named features");
  if (layer == nullptr) return 1;
  const auto& objects = (*layer)["objects"];
  const std::vector<Feature> want = report_features(r);
  expect(objects.size() == want.size(),
         fmt::format("{} features, the report has {}", objects.size(), want.size()));
  for (std::size_t i = 0; i < std::min(objects.size(), want.size()); ++i) {
    const auto& o = objects[i];
    const Feature& f = want[i];
    const double x = o["x"], y = o["y"], w = o["width"], h = o["height"];
    // A tile object is anchored at its bottom-left corner.
    const bool at = x == f.x * kT && y == (f.y + f.h) * kT && w == f.w * kT && h == f.h * kT;
    expect(o["name"] == f.name && o["type"] == f.type && at,
           fmt::format("object {} is {} '{}' at {},{} size {}x{} px; the report has {} '{}' on "
                       "cells {},{} size {}x{}",
                       i, o["type"].dump(), o["name"].get<std::string>(), x, y, w, h, f.type,
                       f.name, f.x, f.y, f.w, f.h));
  }
  return bad > 0 ? 1 : 0;
}

// An 8x8 tile where every pixel differs, so any wrong turn or mirror shows.
Image probe_tile() {
  Image img({8, 8});
  for (int y = 0; y < 8; ++y) {
    for (int x = 0; x < 8; ++x) {
      img.at(x, y) =
          Rgba{static_cast<std::uint8_t>(x * 32), static_cast<std::uint8_t>(y * 32), 128, 255};
    }
  }
  return img;
}

int flip_probe(const std::string& dir, bool wrong) {
  using dungen::core::kOrientations;
  const Image tile = probe_tile();
  Image expected({8 * 8, 8});
  std::string gids;
  for (std::size_t i = 0; i < kOrientations.size(); ++i) {
    const auto o = kOrientations[i];
    for (int y = 0; y < 8; ++y) {
      for (int x = 0; x < 8; ++x) {
        const auto p = dungen::core::apply(o, dungen::core::Point{x, y}, {8, 8});
        expected.at(static_cast<int>(i) * 8 + p.x, p.y) = tile.at(x, y);
      }
    }
    // The control: a quarter turn off in every cell.
    const auto bits = dungen::core::to_tmx_flags(
        wrong ? dungen::core::compose(o, dungen::core::Orientation::R90) : o);
    gids += fmt::format("{}{}", i == 0 ? "" : ",", 1u | bits);  // firstgid 1, local id 0
  }
  dungen::io::fs::write_file(dir + "/probe-tile.png", dungen::io::formats::encode_png(tile));
  dungen::io::fs::write_file(dir + "/probe-expected.png",
                             dungen::io::formats::encode_png(expected));
  dungen::io::fs::write_text(
      dir + "/probe.tmx",
      fmt::format(
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"8\" "
          "height=\"1\" tilewidth=\"8\" tileheight=\"8\" infinite=\"0\" nextlayerid=\"2\" "
          "nextobjectid=\"1\">\n"
          " <tileset firstgid=\"1\" name=\"probe\" tilewidth=\"8\" tileheight=\"8\" "
          "tilecount=\"1\" columns=\"1\">\n"
          "  <image source=\"probe-tile.png\" width=\"8\" height=\"8\"/>\n"
          " </tileset>\n"
          " <layer id=\"1\" name=\"probe\" width=\"8\" height=\"1\">\n  <data "
          "encoding=\"csv\">\n{}\n</data>\n"
          " </layer>\n</map>\n",
          gids));
  return 0;
}

int usage() {
  std::cerr
      << "usage: tiled_check cells MAP.png RENDER.png | objects MAP.png REPORT.json RENDER.png |\n"
         "       facts REPORT.json MAP.tmj | same A.png B.png | flip-probe DIR [wrong]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> a(argv + 1, argv + argc);
  try {
    if (a.size() == 3 && a[0] == "cells")
      return compare(from_map(load_png(a[1])), load_png(a[2]), a[2]);
    if (a.size() == 4 && a[0] == "objects") {
      Expected e = from_map(load_png(a[1]));
      paint_features(e, load_json(a[2]));
      return compare(e, load_png(a[3]), a[3]);
    }
    if (a.size() == 3 && a[0] == "facts") return facts(a[1], a[2]);
    if (a.size() == 3 && a[0] == "same") return same(a[1], a[2]);
    if ((a.size() == 2 || (a.size() == 3 && a[2] == "wrong")) && a[0] == "flip-probe")
      return flip_probe(a[1], a.size() == 3);
  } catch (const std::exception& e) {
    std::cerr << "tiled_check: " << e.what() << "\n";
    return 2;
  }
  return usage();
}
