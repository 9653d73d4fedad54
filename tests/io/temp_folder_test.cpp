#include "io/fs/temp_folder.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/fs/read.hpp"

namespace dungen::io::fs {
namespace {
namespace fs = std::filesystem;

// A fresh folder made the process's $TMPDIR for the test's life (each test is a process of its
// own under ctest), removed at the end.
class ScratchTmpdir {
 public:
  ScratchTmpdir() {
    std::string tmpl = (fs::temp_directory_path() / "dungen-tempfolder-test-XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
    const char* old = std::getenv("TMPDIR");
    if (old != nullptr) old_ = old;
    ::setenv("TMPDIR", path_.c_str(), 1);
  }
  ScratchTmpdir(const ScratchTmpdir&) = delete;
  ScratchTmpdir& operator=(const ScratchTmpdir&) = delete;
  ~ScratchTmpdir() {
    if (old_.empty()) {
      ::unsetenv("TMPDIR");
    } else {
      ::setenv("TMPDIR", old_.c_str(), 1);
    }
    fs::remove_all(path_);
  }
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path path_;
  std::string old_;
};

void touch(const fs::path& file) { std::ofstream(file) << "x"; }

void age(const fs::path& path) {
  fs::last_write_time(path, fs::file_time_type::clock::now() - std::chrono::minutes(1));
}

TEST(TempFolder, HoldsItsFilesAndGoesAway) {
  const ScratchTmpdir tmp;
  fs::path made;
  {
    const TempFolder folder("dungen-test-", {"in.bin", "log.txt"});
    made = folder.path();
    EXPECT_EQ(made.parent_path(), tmp.path());
    EXPECT_EQ(made.filename().string().size(), std::string("dungen-test-XXXXXX").size());
    const std::vector<std::uint8_t> bytes = {1, 2, 3};
    folder.write("in.bin", bytes);
    EXPECT_EQ(read_file(folder.file("in.bin")), bytes);
    EXPECT_THROW(folder.write("in.bin", bytes), Error);  // only a new file
    EXPECT_THROW((void)folder.file("other.txt"), std::logic_error);
    touch(folder.file("log.txt"));
    const int fd = ::open(made.c_str(), O_RDONLY | O_CLOEXEC);
    EXPECT_EQ(::flock(fd, LOCK_EX | LOCK_NB), -1);  // held while it exists
    ::close(fd);
  }
  EXPECT_FALSE(fs::exists(made));
}

// A folder is a leftover of a killed run only when it surely is one: anything else of the
// same name is left alone.
TEST(TempFolder, RemovesOnlySureLeftovers) {
  const ScratchTmpdir tmp;
  const fs::path t = tmp.path();
  const auto folder = [&](const std::string& suffix, const std::vector<std::string>& files) {
    fs::create_directory(t / ("dungen-test-" + suffix));
    for (const std::string& f : files) touch(t / ("dungen-test-" + suffix) / f);
    return t / ("dungen-test-" + suffix);
  };
  const fs::path leftover = folder("AAAAAA", {"in.bin", "log.txt"});
  const fs::path empty = folder("BBBBBB", {});
  const fs::path stranger = folder("CCCCCC", {"in.bin", "notes.txt"});
  const fs::path fresh = folder("DDDDDD", {"in.bin"});
  const fs::path locked = folder("EEEEEE", {"in.bin"});
  const fs::path nested = folder("FFFFFF", {});
  fs::create_directory(nested / "in.bin");  // a folder where a file should be
  const fs::path elsewhere = t / "elsewhere";
  fs::create_directory(elsewhere);
  touch(elsewhere / "in.bin");
  fs::create_directory_symlink(elsewhere, t / "dungen-test-LINKED");
  const fs::path other_name = folder("AAAAAAA", {"in.bin"});
  for (const fs::path& p : {leftover, empty, stranger, locked, nested, elsewhere, other_name})
    age(p);
  const int lock = ::open(locked.c_str(), O_RDONLY | O_CLOEXEC);
  ASSERT_EQ(::flock(lock, LOCK_EX | LOCK_NB), 0);
  {
    const TempFolder made("dungen-test-", {"in.bin", "log.txt"});
    EXPECT_FALSE(fs::exists(leftover));
    EXPECT_FALSE(fs::exists(empty));
    EXPECT_TRUE(fs::exists(stranger / "notes.txt") && fs::exists(stranger / "in.bin"));
    EXPECT_TRUE(fs::exists(fresh / "in.bin"));
    EXPECT_TRUE(fs::exists(locked / "in.bin"));
    EXPECT_TRUE(fs::is_directory(nested / "in.bin"));
    EXPECT_TRUE(fs::is_symlink(t / "dungen-test-LINKED") && fs::exists(elsewhere / "in.bin"));
    EXPECT_TRUE(fs::exists(other_name / "in.bin"));
  }
  ::close(lock);
}

}  // namespace
}  // namespace dungen::io::fs
