#pragma once
/// \file process.hpp
/// Finding and running other programs (the Doom node builder, docs/doom.md). Programs are
/// started with an argument vector (posix_spawn), never through a shell.

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace dungen::io {

/// The program `name`: a name with a '/' as given, else the first executable regular file of
/// that name in the folders of $PATH, in order. nullopt when there is none.
[[nodiscard]] std::optional<std::filesystem::path> find_program(const std::string& name);

/// True when `path` is a regular file this process may execute.
[[nodiscard]] bool is_executable(const std::filesystem::path& path);

/// Runs the program `argv[0]` with arguments `argv` (argv[0] first) and waits for it.
/// Standard input is /dev/null; standard output and error go to the file `log` (created or
/// truncated). Returns the exit status, or 128 + N when signal N ended it. Throws Error of kind
/// Output when the program cannot be started.
int run_program(const std::vector<std::string>& argv, const std::filesystem::path& log);

/// A fresh, empty folder in the system's temporary folder ($TMPDIR or /tmp), named
/// `prefix` + 6 random characters, removed with everything in it when this object goes away.
/// Throws Error of kind Output when it cannot be made.
class TempFolder {
 public:
  explicit TempFolder(const std::string& prefix);
  ~TempFolder();
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  /// The folder.
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace dungen::io
