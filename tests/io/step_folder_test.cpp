// The rules of the step pictures' folder (io/fs/step_folder.cpp) on a file system in memory
// (fake_disk.hpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.hpp"
#include "io/fake_disk.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::io::fs {
namespace {

using test::check_error;
using test::error_of;
using test::FakeDisk;

// A single run of one output, -o PATH, with the step folder `folder`.
SingleRunPlan plan_with_steps(const std::string& path, const std::string& folder) {
  SingleRunPlan plan;
  plan.files.push_back({.path = path, .option = "-o", .binary = true, .suffix = ".png"});
  plan.options = {"-o"};
  plan.step_folder = folder;
  return plan;
}

TEST(StepFolder, TheStepFolderTakesOnlyItsPictures) {
  FakeDisk disk;
  disk.folder("ds");
  disk.folder("in");
  disk.file("in/layout.json");
  RunFiles run(disk);
  run.add_input("in/layout.json");
  SingleRunPlan plan = plan_with_steps("ds/l.png", "ds");
  EXPECT_EQ(check_error(run, plan),
            "ds/l.png: is inside the {dump_steps} folder 'ds', where the step pictures "
            "NNN-STEP.png go; write it elsewhere");
  plan.files[0].path = "m.png";
  plan.step_folder = "in";
  EXPECT_EQ(check_error(run, plan),
            "in: holds input files of this run ({dump_steps} writes NNN-STEP.png pictures there); "
            "give a folder of its own");
  plan.step_folder = "ds";
  disk.file("ds/000-start.png", true);  // an earlier run's picture: fine
  disk.file("ds/notes.txt");
  EXPECT_EQ(check_error(run, plan), "");
  disk.file("ds/001-grown.png");  // named like a picture, but no PNG
  EXPECT_EQ(check_error(run, plan),
            "ds/001-grown.png: has the name of a step picture but holds no PNG (a file of another "
            "kind, a folder, or a link to one or to nothing), and {dump_steps} would replace it; "
            "move it, or give {dump_steps} a folder of its own");
  plan.step_folder = "";
  EXPECT_EQ(check_error(run, plan), "{dump_steps}: give a folder for the pictures");
  plan.step_folder = "new/deeper";  // made by the first picture
  EXPECT_EQ(check_error(run, plan), "");
  disk.read_only("/w");
  EXPECT_EQ(check_error(run, plan),
            "new/deeper: cannot make the pictures of {dump_steps} here: '.' is not writable; give "
            "a folder path you may write to");
}

TEST(StepFolder, OpeningTheStepFolderRemovesOnlyEarlierPictures) {
  FakeDisk disk;
  disk.folder("ds");
  disk.file("ds/000-start.png", true);
  disk.file("ds/012-placed.png", true);
  disk.file("ds/007-mine.png", true);  // no step of that name
  disk.file("ds/010-grown.png.bak", true);
  disk.file("ds/001-grown.png");  // no PNG
  RunFiles run(disk);
  run.add_input("ds/012-placed.png");  // the user's input, whatever its name
  run.open_step_folder("ds");
  EXPECT_FALSE(disk.exists("ds/000-start.png"));
  for (const char* kept :
       {"ds/012-placed.png", "ds/007-mine.png", "ds/010-grown.png.bak", "ds/001-grown.png"})
    EXPECT_TRUE(disk.exists(kept)) << kept;
  run.open_step_folder("a/b");
  EXPECT_EQ(disk.status("a/b").kind, FileKind::Folder);
  disk.file("f");
  EXPECT_EQ(error_of([&] { run.open_step_folder("f/pictures"); }),
            "f/pictures: cannot create the folder for {dump_steps}: Not a directory; give a folder "
            "path you may write to");
}

}  // namespace
}  // namespace dungen::io::fs
