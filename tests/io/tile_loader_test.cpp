// Tests of io/tile_loader: folder errors, sorting, ignored and invalid files, the tileset.txt
// sidecar and the input-set hash. Every test works in its own temporary folder.

#include "io/formats/tile_loader.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/map.hpp"
#include "core/palette.hpp"
#include "support/test_support.hpp"

namespace dungen::io::formats {
namespace {
namespace fs = std::filesystem;

constexpr const char* kRoom = " #+# \n##.##\n#...#\n#####";
constexpr const char* kHall = "#####\n+...+\n#####";
constexpr const char* kNook = "###\n#.+\n###";

// A fresh folder under the system's temporary folder, removed with everything in it at the
// end of the test. Unique per process and test, so ctest -j can run tests side by side.
class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    const testing::TestInfo* info = testing::UnitTest::GetInstance()->current_test_info();
    path_ = fs::temp_directory_path() /
            ("dungen_loader_" + std::to_string(::getpid()) + "_" + info->test_suite_name() + "_" +
             info->name() + "_" + std::to_string(counter++));
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  [[nodiscard]] const fs::path& path() const { return path_; }

  void write(const std::string& name, const std::vector<std::uint8_t>& bytes) const {
    std::ofstream out(path_ / name, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    ASSERT_TRUE(out.good()) << "cannot write " << (path_ / name);
  }
  void write_text(const std::string& name, const std::string& text) const {
    write(name, std::vector<std::uint8_t>(text.begin(), text.end()));
  }
  void write_tile(const std::string& name, std::string_view art) const {
    const auto cells = test::cells_from_ascii(art);
    core::Image image(cells.size());
    for (int y = 0; y < cells.height(); ++y) {
      for (int x = 0; x < cells.width(); ++x) {
        image.at(x, y) = core::Palette::colour_of(cells[core::Point{x, y}]);
      }
    }
    write(name, encode_png(image));
  }

 private:
  fs::path path_;
};

// The message of the dungen::Error load_tile_set throws; a test failure when none.
std::string load_error(const fs::path& folder, const LoadOptions& options = {}) {
  try {
    (void)load_tile_set(folder, options);
  } catch (const Error& e) {
    return e.what();
  }
  ADD_FAILURE() << folder << ": loaded without a dungen::Error";
  return "";
}

std::vector<std::string> names_of(const LoadedTileSet& loaded) {
  std::vector<std::string> names;
  for (const core::Tile& t : loaded.set.tiles) names.push_back(t.name);
  return names;
}

const core::Tile& tile_named(const LoadedTileSet& loaded, const std::string& name) {
  const auto id = loaded.set.find(name);
  EXPECT_TRUE(id.has_value()) << name;
  return loaded.set.tiles.at(id.value_or(0));
}

bool has_note(const LoadedTileSet& loaded, const std::string& part) {
  return std::any_of(loaded.notes.begin(), loaded.notes.end(),
                     [&](const std::string& n) { return n.find(part) != std::string::npos; });
}

// ---- the folder itself -------------------------------------------------------------------

TEST(LoadTileSet, MissingFolderIsAnErrorNamingIt) {
  const TempDir dir;
  const fs::path missing = dir.path() / "no_such_tiles";
  const std::string message = load_error(missing);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, missing.string(), message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "no such folder", message);
}

TEST(LoadTileSet, FileInsteadOfAFolderIsAnError) {
  const TempDir dir;
  dir.write_tile("room.png", kRoom);
  const std::string message = load_error(dir.path() / "room.png");
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "room.png", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "not a folder", message);
}

TEST(LoadTileSet, EmptyFolderIsAnError) {
  const TempDir dir;
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "the folder is empty", load_error(dir.path()));
}

TEST(LoadTileSet, FolderWithOnlyATextFileSaysThereIsNoPng) {
  const TempDir dir;
  dir.write_text("readme.txt", "tiles go here\n");
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "no .png", load_error(dir.path()));
}

// ---- which files, in which order ---------------------------------------------------------

TEST(LoadTileSet, TilesAreSortedByFileNameNotByCreationOrder) {
  const TempDir dir;
  dir.write_tile("b.png", kHall);
  dir.write_tile("c.png", kNook);
  dir.write_tile("a.png", kRoom);
  dir.write_tile("B.PNG", kNook);  // upper-case extension counts; byte order puts 'B' first
  const LoadedTileSet loaded = load_tile_set(dir.path(), {});
  EXPECT_EQ(names_of(loaded), (std::vector<std::string>{"B.PNG", "a.png", "b.png", "c.png"}));
  EXPECT_EQ(test::ascii_from_cells(tile_named(loaded, "a.png").cells), kRoom);
  EXPECT_EQ(test::ascii_from_cells(tile_named(loaded, "b.png").cells), kHall);
  EXPECT_FALSE(tile_named(loaded, "a.png").doors.empty()) << "doors are detected";
}

