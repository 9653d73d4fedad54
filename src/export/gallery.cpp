#include "export/gallery.hpp"

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

#include "export/gallery_range.hpp"
#include "export/report.hpp"

namespace dungen::exporters {
namespace {

// The page's style and script, inline: the page fetches nothing but the levels' map PNGs
// beside it. No colour here is a map colour (#000, #fff, #f00), so a screenshot tells the
// thumbnails from the page.
constexpr std::string_view kStyle = R"(:root{color-scheme:light}
body{margin:0;background:#e8e4da;color:#1f2630;font:14px/1.4 system-ui,sans-serif}
header{position:sticky;top:0;z-index:1;background:#d9d3c4;padding:10px 16px;border-bottom:1px solid #b9b09a}
h1{font-size:18px;margin:0 0 2px}
header p{margin:0 0 6px;color:#4a505a}
nav button{font:inherit;margin:2px 4px 2px 0;padding:2px 9px;border:1px solid #9c9380;border-radius:4px;background:#f1ede4;color:#1f2630;cursor:pointer}
nav button.asc,nav button.desc{background:#36506e;border-color:#36506e;color:#f1ede4}
nav button.asc::after{content:" \2191"}
nav button.desc::after{content:" \2193"}
main{display:grid;grid-template-columns:repeat(auto-fill,minmax(210px,1fr));gap:12px;padding:12px 16px}
.level{background:#f6f3ec;border:1px solid #cfc7b5;border-radius:6px;padding:8px}
.thumb{display:block;height:170px;background:#8fa1b5}
.thumb img{display:block;width:100%;height:100%;object-fit:contain;image-rendering:pixelated}
h2{font-size:14px;margin:6px 0 2px}
h2 small{font-weight:normal;color:#5a606a}
table{border-collapse:collapse;width:100%;font-size:13px}
th{text-align:left;font-weight:normal;color:#5a606a;padding:0 6px 0 0;white-space:nowrap}
td{text-align:right;font-variant-numeric:tabular-nums}
tr.on{background:#e3dccb;font-weight:bold}
a{color:#1c5a9c}
a:visited{color:#5b3d8c}
.files{margin:4px 0 0;font-size:13px}
.files a{margin-right:6px}
.flag{display:inline-block;margin:4px 4px 0 0;padding:0 5px;border-radius:3px;background:#e8c87a;font-size:12px}
.failed .thumb{display:flex;align-items:center;justify-content:center;color:#6b2418}
.error{color:#6b2418;font-size:12px;overflow-wrap:anywhere}
)";

// A batch of dungeons' cards: every floor's map side by side (in rows when there are many),
// parted by thin lines of the card's border colour; a floor's links wrap.
constexpr std::string_view kFloorsStyle =
    R"(.thumb.floors{display:grid;grid-template-columns:repeat(auto-fit,minmax(24px,1fr));grid-auto-rows:minmax(0,1fr);gap:2px;background:#cfc7b5}
.thumb.floors a{display:block;min-width:0;min-height:0;background:#8fa1b5}
.files{display:flex;flex-wrap:wrap}
.files .floor{color:#5a606a;margin-right:6px;white-space:nowrap}
)";

// Sorts the cards by the key in the URL's #sort=KEY (ascending) or #sort=-KEY (descending);
// a button sets it (again: the other way). Ties and levels without the value (failed ones,
// last) keep batch order; seeds are compared as BigInt (they go up to 2^64-1).
constexpr std::string_view kScript = R"("use strict";
(function () {
  var list = document.getElementById("levels");
  var cards = Array.prototype.slice.call(list.querySelectorAll("article.level"));
  var buttons = Array.prototype.slice.call(document.querySelectorAll("#sort button"));
  var keys = buttons.map(function (b) { return b.getAttribute("data-key"); });
  function wanted() {
    var m = /^#sort=(-?)([a-z-]+)$/.exec(location.hash);
    if (!m || keys.indexOf(m[2]) < 0) return { key: "index", desc: false };
    return { key: m[2], desc: m[1] === "-" };
  }
  function value(card, key) {
    var v = card.getAttribute("data-" + key);
    if (v === null) return null;
    return key === "seed" ? BigInt(v) : Number(v);
  }
  function show() {
    var s = wanted();
    var sorted = cards.slice().sort(function (a, b) {
      var x = value(a, s.key), y = value(b, s.key);
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
      } else if (x !== y) {
        return (x < y) === !s.desc ? -1 : 1;
      }
      return value(a, "index") - value(b, "index");
    });
    var fragment = document.createDocumentFragment();
    sorted.forEach(function (c) { fragment.appendChild(c); });
    list.appendChild(fragment);
    buttons.forEach(function (b) {
      var on = b.getAttribute("data-key") === s.key;
      b.classList.toggle("asc", on && !s.desc);
      b.classList.toggle("desc", on && s.desc);
      b.setAttribute("aria-pressed", on ? "true" : "false");
    });
    list.querySelectorAll("tr.on").forEach(function (r) { r.classList.remove("on"); });
    list.querySelectorAll('tr[data-key="' + s.key + '"]').forEach(function (r) {
      r.classList.add("on");
    });
  }
  buttons.forEach(function (b) {
    b.addEventListener("click", function () {
      var s = wanted(), key = b.getAttribute("data-key");
      location.hash = "sort=" + (s.key === key && !s.desc ? "-" : "") + key;
      show();  // now, not only when the hashchange event comes
    });
  });
  window.addEventListener("hashchange", show);
  show();
})();
)";

// A sort key of the page and, after "index", a row of every card's table.
struct Column {
  std::string key;    // the button's and the row's data-key, the card's data-KEY attribute
  std::string label;  // their text
};

// The page's columns: batch order, the seed, the placements (named by the batch's units), the
// metrics the gallery shows (export/metric_table.hpp) and the unused doors.
std::vector<Column> columns_of(const GalleryBatch& batch) {
  std::vector<Column> columns = {
      {"index", "batch order"}, {"seed", "seed"}, {"tiles", std::string(batch.units)}};
  for (const Metric* m : metrics_of(MetricOutput::Gallery, batch.metrics))
    columns.push_back({gallery_key(*m), std::string(m->label)});
  columns.push_back({"unused", "unused doors"});
  return columns;
}

// A file name as a URL path segment: bytes other than letters, digits and -._~ percent-encoded.
std::string href(std::string_view name, std::string_view suffix) {
  std::string out;
  for (const char c : std::string(name) + std::string(suffix)) {
    const auto u = static_cast<unsigned char>(c);
    const bool plain = (u >= '0' && u <= '9') || (u >= 'A' && u <= 'Z') || (u >= 'a' && u <= 'z') ||
                       c == '-' || c == '.' || c == '_' || c == '~';
    out += plain ? std::string(1, c) : fmt::format("%{:02X}", u);
  }
  return out;
}

// The values of the columns after the seed (columns_of(batch) from the third on), as the
// card's data attributes and table show them: {attribute, shown}.
std::vector<std::pair<std::string, std::string>> values_of(const GalleryBatch& batch,
                                                           const GalleryLevel& l) {
  std::vector<std::pair<std::string, std::string>> values = {
      {std::to_string(l.placements), std::to_string(l.placements)}};
  for (const Metric* m : metrics_of(MetricOutput::Gallery, batch.metrics))
    values.emplace_back(machine_value(*m, l.metrics), shown_value(*m, l.metrics));
  values.emplace_back(std::to_string(l.unused_doors), std::to_string(l.unused_doors));
  return values;
}

void write_failed_card(TextOut& out, std::size_t index, const GalleryLevel& l) {
  out.format(
      "<article class=\"level failed\" data-index=\"{}\" data-seed=\"{}\">\n"
      "<div class=\"thumb\">failed</div>\n<h2>{}</h2>\n<p class=\"error\">{}</p>\n</article>\n",
      index, l.seed, xml_escape(l.name), xml_escape(l.error));
}

// The thumbnail of the files named `base`: its map, opening the preview when the batch wrote
// one, else the map; `attributes` go in the link's tag (" class=...").
void write_thumb(TextOut& out, const GalleryBatch& batch, std::string_view base,
                 std::string_view attributes, std::string_view alt) {
  std::string map = href(base, ".png"), open = map;
  for (const Writer* w : batch.files) {
    if (w->name == "map") map = open = href(base, w->batch_suffix);
  }
  for (const Writer* w : batch.files) {
    if (w->name == "preview") open = href(base, w->batch_suffix);
  }
  out.format("<a{} href=\"{}\"><img src=\"{}\" alt=\"{}\"></a>", attributes, open, map,
             xml_escape(alt));
}

// A link to each of the files named `base`, by writer.
void write_links(TextOut& out, const GalleryBatch& batch, std::string_view base) {
  for (const Writer* w : batch.files)
    out.format("<a href=\"{}\">{}</a>", href(base, w->batch_suffix), xml_escape(w->name));
}

// A level's thumbnail, or a dungeon's: every floor's, side by side.
void write_thumbs(TextOut& out, const GalleryBatch& batch, const GalleryLevel& l) {
  if (batch.floors < 2) {
    write_thumb(out, batch, l.name, " class=\"thumb\"", fmt::format("map of {}", l.name));
    return out.raw("\n");
  }
  out.raw("<div class=\"thumb floors\">");
  for (int k = 1; k <= batch.floors; ++k) {
    write_thumb(out, batch, fmt::format("{}-floor{}", l.name, k), "",
                fmt::format("floor {} of {}", k, l.name));
  }
  out.raw("</div>\n");
}

// A level's links to its files, or a dungeon's: its own files, then a line a floor.
void write_files(TextOut& out, const GalleryBatch& batch, const GalleryLevel& l) {
  out.raw("<p class=\"files\">");
  if (batch.floors < 2) {
    write_links(out, batch, l.name);
    return out.raw("</p>\n");
  }
  for (const DungeonFile& f : batch.dungeon_files)
    out.format("<a href=\"{}\">{}</a>", href(l.name, f.suffix), xml_escape(f.label));
  out.raw("</p>\n");
  for (int k = 1; k <= batch.floors; ++k) {
    out.format("<p class=\"files\"><span class=\"floor\">floor {}</span>", k);
    write_links(out, batch, fmt::format("{}-floor{}", l.name, k));
    out.raw("</p>\n");
  }
}

void write_card(TextOut& out, const GalleryBatch& batch, const std::vector<Column>& columns,
                std::size_t index, const GalleryLevel& l) {
  if (!l.error.empty()) return write_failed_card(out, index, l);
  const auto values = values_of(batch, l);
  out.format("<article class=\"level\" data-index=\"{}\" data-seed=\"{}\"", index, l.seed);
  for (std::size_t i = 0; i < values.size(); ++i)
    out.format(" data-{}=\"{}\"", columns[i + 2].key, values[i].first);
  out.raw(">\n");
  write_thumbs(out, batch, l);
  out.format(
      "<h2>{} <small>{}\xc3\x97{} cells{}</small></h2>\n"
      "<table>\n<tr data-key=\"seed\"><th>seed</th><td>{}</td></tr>\n",
      xml_escape(l.name), l.size.width, l.size.height,
      batch.floors > 1 ? fmt::format(", {} floors", batch.floors) : "", l.seed);
  for (std::size_t i = 0; i < values.size(); ++i) {
    out.format("<tr data-key=\"{}\"><th>{}</th><td>{}</td></tr>\n", columns[i + 2].key,
               xml_escape(columns[i + 2].label), xml_escape(values[i].second));
  }
  out.raw("</table>\n");
  if (l.terminated_early) out.raw("<span class=\"flag\">ended early</span>\n");
  if (l.unreachable_regions > 0) {
    out.format("<span class=\"flag\">{} unreachable region{}</span>\n", l.unreachable_regions,
               l.unreachable_regions == 1 ? "" : "s");
  }
  write_files(out, batch, l);
  out.raw("</article>\n");
}

void write_head(TextOut& out, const GalleryBatch& batch, const std::vector<Column>& columns) {
  const core::Seed last = batch.first_seed + (batch.count > 0 ? batch.count - 1 : 0);
  const bool floors = batch.floors > 1;
  const std::string what = floors
                               ? fmt::format("{} dungeons of {} floors", batch.count, batch.floors)
                               : fmt::format("{} levels", batch.count);
  out.format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"dungen {}\">\n<title>dungen batch: {}</title>\n"
      "<style>\n{}{}{}</style>\n</head>\n<body>\n<header>\n<h1>dungen batch: {}</h1>\n"
      "<p>seeds {} to {} ({} i uses seed {} + i); {} ended early, {} with cells the "
      "entrance cannot reach, {} failed</p>\n<nav id=\"sort\">sort by",
      xml_escape(version()), what, kStyle, floors ? kFloorsStyle : "", gallery_range_style(), what,
      batch.first_seed, last, floors ? "dungeon" : "level", batch.first_seed, batch.early,
      batch.unreachable, batch.failed);
  for (const Column& c : columns) {
    out.format(" <button type=\"button\" data-key=\"{}\">{}</button>", c.key, xml_escape(c.label));
  }
  out.raw("</nav>\n</header>\n<main id=\"levels\">\n");
}

}  // namespace

std::vector<std::string> gallery_sort_keys(std::span<const Metric> metrics) {
  GalleryBatch batch;
  batch.metrics = metrics;
  std::vector<std::string> keys;
  for (Column& c : columns_of(batch)) keys.push_back(std::move(c.key));
  return keys;
}

void write_gallery(const GalleryBatch& batch, const std::function<GalleryLevel(std::size_t)>& level,
                   const TextSink& sink) {
  TextOut out(sink);
  const std::vector<Column> columns = columns_of(batch);
  write_head(out, batch, columns);
  std::vector<RangeLevel> shown;  // for the range section: the metrics of every level made
  for (std::size_t i = 0; i < batch.count; ++i) {
    const GalleryLevel l = level(i);
    write_card(out, batch, columns, i, l);
    if (l.error.empty()) shown.push_back({l.seed, l.metrics});
  }
  out.raw("</main>\n");
  write_gallery_range(out, batch.metrics, shown);
  out.format("<script>\n{}</script>\n</body>\n</html>\n", kScript);
}

}  // namespace dungen::exporters
