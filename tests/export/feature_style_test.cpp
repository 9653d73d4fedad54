// Tests of export/feature_style: one row per feature kind, and what tells kinds apart.

#include "export/feature_style.hpp"

#include <gtest/gtest.h>

#include <set>

namespace dungen::exporters {
namespace {

TEST(FeatureStyle, OneRowPerKindInTheKindsOrder) {
  for (std::size_t i = 0; i < core::kFeatureKinds.size(); ++i) {
    EXPECT_EQ(kFeatureStyles[i].kind, core::kFeatureKinds[i]) << i;
    EXPECT_EQ(&feature_style(core::kFeatureKinds[i]), &kFeatureStyles[i]);
  }
}

TEST(FeatureStyle, GlyphsInksAndLabelsTellKindsApart) {
  std::set<char> glyphs, labels;
  std::set<Ink> inks;
  for (const FeatureStyle& s : kFeatureStyles) {
    EXPECT_TRUE(glyphs.insert(s.glyph).second) << core::feature_name(s.kind);
    EXPECT_TRUE(inks.insert(s.ink).second) << core::feature_name(s.kind);
    EXPECT_EQ(ink_colour(s.ink).a, 255) << core::feature_name(s.kind);
    // Every kind but the key (which shows its id) has a letter of its own on the preview.
    EXPECT_EQ(s.label != 0, s.kind != core::FeatureKind::Key) << core::feature_name(s.kind);
    if (s.label != 0) {
      EXPECT_TRUE(labels.insert(s.label).second) << core::feature_name(s.kind);
    }
  }
  for (const char map_glyph : {'#', '.', '+', ' '})
    EXPECT_EQ(glyphs.count(map_glyph), 0u) << map_glyph;
}

TEST(FeatureStyle, DoomThingsForContentThatDoomShows) {
  for (const FeatureStyle& s : kFeatureStyles) {
    const bool shown = core::is_content(s.kind) && s.kind != core::FeatureKind::Spikes;
    EXPECT_EQ(s.doom_thing != 0, shown) << core::feature_name(s.kind);
  }
  EXPECT_EQ(feature_style(core::FeatureKind::Monster).doom_thing, 3004);
}

TEST(FeatureKind, NamesRoundTrip) {
  for (const core::FeatureKind k : core::kFeatureKinds)
    EXPECT_EQ(core::feature_kind_named(core::feature_name(k)), k);
  EXPECT_FALSE(core::feature_kind_named("statue").has_value());
  EXPECT_TRUE(core::is_obstacle(core::FeatureKind::Chest));
  EXPECT_FALSE(core::is_obstacle(core::FeatureKind::Loot));
  EXPECT_FALSE(core::is_content(core::FeatureKind::Key));
}

}  // namespace
}  // namespace dungen::exporters