TEST(LoadTileSet, NonPngFilesAreIgnoredWithANote) {
  const TempDir dir;
  dir.write_tile("room.png", kRoom);
  dir.write_text("readme.txt", "tiles\n");
  dir.write_text("room.png.bak", "old\n");
  fs::create_directories(dir.path() / "old");
  dir.write_tile("old/hall.png", kHall);  // subfolders are not searched
  const LoadedTileSet loaded = load_tile_set(dir.path(), {});
  EXPECT_EQ(names_of(loaded), std::vector<std::string>{"room.png"});
  EXPECT_TRUE(has_note(loaded, "ignored 'readme.txt'")) << testing::PrintToString(loaded.notes);
  EXPECT_TRUE(has_note(loaded, "ignored 'room.png.bak'")) << testing::PrintToString(loaded.notes);
}

TEST(LoadTileSet, InvalidTileIsSkippedWithANoteWhenAsked) {
  const TempDir dir;
  dir.write_tile("room.png", kRoom);
  dir.write_text("broken.png", "not an image");
  LoadOptions options;
  options.skip_invalid = true;
  const LoadedTileSet loaded = load_tile_set(dir.path(), options);
  EXPECT_EQ(names_of(loaded), std::vector<std::string>{"room.png"});
  EXPECT_TRUE(has_note(loaded, "broken.png")) << testing::PrintToString(loaded.notes);
  EXPECT_TRUE(has_note(loaded, "not a PNG")) << testing::PrintToString(loaded.notes);
}

TEST(LoadTileSet, InvalidTileIsAnErrorNamingTheFileByDefault) {
  const TempDir dir;
  dir.write_tile("room.png", kRoom);
  dir.write_text("broken.png", "not an image");
  const std::string message = load_error(dir.path());
  EXPECT_PRED_FORMAT2(testing::IsSubstring, (dir.path() / "broken.png").string(), message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "not a PNG", message);
}

TEST(LoadTileSet, EveryTileSkippedIsAnError) {
  const TempDir dir;
  dir.write_text("broken.png", "not an image");
  LoadOptions options;
  options.skip_invalid = true;
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "no valid tile", load_error(dir.path(), options));
}

TEST(LoadTileSet, OptionsReachTheDecoderAndThePalette) {
  const TempDir dir;
  dir.write_tile("room.png", kRoom);
  LoadOptions small;
  small.max_side = 4;
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "over the limit of 4", load_error(dir.path(), small));
  LoadOptions doors_are_walls;
  doors_are_walls.palette = core::Palette::parse("#FF0000 wall\n", "test palette");
  const LoadedTileSet loaded = load_tile_set(dir.path(), doors_are_walls);
  EXPECT_EQ(test::ascii_from_cells(tile_named(loaded, "room.png").cells),
            " ### \n##.##\n#...#\n#####");
}

// A connection packs door indices and widths (core/map.hpp): tiles beyond that are refused
// when they load, naming the door, not midway through a level.
TEST(LoadTileSet, DoorsWiderThanAConnectionHoldsAreRefused) {
  const TempDir dir;
  const std::string door(static_cast<std::size_t>(core::kMaxConnectedDoorWidth) + 1, '+');
  dir.write_tile("wide.png", "#" + door + "#\n#" + std::string(door.size(), '.') + "#\n" +
                                 std::string(door.size() + 2, '#'));
  LoadOptions options;
  options.max_side = 1 << 20;
  EXPECT_PRED_FORMAT2(
      testing::IsSubstring,
      "wide.png: the door at x=1 y=0 is 16384 cells wide; doors may be at most 16383",
      load_error(dir.path(), options));
}

TEST(LoadTileSet, TilesWithMoreDoorsThanAConnectionCountsAreRefused) {
  const TempDir dir;
  std::string top;
  for (int i = 0; i <= core::kMaxConnectedDoorIndex + 1; ++i) top += "#+";
  top += "#";
  dir.write_tile("comb.png", top + "\n#" + std::string(top.size() - 2, '.') + "#\n" +
                                 std::string(top.size(), '#'));
  LoadOptions options;
  options.max_side = 1 << 20;
  EXPECT_PRED_FORMAT2(testing::IsSubstring,
                      "comb.png: has 65537 doors; a tile may have at most 65536",
                      load_error(dir.path(), options));
}

// ---- tileset.txt -------------------------------------------------------------------------

