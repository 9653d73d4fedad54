// A batch folder has one owner (io/fs/folder_lock.hpp).
#include "io/fs/folder_lock.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include "core/error.hpp"

namespace dungen::io::fs {
namespace {
namespace stdfs = std::filesystem;

// A fresh folder under the system's temporary folder, removed at the end.
class Scratch {
 public:
  Scratch() {
    std::string tmpl = (stdfs::temp_directory_path() / "dungen-lock-test-XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  ~Scratch() {
    std::error_code ec;
    stdfs::remove_all(path_, ec);
  }
  [[nodiscard]] const stdfs::path& path() const { return path_; }

 private:
  stdfs::path path_;
};

std::string message_of(const stdfs::path& folder) {
  try {
    (void)lock_folder(folder, LockWait::Refuse, {});
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::Output);
    return render_fields(e.raw(), {});
  }
  return "";
}

TEST(FolderLock, ASecondBatchIsRefusedNamingTheFolderAndTheHolder) {
  // Regression (turn3-06): two batches into one --out-dir both exited 0, and the manifest of
  // the one that ended last described the other's levels. flock conflicts between two open
  // file descriptions, so one process stands for two batches here.
  const Scratch dir;
  FolderLock first = lock_folder(dir.path(), LockWait::Refuse, {});
  ASSERT_TRUE(first.held());
  std::ifstream in(dir.path() / kLockFileName);
  std::string pid;
  in >> pid;
  EXPECT_EQ(pid, std::to_string(::getpid()));
  EXPECT_EQ(message_of(dir.path()),
            dir.path().string() + ": another dungen batch (process " + pid +
                ") is writing into this folder; wait for it to end, give another out_dir, or "
                "add wait to wait for it");
  EXPECT_EQ(stdfs::file_size(dir.path() / kLockFileName), pid.size() + 1);  // refused: kept
  first = FolderLock{};  // let go: the next batch gets the folder
  EXPECT_EQ(stdfs::file_size(dir.path() / kLockFileName), 0u);  // the same after every run
  EXPECT_TRUE(lock_folder(dir.path(), LockWait::Refuse, {}).held());
}

TEST(FolderLock, WaitingTakesTheLockWhenTheOtherLetsGo) {
  const Scratch dir;
  FolderLock first = lock_folder(dir.path(), LockWait::Refuse, {});
  std::atomic<bool> told{false}, got{false};
  std::string note;
  std::thread second([&] {
    const FolderLock lock = lock_folder(dir.path(), LockWait::Wait, [&](const std::string& n) {
      note = n;
      told = true;
    });
    got = lock.held();
  });
  while (!told) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_FALSE(got);  // still waiting
  first = FolderLock{};
  second.join();
  EXPECT_TRUE(got);
  EXPECT_EQ(note, dir.path().string() + ": another dungen batch (process " +
                      std::to_string(::getpid()) +
                      ") is writing into this folder; waiting for it to end");
}

TEST(FolderLock, ALinkInPlaceOfTheLockFileIsRefused) {
  const Scratch dir;
  stdfs::create_symlink(dir.path() / "elsewhere", dir.path() / kLockFileName);
  const std::string message = message_of(dir.path());
  EXPECT_PRED_FORMAT2(testing::IsSubstring, ".dungen.lock: cannot make the batch's lock file: ",
                      message);
  EXPECT_FALSE(stdfs::exists(dir.path() / "elsewhere"));  // nothing made through the link
}

}  // namespace
}  // namespace dungen::io::fs
