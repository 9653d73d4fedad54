// The rules of a batch's folder (io/fs/batch_folder.cpp) on a file system in memory
// (fake_disk.hpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/fake_disk.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::io::fs {
namespace {

using test::error_of;
using test::FakeDisk;

BatchPlan batch_of(int count) {
  return {.folder = "b",
          .count = count,
          .level_suffixes = {".png", ".txt", ".json"},
          .manifest = "manifest.csv",
          .gallery = "index.html",
          .writes_gallery = false,
          .tileset_image = "dungen-tiles.png",
          .writes_tileset_image = false,
          .lock_wait = LockWait::Refuse,
          .on_wait = {}};
}

TEST(BatchFolder, BatchLevelsAreNamedByTheirNumberAndSuffix) {
  EXPECT_EQ(batch_level_name(7, 3), "level-0007");
  EXPECT_EQ(batch_level_name(3, 12000), "level-00003");
  const std::vector<std::string> suffixes{".png", ".txt"};
  EXPECT_TRUE(batch_level_file("level-0002.png", 3, suffixes));
  EXPECT_FALSE(batch_level_file("level-0003.png", 3, suffixes));  // not below the count
  EXPECT_FALSE(batch_level_file("level-002.png", 3, suffixes));   // another width
  EXPECT_FALSE(batch_level_file("level-0002.tmx", 3, suffixes));  // a kind not asked for
  EXPECT_TRUE(batch_level_file("level-00002.txt", 10000, suffixes));
}

TEST(BatchFolder, ABatchRefusesOnlyTheInputsItWouldWrite) {
  FakeDisk disk;
  disk.folder("b");
  disk.file("b/level-0001.json");
  disk.file("b/level-0005.png");
  RunFiles run(disk);
  run.add_input("b/level-0001.json");
  run.add_input("b/level-0005.png");  // an earlier batch's level, read by this one
  EXPECT_EQ(error_of([&] { run.check(batch_of(3)); }),
            "b/level-0001.json: is one of the input files; choose another output name, dungen "
            "never overwrites its inputs");
  EXPECT_EQ(error_of([&] { run.check(batch_of(1)); }), "");
}

TEST(BatchFolder, ABatchInTheTileFolderIsRefused) {
  FakeDisk disk;
  disk.folder("t");
  RunFiles run(disk);
  run.add_tile_folder("t");
  BatchPlan plan = batch_of(2);
  plan.folder = "t";
  EXPECT_EQ(
      error_of([&] { run.check(plan); }),
      "t/level-0000.png: is inside the tile folder 't', where the next run would read it as a "
      "tile; write it somewhere else");
}

TEST(BatchFolder, TwoFilesOfABatchAreNeverOneThroughLinks) {
  FakeDisk disk;
  disk.folder("b");
  disk.file("b/level-0000.txt");
  disk.link("b/manifest.csv", "level-0000.txt");
  RunFiles run(disk);
  EXPECT_EQ(error_of([&] { run.open_batch_folder(batch_of(2)); }),
            "b/manifest.csv: is a symbolic link to '/w/b/level-0000.txt', another file of this "
            "batch, so one would replace the other; remove the link or give another {out_dir}");
  disk.remove("b/manifest.csv");
  disk.link("b/level-0000.png", "../x.png");
  disk.link("b/level-0001.png", "../x.png");
  EXPECT_EQ(error_of([&] { run.open_batch_folder(batch_of(2)); }),
            "b/level-0000.png: is a symbolic link to '/w/x.png', where the link level-0001.png "
            "leads too, so one would replace the other; remove the link or give another {out_dir}");
  EXPECT_EQ(error_of([&] { run.open_batch_folder(batch_of(1)); }), "");  // level 1 is no file of it
}

TEST(BatchFolder, OpeningABatchFolderMakesItAndRemovesOldSummaries) {
  FakeDisk disk;
  RunFiles run(disk);
  run.open_batch_folder(batch_of(2));
  EXPECT_EQ(disk.status("b").kind, FileKind::Folder);
  EXPECT_EQ(disk.locks_taken, 1);  // the folder's lock (folder_lock.hpp), for the whole run
  disk.file("b/manifest.csv");
  disk.file("b/index.html");
  run.open_batch_folder(batch_of(2));
  EXPECT_FALSE(disk.exists("b/manifest.csv"));
  EXPECT_FALSE(disk.exists("b/index.html"));  // an earlier gallery, though none is asked for
  disk.file("b/index.html");
  run.add_input("b/index.html");
  run.open_batch_folder(batch_of(2));
  EXPECT_TRUE(disk.exists("b/index.html"));  // an input is never removed
  disk.file("c");
  BatchPlan in_file = batch_of(2);
  in_file.folder = "c/d";
  EXPECT_EQ(error_of([&] { run.open_batch_folder(in_file); }),
            "c/d: cannot create the output folder: Not a directory; give a folder path you may "
            "write to");
}

TEST(BatchFolder, StaleLevelFilesAreCounted) {
  FakeDisk disk;
  disk.folder("b");
  for (const char* name : {"level-0000.png", "level-0007.png", "level-00001.txt", "level-0001.tmx",
                           "level-x.png", "notes.txt"})
    disk.file(std::string("b/") + name);
  const StaleFiles stale = RunFiles(disk).stale_level_files(batch_of(2));
  EXPECT_EQ(stale.count, 3u);
  EXPECT_EQ(stale.first, "level-00001.txt");
}

}  // namespace
}  // namespace dungen::io::fs
