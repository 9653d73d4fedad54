#pragma once
/// \file files.hpp
/// Reading and writing whole files. Writes are atomic: the bytes go to a temporary file
/// ".NAME.tmp-XXXXXX" in the target's folder that is then renamed over the target, so a
/// failed or interrupted run never leaves a partial file. The temporary file is removed when
/// the write fails, and on SIGINT, SIGTERM, SIGHUP and SIGQUIT once
/// remove_temp_files_on_signals() is called. Only SIGKILL (or a crash, or a power cut) can
/// leave one behind: the writer holds an flock on it, so the next write to NAME in that folder
/// knows it for stale (unlocked, untouched for 2 s) and removes it.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dungen::io {

/// The most bytes read_file reads from one file: 256 MiB.
inline constexpr std::uint64_t kMaxInputBytes = std::uint64_t{256} << 20;

/// The most bytes read from one kind of input file, and the words naming that kind in the
/// "more than the N MiB dungen reads from ..." message.
struct ReadLimit {
  std::uint64_t bytes = kMaxInputBytes;
  std::string_view file = "one file";
};

/// A layout file: 128 MiB. A layout's JSON takes about 14 bytes of memory per byte while it is
/// read (up to 37 for a file of nothing but empty objects), so this bounds its memory; 1,048,576
/// rooms with short names and one connection each are about 92 MiB written compactly.
inline constexpr ReadLimit kLayoutFileLimit{std::uint64_t{128} << 20, "a layout file"};

/// A graph file: 16 MiB, room for 1024 rooms of 32 long tags and 4096 connections.
inline constexpr ReadLimit kGraphFileLimit{std::uint64_t{16} << 20, "a graph file"};

/// A palette file: 1 MiB, room for about 70,000 colour lines ("#RRGGBB door" and a comment).
/// Reading a palette takes about 160 bytes of memory per line, so this bounds it to about
/// 12 MB; a tile set needs a line per colour its tiles use.
inline constexpr ReadLimit kPaletteFileLimit{std::uint64_t{1} << 20, "a palette file"};

/// The whole content of regular file `path`. Throws Error (bad input) "<path>: ..." when it
/// cannot be read, is a folder, is not a regular file (a FIFO, device or socket: never read,
/// as they could block or never end) or is larger than `limit.bytes`.
[[nodiscard]] std::vector<std::uint8_t> read_file(const std::filesystem::path& path,
                                                  ReadLimit limit = {});

/// The whole content of `path` as text, for the hand-written inputs (tileset.txt, palette
/// files, layout files): a leading UTF-8 byte-order mark is dropped. Throws like read_file,
/// and Error "<path>: is UTF-16 text ..." for a file starting with a UTF-16 byte-order mark.
[[nodiscard]] std::string read_text(const std::filesystem::path& path, ReadLimit limit = {});

/// Writes `bytes` to `path` atomically (temporary name in the same folder, then rename).
/// A path of "-" writes to standard output instead; a symbolic link updates the file it
/// points to; a device or FIFO (e.g. /dev/null) is written into, never replaced. Throws Error of
/// kind Output
/// "<path>: cannot write: <reason>"; the target is then untouched.
void write_file(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);

/// write_file for text.
void write_text(const std::filesystem::path& path, std::string_view text);

/// Receives output bytes block by block.
using BlockSink = std::function<void(std::string_view)>;

/// Writes to `path` (atomically, or to standard output for "-") everything `produce` hands
/// to the sink it is given, block by block, so large outputs never sit whole in memory. If
/// `produce` throws, the target is untouched and the exception propagates.
void write_streamed(const std::filesystem::path& path,
                    const std::function<void(const BlockSink&)>& produce);

namespace detail {
class AtomicFile;
}  // namespace detail

/// Outputs written all or none: each write() goes to a temporary file beside its target, and
/// commit() renames them all over their targets only after every write succeeded. Destroyed
/// uncommitted (a write failed, an exception was thrown), it removes its temporary files and
/// no target changes. Standard output ("-") and devices or FIFOs are written at once (there
/// is nothing to rename). Write errors throw Error of kind Output "<path>: cannot write:
/// ...". One set per thread; a batch uses one per level.
class OutputSet {
 public:
  OutputSet();
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;
  ~OutputSet();
  /// Writes what `produce` hands its sink, block by block, to `path`'s temporary file.
  void write(const std::filesystem::path& path,
             const std::function<void(const BlockSink&)>& produce);
  /// Writes `bytes` to `path`'s temporary file.
  void write(const std::filesystem::path& path, std::span<const std::uint8_t> bytes);
  /// Writes `text` to `path`'s temporary file.
  void write_text(const std::filesystem::path& path, std::string_view text);
  /// Puts every temporary file in its target's place, in the order written, all or none:
  /// when one cannot be (a file mounted on it, EBUSY; a folder made there since), the ones
  /// already in place are put back (the old file, or no file where there was none) and
  /// Error of kind Output "<path>: cannot write: ..." is thrown. Signals wait until done.
  void commit();

 private:
  std::vector<std::unique_ptr<detail::AtomicFile>> pending_;
};

/// Makes SIGINT (Ctrl-C), SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 and SIGALRM end the
/// programs run_program runs (SIGKILL), remove the temporary files of writes in progress and
/// the TempFolder folders with their files, then end the process as the signal would have.
/// Signals the process ignores stay ignored. SIGPIPE and SIGXFSZ are ignored, so a closed
/// pipe on standard output or a file past `ulimit -f` is an output error with a message. For
/// programs (the CLI calls it first thing); a library user may keep its own handlers instead.
void remove_temp_files_on_signals();

