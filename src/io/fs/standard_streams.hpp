#pragma once
/// \file standard_streams.hpp
/// Standard error that is a file the command line names. What it went to is process state
/// (there is one standard error), set once by the program's first call; RunFiles reads it
/// through its Disk.

namespace dungen::io::fs {

/// Sends standard error to /dev/null, before anything is written to it, when it is a regular
/// file that an argument of `argv` names (ARG or --option=ARG): the file itself, or a
/// tileset.txt or PNG file in a folder an argument names (what a tile folder's reader takes).
/// Such a file may be an input (`dungen t -o m.png 2>> t/tileset.txt`), and the first message,
/// an error about the options, would land in it. RunFiles then still knows it for standard
/// error (Disk::stream_file). Returns whether it did. For programs, first thing: argv as main
/// got it.
[[nodiscard]] bool silence_stderr_named_by(int argc, char** argv);

}  // namespace dungen::io::fs