TEST(LoadTileSet, SidecarSetsDefaultsThenPerTileOverrides) {
  const TempDir dir;
  dir.write_tile("a.png", kRoom);
  dir.write_tile("b.png", kHall);
  dir.write_tile("c.png", kNook);
  dir.write_text("tileset.txt",
                 "# settings for the test set\n"
                 "* weight=5 orientations=r0,r90\n"
                 "\n"
                 "b.png weight=2 max=3 required   # the boss room\n"
                 "c.png orientations=all\n");
  const LoadedTileSet loaded = load_tile_set(dir.path(), {});
  const core::TileSettings& a = tile_named(loaded, "a.png").settings;
  const core::TileSettings& b = tile_named(loaded, "b.png").settings;
  const core::TileSettings& c = tile_named(loaded, "c.png").settings;
  EXPECT_EQ(a.weight, 5u);
  EXPECT_EQ(a.max_uses, std::nullopt);
  EXPECT_FALSE(a.required);
  EXPECT_EQ(a.orientations, 0b11);
  EXPECT_EQ(b.weight, 2u);
  EXPECT_EQ(b.max_uses, 3);
  EXPECT_TRUE(b.required);
  EXPECT_EQ(b.orientations, 0b11);
  EXPECT_EQ(c.weight, 5u);
  EXPECT_EQ(c.orientations, 0xFF);
  EXPECT_FALSE(has_note(loaded, "tileset.txt")) << "the sidecar is not an ignored file";
}

TEST(LoadTileSet, SidecarUnknownSettingIsAnErrorWithItsLine) {
  const TempDir dir;
  dir.write_tile("a.png", kRoom);
  dir.write_text("tileset.txt", "a.png weight=2\na.png wieght=3\n");
  const std::string message = load_error(dir.path());
  EXPECT_PRED_FORMAT2(testing::IsSubstring, (dir.path() / "tileset.txt").string(), message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "line 2", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "wieght=3", message);
}

TEST(LoadTileSet, SidecarBadValuesAreErrorsWithTheirLine) {
  const TempDir dir;
  dir.write_tile("a.png", kRoom);
  for (const char* bad :
       {"max=-1", "weight=x", "weight=", "orientations=r45", "orientations=r0,"}) {
    SCOPED_TRACE(bad);
    dir.write_text("tileset.txt", std::string("# comment\n* ") + bad + "\n");
    EXPECT_PRED_FORMAT2(testing::IsSubstring, "line 2", load_error(dir.path()));
  }
}

TEST(LoadTileSet, SidecarMisspelledTileNameSuggestsTheClosest) {
  const TempDir dir;
  dir.write_tile("room_a.png", kRoom);
  dir.write_tile("hall.png", kHall);
  dir.write_text("tileset.txt", "hall.png weight=2\nroom-a.png required\n");
  const std::string message = load_error(dir.path());
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "line 2", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "no tile 'room-a.png'", message);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "did you mean 'room_a.png'", message);
}

TEST(LoadTileSet, SidecarLineForATileSkippedAsInvalidIsIgnored) {
  // Regression: the sidecar used to fail with "no tile 'broken.png' in this folder" for a
  // tile --skip-invalid had left out, though the file is there.
  const TempDir dir;
  dir.write_tile("room.png", kRoom);
  dir.write_text("broken.png", "not an image");
  dir.write_text("tileset.txt", "broken.png weight=9\nroom.png weight=4\n");
  LoadOptions options;
  options.skip_invalid = true;
  const LoadedTileSet loaded = load_tile_set(dir.path(), options);
  EXPECT_EQ(tile_named(loaded, "room.png").settings.weight, 4u);
}

// ---- the input-set hash ------------------------------------------------------------------

TEST(LoadTileSet, HashIsStableForTheSameFiles) {
  const TempDir one, two;
  for (const TempDir* dir : {&one, &two}) {
    dir->write_tile("a.png", kRoom);
    dir->write_tile("b.png", kHall);
  }
  const std::uint64_t hash = load_tile_set(one.path(), {}).hash;
  EXPECT_EQ(load_tile_set(one.path(), {}).hash, hash) << "same folder, loaded again";
  EXPECT_EQ(load_tile_set(two.path(), {}).hash, hash) << "same files in another folder";
  one.write_text("readme.txt", "ignored files do not count\n");
  EXPECT_EQ(load_tile_set(one.path(), {}).hash, hash);
}

TEST(LoadTileSet, HashChangesWhenATilesBytesChange) {
  const TempDir dir;
  dir.write_tile("a.png", kRoom);
  dir.write_tile("b.png", kHall);
  const std::uint64_t before = load_tile_set(dir.path(), {}).hash;
  dir.write_tile("b.png", kNook);
  const std::uint64_t after = load_tile_set(dir.path(), {}).hash;
  EXPECT_NE(after, before);
  dir.write_tile("b.png", kHall);
  EXPECT_EQ(load_tile_set(dir.path(), {}).hash, before) << "back to the same bytes";
}

TEST(LoadTileSet, HashChangesWithATileNameOrTheSidecar) {
  const TempDir dir;
  dir.write_tile("a.png", kRoom);
  const std::uint64_t before = load_tile_set(dir.path(), {}).hash;
  fs::rename(dir.path() / "a.png", dir.path() / "z.png");
  EXPECT_NE(load_tile_set(dir.path(), {}).hash, before);
  const std::uint64_t renamed = load_tile_set(dir.path(), {}).hash;
  dir.write_text("tileset.txt", "z.png weight=3\n");
  EXPECT_NE(load_tile_set(dir.path(), {}).hash, renamed);
}

}  // namespace
}  // namespace dungen::io::formats
