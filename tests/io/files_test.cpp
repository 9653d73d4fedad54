// Real-disk tests of io/fs: reading limits, atomic writes all or none, a run's inputs.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "io/fs/detail.hpp"
#include "io/fs/output_set.hpp"
#include "io/fs/read.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::io::fs {
namespace {
namespace fs = std::filesystem;

// A fresh folder under the system's temporary folder, removed at the end of the test.
class Scratch {
 public:
  Scratch() {
    std::string tmpl = (fs::temp_directory_path() / "dungen-files-test-XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  ~Scratch() { fs::remove_all(path_); }
  [[nodiscard]] fs::path operator/(const std::string& name) const { return path_ / name; }
  [[nodiscard]] std::size_t entries() const {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(path_), fs::directory_iterator()));
  }

 private:
  fs::path path_;
};

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(Files, ReadRefusesWhatIsNotARegularFile) {
  Scratch dir;
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "fifo: is not a regular file", error_of([&] {
                        (void)read_file(dir / "fifo");
                      }));  // returns at once, no writer needed
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "/dev/zero: is not a regular file",
                      error_of([] { (void)read_file("/dev/zero"); }));
}

TEST(Files, ReadRefusesOversizedFiles) {
  Scratch dir;
  { std::ofstream big(dir / "big.json"); }
  fs::resize_file(dir / "big.json", kMaxInputBytes + 1);  // sparse: no disk used
  EXPECT_PRED_FORMAT2(testing::IsSubstring,
                      "big.json: is 268435457 bytes, more than the 256 MiB dungen reads",
                      error_of([&] { (void)read_file(dir / "big.json"); }));
  // Layout and graph files are read into a JSON tree (about 14 bytes of memory per byte):
  // their limits are lower.
  fs::resize_file(dir / "big.json", kLayoutFileLimit.bytes + 1);
  EXPECT_EQ(error_of([&] { (void)read_text(dir / "big.json", kLayoutFileLimit); }),
            (dir / "big.json").string() +
                ": is 134217729 bytes, more than the 128 MiB dungen reads from a layout file; "
                "give a smaller file");
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "more than the 16 MiB dungen reads from a graph file",
                      error_of([&] { (void)read_text(dir / "big.json", kGraphFileLimit); }));
  fs::resize_file(dir / "big.json", kGraphFileLimit.bytes);
  EXPECT_EQ(read_text(dir / "big.json", kGraphFileLimit).size(), kGraphFileLimit.bytes);
}

TEST(Files, ReadTextSkipsAUtf8ByteOrderMarkAndNamesUtf16) {
  Scratch dir;
  std::ofstream(dir / "bom.txt") << "\xEF\xBB\xBF* weight=2\n";
  EXPECT_EQ(read_text(dir / "bom.txt"), "* weight=2\n");
  std::ofstream(dir / "u16.txt") << "\xFF\xFE*\0";
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "u16.txt: is UTF-16 text",
                      error_of([&] { (void)read_text(dir / "u16.txt"); }));
}

TEST(Files, OutputSetWritesAllOrNone) {
  Scratch dir;
  std::ofstream(dir / "b.txt") << "old";
  {
    OutputSet files;
    files.write_text(dir / "a.txt", "new a");
    files.write_text(dir / "b.txt", "new b");
    EXPECT_FALSE(fs::exists(dir / "a.txt"));  // nothing renamed before commit
    EXPECT_EQ(read_text(dir / "b.txt"), "old");
  }  // dropped uncommitted: as if never written
  EXPECT_FALSE(fs::exists(dir / "a.txt"));
  EXPECT_EQ(read_text(dir / "b.txt"), "old");
  EXPECT_EQ(dir.entries(), 1u);  // no temporary file left
  OutputSet files;
  files.write_text(dir / "a.txt", "new a");
  files.write_text(dir / "b.txt", "new b");
  files.commit();
  EXPECT_EQ(read_text(dir / "a.txt"), "new a");
  EXPECT_EQ(read_text(dir / "b.txt"), "new b");
  EXPECT_EQ(dir.entries(), 2u);
}

// Checks that a set whose third replace fails puts back every target it replaced, and that a
// set that succeeds leaves no old file behind.
void expect_all_or_none() {
  Scratch dir;
  std::ofstream(dir / "old.txt") << "old";
  std::ofstream(dir / "last.txt") << "old last";
  {
    OutputSet files;
    files.write_text(dir / "new.txt", "new 1");  // no such file before: removed again
    files.write_text(dir / "old.txt", "new 2");  // replaced, then put back
    files.write_text(dir / "blocked.txt", "new 3");
    files.write_text(dir / "last.txt", "new 4");  // never reached
    fs::create_directory(dir / "blocked.txt");    // after the checks: the 3rd replace fails
    EXPECT_EQ(error_of([&] { files.commit(); }),
              (dir / "blocked.txt").string() +
                  ": cannot write: Is a directory; check the path and its permissions, or "
                  "write somewhere else");
  }
  EXPECT_FALSE(fs::exists(dir / "new.txt"));
  EXPECT_EQ(read_text(dir / "old.txt"), "old");
  EXPECT_EQ(read_text(dir / "last.txt"), "old last");
  EXPECT_TRUE(fs::is_directory(dir / "blocked.txt"));
  EXPECT_EQ(dir.entries(), 3u);  // no temporary file, no kept old file left
  // Replaced old files are dropped once all are in place.
  fs::remove(dir / "blocked.txt");
  OutputSet files;
  files.write_text(dir / "old.txt", "new 2");
  files.write_text(dir / "last.txt", "new 4");
  files.commit();
  EXPECT_EQ(read_text(dir / "old.txt"), "new 2");
  EXPECT_EQ(read_text(dir / "last.txt"), "new 4");
  EXPECT_EQ(dir.entries(), 2u);
}

