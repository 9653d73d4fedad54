#pragma once
/// \file error.hpp
/// The one exception type dungen throws for bad input, and helpers that build it.

#include <stdexcept>
#include <string>
#include <string_view>

namespace dungen {

/// What went wrong, for the exit code the CLI returns.
enum class ErrorKind {
  BadInput,  ///< a tile, folder, palette, sidecar or layout the user gave is wrong (exit 1)
  Usage,     ///< an option value is invalid (exit 2)
  Output,    ///< an output file or folder cannot be written (exit 4)
};

/// `text` made safe for a one-line message: control bytes (below 0x20, and 0x7f) written as
/// `\xNN`, and a text over `max_bytes` bytes cut in its middle, keeping its start and end,
/// with " ... " between. For echoing file content (a line, a name) in a message.
[[nodiscard]] std::string printable(std::string_view text, std::size_t max_bytes = 1000);

/// Bad input, a bad option value or an unwritable output. The message says what, where and
/// how to fix it, without the "dungen: error:" prefix (the CLI adds it). It is always one
/// printable line of at most 1000 bytes (see printable()), whatever input it quotes.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message, ErrorKind kind = ErrorKind::BadInput)
      : std::runtime_error(printable(message)), kind_(kind) {}
  [[nodiscard]] ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

/// An Error about the file at `path`: "<path>: <what>".
[[nodiscard]] inline Error file_error(const std::string& path, const std::string& what) {
  return Error(path + ": " + what);
}

/// An Error about an option value (exit code 2): "<option>: <what>".
[[nodiscard]] inline Error usage_error(const std::string& option, const std::string& what) {
  return Error(option + ": " + what, ErrorKind::Usage);
}

/// An Error about an output that cannot be written (exit code 4): "<path>: <what>".
[[nodiscard]] inline Error output_error(const std::string& path, const std::string& what) {
  return Error(path + ": " + what, ErrorKind::Output);
}

}  // namespace dungen
