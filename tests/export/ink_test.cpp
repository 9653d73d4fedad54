// Tests of export/ink: the one colour table of the preview and the Tiled tileset. Every two
// inks drawn as squares differ by a clear margin (CIEDE2000) in normal vision and under
// simulated deuteranopia and protanopia; the preview and Tiled draw each kind in its ink.

#include "export/ink.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <fstream>
#include <iterator>
#include <numbers>
#include <regex>
#include <set>
#include <string>

#include "core/palette.hpp"
#include "export/feature_style.hpp"
#include "export/raster.hpp"
#include "export/render.hpp"
#include "export/tiled.hpp"
#include "support/test_support.hpp"

namespace dungen::exporters {
namespace {

// --- Colour science --------------------------------------------------------------------

struct Lab {
  double l, a, b;
};

enum class Vision { Normal, Deuteranopia, Protanopia };
constexpr std::array<Vision, 3> kVisions = {Vision::Normal, Vision::Deuteranopia,
                                            Vision::Protanopia};

const char* name(Vision v) {
  return v == Vision::Normal ? "normal" : v == Vision::Deuteranopia ? "deuteranopia" : "protanopia";
}

double linear(std::uint8_t c) {  // sRGB decoding (IEC 61966-2-1)
  const double v = c / 255.0;
  return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

// Machado, Oliveira and Fernandes (2009), "A Physiologically-based Model for Simulation of
// Color Vision Deficiency", severity 1.0, applied to linear sRGB.
using Matrix = std::array<std::array<double, 3>, 3>;
constexpr Matrix kDeuteranopia = {{{0.367322, 0.860646, -0.227968},
                                   {0.280085, 0.672501, 0.047413},
                                   {-0.011820, 0.042940, 0.968881}}};
constexpr Matrix kProtanopia = {{{0.152286, 1.052583, -0.204868},
                                 {0.114503, 0.786281, 0.099216},
                                 {-0.003882, -0.048116, 1.051998}}};

// CIE L*a*b* (D65) of `c` as seen with `vision`.
Lab lab_of(core::Rgba c, Vision vision) {
  std::array<double, 3> rgb = {linear(c.r), linear(c.g), linear(c.b)};
  if (vision != Vision::Normal) {
    const Matrix& m = vision == Vision::Deuteranopia ? kDeuteranopia : kProtanopia;
    std::array<double, 3> out{};
    for (int i = 0; i < 3; ++i) {
      const double v = m[i][0] * rgb[0] + m[i][1] * rgb[1] + m[i][2] * rgb[2];
      out[i] = std::clamp(v, 0.0, 1.0);
    }
    rgb = out;
  }
  const auto [r, g, b] = rgb;
  const double x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047;
  const double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
  const double z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883;
  auto f = [](double t) {
    return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
  };
  return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

double radians(double deg) { return deg * std::numbers::pi / 180.0; }

// CIEDE2000 (Sharma, Wu and Dalal 2005, "The CIEDE2000 Color-Difference Formula").
double ciede2000(Lab p, Lab q) {
  const double c_mean = (std::hypot(p.a, p.b) + std::hypot(q.a, q.b)) / 2;
  const double c7 = std::pow(c_mean, 7);
  const double g = 0.5 * (1 - std::sqrt(c7 / (c7 + std::pow(25.0, 7))));
  const double a1 = (1 + g) * p.a, a2 = (1 + g) * q.a;
  const double c1 = std::hypot(a1, p.b), c2 = std::hypot(a2, q.b);
  auto hue = [](double b, double a) {
    if (a == 0 && b == 0) return 0.0;
    const double h = std::atan2(b, a) * 180.0 / std::numbers::pi;
    return h < 0 ? h + 360 : h;
  };
  const double h1 = hue(p.b, a1), h2 = hue(q.b, a2);
  double dh = 0;
  if (c1 * c2 != 0) dh = h2 - h1 > 180 ? h2 - h1 - 360 : h2 - h1 < -180 ? h2 - h1 + 360 : h2 - h1;
  const double d_l = q.l - p.l, d_c = c2 - c1;
  const double d_h = 2 * std::sqrt(c1 * c2) * std::sin(radians(dh / 2));
  const double l_mean = (p.l + q.l) / 2, cp_mean = (c1 + c2) / 2;
  double h_mean = h1 + h2;
  if (c1 * c2 != 0)
    h_mean = std::abs(h1 - h2) <= 180 ? (h1 + h2) / 2
             : h1 + h2 < 360          ? (h1 + h2 + 360) / 2
                                      : (h1 + h2 - 360) / 2;
  const double t = 1 - 0.17 * std::cos(radians(h_mean - 30)) +
                   0.24 * std::cos(radians(2 * h_mean)) + 0.32 * std::cos(radians(3 * h_mean + 6)) -
                   0.20 * std::cos(radians(4 * h_mean - 63));
  const double d_theta = 30 * std::exp(-std::pow((h_mean - 275) / 25, 2));
  const double cp7 = std::pow(cp_mean, 7);
  const double r_c = 2 * std::sqrt(cp7 / (cp7 + std::pow(25.0, 7)));
  const double s_l =
      1 + 0.015 * std::pow(l_mean - 50, 2) / std::sqrt(20 + std::pow(l_mean - 50, 2));
  const double s_c = 1 + 0.045 * cp_mean, s_h = 1 + 0.015 * cp_mean * t;
  const double r_t = -std::sin(radians(2 * d_theta)) * r_c;
  return std::sqrt(std::pow(d_l / s_l, 2) + std::pow(d_c / s_c, 2) + std::pow(d_h / s_h, 2) +
                   r_t * (d_c / s_c) * (d_h / s_h));
}

double difference(core::Rgba p, core::Rgba q, Vision v) {
  return ciede2000(lab_of(p, v), lab_of(q, v));
}

TEST(ColourScience, Ciede2000MatchesSharmaWuDalalTestData) {
  EXPECT_NEAR(ciede2000({50, 2.6772, -79.7751}, {50, 0, -82.7485}), 2.0425, 1e-4);
  EXPECT_NEAR(ciede2000({50, 0, 0}, {50, -1, 2}), 2.3669, 1e-4);
  EXPECT_NEAR(ciede2000({50, 2.49, -0.001}, {50, -2.49, 0.0009}), 7.1792, 1e-4);
  EXPECT_NEAR(ciede2000({50, 2.5, 0}, {73, 25, -18}), 27.1492, 1e-4);
  EXPECT_NEAR(ciede2000({60.2574, -34.0099, 36.2677}, {60.4626, -34.1751, 39.4387}), 1.2644, 1e-4);
}

TEST(ColourScience, SimulationsKeepGreysAndMergeWhatDichromatsConfuse) {
  const Lab red = lab_of({255, 0, 0, 255}, Vision::Normal);
  EXPECT_NEAR(red.l, 53.24, 0.01);
  EXPECT_NEAR(red.a, 80.09, 0.01);
  EXPECT_NEAR(red.b, 67.20, 0.01);
  for (const Vision v : kVisions) {
    EXPECT_LT(difference({255, 255, 255, 255}, {255, 255, 255, 255}, v), 1e-9);
    EXPECT_LT(lab_of({128, 128, 128, 255}, v).a, 0.5) << name(v);  // a grey stays grey
  }
  // Red and vermillion, apart in normal vision, merge for a deuteranope: the simulation bites.
  EXPECT_GT(difference({255, 0, 0, 255}, okabe_ito::kVermillion, Vision::Normal), 10);
  EXPECT_LT(difference({255, 0, 0, 255}, okabe_ito::kVermillion, Vision::Deuteranopia), 3);
}

// --- The table ---------------------------------------------------------------------------

constexpr double kClearMargin = 10;  // CIEDE2000 units: apart at a glance

// The colour an ink leaves on the picture: a tint over floor (where the preview puts it).
core::Rgba seen(const InkStyle& s) {
  return s.colour.a == 255 ? s.colour : blend_over(ink_colour(Ink::Floor), s.colour);
}

TEST(Inks, OneRowPerInkInOrder) {
  for (std::size_t i = 0; i < kInks.size(); ++i)
    EXPECT_EQ(static_cast<std::size_t>(kInks[i].ink), i);
  EXPECT_EQ(ink_colour(Ink::Floor), core::Palette::colour_of(core::CellKind::Floor));
  EXPECT_EQ(ink_colour(Ink::Wall), core::Palette::colour_of(core::CellKind::Wall));
  EXPECT_EQ(ink_colour(Ink::Door), core::Palette::colour_of(core::CellKind::Door));
}

TEST(Inks, EverySquareDiffersByAClearMarginInEveryVision) {
  for (const InkStyle& p : kInks) {
    for (const InkStyle& q : kInks) {
      if (&p >= &q || p.shape == InkShape::Line || q.shape == InkShape::Line) continue;
      for (const Vision v : kVisions)
        EXPECT_GE(difference(seen(p), seen(q), v), kClearMargin)
            << p.legend << " / " << q.legend << " (" << name(v) << ")";
    }
  }
}

// Lines may share a mark's colour (a thin border or cross is never taken for a filled
// square), but stand out from every cell they cross and from each other.
TEST(Inks, LinesStandOutFromEveryCellAndEachOther) {
  for (const InkStyle& line : kInks) {
    if (line.shape != InkShape::Line) continue;
    for (const InkStyle& other : kInks) {
      if (&other == &line || other.shape == InkShape::Mark) continue;
      for (const Vision v : kVisions)
        EXPECT_GE(difference(line.colour, seen(other), v), kClearMargin)
            << line.legend << " / " << other.legend << " (" << name(v) << ")";
    }
  }
}

TEST(Inks, TextOnAMarkIsBlackOrWhiteWhicheverContrastsMore) {
  EXPECT_EQ(text_colour_on(okabe_ito::kYellow), (core::Rgba{0, 0, 0, 255}));
  EXPECT_EQ(text_colour_on(okabe_ito::kBlue), (core::Rgba{255, 255, 255, 255}));
  EXPECT_EQ(text_colour_on(ink_colour(Ink::Lock)), (core::Rgba{255, 255, 255, 255}));
}

// --- Preview and Tiled ---------------------------------------------------------------------

// A corridor with a locked door at x = 5 and one of every feature on its floor.
core::Level every_kind() {
  core::Level level;
  level.map.cells = test::cells_from_ascii(
      "############\n"
      "#....+.....#\n"
      "############");
  level.analysis.entrance = core::Point{1, 1};
  level.analysis.exit = core::Point{10, 1};
  level.puzzle.locks = {core::Lock{0, 0, 0, core::Door{{5, 1}, 1, core::Facing::East}, 0}};
  level.puzzle.keys = {core::Key{0, {2, 1}, 0}};
  using K = core::FeatureKind;
  level.content.features = {{K::Start, {1, 1}},   {K::Key, {2, 1}},     {K::Spikes, {3, 1}},
                            {K::Monster, {4, 1}}, {K::Chest, {6, 1}},   {K::Loot, {7, 1}},
                            {K::Decor, {8, 1}},   {K::WayDown, {10, 1}}};
  return level;
}

TEST(Inks, PreviewAndTiledDrawEachKindInItsInk) {
  const core::Level level = every_kind();
  const int s = 6;  // below 8: no letters or ids over the centres
  const core::Image img = render_preview(level, {s});
  auto centre = [&](core::Point cell) { return img.at(cell.x * s + s / 2, cell.y * s + s / 2); };
  for (const core::Feature& f : level.content.features) {
    const core::Rgba ink = ink_colour(feature_style(f.kind).ink);
    EXPECT_EQ(centre(f.cell), ink) << core::feature_name(f.kind);
    EXPECT_EQ(tiled_tile_colour(feature_tile(f.kind)), ink) << core::feature_name(f.kind);
  }
  EXPECT_EQ(centre({5, 1}), ink_colour(Ink::Lock));
  EXPECT_EQ(tiled_tile_colour(TiledTile::Lock), ink_colour(Ink::Lock));
  for (const core::CellKind k : {core::CellKind::Floor, core::CellKind::Wall, core::CellKind::Door})
    EXPECT_EQ(tiled_tile_colour(static_cast<TiledTile>(cell_gid(k) - 1)),
              core::Palette::colour_of(k));
  EXPECT_EQ(centre({9, 1}), ink_colour(Ink::Floor));
  EXPECT_EQ(centre({0, 0}), ink_colour(Ink::Wall));
}

// --- The documentation ----------------------------------------------------------------------

std::string doc(const std::string& name) {
  std::ifstream in(test::sample_path("../docs") / name);
  EXPECT_TRUE(in) << name;
  return {std::istreambuf_iterator<char>(in), {}};
}

std::string hex(core::Rgba c) { return fmt::format("#{:02X}{:02X}{:02X}", c.r, c.g, c.b); }

TEST(InkDocs, ExportMdListsEachTiledTileInItsColour) {
  const std::string text = doc("export.md");
  for (int id = 0; id < kTiledTileCount; ++id) {
    const auto tile = static_cast<TiledTile>(id);
    const std::string row = fmt::format("| {} | {} | `{}` | `{}` |", id, id + 1,
                                        tiled_tile_type(tile), hex(tiled_tile_colour(tile)));
    EXPECT_NE(text.find(row), std::string::npos) << row;
  }
}

TEST(InkDocs, CliMdPreviewTableHoldsTheInksColours) {
  const std::string text = doc("cli.md");
  const auto begin = text.find("### The preview"), end = text.find("### Batch");
  ASSERT_LT(begin, end);
  std::set<std::string> documented, inks;
  const std::regex colour("`(#[0-9A-F]{6})`");
  const std::string section = text.substr(begin, end - begin);
  for (auto it = std::sregex_iterator(section.begin(), section.end(), colour);
       it != std::sregex_iterator(); ++it)
    documented.insert((*it)[1]);
  for (const InkStyle& s : kInks) {
    if (s.ink != Ink::Floor && s.ink != Ink::Wall && s.ink != Ink::Door && s.ink != Ink::Empty)
      inks.insert(hex(s.colour));
  }
  EXPECT_EQ(documented, inks);
}

}  // namespace
}  // namespace dungen::exporters
