#pragma once
/// \file clock_levels.hpp
/// What the table tests (writer_table_test.cpp, metric_table_test.cpp) share: the command
/// line's level options run on clock layouts, in a fresh folder per test.

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/level_command.hpp"
#include "pipeline/layout.hpp"

namespace dungen::cli::test {

/// The clock layout's level made from `seed` (13 rooms).
inline core::Level clock_level(core::Seed seed) {
  pipeline::LayoutSettings s;
  s.builtin = "clock";
  return pipeline::layout_level(s, seed);
}

/// The whole text of the file at `p` ("" when it cannot be read).
inline std::string read(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Parses `args` into `o` as a level command would, and runs it on clock layouts. Returns the
/// exit status; throws what the checks throw.
inline int run_clock_levels(LevelOptions& o, std::vector<std::string> args) {
  CLI::App app;
  add_level_options(app, o);
  std::reverse(args.begin(), args.end());  // CLI11 takes them last first
  app.parse(args);
  io::fs::RunFiles files;  // a clock layout reads no file
  check_level_options(app, o, files);
  LevelSource source;
  source.make = clock_level;
  source.units = "rooms";
  return run_levels(o, source, files);
}

/// A test with a folder of its own, `dir_`, made empty before and removed after.
class FolderTest : public testing::Test {
 protected:
  void SetUp() override {
    const testing::TestInfo* info = testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           fmt::format("dungen_{}_{}_{}", info->test_suite_name(), ::getpid(), info->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

}  // namespace dungen::cli::test
