#include "export/tiled.hpp"

#include <fmt/format.h>

#include <array>

#include "core/palette.hpp"
#include "export/feature_style.hpp"
#include "export/ink.hpp"
#include "export/report.hpp"

namespace dungen::exporters {
namespace {

using core::CellKind;
using core::Rgba;

constexpr int kT = kTiledTilePixels;

struct TileInfo {
  std::string_view type;
  Rgba colour;
};

// By local id, in the inks of the preview (export/ink.hpp): cells in the map PNG's colours.
constexpr std::array<TileInfo, kTiledTileCount> kTiles = {{
    {"floor", ink_colour(Ink::Floor)},
    {"wall", ink_colour(Ink::Wall)},
    {"door", ink_colour(Ink::Door)},
    {"entrance", ink_colour(Ink::Entrance)},
    {"exit", ink_colour(Ink::Exit)},
    {"key", ink_colour(Ink::Key)},
    {"lock", ink_colour(Ink::Lock)},
    {"spikes", ink_colour(Ink::Spikes)},
    {"monster", ink_colour(Ink::Monster)},
    {"chest", ink_colour(Ink::Chest)},
    {"loot", ink_colour(Ink::Loot)},
    {"decor", ink_colour(Ink::Decor)},
    {"feature", {200, 0, 200, 255}},  // no kind uses it: a colour no ink has
}};

const TileInfo& info(TiledTile t) { return kTiles[static_cast<std::size_t>(t)]; }

std::string bool_text(bool b) { return b ? "true" : "false"; }

TiledObject tile_object(std::string name, TiledTile tile, core::Rect cells) {
  TiledObject o;
  o.name = std::move(name);
  o.type = std::string(tiled_tile_type(tile));
  o.has_tile = true;
  o.tile = tile;
  o.cells = cells;
  return o;
}

// The cells of a door as a rectangle (a row for doors facing north/south, else a column).
core::Rect door_cells(const core::Door& d) {
  const core::Point a = core::along(d.facing);
  return {d.start.x, d.start.y, a.x == 1 ? d.width : 1, a.y == 1 ? d.width : 1};
}

// The layers' objects other than the placements (made as they are written): features, then
// doors.
struct LayerObjects {
  std::vector<TiledObject> features, doors;
  std::size_t placements = 0;
  [[nodiscard]] std::size_t count() const { return features.size() + placements + doors.size(); }
};

LayerObjects layer_objects(const core::Level& level) {
  return {feature_objects(level), door_kind_objects(level), level.map.placements.size()};
}

// Calls `each(object, id)` for the `count` objects `get(i)` makes, ids from `first_id` on.
template <class Get, class Each>
void for_objects(std::size_t count, std::size_t first_id, Get get, Each each) {
  for (std::size_t i = 0; i < count; ++i) each(get(i), first_id + i);
}

// The id the next layer would get: 5 with the layer "doors", else 4.
int next_layer_id(const core::Level& level) { return level.map.door_kinds.empty() ? 4 : 5; }

// --- TMX ---------------------------------------------------------------------------------

void xml_properties(TextOut& out, const std::vector<TiledProperty>& props,
                    std::string_view indent) {
  if (props.empty()) return;
  out.format("{}<properties>\n", indent);
  for (const TiledProperty& p : props) {
    out.format("{} <property name=\"{}\"", indent, xml_escape(p.name));
    if (p.type != "string") out.format(" type=\"{}\"", p.type);
    out.format(" value=\"{}\"/>\n", xml_escape(p.value));
  }
  out.format("{}</properties>\n", indent);
}

void xml_object(TextOut& out, const TiledObject& o, std::size_t id) {
  const TiledBox b = tiled_box(o);
  out.format("  <object id=\"{}\" name=\"{}\" type=\"{}\"", id, xml_escape(o.name),
             xml_escape(o.type));
  if (o.has_tile) out.format(" gid=\"{}\"", tiled_gid(o.tile));
  out.format(" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"", b.x, b.y, b.width, b.height);
  if (o.properties.empty()) {
    out.raw("/>\n");
    return;
  }
  out.raw(">\n");
  xml_properties(out, o.properties, "   ");
  out.raw("  </object>\n");
}

// --- TMJ ---------------------------------------------------------------------------------

void json_properties(TextOut& out, const std::vector<TiledProperty>& props,
                     std::string_view indent) {
  out.raw("\"properties\": [");
  for (std::size_t i = 0; i < props.size(); ++i) {
    const TiledProperty& p = props[i];
    out.format("{}\n{}  {{\"name\": ", i == 0 ? "" : ",", indent);
    out.string(p.name);
    out.format(", \"type\": \"{}\", \"value\": ", p.type);
    if (p.type == "string") {
      out.string(p.value);
    } else {
      out.raw(p.value);  // int and bool values are JSON literals already
    }
    out.raw("}");
  }
  if (!props.empty()) out.format("\n{}", indent);
  out.raw("]");
}

void json_object(TextOut& out, const TiledObject& o, std::size_t id, bool first) {
  const TiledBox b = tiled_box(o);
  out.format("{}\n        {{\"id\": {}, \"name\": ", first ? "" : ",", id);
  out.string(o.name);
  out.raw(", \"type\": ");
  out.string(o.type);
  if (o.has_tile) out.format(", \"gid\": {}", tiled_gid(o.tile));
  out.format(
      ", \"x\": {}, \"y\": {}, \"width\": {}, \"height\": {}, \"rotation\": 0, \"visible\": true",
      b.x, b.y, b.width, b.height);
  if (!o.properties.empty()) {
    out.raw(",\n         ");
    json_properties(out, o.properties, "         ");
  }
  out.raw("}");
}

// An object layer of the `count` objects `get(i)` makes, ids from `first_id` on.
template <class Get>
void json_object_layer(TextOut& out, int id, std::string_view name, bool visible, std::size_t count,
                       std::size_t first_id, Get get) {
  out.format(
      "    {{\"id\": {}, \"name\": \"{}\", \"type\": \"objectgroup\", \"draworder\": \"index\", "
      "\"x\": 0, \"y\": 0, \"opacity\": 1, \"visible\": {},\n      \"objects\": [",
      id, name, visible);
  for_objects(count, first_id, get, [&](const TiledObject& o, std::size_t object_id) {
    json_object(out, o, object_id, object_id == first_id);
  });
  out.raw(count == 0 ? "]}" : "\n      ]}");
}

}  // namespace

std::uint32_t tiled_gid(TiledTile tile, core::Orientation o) {
  return (1u + static_cast<std::uint32_t>(tile)) | core::to_tmx_flags(o);
}

std::uint32_t cell_gid(CellKind kind) {
  switch (kind) {
    case CellKind::Floor:
      return tiled_gid(TiledTile::Floor);
    case CellKind::Wall:
      return tiled_gid(TiledTile::Wall);
    case CellKind::Door:
      return tiled_gid(TiledTile::Door);
    case CellKind::Void:
      return 0;
  }
  return 0;
}

std::string_view tiled_tile_type(TiledTile tile) { return info(tile).type; }

Rgba tiled_tile_colour(TiledTile tile) { return info(tile).colour; }

core::Image tileset_image() {
  core::Image img({kT * kTiledTileCount, kT});
  for (int id = 0; id < kTiledTileCount; ++id) {
    const Rgba c = tiled_tile_colour(static_cast<TiledTile>(id));
    for (int y = 0; y < kT; ++y) {
      for (int x = 0; x < kT; ++x) img.at(id * kT + x, y) = c;
    }
  }
  return img;
}

TiledBox tiled_box(const TiledObject& object) {
  const core::Rect& r = object.cells;
  const std::int64_t t = kT;
  return {r.x * t, (object.has_tile ? r.bottom() : r.y) * t, r.width * t, r.height * t};
}

TiledTile feature_tile(core::FeatureKind kind) { return feature_style(kind).tiled_tile; }

std::vector<TiledObject> feature_objects(const core::Level& level) {
  std::vector<TiledObject> objects;
  if (level.analysis.entrance)
    objects.push_back(tile_object("entrance", TiledTile::Entrance,
                                  {level.analysis.entrance->x, level.analysis.entrance->y, 1, 1}));
  if (level.analysis.exit) {
    TiledObject o = tile_object("exit", TiledTile::Exit,
                                {level.analysis.exit->x, level.analysis.exit->y, 1, 1});
    o.properties.push_back({"distance", "int", std::to_string(level.analysis.exit_distance)});
    objects.push_back(std::move(o));
  }
  for (const core::Key& k : level.puzzle.keys) {
    TiledObject o =
        tile_object(fmt::format("key {}", k.id), TiledTile::Key, {k.cell.x, k.cell.y, 1, 1});
    o.properties = {{"id", "int", std::to_string(k.id)},
                    {"placement", "int", std::to_string(k.placement)}};
    objects.push_back(std::move(o));
  }
  for (const core::Lock& l : level.puzzle.locks) {
    TiledObject o = tile_object(fmt::format("lock {}", l.id), TiledTile::Lock, door_cells(l.door));
    o.properties = {{"id", "int", std::to_string(l.id)},
                    {"key", "int", std::to_string(l.key)},
                    {"a", "int", std::to_string(l.a)},
                    {"b", "int", std::to_string(l.b)},
                    {"facing", "string", std::string(core::facing_name(l.door.facing))},
                    {"width", "int", std::to_string(l.door.width)}};
    objects.push_back(std::move(o));
  }
  std::array<int, core::kFeatureKinds.size()> counts{};  // per kind, for the names
  for (const core::Feature& f : level.content.features) {
    if (!core::is_content(f.kind)) continue;
    const std::string_view name = core::feature_name(f.kind);
    TiledObject o =
        tile_object(fmt::format("{} {}", name, counts[static_cast<std::size_t>(f.kind)]++),
                    feature_tile(f.kind), {f.cell.x, f.cell.y, 1, 1});
    o.type = std::string(name);
    if (f.tier > 0) o.properties.push_back({"tier", "int", std::to_string(f.tier)});
    objects.push_back(std::move(o));
  }
  return objects;
}

TiledObject placement_object(const core::Level& level, std::size_t i) {
  const core::Map& map = level.map;
  const core::Placement& p = map.placements[i];
  TiledObject o;
  o.name = p.tile < map.tile_names.size() ? map.tile_names[p.tile] : std::string();
  o.type = "placement";
  o.cells = map.bounds(p);
  o.properties = {{"id", "int", std::to_string(i)},
                  {"rotate", "int", std::to_string(core::degrees(p.orientation))},
                  {"flip", "bool", bool_text(core::is_flipped(p.orientation))}};
  return o;
}

std::vector<TiledProperty> map_properties(const core::Level& level) {
  std::vector<TiledProperty> props{{"generator", "string", level.origin.generator},
                                   {"seed", "string", std::to_string(level.origin.seed)},
                                   {"dungen_version", "string", version()}};
  if (!level.origin.input_hash.empty())
    props.push_back({"input_hash", "string", level.origin.input_hash});
  props.push_back({"options", "string", fmt::format("{}", fmt::join(level.origin.options, " "))});
  props.push_back({"terminated_early", "bool", bool_text(level.outcome.terminated_early)});
  return props;
}

void write_tmx(const core::Level& level, const TextSink& sink) {
  TextOut out(sink);
  const auto& cells = level.map.cells;
  const LayerObjects objects = layer_objects(level);
  const std::size_t features = objects.features.size(), placements = objects.placements;
  out.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  out.format(
      "<map version=\"1.8\" orientation=\"orthogonal\" renderorder=\"right-down\" width=\"{}\" "
      "height=\"{}\" tilewidth=\"{}\" tileheight=\"{}\" infinite=\"0\" nextlayerid=\"{}\" "
      "nextobjectid=\"{}\">\n",
      cells.width(), cells.height(), kT, kT, next_layer_id(level), objects.count() + 1);
  xml_properties(out, map_properties(level), " ");
  out.format(
      " <tileset firstgid=\"1\" name=\"dungen\" tilewidth=\"{}\" tileheight=\"{}\" "
      "tilecount=\"{}\" "
      "columns=\"{}\">\n",
      kT, kT, kTiledTileCount, kTiledTileCount);
  out.format("  <image source=\"{}\" width=\"{}\" height=\"{}\"/>\n", kTilesetImageName,
             kT * kTiledTileCount, kT);
  for (int id = 0; id < kTiledTileCount; ++id) {
    out.format("  <tile id=\"{}\" type=\"{}\"/>\n", id,
               tiled_tile_type(static_cast<TiledTile>(id)));
  }
  out.raw(" </tileset>\n");
  out.format(
      " <layer id=\"1\" name=\"cells\" width=\"{}\" height=\"{}\">\n  <data encoding=\"csv\">\n",
      cells.width(), cells.height());
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      const bool last = y + 1 == cells.height() && x + 1 == cells.width();
      out.format("{}{}", cell_gid(cells[{x, y}]), last ? "" : ",");
    }
    out.raw("\n");
  }
  out.raw("</data>\n </layer>\n");
  out.raw(" <objectgroup id=\"2\" name=\"features\" draworder=\"index\">\n");
  const auto xml = [&out](const TiledObject& o, std::size_t id) { xml_object(out, o, id); };
  for_objects(
      features, 1, [&](std::size_t i) -> const TiledObject& { return objects.features[i]; }, xml);
  out.raw(" </objectgroup>\n");
  out.raw(" <objectgroup id=\"3\" name=\"placements\" visible=\"0\">\n");
  for_objects(
      placements, features + 1, [&](std::size_t i) { return placement_object(level, i); }, xml);
  out.raw(" </objectgroup>\n");
  if (next_layer_id(level) == 5) {
    out.raw(" <objectgroup id=\"4\" name=\"doors\" visible=\"0\">\n");
    for_objects(
        objects.doors.size(), features + placements + 1,
        [&](std::size_t i) -> const TiledObject& { return objects.doors[i]; }, xml);
    out.raw(" </objectgroup>\n");
  }
  out.raw("</map>\n");
}

