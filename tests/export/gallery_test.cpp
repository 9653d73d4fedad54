#include "export/gallery.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace dungen::exporters {
namespace {

const Writer& writer(std::string_view name) { return writers()[writer_index(name)]; }

struct Page {
  std::string html;
  std::vector<std::size_t> asked;  ///< the levels write_gallery asked for, in order
};

Page page(const GalleryBatch& batch, const std::vector<GalleryLevel>& levels) {
  Page p;
  write_gallery(
      batch,
      [&](std::size_t i) {
        p.asked.push_back(i);
        return levels[i];
      },
      [&](std::string_view block) { p.html += block; });
  return p;
}

GalleryBatch batch_of(std::size_t count, std::vector<const Writer*> files) {
  GalleryBatch b;
  b.count = count;
  b.files = std::move(files);
  return b;
}

GalleryLevel level(std::string_view name, core::Seed seed) {
  GalleryLevel l;
  l.name = name;
  l.seed = seed;
  l.size = {30, 20};
  l.placements = 12;
  core::LevelMetrics& m = l.metrics;
  m.passable_cells = 400;
  m.reachable_cells = 300;
  m.dead_ends = 4;
  m.loops = 2;
  m.exit_steps = 57;
  m.exit_rooms = 6;
  m.connections = 13;
  m.placements = 12;
  return l;
}

std::size_t occurrences(const std::string& text, std::string_view what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(Gallery, CardPerLevelWithValuesAndLinksToItsFiles) {
  GalleryBatch batch = batch_of(2, {&writer("map"), &writer("json"), &writer("tmx")});
  batch.first_seed = 18446744073709551615u;
  batch.units = "rooms";
  const Page p = page(batch, {level("level-0000", 18446744073709551615u), level("level-0001", 0)});
  EXPECT_EQ(p.asked, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(occurrences(p.html, "<article class=\"level\""), 2u);
  EXPECT_NE(
      p.html.find("<article class=\"level\" data-index=\"0\" data-seed=\"18446744073709551615\" "
                  "data-tiles=\"12\" data-reachable=\"0.7500\" data-loops=\"2\" "
                  "data-dead-ends=\"4\" data-exit-steps=\"57\" data-exit-rooms=\"6\" "
                  "data-branching=\"2.17\" data-unused=\"0\">"),
      std::string::npos);
  EXPECT_NE(p.html.find("<img src=\"level-0001.png\" alt=\"map of level-0001\">"),
            std::string::npos);
  EXPECT_NE(p.html.find("<a href=\"level-0001.png\">map</a><a href=\"level-0001.json\">json</a>"
                        "<a href=\"level-0001.tmx\">tmx</a>"),
            std::string::npos);
  EXPECT_NE(p.html.find("<tr data-key=\"reachable\"><th>reachable</th><td>75.0 %</td></tr>"),
            std::string::npos);
  EXPECT_NE(p.html.find("<button type=\"button\" data-key=\"tiles\">rooms</button>"),
            std::string::npos);
  // Seeds wrap at 2^64 as the batch's do.
  EXPECT_NE(p.html.find("seeds 18446744073709551615 to 0 "), std::string::npos);
  EXPECT_EQ(p.html,
            page(batch, {level("level-0000", 18446744073709551615u), level("level-0001", 0)}).html);
}

TEST(Gallery, ThumbnailOpensThePreviewWhenTheBatchWroteOne) {
  const GalleryBatch batch = batch_of(1, {&writer("map"), &writer("preview")});
  EXPECT_NE(page(batch, {level("level-0000", 3)})
                .html.find("<a class=\"thumb\" href=\"level-0000.preview.png\"><img "
                           "src=\"level-0000.png\""),
            std::string::npos);
}

TEST(Gallery, EveryTextEscapedAndFileNamesPercentEncoded) {
  GalleryBatch batch = batch_of(2, {&writer("map")});
  batch.units = "<b>";
  GalleryLevel failed = level("<i>&'\"", 8);
  failed.error = "a/<script>alert(1)</script>: & \"'\x01";
  const Page p = page(batch, {level("x y<\"", 7), failed});
  EXPECT_EQ(p.html.find("<script>alert"), std::string::npos);
  EXPECT_EQ(p.html.find("<i>"), std::string::npos);
  EXPECT_EQ(p.html.find("<b>"), std::string::npos);
  EXPECT_NE(p.html.find("<h2>x y&lt;&quot; <small>"), std::string::npos);
  EXPECT_NE(p.html.find("<img src=\"x%20y%3C%22.png\""), std::string::npos);
  EXPECT_NE(p.html.find("data-key=\"tiles\">&lt;b&gt;</button>"), std::string::npos);
  // A failed level: its error (control bytes as U+FFFD), no metrics, no links.
  EXPECT_NE(p.html.find("<article class=\"level failed\" data-index=\"1\" data-seed=\"8\">\n"
                        "<div class=\"thumb\">failed</div>\n<h2>&lt;i&gt;&amp;&apos;&quot;</h2>\n"
                        "<p class=\"error\">a/&lt;script&gt;alert(1)&lt;/script&gt;: &amp; "
                        "&quot;&apos;\xEF\xBF\xBD</p>\n</article>\n"),
            std::string::npos);
  EXPECT_EQ(occurrences(p.html, "<a "), 2u);  // the first level's thumbnail and map link
}

// A batch of dungeons: a card shows every floor's map side by side, each opening its preview,
// and links the dungeon's own files, then each floor's; the page says dungeons.
TEST(Gallery, DungeonCardShowsEveryFloorAndLinksItsFiles) {
  GalleryBatch batch = batch_of(2, {&writer("map"), &writer("json"), &writer("preview")});
  batch.first_seed = 7;
  batch.floors = 3;
  batch.dungeon_files = {{"dungeon", ".json"}, {"world", ".world"}};
  GalleryLevel failed = level("level-0001", 8);
  failed.error = "no room";
  const Page p = page(batch, {level("level-0000", 7), failed});
  EXPECT_NE(p.html.find("<h1>dungen batch: 2 dungeons of 3 floors</h1>\n<p>seeds 7 to 8 "
                        "(dungeon i uses seed 7 + i);"),
            std::string::npos);
  EXPECT_NE(p.html.find(".thumb.floors{"), std::string::npos);
  EXPECT_NE(
      p.html.find("<div class=\"thumb floors\">"
                  "<a href=\"level-0000-floor1.preview.png\"><img src=\"level-0000-floor1.png\" "
                  "alt=\"floor 1 of level-0000\"></a>"
                  "<a href=\"level-0000-floor2.preview.png\"><img src=\"level-0000-floor2.png\" "
                  "alt=\"floor 2 of level-0000\"></a>"
                  "<a href=\"level-0000-floor3.preview.png\"><img src=\"level-0000-floor3.png\" "
                  "alt=\"floor 3 of level-0000\"></a></div>\n"
                  "<h2>level-0000 <small>30\xc3\x97"
                  "20 cells, 3 floors</small></h2>"),
      std::string::npos)
      << p.html;
  EXPECT_NE(p.html.find("<p class=\"files\"><a href=\"level-0000.json\">dungeon</a>"
                        "<a href=\"level-0000.world\">world</a></p>\n"
                        "<p class=\"files\"><span class=\"floor\">floor 1</span>"
                        "<a href=\"level-0000-floor1.png\">map</a>"
                        "<a href=\"level-0000-floor1.json\">json</a>"
                        "<a href=\"level-0000-floor1.preview.png\">preview</a></p>\n"),
            std::string::npos);
  EXPECT_EQ(occurrences(p.html, "<span class=\"floor\">"), 3u);
  EXPECT_EQ(p.html.find("level-0001-floor"), std::string::npos);  // failed: no links
  // A batch of levels has no floors' style.
  EXPECT_EQ(
      page(batch_of(1, {&writer("map")}), {level("level-0000", 7)}).html.find(".thumb.floors"),
      std::string::npos);
}

TEST(Gallery, SortKeysAreThePagesButtonsInOrder) {
  const std::string html = page(batch_of(0, {}), {}).html;
  std::size_t at = 0;
  for (const std::string_view key : gallery_sort_keys()) {
    const auto found = html.find(fmt::format("<button type=\"button\" data-key=\"{}\">", key));
    ASSERT_NE(found, std::string::npos) << key;
    EXPECT_GT(found, at) << key;
    at = found;
  }
  EXPECT_EQ(gallery_sort_keys().size(), 10u);
}

TEST(Gallery, RangeSectionShowsTheLevelsMadeAfterTheCards) {
  GalleryLevel other = level("level-0002", 9), failed = level("level-0001", 8);
  other.metrics.loops = 0;
  failed.error = "no level";
  const Page p = page(batch_of(3, {&writer("map")}), {level("level-0000", 7), failed, other});
  const auto section = p.html.find("<section id=\"range\">\n<h2>Expressive range: 2 levels</h2>");
  ASSERT_NE(section, std::string::npos);
  EXPECT_GT(section, p.html.find("</main>"));
  // A chart per gallery metric; loops 0 and 2 fall in bins 0 and 2 of three.
  EXPECT_EQ(occurrences(p.html, "<figure class=\"chart\">"), 6u);
  EXPECT_NE(p.html.find("<figcaption>loops</figcaption>\n<div class=\"bars\">"
                        "<span style=\"height:100%\" title=\"0: 1 level\"></span>"
                        "<span style=\"height:0%\" title=\"1: 0 levels\"></span>"
                        "<span style=\"height:100%\" title=\"2: 1 level\"></span></div>"),
            std::string::npos);
  // Dead ends (4 for both) across, loops up: two bins of one level each, the peak's ink.
  EXPECT_NE(
      p.html.find("<tr><th>loops \\ dead ends</th><th>4</th></tr>\n"
                  "<tr><th>2</th><td style=\"background:#fde725;color:#1f2630\">1</td></tr>\n"
                  "<tr><th>1</th><td></td></tr>\n"
                  "<tr><th>0</th><td style=\"background:#fde725;color:#1f2630\">1</td></tr>\n"),
      std::string::npos)
      << p.html.substr(section);
  EXPECT_EQ(page(batch_of(0, {}), {}).html.find("<figure"), std::string::npos);
}

}  // namespace
}  // namespace dungen::exporters
