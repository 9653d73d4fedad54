#include "export/report.hpp"

namespace dungen::exporters {
namespace {

void point(TextOut& out, const std::optional<core::Point>& p) {
  if (p) {
    out.format("{{\"x\": {}, \"y\": {}}}", p->x, p->y);
  } else {
    out.raw("null");
  }
}

// A JSON list of strings on one line: ["a", "b"].
void strings(TextOut& out, const std::vector<std::string>& items) {
  out.raw("[");
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out.raw(", ");
    out.string(items[i]);
  }
  out.raw("]");
}

void door_fields(TextOut& out, const core::Door& d) {
  out.format("\"x\": {}, \"y\": {}, \"width\": {}, \"facing\": \"{}\"", d.start.x, d.start.y,
             d.width, core::facing_name(d.facing));
}

// ", \"kind\": NAME" for a door of a named kind; nothing for a plain door.
void kind_field(TextOut& out, const core::Map& map, std::uint8_t kind) {
  if (kind == 0) return;
  out.raw(", \"kind\": ");
  out.string(core::door_kind_name(map.door_kinds, kind));
}

// "key": [ items... ] with one element per line; `item` writes element i.
template <typename Item>
void array(TextOut& out, std::string_view key, std::size_t n, Item item, bool last = false) {
  out.format("  \"{}\": [", key);
  for (std::size_t i = 0; i < n; ++i) {
    out.raw(i == 0 ? "\n    " : ",\n    ");
    item(i);
  }
  out.raw(n == 0 ? "]" : "\n  ]");
  out.raw(last ? "\n" : ",\n");
}

void header(TextOut& out, const core::Level& level) {
  out.format("{{\n  \"dungen_version\": \"{}\",\n  \"generation\": {},\n  \"generator\": ",
             version(), core::kGenerationVersion);
  out.string(level.origin.generator);
  // The seed also as text: readers that hold numbers as doubles (JavaScript, jq) round seeds
  // past 2^53, which make other levels.
  out.format(",\n  \"seed\": {0},\n  \"seed_string\": \"{0}\",\n  \"options\": ",
             level.origin.seed);
  strings(out, level.origin.options);
  out.raw(",\n");
  if (!level.origin.input_hash.empty())
    out.format("  \"input_hash\": \"{}\",\n", level.origin.input_hash);
  out.format("  \"map\": {{\"width\": {}, \"height\": {}}},\n", level.map.cells.width(),
             level.map.cells.height());
  out.raw("  \"stop_reason\": ");
  out.string(level.outcome.stop_reason);
  out.raw(",\n  \"stop_text\": ");
  out.string(level.outcome.stop_text);
  out.format(",\n  \"terminated_early\": {},\n  \"early_notes\": ", level.outcome.terminated_early);
  strings(out, level.outcome.early_notes);
  out.format(",\n  \"tiles_placed\": {},\n  \"closing_placements\": {},\n",
             level.map.placements.size(), level.outcome.closing_placements);
  out.raw("  \"entrance\": ");
  point(out, level.analysis.entrance);
  out.raw(",\n  \"exit\": ");
  point(out, level.analysis.exit);
  if (level.analysis.exit) {
    out.format(",\n  \"exit_distance\": {},\n", level.analysis.exit_distance);
  } else {
    out.raw(",\n  \"exit_distance\": null,\n");
  }
}

// ", \"zone\": [keys]" (null for a placement the entrance cannot reach).
void zone(TextOut& out, const std::vector<int>& keys) {
  if (keys.size() == 1 && keys[0] < 0) {
    out.raw(", \"zone\": null");
    return;
  }
  out.raw(", \"zone\": [");
  for (std::size_t k = 0; k < keys.size(); ++k) out.format("{}{}", k ? ", " : "", keys[k]);
  out.raw("]");
}

void rect(TextOut& out, std::size_t id, const core::Rect& r) {
  out.format("{{\"id\": {}, \"x\": {}, \"y\": {}, \"width\": {}, \"height\": {}}}", id, r.x, r.y,
             r.width, r.height);
}

// Generator notes, and for generators of rooms their floor rectangles, kept and dropped.
void write_rooms(TextOut& out, const core::Level& level) {
  out.raw("  \"notes\": ");
  strings(out, level.outcome.notes);
  out.raw(",\n");
  array(out, "rooms", level.map.rooms.size(),
        [&](std::size_t i) { rect(out, i, level.map.rooms[i]); });
  array(out, "dropped_rooms", level.outcome.dropped_rooms.size(),
        [&](std::size_t i) { rect(out, i, level.outcome.dropped_rooms[i]); });
  out.raw("  \"content_notes\": ");
  strings(out, level.content.notes);
  out.raw(",\n");
  array(out, "features", level.content.features.size(), [&](std::size_t i) {
    const core::Feature& f = level.content.features[i];
    out.raw("{\"kind\": ");
    out.string(core::feature_name(f.kind));
    out.format(", \"x\": {}, \"y\": {}", f.cell.x, f.cell.y);
    if (f.tier > 0) out.format(", \"tier\": {}", f.tier);  // --tiers only
    out.raw("}");
  });
}

// dungen graph: each graph room's placement, each connection's corridor placements.
void write_graph(TextOut& out, const core::GraphRecord& g) {
  const auto ids = [&](const std::vector<int>& v) {
    out.raw("[");
    for (std::size_t i = 0; i < v.size(); ++i) out.format("{}{}", i ? ", " : "", v[i]);
    out.raw("]");
  };
  const auto name = [&](int room) { out.string(g.rooms[static_cast<std::size_t>(room)].name); };
  out.raw("  \"graph\": {\"name\": ");
  out.string(g.name);
  out.raw(", \"entrance\": ");
  name(g.entrance);
  out.raw(", \"exit\": ");
  name(g.exit);
  out.raw(",\n  \"rooms\": [");
  for (std::size_t i = 0; i < g.rooms.size(); ++i) {
    out.raw(i == 0 ? "\n    {\"name\": " : ",\n    {\"name\": ");
    out.string(g.rooms[i].name);
    out.raw(", \"tags\": ");
    strings(out, g.rooms[i].tags);
    if (g.rooms[i].placement < 0) {
      out.raw(", \"placement\": null}");
    } else {
      out.format(", \"placement\": {}}}", g.rooms[i].placement);
    }
  }
  out.raw("],\n  \"connections\": [");
  for (std::size_t i = 0; i < g.links.size(); ++i) {
    const core::GraphRecord::Link& l = g.links[i];
    out.raw(i == 0 ? "\n    {\"from\": " : ",\n    {\"from\": ");
    name(l.a);
    out.raw(", \"to\": ");
    name(l.b);
    out.format(", \"width\": {}, \"made\": {}, \"sealed\": {}, \"corridor\": ", l.width, l.made,
               l.sealed);
    ids(l.corridor);
    out.raw("}");
  }
  out.raw("]},\n");
}

void write_json_locks(TextOut& out, const core::Level& level) {
  out.format("  \"locks_requested\": {},\n  \"lock_notes\": ", level.puzzle.locks_requested);
  strings(out, level.puzzle.lock_notes);
  out.raw(",\n");
  array(out, "locks", level.puzzle.locks.size(), [&](std::size_t i) {
    const core::Lock& l = level.puzzle.locks[i];
    out.format("{{\"id\": {}, ", l.id);
    door_fields(out, l.door);
    out.format(", \"key\": {}, \"a\": {}, \"b\": {}", l.key, l.a, l.b);
    if (l.key_floor != 0) out.format(", \"key_floor\": {}", l.key_floor);  // a dungeon's
    out.raw("}");
  });
  array(out, "keys", level.puzzle.keys.size(), [&](std::size_t i) {
    const core::Key& k = level.puzzle.keys[i];
    out.format("{{\"id\": {}, \"x\": {}, \"y\": {}, \"placement\": {}}}", k.id, k.cell.x, k.cell.y,
               k.placement);
  });
  const std::vector<core::Zone>& zones = level.puzzle.zone_tree;
  auto list = [&](const std::vector<int>& v) {
    out.raw("[");
    for (std::size_t i = 0; i < v.size(); ++i) out.format("{}{}", i ? ", " : "", v[i]);
    out.raw("]");
  };
  array(
      out, "zone_tree", zones.size(),
      [&](std::size_t i) {
        const core::Zone& z = zones[i];
        out.format("{{\"id\": {}, \"keys\": ", z.id);
        list(z.keys);
        out.raw(", \"placements\": ");
        list(z.placements);
        if (z.parent < 0) {
          out.raw(", \"parent\": null, \"lock\": null}");
        } else {
          out.format(", \"parent\": {}, \"lock\": {}}}", z.parent, z.lock);
        }
      },
      true);
}

// generate: the loops made on purpose and the dead-end placements trimmed.
void write_json_shape(TextOut& out, const core::Outcome& o) {
  array(out, "loops_made", o.loops_made.size(), [&](std::size_t i) {
    const core::MadeLoop& l = o.loops_made[i];
    out.format("{{\"a\": {}, \"b\": {}, \"through\": [{}], \"steps_saved\": {}}}", l.a, l.b,
               fmt::join(l.through, ", "), l.steps_saved);
  });
  array(out, "trimmed", o.trimmed.size(), [&](std::size_t i) {
    const core::TrimmedPlacement& t = o.trimmed[i];
    out.format("{{\"tile\": ");
    out.string(t.name);
    out.format(", \"rotate\": {}, \"flip\": {}, \"x\": {}, \"y\": {}}}",
               core::degrees(t.orientation), core::is_flipped(t.orientation), t.origin.x,
               t.origin.y);
  });
}

void write_json_metrics(TextOut& out, const core::LevelMetrics& m, std::span<const Metric> table) {
  out.raw("  \"metrics\": {");
  const char* comma = "";
  for (const Metric* metric : metrics_of(MetricOutput::Json, table)) {
    out.format("{}\"{}\": {}", comma, metric->key, machine_value(*metric, m));
    comma = ", ";
  }
  out.raw("},\n");
}

}  // namespace

