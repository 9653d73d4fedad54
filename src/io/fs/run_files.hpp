#pragma once
/// \file run_files.hpp
/// The files of one run: what it reads, and every rule of what it may write where. A command
/// makes one RunFiles, tells it the inputs before reading any, has it check every planned
/// output at once before any work, and writes through it; it is passed explicitly to what
/// needs it, as core::Rng& is. Inputs are known by identity (device and inode): another
/// spelling, a symbolic or hard link, or a second mount of an input is that input. The disk is
/// asked through a Disk (disk.hpp), so the rules are tested on a fake one (tests/io/).
///
/// Messages name settings by field markers (error.hpp): {dump_steps}, {out_dir}, {preview},
/// {tmx}, {tmj}; a front end shows them as its own flags.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "io/fs/disk.hpp"
#include "io/fs/output_checks.hpp"
#include "io/fs/output_set.hpp"

namespace dungen::io::fs {

/// An output a single run plans, as the command names it.
struct PlannedOutput {
  std::string path;     ///< as given; "-" = standard output; "" = a required output not given
  std::string option;   ///< the option that names it, as shown ("-o"), for messages
  bool binary = false;  ///< bytes a terminal cannot show (a PNG): never to a terminal
  std::string suffix;   ///< its usual ending (".png"), for "... -o - > FILE.png"
};

/// Everything a single run writes.
struct SingleRunPlan {
  std::vector<PlannedOutput> files;         ///< in the order they are written
  std::vector<std::string> tileset_images;  ///< the Tiled maps' tileset images, beside them
  std::vector<std::string> options;         ///< every output option of the command, as shown
  std::optional<std::string> step_folder;   ///< the {dump_steps} folder, when given ("" too)
};

/// Everything a batch writes into its folder: level files "level-NNNN" + a suffix each, and
/// the batch's own files.
struct BatchPlan {
  std::string folder;                       ///< the {out_dir} folder, as given
  int count = 0;                            ///< levels, 1 or more
  std::vector<std::string> level_suffixes;  ///< ".png", ".txt", ... as the options ask
  std::string manifest;                     ///< its name ("manifest.csv"), always written
  std::string gallery;                      ///< the gallery page's name ("index.html")
  bool writes_gallery = false;              ///< an earlier gallery is removed all the same
  std::string tileset_image;                ///< the Tiled maps' tileset image's name
  bool writes_tileset_image = false;
  LockWait lock_wait = LockWait::Refuse;    ///< when another batch holds the folder's lock
  /// Told a one-line note before waiting for the lock (LockWait::Wait); may be empty.
  std::function<void(const std::string&)> on_wait;
};

/// A run whose result goes to standard output (a listing), with a picture file beside it.
struct ListingPlan {
  std::string preview;  ///< the {preview} file, "" = none
};

/// Level files in a batch folder that the batch just run did not write.
struct StaleFiles {
  std::size_t count = 0;
  std::string first;  ///< the first of them by name (byte order), "" when count is 0
};

/// "level-0007": level `index` of a batch of `count` levels, its number at least 4 digits wide
/// and as wide as `count`'s.
[[nodiscard]] std::string batch_level_name(int index, int count);

/// Whether `name` is a level file a batch of `count` levels writes: "level-", the number in
/// its width and below `count`, then one of `suffixes`.
[[nodiscard]] bool batch_level_file(const std::string& name, int count,
                                    const std::vector<std::string>& suffixes);

/// What a run would read a file named `target` in its tile folder as: "a tile" (a PNG, any
/// case of ".png", unless hidden: the loader passes ".name.png" by), "the tile settings"
/// (tileset.txt), or nullptr (neither: such a file may go there).
[[nodiscard]] const char* read_in_tile_folder_as(const std::filesystem::path& target);

/// "007-grown.png": the name of step picture `index` (0 to 999) of the step `step`.
[[nodiscard]] std::string step_picture_name(int index, std::string_view step);

/// The files of one run (see the file comment). Inputs are added before the checks; from then
/// on it only reads, and batch workers share it.
class RunFiles final : public OutputRules {
 public:
  /// A run with no inputs yet, on `disk` (which must outlive it).
  explicit RunFiles(const Disk& disk = real_disk());

  // --- Inputs, before any is read and before the checks
  /// Records `file` (a palette, tileset.txt, layout, mask, graph file or a program the run
  /// uses) as an input: from then on no output may be it, nor standard output. A path that does
  /// not exist is ignored. When standard error is that file (`2>> layout.json`), standard error
  /// is sent to /dev/null, so that nothing lands in the input, and Error (kind Output) "-:
  /// standard error is one of the input files; ..." is thrown, its message unseen.
  void add_input(const std::filesystem::path& file);
  /// Records `folder` as the tile folder and its PNGs (hidden ones too) and tileset.txt as
  /// inputs (add_input): no output may put a PNG or tileset.txt into it, through links neither
  /// ("PATH: is inside the tile folder 'DIR' ...", "PATH: leads into the tile folder of this
  /// run ..."). A folder that does not exist is ignored.
  void add_tile_folder(const std::filesystem::path& folder);
  /// Whether `path` names an input (through links, by identity); false for "", "-" and paths
  /// that do not exist.
  [[nodiscard]] bool is_input(const std::filesystem::path& path) const override;

