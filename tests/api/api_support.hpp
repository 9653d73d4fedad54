#pragma once
/// \file api_support.hpp
/// What the API tests share: the samples, scratch folders, running the dungen program and
/// comparing its files with a level's.
#include <dungen/dungen.hpp>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace api_test {
namespace fs = std::filesystem;

inline const std::string kSamples = DUNGEN_SAMPLES_DIR;
inline const std::string kClassic = kSamples + "/classic";

inline std::string read(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// A scratch folder, removed with the test.
struct Scratch {
  fs::path dir;
  Scratch() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir = fs::temp_directory_path() / ("dungen_api_" + std::string(info->name()) + "_" +
                                       std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() { fs::remove_all(dir); }
};

// What `dungen generate ARGS` wrote in `dir` and said.
struct CliRun {
  int status = -1;
  std::string error;  ///< standard error
};

// What `dungen COMMAND ARGS -q` said (args as a shell would split them), run in no folder.
inline CliRun run_command(const std::string& command, const std::string& args, const fs::path& dir) {
  const std::string line = std::string("'") + DUNGEN_BINARY + "' " + command + " " + args +
                           " -q 2> '" + (dir / "stderr.txt").string() + "'";
  const int raw = std::system(line.c_str());
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, read(dir / "stderr.txt")};
}

inline CliRun run_cli(const std::string& args, const fs::path& dir) {
  return run_command("generate", args, dir);
}

// The level's files against those `dungen COMMAND ARGS --seed SEED` writes.
inline void expect_files_of(const dungen::Level& level, const std::string& command,
                            const std::string& args, std::uint64_t seed) {
  SCOPED_TRACE(command + " " + args + " --seed " + std::to_string(seed));
  Scratch s;
  const fs::path png = s.dir / "x.png", json = s.dir / "x.json", report = s.dir / "x.txt";
  const CliRun cli = run_command(command,
                                 args + " --seed " + std::to_string(seed) + " -o '" +
                                     png.string() + "' --json '" + json.string() +
                                     "' --report '" + report.string() + "'",
                                 s.dir);
  ASSERT_EQ(cli.status, 0) << cli.error;
  EXPECT_EQ(level.json(), read(json));
  EXPECT_EQ(level.report(), read(report));
  const std::vector<std::uint8_t> bytes = level.png();
  EXPECT_EQ(std::string(bytes.begin(), bytes.end()), read(png));
}

// `make` throws the Error `dungen COMMAND ARGS` prints, with its exit code.
template <class Make>
void expect_error_of(Make make, const std::string& command, const std::string& args) {
  SCOPED_TRACE(command + " " + args);
  Scratch s;
  const CliRun cli = run_command(command, args + " -o '" + (s.dir / "x.png").string() + "'", s.dir);
  ASSERT_NE(cli.status, 0);
  try {
    (void)make();
    ADD_FAILURE() << "no error";
  } catch (const dungen::Error& e) {
    EXPECT_EQ("dungen: error: " + std::string(e.what()) + "\n", cli.error);
    EXPECT_EQ(e.exit_code(), cli.status);
  }
}

// The CLI's files for `args` (tiles and options) and seed `seed`, compared with the API's.
inline void expect_same_as_cli(const dungen::TileSet& tiles, const std::string& tile_arg,
                        const dungen::GenerateOptions& options, const std::string& flags,
                        std::uint64_t seed) {
  SCOPED_TRACE(flags + " --seed " + std::to_string(seed));
  Scratch s;
  const fs::path png = s.dir / "x.png", json = s.dir / "x.json", report = s.dir / "x.txt";
  const CliRun cli = run_cli("'" + tile_arg + "' " + flags + " --seed " + std::to_string(seed) +
                                 " -o '" + png.string() + "' --json '" + json.string() +
                                 "' --report '" + report.string() + "'",
                             s.dir);
  ASSERT_EQ(cli.status, 0) << cli.error;
  const dungen::Level level = dungen::generate(tiles, options, seed);
  EXPECT_EQ(level.json(), read(json));
  EXPECT_EQ(level.report(), read(report));
  const std::vector<std::uint8_t> bytes = level.png();
  EXPECT_EQ(std::string(bytes.begin(), bytes.end()), read(png));
}

// The PNGs of `folder` as NamedPng, in the folder's order.
inline std::vector<dungen::NamedPng> pngs_of(const std::string& folder) {
  std::vector<dungen::NamedPng> pngs;
  for (const auto& entry : fs::directory_iterator(folder)) {
    if (entry.path().extension() != ".png") continue;
    const std::string bytes = read(entry.path());
    pngs.push_back({entry.path().filename().string(), {bytes.begin(), bytes.end()}});
  }
  return pngs;
}

}  // namespace api_test
