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
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dungen::io {

/// The whole content of `path`. Throws Error "<path>: cannot read: <reason>".
[[nodiscard]] std::vector<std::uint8_t> read_file(const std::filesystem::path& path);

/// The whole content of `path` as text. Throws like read_file.
[[nodiscard]] std::string read_text(const std::filesystem::path& path);

/// Writes `bytes` to `path` atomically (temporary name in the same folder, then rename).
/// A path of "-" writes to standard output instead; a symbolic link updates the file it
/// points to; a device or FIFO (e.g. /dev/null) is written into, never replaced. Throws Error of kind Output
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

/// Makes SIGINT (Ctrl-C), SIGTERM, SIGHUP and SIGQUIT remove the temporary files of writes in
/// progress, then end the process as the signal would have. Signals the process ignores stay
/// ignored. For programs (the CLI calls it first thing); a library user may keep its own
/// handlers instead.
void remove_temp_files_on_signals();

/// Fails early (Error of kind Output) when a file could not be created at `path`: its
/// folder is missing, is not a folder or is not writable, or `path` is a folder.
/// "-" (standard output) always passes.
void check_writable(const std::filesystem::path& path);

}  // namespace dungen::io