  // --- Checks, before any work. Each throws Error (kind Usage or Output) at the first fault.
  /// A single run's outputs: each writable (check_output), none an input, none named twice
  /// (by any spelling) nor where a tileset image goes, none inside the step folder, at most
  /// one standard output and one standard error, none the file standard output or error goes
  /// to, no binary output to a terminal; the step folder makable, holding no input, and no
  /// file under a picture's name that is not an earlier picture.
  void check(const SingleRunPlan& plan) const;
  /// A batch's files before its folder is made: none an input, none the file standard error
  /// goes to, the first level and the tileset image not into the tile folder.
  void check(const BatchPlan& plan) const;
  /// A listing run: the preview a file (never standard output), writable, not where the
  /// listing or the messages go; standard output no input.
  void check(const ListingPlan& plan) const;
  /// One output: check_writable with this run's rules (no input, not into the tile folder).
  void check_output(const std::filesystem::path& given) const;

  // --- Writing
  /// Makes the batch's folder (throws Error, kind Output, when it cannot), takes its lock
  /// (folder_lock.hpp: another batch there is refused, or waited for with LockWait::Wait),
  /// held until this RunFiles ends, and checks what needs it: its manifest and gallery writable, no two of its files one through symbolic
  /// links (Error, kind Usage), no folder where the tileset image goes. Removes an earlier
  /// manifest and gallery, which would describe levels this batch replaces.
  void open_batch_folder(const BatchPlan& plan) const;
  /// The regular files in the batch's folder named like a batch level's ("level-", a number,
  /// a suffix) that this batch did not write: left from an earlier batch. Never throws.
  [[nodiscard]] StaleFiles stale_level_files(const BatchPlan& plan) const;
  /// Makes the step picture folder `folder` and its parents (throws Error, kind Output, when it
  /// cannot) and removes the pictures an earlier run left there (PNG files named like step
  /// pictures that are no input), so that the folder shows one run.
  void open_step_folder(const std::filesystem::path& folder) const;
  /// A set of outputs written all or none, each checked with this run's rules first.
  [[nodiscard]] OutputSet outputs() const;
  /// Writes one file through outputs() and commits it.
  void write_file(const std::filesystem::path& path, std::span<const std::uint8_t> bytes) const;

  // --- OutputRules
  /// Throws Error (kind Output) "<given>: is one of the input files; ..." when `given` is an
  /// input.
  void refuse_input(const std::filesystem::path& given) const override;
  /// Throws Error (kind Output) when `target` (where `given` leads) is a PNG or tileset.txt
  /// in the tile folder.
  void refuse_target(const std::filesystem::path& given,
                     const std::filesystem::path& target) const override;

 private:
  struct TileFolder {
    std::string given;  ///< as the command was given it, for messages
    FileId id;
  };

  [[nodiscard]] bool is_input_id(const FileId& id) const;
  [[nodiscard]] bool is_stdout_file(const std::filesystem::path& path) const;
  [[nodiscard]] bool is_stderr_file(const std::filesystem::path& path) const;
  [[nodiscard]] std::filesystem::path canonical_output(const std::filesystem::path& path) const;
  void refuse_input_as_stdout() const;
  void refuse_stderr_output(const std::filesystem::path& path) const;
  void refuse_input_folder(const std::filesystem::path& folder, std::string_view what) const;
  void refuse_folder_as_tileset_image(const std::filesystem::path& path) const;
  void check_single_outputs(const SingleRunPlan& plan) const;
  void check_tileset_images(const SingleRunPlan& plan,
                            std::vector<std::filesystem::path>& seen) const;
  void refuse_stream_files(const SingleRunPlan& plan, int to_stdout) const;
  void check_step_folder(const std::string& folder) const;
  void refuse_in_step_folder(const std::string& path, const std::filesystem::path& canonical,
                             const SingleRunPlan& plan) const;
  void refuse_foreign_step_names(const std::filesystem::path& folder) const;
  void refuse_aliased_batch_files(const BatchPlan& plan) const;
  void remove_old_summaries(const BatchPlan& plan) const;

  const Disk& disk_;
  std::vector<FileId> inputs_;
  std::vector<FileId> input_folders_;  ///< the folders holding the inputs
  std::vector<TileFolder> tile_folders_;
  mutable FolderLock batch_lock_;  ///< the batch folder's lock, held for the whole run
};

}  // namespace dungen::io::fs