std::string tmx_map(const core::Level& level) {
  std::string s;
  write_tmx(level, [&s](std::string_view block) { s += block; });
  return s;
}

void write_tmj(const core::Level& level, const TextSink& sink) {
  TextOut out(sink);
  const auto& cells = level.map.cells;
  const LayerObjects objects = layer_objects(level);
  const std::size_t features = objects.features.size(), placements = objects.placements;
  out.format(
      "{{\n  \"type\": \"map\",\n  \"version\": \"1.8\",\n  \"orientation\": \"orthogonal\",\n"
      "  \"renderorder\": \"right-down\",\n  \"width\": {},\n  \"height\": {},\n"
      "  \"tilewidth\": {},\n  \"tileheight\": {},\n  \"infinite\": false,\n"
      "  \"nextlayerid\": {},\n  \"nextobjectid\": {},\n  ",
      cells.width(), cells.height(), kT, kT, next_layer_id(level), objects.count() + 1);
  json_properties(out, map_properties(level), "  ");
  out.format(
      ",\n  \"tilesets\": [\n    {{\"firstgid\": 1, \"name\": \"dungen\", \"image\": \"{}\", "
      "\"imagewidth\": {}, \"imageheight\": {}, \"tilewidth\": {}, \"tileheight\": {}, "
      "\"tilecount\": {}, \"columns\": {}, \"margin\": 0, \"spacing\": 0,\n      \"tiles\": [",
      kTilesetImageName, kT * kTiledTileCount, kT, kT, kT, kTiledTileCount, kTiledTileCount);
  for (int id = 0; id < kTiledTileCount; ++id) {
    out.format("{}{{\"id\": {}, \"type\": \"{}\"}}", id == 0 ? "" : ", ", id,
               tiled_tile_type(static_cast<TiledTile>(id)));
  }
  out.raw("]}\n  ],\n  \"layers\": [\n");
  out.format(
      "    {{\"id\": 1, \"name\": \"cells\", \"type\": \"tilelayer\", \"x\": 0, \"y\": 0, "
      "\"width\": {}, \"height\": {}, \"opacity\": 1, \"visible\": true,\n      \"data\": [",
      cells.width(), cells.height());
  for (int y = 0; y < cells.height(); ++y) {
    out.raw("\n        ");
    for (int x = 0; x < cells.width(); ++x) {
      const bool last = y + 1 == cells.height() && x + 1 == cells.width();
      out.format("{}{}", cell_gid(cells[{x, y}]), last ? "" : ",");
    }
  }
  out.raw(cells.height() == 0 ? "]},\n" : "\n      ]},\n");
  json_object_layer(out, 2, "features", true, features, 1,
                    [&](std::size_t i) -> const TiledObject& { return objects.features[i]; });
  out.raw(",\n");
  json_object_layer(out, 3, "placements", false, placements, features + 1,
                    [&](std::size_t i) { return placement_object(level, i); });
  if (next_layer_id(level) == 5) {
    out.raw(",\n");
    json_object_layer(out, 4, "doors", false, objects.doors.size(), features + placements + 1,
                      [&](std::size_t i) -> const TiledObject& { return objects.doors[i]; });
  }
  out.raw("\n  ]\n}\n");
}

std::string tmj_map(const core::Level& level) {
  std::string s;
  write_tmj(level, [&s](std::string_view block) { s += block; });
  return s;
}

}  // namespace dungen::exporters
