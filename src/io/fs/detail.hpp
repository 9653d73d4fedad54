#pragma once
/// \file detail.hpp
/// Helpers the files of io/fs share (output checks, atomic files, FIFOs, stale temporary files,
/// standard streams, temporary folders); not part of the library's interface.

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "io/fs/disk.hpp"

namespace dungen::io::fs {
class OutputRules;
}  // namespace dungen::io::fs

namespace dungen::io::fs::detail {

/// A temporary file or folder that no process holds a lock on, untouched for this long, is
/// stale: a writer locks what it makes right after making it (stale_temps.cpp, temp_folder.cpp).
inline constexpr auto kStaleAge = std::chrono::seconds(2);

/// The folder a file path is in ("." for a bare name).
[[nodiscard]] std::filesystem::path folder_of(const std::filesystem::path& path);

/// True for an existing path that is not a regular file or folder (a device such as
/// /dev/null, a FIFO, a socket): such outputs are written into directly, never replaced.
[[nodiscard]] bool is_special(const std::filesystem::path& path);

/// True for a path that names a FIFO (through links).
[[nodiscard]] bool is_fifo(const std::filesystem::path& path);

/// Opens the FIFO `target` (`given` as the user spelled it, for messages) for writing and
/// holds it open until take_fifo, so a reader that is there at the check is still there at
/// the write. Waits up to 2 s for a reader to open it; throws Error of kind Output when none
/// does ("is a FIFO no program reads") or the open fails. Holding it again is a no-op.
void hold_fifo(const std::filesystem::path& given, const std::filesystem::path& target);

/// The write end of the FIFO `target`: the one hold_fifo holds (handed over: the caller
/// closes it), else one opened as hold_fifo does. Throws as hold_fifo does.
[[nodiscard]] int take_fifo(const std::filesystem::path& given,
                            const std::filesystem::path& target);

/// The file a path finally names: symbolic links are followed, so writing "link.png"
/// updates the file it points to instead of replacing the link.
[[nodiscard]] std::filesystem::path resolve(const std::filesystem::path& path);

/// What to do about a failed write with errno `err`, for the end of a message: free space
/// (ENOSPC, EDQUOT), the size limit (EFBIG), open files (EMFILE, ENFILE), a shorter name
/// (ENAMETOOLONG), else check the path and its permissions.
[[nodiscard]] const char* write_advice(int err);

/// Writes all of `bytes` to the open file `fd` (again after EINTR). Returns 0, or the errno
/// of the failure (ENOSPC for a write that wrote nothing).
[[nodiscard]] int write_all(int fd, std::string_view bytes);

/// The end of the message for an output that cannot be replaced in a sticky folder: "cannot
/// replace it: it belongs to another user in a folder with the sticky bit; ...".
extern const char* const kStickyRefusal;

/// True when `target` exists in a folder with the sticky bit (mode 1777, like /tmp), and this
/// process's user owns neither it nor the folder and is not root: the kernel then refuses to
/// replace or remove it (EPERM).
[[nodiscard]] bool foreign_in_sticky_folder(const std::filesystem::path& target);

/// Removes the stale temporary files ".NAME.tmp-XXXXXX" of `target` (NAME its file name) in
/// its folder: ones no process holds an flock on, untouched for 2 s, and that are no input of
/// the run `rules` (may be null) guard, whatever their name.
void remove_stale_temps_of(const std::filesystem::path& target, const OutputRules* rules);

/// Removes, in `folder`, the temporary files ".NAME.tmp-XXXXXX" for which `ours(NAME)` holds
/// that no process holds an flock on and that are no input of `rules`, however young: for a
/// batch's folder while the batch holds its lock, where no other writer makes such files, so
/// that a batch run again right after a SIGKILL leaves none of the killed one's behind.
void remove_unheld_temps(const std::filesystem::path& folder,
                         const std::function<bool(const std::string&)>& ours,
                         const OutputRules* rules);

/// The checks of check_writable that follow a run's rules: Disk::check_target of the real disk.
void check_target(const std::filesystem::path& given, const std::filesystem::path& target,
                  const OutputRules* rules);

/// The file standard error went to when silence_stderr_named_by sent it to /dev/null, while it
/// is still silenced; nullopt otherwise.
[[nodiscard]] std::optional<FileId> silenced_stderr();

/// Sends standard error to /dev/null.
void send_stderr_to_null();

/// Points standard error back at the file silence_stderr_named_by took it from; nothing when
/// it took none.
void restore_stderr();

/// The descriptor `path` names, by itself or through links: 0, 1, 2 for /dev/stdin,
/// /dev/stdout, /dev/stderr, N for an entry N of this process's descriptor folder however
/// spelled (/dev/fd/N, /proc/self/fd/N, /proc/thread-self/fd/N, /proc/PID/fd/N: the folder's
/// links are followed); -1 for any other path.
[[nodiscard]] int descriptor_named(const std::filesystem::path& path);

/// Throws Error (kind Output, naming `given`) when `given` names standard input ("is standard
/// input, which dungen never writes; ...") or a descriptor that is not open ("descriptor 9 is
/// not open; open it in the shell (9> FILE) or give a file name").
void refuse_descriptor_names(const std::filesystem::path& given);

/// 1 or 2 when `path` names standard output or standard error by its /dev or /proc name
/// (/dev/stdout, /dev/fd/2, /proc/self/fd/1, or a link to one): such an output is written
/// into that stream as `-` is, never replaced by a new file (`--report /dev/stdout >> log`
/// appends). 0 otherwise.
[[nodiscard]] int standard_stream_of(const std::filesystem::path& path);

/// Throws Error (kind Output, naming `given`) when `given` leads, through /proc's links
/// (an entry of any descriptor folder: /dev/fd/N, /proc/thread-self/fd/N, ...), to a file
/// that was deleted: the kernel names it
/// "PATH (deleted)", and writing there would make a new file of that name.
void refuse_deleted_target(const std::filesystem::path& given);

/// Throws Error (kind Output, naming `given`) when the output `path` (where `given` leads) is
/// a folder or is named like one (a final '/'), or is a socket; returns otherwise.
void refuse_unwritable_kind(const std::filesystem::path& given, const std::filesystem::path& path);

/// Throws Error (kind Output, naming `given`) when the output `path`'s temporary name
/// (".NAME.tmp-XXXXXX", 12 bytes longer) would pass the system's limits: a file name over 243
/// bytes (names end at 255), or a path over 4083 bytes (paths end at 4095, PATH_MAX).
void refuse_long_name(const std::filesystem::path& given, const std::filesystem::path& path);

/// True (the default) to replace existing outputs by swapping them with their new files
/// (renameat2 RENAME_EXCHANGE); false to take the way of file systems that cannot swap (the old
/// file is kept as a hard link until the whole set is in place). Tests set it false to reach
/// that way; the product never does.
extern bool swap_outputs;

}  // namespace dungen::io::fs::detail
