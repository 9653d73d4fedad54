// A writer added to the table (export/writers.hpp) becomes an option, a batch flag and a
// file through the command line's shared code with no change to it: the CLI builds its
// output options, checks and plans from whatever table LevelOptions holds.

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

#include "cli/clock_levels.hpp"
#include "cli/level_command.hpp"
#include "core/error.hpp"
#include "export/writers.hpp"

namespace dungen::cli {
namespace {
namespace fs = std::filesystem;
using test::read;
using test::run_clock_levels;
using WriterTable = test::FolderTest;

void count_placements(const core::Level& level, const exporters::WriterSettings&,
                      const std::string&, const io::fs::BlockSink& sink) {
  sink(fmt::format("{} placements, seed {}\n", level.map.placements.size(), level.origin.seed));
}

std::vector<exporters::Writer> table_with_dummy() {
  std::vector<exporters::Writer> table(exporters::writers().begin(), exporters::writers().end());
  table.push_back({.name = "dummy",
                   .option = "--dummy",
                   .help = "Also write the placement count here",
                   .batch_suffix = ".dummy.txt",
                   .batch_help = "Batch: also write level-NNNN.dummy.txt",
                   .write = count_placements});
  return table;
}

TEST_F(WriterTable, ADummyWriterIsWrittenByASingleRun) {
  const auto table = table_with_dummy();
  LevelOptions o(table);
  ASSERT_EQ(run_clock_levels(o, {"--seed", "3", "-o", (dir_ / "m.png").string(), "--dummy",
                                 (dir_ / "d.txt").string(), "-q"}),
            0);
  EXPECT_TRUE(fs::exists(dir_ / "m.png"));
  EXPECT_EQ(read(dir_ / "d.txt"), "13 placements, seed 3\n");
}

TEST_F(WriterTable, ADummyWriterJoinsBatchesAndTheirChecks) {
  const auto table = table_with_dummy();
  LevelOptions o(table);
  ASSERT_EQ(run_clock_levels(o, {"--seed", "5", "--count", "2", "--out-dir", dir_.string(),
                                 "--with-dummy", "-q"}),
            0);
  EXPECT_EQ(read(dir_ / "level-0001.dummy.txt"), "13 placements, seed 6\n");
  EXPECT_TRUE(fs::exists(dir_ / "level-0001.json"));
  LevelOptions single(table);
  try {
    (void)run_clock_levels(single, {"--with-dummy"});
    ADD_FAILURE() << "--with-dummy accepted in a single run";
  } catch (const Error& e) {
    EXPECT_STREQ(
        e.what(),
        "--with-dummy: is for batches (--count K --out-dir DIR); for one level give --dummy FILE");
  }
}

TEST_F(WriterTable, TheRealTableHasNoDummy) {
  LevelOptions o;
  EXPECT_EQ(o.outputs.size(), exporters::writers().size());
  EXPECT_EQ(exporters::writer_index("dummy"), exporters::writers().size());
  EXPECT_EQ(o.path("map"), "dungeon.png");
}

}  // namespace
}  // namespace dungen::cli
