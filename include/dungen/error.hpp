#pragma once
/// \file error.hpp
/// dungen::Error, the one exception type dungen throws for bad input, a bad option value or an
/// output it cannot write. Part of the public API (<dungen/dungen.hpp> includes it); the
/// program and the library throw the same type. Only standard types.

#include <memory>
#include <stdexcept>
#include <string>

namespace dungen {

/// What went wrong, for the exit code the CLI returns.
enum class ErrorKind {
  BadInput,  ///< a tile, folder, palette, sidecar or layout the user gave is wrong (exit 1)
  Usage,     ///< an option value is invalid (exit 2)
  Output,    ///< an output file or folder cannot be written (exit 4)
};

/// Bad input, a bad option value or an unwritable output. The message says what, where and
/// how to fix it, without the "dungen: error:" prefix (the CLI adds it). Inside dungen a
/// message refers to a setting by a field marker ("{door_width}"): what() names the field
/// ("door_width: ..."), and a front end renders raw() with its own names (core/error.hpp
/// render_fields); errors thrown by the library API (dungen::generate, dungen::TileSet) are
/// already rendered as the CLI prints them ("--max-tiles: ..."). what() is always one
/// printable line of at most 1000 bytes, whatever input the message quotes.
class Error : public std::runtime_error {
 public:
  /// An error with `message` (field markers allowed) of `kind`.
  explicit Error(const std::string& message, ErrorKind kind = ErrorKind::BadInput);
  /// What went wrong: bad input, a bad option value or an unwritable output.
  [[nodiscard]] ErrorKind kind() const { return kind_; }
  /// The exit status the CLI returns for this error: 1 bad input, 2 bad option value,
  /// 4 unwritable output (docs/cli.md "Exit codes").
  [[nodiscard]] int exit_code() const {
    return kind_ == ErrorKind::Usage ? 2 : kind_ == ErrorKind::Output ? 4 : 1;
  }
  /// The message with its field markers as written, control bytes escaped and cut to at most
  /// kRawBytes bytes: long enough that render_fields(raw(), names) cuts it exactly where it
  /// would cut the whole message rendered with `names`.
  [[nodiscard]] const std::string& raw() const { return *raw_; }

  /// The most bytes raw() keeps of a message.
  static constexpr std::size_t kRawBytes = 4000;

 private:
  Error(std::shared_ptr<const std::string> raw, ErrorKind kind);

  std::shared_ptr<const std::string> raw_;  // shared: copying an Error cannot throw
  ErrorKind kind_;
};

}  // namespace dungen