TEST(Files, OutputSetPutsBackEveryTargetWhenOneCannotBeReplaced) { expect_all_or_none(); }

// File systems that cannot swap two files keep the old one as a hard link instead.
TEST(Files, OutputSetPutsBackEveryTargetWithoutSwapping) {
  detail::swap_outputs = false;
  expect_all_or_none();
  detail::swap_outputs = true;
}

TEST(Files, InputsAreRefusedAsOutputsByAnyName) {
  Scratch dir;
  std::ofstream(dir / "layout.json") << "{}";
  fs::create_hard_link(dir / "layout.json", dir / "hard.json");
  fs::create_symlink(dir / "layout.json", dir / "soft.json");
  RunFiles run;
  EXPECT_NO_THROW(run.check_output(dir / "hard.json"));
  run.add_input(dir / "layout.json");
  for (const char* name : {"layout.json", "hard.json", "soft.json"}) {
    EXPECT_EQ(error_of([&] { run.check_output(dir / name); }),
              (dir / name).string() +
                  ": is one of the input files; choose another output name, dungen never "
                  "overwrites its inputs");
    EXPECT_PRED_FORMAT2(testing::IsSubstring, "is one of the input files",
                        error_of([&] { run.write_file(dir / name, {}); }));
    EXPECT_NO_THROW(check_writable(dir / name));  // without the run's rules, any file may be
  }
  EXPECT_EQ(read_text(dir / "layout.json"), "{}");
  EXPECT_NO_THROW(run.check_output(dir / "other.json"));
}

// A run's outputs through links into its tile folder, on the real disk: a dangling link too.
TEST(Files, LinksIntoTheTileFolderAreRefused) {
  Scratch dir;
  fs::create_directory(dir / "t");
  std::ofstream(dir / "t" / "room.png") << "png";
  fs::create_symlink(dir / "t" / "new.png", dir / "link.png");  // leads nowhere yet
  RunFiles run;
  run.add_tile_folder(dir / "t");
  EXPECT_EQ(error_of([&] { run.check_output(dir / "link.png"); }),
            (dir / "link.png").string() + ": leads into the tile folder of this run ('" +
                (dir / "t" / "new.png").string() +
                "'), where the next run would read it as a tile; write it somewhere else");
  EXPECT_PRED_FORMAT2(testing::IsSubstring, "is one of the input files",
                      error_of([&] { run.check_output(dir / "t" / "room.png"); }));
  EXPECT_NO_THROW(run.check_output(dir / "t" / ".look.png"));  // hidden: no tile
  EXPECT_FALSE(fs::exists(dir / "t" / "new.png"));
}

// A batch's manifest is written over time with disk kept ahead of it (batch_manifest.hpp), so
// that it fits once the levels fill the disk; the room was held by the finished file for good
// if it were not given back.
TEST(Files, AFileWrittenOverTimeKeepsRoomAheadAndGivesItBack) {
  Scratch dir;
  OutputSet files;
  const std::size_t file = files.open(dir / "m.csv");
  files.append(file, "header\n");
  ASSERT_TRUE(files.keep_room(file, std::uint64_t{1} << 20));
  files.append(file, "row\n");
  fs::path temp;
  for (const auto& entry : fs::directory_iterator(dir / ".")) temp = entry.path();
  struct stat st {};
  ASSERT_EQ(::stat(temp.c_str(), &st), 0);
  EXPECT_EQ(st.st_size, 11);
  if (st.st_blocks < 2048) GTEST_SKIP() << "this file system does not allocate ahead (fallocate)";
  files.commit();
  ASSERT_EQ(::stat((dir / "m.csv").c_str(), &st), 0);
  EXPECT_EQ(st.st_size, 11);
  EXPECT_LT(st.st_blocks, 64);  // the megabyte kept ahead is given back
  EXPECT_EQ(dir.entries(), 1U);
}

TEST(Files, AFullDiskIsToldFromOtherWriteErrors) {
  EXPECT_TRUE(disk_full(output_error("b/level-0003.png",
                                     "cannot write: No space left on device; free some space")));
  EXPECT_TRUE(disk_full(output_error("b/m.csv", "cannot write: Disk quota exceeded; free some")));
  EXPECT_FALSE(disk_full(output_error("b/m.csv", "cannot write: Permission denied; ...")));
  EXPECT_FALSE(disk_full(Error("tile 'No space left on device.png': no door")));
}

}  // namespace
}  // namespace dungen::io::fs