void write_json_report(const core::Level& level, const TextSink& sink,
                       std::span<const Metric> metrics) {
  const core::Map& map = level.map;
  TextOut out(sink);
  header(out, level);
  if (!map.door_kinds.empty()) {
    out.raw("  \"door_kinds\": ");
    strings(out, map.door_kinds);
    out.raw(",\n");
  }
  array(out, "placements", map.placements.size(), [&](std::size_t i) {
    const core::Placement& p = map.placements[i];
    const core::Rect b = map.bounds(p);
    out.format("{{\"id\": {}, \"tile\": ", i);
    out.string(p.tile < map.tile_names.size() ? map.tile_names[p.tile] : "");
    out.format(
        ", \"rotate\": {}, \"flip\": {}, \"x\": {}, \"y\": {}, \"width\": {}, \"height\": {}",
        core::degrees(p.orientation), core::is_flipped(p.orientation), b.x, b.y, b.width, b.height);
    if (i < level.puzzle.zones.size()) zone(out, level.puzzle.zones[i]);
    out.raw("}");
  });
  array(out, "connections", map.connections.size(), [&](std::size_t i) {
    const core::Connection& c = map.connections[i];
    out.format("{{\"a\": {}, \"b\": {}, ", c.a, c.b);
    door_fields(out, c.door());
    if (c.corridor() > 0) out.format(", \"corridor\": {}", c.corridor());
    kind_field(out, map, core::door_kind(map, c));
    out.raw("}");
  });
  array(out, "unused_doors", map.unused_doors.size(), [&](std::size_t i) {
    const core::UnusedDoor& u = map.unused_doors[i];
    out.format("{{\"placement\": {}, ", u.placement);
    door_fields(out, u.span);
    kind_field(out, map, u.span.kind);
    out.format(", \"reason\": \"{}\"}}", core::unused_reason_key(u.reason));
  });
  array(out, "unreachable", level.analysis.unreachable.size(), [&](std::size_t i) {
    const core::Region& r = level.analysis.unreachable[i];
    out.format("{{\"x\": {}, \"y\": {}, \"cells\": {}}}", r.first.x, r.first.y, r.cells);
  });
  write_json_metrics(out, level.analysis.metrics, metrics);
  if (level.origin.generator == "generate" && level.graph.rooms.empty())
    write_json_shape(out, level.outcome);
  write_rooms(out, level);
  if (!level.graph.rooms.empty()) write_graph(out, level.graph);
  write_json_locks(out, level);
  out.raw("}\n");
}

std::string json_report(const core::Level& level) {
  std::string text;
  write_json_report(level, [&](std::string_view block) { text += block; });
  return text;
}

}  // namespace dungen::exporters
