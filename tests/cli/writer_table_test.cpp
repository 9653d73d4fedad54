// A writer added to the table (export/writers.hpp) becomes an option, a batch flag and a
// file through the command line's shared code with no change to it: the CLI builds its
// output options, checks and plans from whatever table LevelOptions holds.

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "cli/level_command.hpp"
#include "core/error.hpp"
#include "export/writers.hpp"
#include "pipeline/layout.hpp"

namespace dungen::cli {
namespace {
namespace fs = std::filesystem;

void count_placements(const core::Level& level, const exporters::WriterSettings&,
                      const std::string&, const io::BlockSink& sink) {
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

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Parses `args` into `o` as a level command would, and runs it on clock layouts.
int run(LevelOptions& o, std::vector<std::string> args) {
  CLI::App app;
  add_level_options(app, o);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  app.parse(args);
  check_level_options(app, o);
  LevelSource source;
  source.make = [](core::Seed seed) {
    pipeline::LayoutSettings s;
    s.builtin = "clock";
    return pipeline::layout_level(s, seed);
  };
  source.units = "rooms";
  return run_levels(o, source);
}

class WriterTable : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           fmt::format("dungen_writer_table_{}_{}", ::getpid(),
                       testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(WriterTable, ADummyWriterIsWrittenByASingleRun) {
  const auto table = table_with_dummy();
  LevelOptions o(table);
  ASSERT_EQ(run(o, {"--seed", "3", "-o", (dir_ / "m.png").string(), "--dummy",
                    (dir_ / "d.txt").string(), "-q"}),
            0);
  EXPECT_TRUE(fs::exists(dir_ / "m.png"));
  EXPECT_EQ(read(dir_ / "d.txt"), "13 placements, seed 3\n");
}

TEST_F(WriterTable, ADummyWriterJoinsBatchesAndTheirChecks) {
  const auto table = table_with_dummy();
  LevelOptions o(table);
  ASSERT_EQ(
      run(o, {"--seed", "5", "--count", "2", "--out-dir", dir_.string(), "--with-dummy", "-q"}), 0);
  EXPECT_EQ(read(dir_ / "level-0001.dummy.txt"), "13 placements, seed 6\n");
  EXPECT_TRUE(fs::exists(dir_ / "level-0001.json"));
  LevelOptions single(table);
  try {
    (void)run(single, {"--with-dummy"});
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
