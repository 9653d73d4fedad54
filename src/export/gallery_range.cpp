#include "export/gallery_range.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "export/range_picture.hpp"
#include "export/report.hpp"

namespace dungen::exporters {
namespace {

constexpr std::string_view kRangeStyle =
    R"(#range{padding:4px 16px 24px;border-top:1px solid #b9b09a}
#range h2{font-size:16px;margin:8px 0}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(230px,1fr));gap:12px}
.chart{margin:0;background:#f6f3ec;border:1px solid #cfc7b5;border-radius:6px;padding:8px}
.chart figcaption{font-weight:bold;margin-bottom:4px}
.bars{display:flex;align-items:flex-end;gap:2px;height:90px;border-bottom:1px solid #1f2630}
.bars span{flex:1;background:#3b528b;min-height:1px}
.axis{display:flex;justify-content:space-between;margin:2px 0 0;font-size:12px;color:#5a606a}
table.heat{width:auto;margin-top:12px;background:#f6f3ec}
table.heat caption{text-align:left;padding:4px 0;font-weight:bold}
table.heat th,table.heat td{padding:3px 6px;border:1px solid #cfc7b5;text-align:center}
)";

// A bar chart of `metric` over `levels`.
void write_chart(TextOut& out, const Metric& metric, std::span<const RangeLevel> levels) {
  const RangeHistogram h = histogram(metric, levels);
  const int peak = std::max(1, *std::max_element(h.counts.begin(), h.counts.end()));
  out.format("<figure class=\"chart\"><figcaption>{}</figcaption>\n<div class=\"bars\">",
             xml_escape(metric.label));
  for (int i = 0; i < h.bins.count; ++i) {
    const int count = h.counts[static_cast<std::size_t>(i)];
    out.format("<span style=\"height:{}%\" title=\"{}: {} level{}\"></span>", count * 100 / peak,
               xml_escape(h.bins.label(i)), count, count == 1 ? "" : "s");
  }
  out.format("</div>\n<p class=\"axis\"><span>{}</span><span>{}</span></p></figure>\n",
             xml_escape(h.bins.label(0)), xml_escape(h.bins.label(h.bins.count - 1)));
}

// The heatmap of `x` against `y` as a table, the largest y bin first.
void write_heat_table(TextOut& out, const Metric& x, const Metric& y,
                      std::span<const RangeLevel> levels) {
  const RangeHeatmap h = heatmap(x, y, levels);
  const int peak = h.peak();
  out.format(
      "<table class=\"heat\">\n<caption>levels per bin: {} (rows) against {} (columns)"
      "</caption>\n<tr><th>{} \\ {}</th>",
      xml_escape(y.label), xml_escape(x.label), xml_escape(y.label), xml_escape(x.label));
  for (int ix = 0; ix < h.x.count; ++ix) out.format("<th>{}</th>", xml_escape(h.x.label(ix)));
  out.raw("</tr>\n");
  for (int iy = h.y.count - 1; iy >= 0; --iy) {
    out.format("<tr><th>{}</th>", xml_escape(h.y.label(iy)));
    for (int ix = 0; ix < h.x.count; ++ix) {
      const int count = h.at(ix, iy);
      if (count == 0) {  // the page's own colour, not the ink's white (a map colour)
        out.raw("<td></td>");
        continue;
      }
      const core::Rgba c = range_ink(count, peak);
      out.format("<td style=\"background:#{:02x}{:02x}{:02x};color:{}\">{}</td>", c.r, c.g, c.b,
                 range_ink_dark(count, peak) ? "#f6f3ec" : "#1f2630", count);
    }
    out.raw("</tr>\n");
  }
  out.raw("</table>\n");
}

}  // namespace

std::string_view gallery_range_style() { return kRangeStyle; }

void write_gallery_range(TextOut& out, std::span<const Metric> table,
                         std::span<const RangeLevel> levels) {
  out.format("<section id=\"range\">\n<h2>Expressive range: {} level{}</h2>\n", levels.size(),
             levels.size() == 1 ? "" : "s");
  if (levels.empty()) {
    out.raw("<p>no level to show</p>\n</section>\n");
    return;
  }
  out.raw("<div class=\"charts\">\n");
  for (const Metric* m : metrics_of(MetricOutput::Gallery, table)) write_chart(out, *m, levels);
  out.raw("</div>\n");
  const Metric* x = metric_by_key(kRangeX, table);
  const Metric* y = metric_by_key(kRangeY, table);
  if (x != nullptr && y != nullptr) write_heat_table(out, *x, *y, levels);
  out.raw("</section>\n");
}

}  // namespace dungen::exporters