/// Maps now the table remove_temp_files_on_signals()'s handler reads the temporary files
/// from (32 MiB of address space, untouched, so no memory), which the first output would
/// otherwise map: a batch calls it before its workers, so that when they used up an
/// address-space limit its manifest can still be written. Throws std::bad_alloc when it
/// cannot be mapped.
void prepare_output_listing();

/// Where a write to `path` lands: the file a symbolic link at `path` names (followed even
/// when that file does not exist yet, through chains of links), else `path` itself.
[[nodiscard]] std::filesystem::path output_target(const std::filesystem::path& path);

/// What a run would read a file named `target` in its tile folder as: "a tile" (a PNG, any
/// case of ".png", unless hidden: the loader passes ".name.png" by), "the tile settings"
/// (tileset.txt), or nullptr (neither: such a file may go there).
[[nodiscard]] const char* read_in_tile_folder_as(const std::filesystem::path& target);

/// Fails early (Error of kind Output) when a file could not be created at `path`: its
/// folder is missing, is not a folder or is not writable, `path` is a folder, or `path` is
/// one of this run's inputs (see protect_input), or `path` exists in a folder with the sticky
/// bit and belongs to another user (it could not be replaced). "-" (standard output) always
/// passes.
void check_writable(const std::filesystem::path& path);

/// Throws Error of kind Output ("PATH: 'LINK' is a symbolic link to 'TARGET', which does not
/// exist; ...", PATH = `given`) when `folder`, or the nearest of its parents that exists as
/// a name, is a symbolic link to nothing; returns otherwise.
void refuse_dangling_link(const std::filesystem::path& given, const std::filesystem::path& folder);

/// Records `path` (a tile, tileset.txt, a palette, layout or mask file the user gave) as an
/// input of this run: from then on check_writable and every write refuse it as an output, by
/// identity (device and inode), so another spelling or a link of it is refused too.
/// Thread-safe; a path that does not exist is ignored. When standard error is that file
/// (`2>> layout.json`), or was (see silence_stderr_named_by), standard error is sent to
/// /dev/null, so that nothing lands in the input, and Error (kind Output, exit 4) "-: standard
/// error is one of the input files; ..." is thrown, its message unseen.
void protect_input(const std::filesystem::path& path);

/// Records `folder` as a tile folder of this run: from then on check_writable and every write
/// refuse a PNG or tileset.txt that would land in it, through links too ("PATH: leads into the
/// tile folder of this run ..."), which the next run would read as a tile or the settings.
/// Thread-safe; a folder that does not exist is ignored.
void protect_tile_folder(const std::filesystem::path& folder);

/// Sends standard error to /dev/null, before anything is written to it, when it is a regular
/// file that an argument of `argv` names (ARG or --option=ARG): the file itself, or a
/// tileset.txt or PNG file in a folder an argument names (what a tile folder's reader takes).
/// Such a file may be an input (`dungen t -o m.png 2>> t/tileset.txt`), and the first message,
/// an error about the options, would land in it. protect_input then still knows it for
/// standard error. Returns whether it did. For programs, first thing: argv as main got it.
[[nodiscard]] bool silence_stderr_named_by(int argc, char** argv);

/// 1 or 2 when `path` names standard output or standard error itself (/dev/stdout, /dev/fd/2,
/// /proc/thread-self/fd/1, or a link to one): an output there is written into the stream, as
/// `-` is. 0 otherwise, "-" included.
[[nodiscard]] int standard_stream_named(const std::filesystem::path& path);

/// Whether `path` names (by device and inode, whatever the spelling or link) the regular file
/// standard error goes to, or went to before silence_stderr_named_by sent it to /dev/null
/// (`-o m.png 2>> m.png`): an output written there replaces the file the messages go into,
/// and they are lost. False for "-" and for paths that do not exist.
[[nodiscard]] bool is_stderr_file(const std::filesystem::path& path);

/// Points standard error back at the file silence_stderr_named_by took it from, unless that
/// file is an input of this run (protect_input); then, and when nothing was silenced, it does
/// nothing. For an error about that very file, which must be seen where the messages go.
void restore_stderr();

/// Throws Error (kind Output) "-: standard output is one of the input files; ..." when
/// standard output is a file given to protect_input (`dungen ... --ascii - >> layout.json`).
void refuse_input_as_stdout();

/// Whether standard output is a regular file and `path` names that same file (by device and
/// inode, whatever the spelling or link): writing both would keep only one of them. False for
/// "-" and for paths that do not exist.
[[nodiscard]] bool is_stdout_file(const std::filesystem::path& path);

/// Throws Error (kind Output) "<folder>: holds input files of this run (<what> there); ..."
/// when `folder` is (by device and inode, whatever the spelling or mount) the
/// folder of a file given to protect_input. A folder that does not exist passes.
void refuse_input_folder(const std::filesystem::path& folder, std::string_view what);

/// Whether `path` names (through links, by device and inode) a file given to protect_input.
/// False for "", "-" and paths that do not exist.
[[nodiscard]] bool is_input(const std::filesystem::path& path);

/// Throws Error (kind Output) "<path>: is one of the input files; ..." when `path` names a
/// file given to protect_input. "", "-" and paths that do not exist pass.
void refuse_input(const std::filesystem::path& path);

}  // namespace dungen::io
