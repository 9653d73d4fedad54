#pragma once
/// \file process.hpp
/// Finding and running other programs (the Doom node builder, docs/doom.md). Programs are
/// started with an argument vector (posix_spawn), never through a shell; temp_folder.hpp
/// holds the folder they work in.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace dungen::io::fs {

/// The program `name`: a name with a '/' as given, else the first executable regular file of
/// that name in the folders of $PATH, in order. nullopt when there is none.
[[nodiscard]] std::optional<std::filesystem::path> find_program(const std::string& name);

/// True when `path` is a regular file this process may execute.
[[nodiscard]] bool is_executable(const std::filesystem::path& path);

/// Runs the program `argv[0]` with arguments `argv` (argv[0] first) and waits for it.
/// Standard input is /dev/null; standard output and error go to the file `log` (created or
/// truncated). `keep`, unless -1, is a descriptor the program inherits as its descriptor 3
/// (TempFolder::handle(): the program then holds the folder's lock). While it runs, the
/// program is listed for the handler of remove_temp_files_on_signals(), which kills it
/// (SIGKILL) before removing temporary files. Returns the exit status (0 to 255), or -N when
/// signal N ended it. Throws Error of kind Output when the program cannot be started.
int run_program(const std::vector<std::string>& argv, const std::filesystem::path& log,
                int keep = -1);

}  // namespace dungen::io::fs
