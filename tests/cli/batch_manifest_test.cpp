// A batch's manifest written as its levels are done (cli/batch_manifest.hpp).
#include "cli/batch_manifest.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace dungen::cli {
namespace {
namespace fs = std::filesystem;

BatchRow row_of(int index) {
  BatchRow r;
  r.seed = static_cast<core::Seed>(100 + index);
  r.name = "level-000" + std::to_string(index);
  r.tiles = 10 + index;
  r.hash = "00000000000000aa";
  return r;
}

std::string lines_of(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) text << line.substr(0, 20) << "\n";  // index to tiles
  return text.str();
}

// Rows come from the workers in any order; the manifest holds them in index order, and a level
// the full disk kept from being written (no_room) is not listed.
TEST(ManifestStream, RowsAreWrittenInIndexOrderAndLevelsNotWrittenAreLeftOut) {
  std::string tmpl = (fs::temp_directory_path() / "dungen-manifest-test-XXXXXX").string();
  const fs::path dir = ::mkdtemp(tmpl.data());
  {
    io::fs::OutputSet files;
    ManifestStream manifest(files, dir / "manifest.csv", exporters::metric_table(), false, 2,
                            false);
    BatchRow lost = row_of(1);
    lost.no_room = true;
    lost.unwritable = true;
    lost.error = "b/level-0001.png: cannot write: No space left on device";
    EXPECT_TRUE(manifest.put(2, row_of(2)));
    EXPECT_TRUE(manifest.put(1, lost));
    EXPECT_TRUE(manifest.put(0, row_of(0)));
    manifest.finish();
    EXPECT_EQ(manifest.tally().listed, 2);
    EXPECT_EQ(manifest.tally().failed, 0);
    files.commit();
  }
  EXPECT_EQ(lines_of(dir / "manifest.csv"), "0,100,level-0000,10,\n2,102,level-0002,12,\n");
  fs::remove_all(dir);
}

// A batch of dungeons: the floors and stairs columns after the metrics and before require, the
// stairs quoted (they hold commas); a failed dungeon's empty.
TEST(ManifestStream, DungeonsHaveFloorsAndStairsColumns) {
  std::string tmpl = (fs::temp_directory_path() / "dungen-manifest-test-XXXXXX").string();
  const fs::path dir = ::mkdtemp(tmpl.data());
  {
    io::fs::OutputSet files;
    ManifestStream manifest(files, dir / "manifest.csv", exporters::metric_table(), true, 1, false,
                            3);
    BatchRow dungeon = row_of(0);
    dungeon.floors = 3;
    dungeon.stairs = "3,4;10,12";
    BatchRow failed = row_of(1);
    failed.error = "no room";
    EXPECT_TRUE(manifest.put(0, dungeon));
    EXPECT_TRUE(manifest.put(1, failed));
    manifest.finish();
    files.commit();
  }
  std::ifstream in(dir / "manifest.csv");
  std::string header, first, second;
  std::getline(in, header);
  std::getline(in, first);
  std::getline(in, second);
  EXPECT_TRUE(header.ends_with(",branching,floors,stairs,require")) << header;
  EXPECT_TRUE(first.ends_with(",3,\"3,4;10,12\",met")) << first;
  EXPECT_EQ(second, "1,101,level-0001,,,,,\"error: no room\",,,,,,,,,,");
  fs::remove_all(dir);
}

}  // namespace
}  // namespace dungen::cli
