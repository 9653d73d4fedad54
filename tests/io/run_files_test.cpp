// The rules of a run's files (io/fs/run_files.hpp) on a file system in memory
// (fake_disk.hpp): which outputs may go where, with no real folder. files_test.cpp has the
// real-disk tests.
#include "io/fs/run_files.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "core/error.hpp"
#include "io/fake_disk.hpp"

namespace dungen::io::fs {
namespace {

using test::check_error;
using test::error_of;
using test::FakeDisk;
using test::kind_of;

constexpr const char* kNeverOverwrites =
    ": is one of the input files; choose another output name, dungen never overwrites its inputs";

// A single run writing `files` (option, path), of a command whose outputs are -o, --json and
// --ascii (the first binary).
SingleRunPlan plan_of(std::vector<std::pair<std::string, std::string>> files) {
  SingleRunPlan plan;
  for (auto& [option, path] : files)
    plan.files.push_back(
        {.path = path, .option = option, .binary = option == "-o", .suffix = ".png"});
  plan.options = {"-o", "--json", "--ascii"};
  return plan;
}

// Standard output and standard error going to the new files `out` and `err`.
void stream_into_files(FakeDisk& disk, const char* out, const char* err) {
  disk.file(out);
  disk.file(err);
  disk.stream(1, out);
  disk.stream(2, err);
}

TEST(RunFiles, AnInputIsRefusedAsAnOutputByAnyName) {
  FakeDisk disk;
  disk.file("layout.json");
  disk.hard_link("hard.json", "layout.json");
  disk.link("soft.json", "layout.json");
  RunFiles run(disk);
  EXPECT_EQ(error_of([&] { run.check_output("hard.json"); }), "");
  run.add_input("layout.json");
  for (const char* name : {"layout.json", "hard.json", "soft.json", "./layout.json"})
    EXPECT_EQ(error_of([&] { run.check_output(name); }), name + std::string(kNeverOverwrites));
  EXPECT_EQ(kind_of([&] { run.check_output("hard.json"); }), ErrorKind::Output);
  EXPECT_EQ(error_of([&] { run.check_output("other.json"); }), "");
  EXPECT_TRUE(run.is_input("soft.json"));
  EXPECT_FALSE(run.is_input("-"));
  run.add_input("missing.json");  // nothing to protect yet: ignored
  EXPECT_EQ(error_of([&] { run.check_output("missing.json"); }), "");
}

TEST(RunFiles, NoTileNorSettingsGoIntoTheTileFolder) {
  FakeDisk disk;
  disk.folder("t");
  disk.file("t/room.png", true);
  disk.link("out.png", "t/new.png");  // leads nowhere yet
  disk.link("again", "t");            // another name of the folder
  RunFiles run(disk);
  run.add_tile_folder("t");
  const std::pair<const char*, const char*> refused[] = {
      {"t/new.png", "is inside the tile folder 't', where the next run would read it as a tile"},
      {"again/x.PNG", "is inside the tile folder 't', where the next run would read it as a tile"},
      {"t/tileset.txt",
       "is inside the tile folder 't', where the next run would read it as the tile settings"},
      {"out.png",
       "leads into the tile folder of this run ('/w/t/new.png'), where the next run would read "
       "it as a tile"},
  };
  for (const auto& [path, why] : refused) {
    SCOPED_TRACE(path);
    EXPECT_EQ(error_of([&] { run.check_output(path); }),
              std::string(path) + ": " + why + "; write it somewhere else");
  }
  EXPECT_EQ(error_of([&] { run.check_output("t/room.png"); }),
            "t/room.png" + std::string(kNeverOverwrites));
  EXPECT_EQ(error_of([&] { run.check_output("t/.look.png"); }),
            "");  // hidden: the loader passes it by
  EXPECT_EQ(error_of([&] { run.check_output("t/notes.txt"); }), "");
}

TEST(RunFiles, OneFileIsNamedByOneOutputOnly) {
  FakeDisk disk;
  disk.folder("sub");
  RunFiles run(disk);
  for (const char* twice : {"./a.png", "/w/a.png", "sub/../a.png", ".//a.png"}) {
    SCOPED_TRACE(twice);
    EXPECT_EQ(check_error(run, plan_of({{"-o", "a.png"}, {"--json", twice}})),
              twice + std::string(": is named by two outputs; give each of -o, --json and "
                                  "--ascii its own file"));
  }
  disk.link("l.json", "a.png");  // a link to a file not made yet
  EXPECT_EQ(kind_of([&] {
              run.check(plan_of({{"-o", "a.png"}, {"--json", "l.json"}}));
            }),
            ErrorKind::Usage);
  EXPECT_EQ(check_error(run, plan_of({{"-o", "a.png"}, {"--json", "b.json"}})), "");
}

TEST(RunFiles, TheTilesetImageIsNoOtherOutput) {
  FakeDisk disk;
  disk.folder("maps");
  RunFiles run(disk);
  SingleRunPlan plan = plan_of({{"-o", "./dungen-tiles.png"}, {"--json", "x.tmx"}});
  plan.tileset_images = {"dungen-tiles.png"};
  EXPECT_EQ(check_error(run, plan),
            "dungen-tiles.png: is where the Tiled map's tileset image goes (written beside the "
            "{tmx}/{tmj} map, always named dungen-tiles.png); write the other output elsewhere");
  disk.folder("dungen-tiles.png");
  plan.files[0].path = "m.png";
  EXPECT_EQ(check_error(run, plan),
            "dungen-tiles.png: is a folder, where the Tiled map's tileset image goes (always named "
            "dungen-tiles.png, beside the {tmx}/{tmj} map); rename the folder, or write the map "
            "elsewhere");
  plan.tileset_images = {"maps/dungen-tiles.png"};
  EXPECT_EQ(check_error(run, plan), "");
}

TEST(RunFiles, EachStandardStreamTakesOneOutput) {
  FakeDisk disk;
  RunFiles run(disk);
  EXPECT_EQ(
      check_error(run, plan_of({{"-o", "m.png"}, {"--json", "-"}, {"--ascii", "/dev/stdout"}})),
      "-o/--json/--ascii: only one output can be '-' (standard output, also when named "
      "/dev/stdout or /dev/fd/1)");
  EXPECT_EQ(
      check_error(
          run, plan_of({{"-o", "m.png"}, {"--json", "/dev/stderr"}, {"--ascii", "/dev/stderr"}})),
      "-o/--json/--ascii: only one output can be standard error (/dev/stderr, /dev/fd/2); "
      "give the others files");
  EXPECT_EQ(check_error(run, plan_of({{"-o", "m.png"}, {"--json", "-"}})), "");
}

TEST(RunFiles, NoPictureGoesToATerminal) {
  FakeDisk disk;
  disk.terminal(1);
  RunFiles run(disk);
  EXPECT_EQ(check_error(run, plan_of({{"-o", "-"}})),
            "-o -: standard output is a terminal; redirect it to a file or pipe (dungen ... -o - > "
            "FILE.png), or give a file name");
  EXPECT_EQ(check_error(run, plan_of({{"-o", "m.png"}, {"--json", "-"}})), "");  // text
}

TEST(RunFiles, NoOutputIsTheFileAStandardStreamGoesTo) {
  FakeDisk disk;
  stream_into_files(disk, "same.out", "log.txt");
  RunFiles run(disk);
  EXPECT_EQ(check_error(run, plan_of({{"-o", "same.out"}, {"--json", "-"}})),
            "same.out: is also standard output, where an output given as '-' goes; give one of "
            "them another file");
  EXPECT_EQ(check_error(run, plan_of({{"-o", "same.out"}})), "");  // nothing to '-'
  EXPECT_FALSE(disk.restored());
  EXPECT_EQ(check_error(run, plan_of({{"-o", "m.png"}, {"--json", "./log.txt"}})),
            "./log.txt: is also standard error, where the messages go (2> or 2>>); the output "
            "would replace it and they would be lost; send standard error to another file");
  EXPECT_TRUE(disk.restored());  // the refusal is seen where the messages go
}

TEST(RunFiles, NoStandardStreamIsAnInput) {
  FakeDisk disk;
  stream_into_files(disk, "c.json", "d.json");
  RunFiles run(disk);
  run.add_input("c.json");
  EXPECT_EQ(check_error(run, plan_of({{"-o", "m.png"}, {"--ascii", "-"}})),
            "-: standard output is one of the input files; send it to another file, dungen never "
            "overwrites its inputs");
  EXPECT_FALSE(disk.silenced());
  EXPECT_EQ(error_of([&] { run.add_input("d.json"); }),
            "-: standard error is one of the input files; send it to another file, dungen never "
            "overwrites its inputs");
  EXPECT_TRUE(disk.silenced());  // nothing may land in the input, the message neither
}

TEST(RunFiles, AListingKeepsStandardOutputToItself) {
  FakeDisk disk;
  disk.file("ip.png");
  disk.stream(1, "ip.png");
  RunFiles run(disk);
  EXPECT_EQ(error_of([&] { run.check(ListingPlan{.preview = "-"}); }),
            "{preview}: standard output carries the listing; give the preview a file name");
  EXPECT_EQ(error_of([&] { run.check(ListingPlan{.preview = "./ip.png"}); }),
            "./ip.png: is also standard output, where the listing goes; give the preview another "
            "file, or send the listing elsewhere");
  EXPECT_EQ(error_of([&] { run.check(ListingPlan{.preview = "p.png"}); }), "");
  run.add_input("ip.png");
  EXPECT_EQ(error_of([&] { run.check(ListingPlan{}); }),
            "-: standard output is one of the input files; send it to another file, dungen never "
            "overwrites its inputs");
}

}  // namespace
}  // namespace dungen::io::fs
