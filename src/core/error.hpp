#pragma once
/// \file error.hpp
/// The one exception type dungen throws for bad input (defined in the public header
/// include/dungen/error.hpp), and helpers that build it.

#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include <dungen/error.hpp>  // the Error class and ErrorKind: public API (include/)

namespace dungen {

/// `text` made safe for a one-line message: control characters (bytes below 0x20, 0x7f, and
/// U+0080..U+009F), the bidi controls and marks and the line separators that would turn or
/// break the text around them (core::invisible_code_point: U+202E, U+2066, U+200F...) and
/// every byte that is not part of a valid UTF-8 character (RFC 3629: no stray continuation
/// bytes, cut characters, overlong forms or surrogates) written as
/// `\xNN`, each byte on its own, while valid UTF-8 ("é", "日本") stays as it is; and a text
/// over `max_bytes` bytes cut in its middle, keeping its start and end, with " ... "
/// between (std::string::npos: never cut). For echoing file names and file content in a
/// message; the result is valid UTF-8 without control or bidi characters.
[[nodiscard]] std::string printable(std::string_view text, std::size_t max_bytes = 1000);

/// printable() without the cut: for names and notes in listings, reports and notes.
[[nodiscard]] inline std::string printable_uncut(std::string_view text) {
  return printable(text, std::string_view::npos);
}

/// A setting's name as a front end shows it: `field` is the name library messages use
/// ("door_width"), `shown` what the front end calls that setting (the CLI: "--door-width").
struct FieldName {
  std::string_view field;
  std::string_view shown;
};

/// `raw` with each field marker replaced: a marker is a field name in braces, "{door_width}"
/// (a lowercase letter, then lowercase letters, digits and '_'). It becomes the `shown` of
/// the entry of `names` for that field, or the field name itself ("door_width") when `names`
/// has none. Anything else in braces is left as it is; quoted input that looks like a marker
/// (a tile named "{a}.png") reads as one. The result is cut to one printable line by
/// printable().
[[nodiscard]] std::string render_fields(std::string_view raw,
                                        std::span<const FieldName> names = {});

/// An Error about the file at `path`: "<path>: <what>".
[[nodiscard]] inline Error file_error(const std::string& path, const std::string& what) {
  return Error(path + ": " + what);
}

/// An Error about a value given (exit code 2): "<subject>: <what>", the subject being the
/// value itself ("grid:0x3") or, in the CLI, a flag. Library code names a setting with
/// field_error() instead.
[[nodiscard]] inline Error usage_error(const std::string& subject, const std::string& what) {
  return Error(subject + ": " + what, ErrorKind::Usage);
}

/// An Error about the setting `field` (exit code 2 unless `kind` says otherwise):
/// "{<field>}: <what>", which what() shows as "<field>: <what>". `what` may mark other
/// settings too: field_error("door_width", "rooms too small; raise {min_size}").
[[nodiscard]] Error field_error(std::string_view field, const std::string& what,
                                ErrorKind kind = ErrorKind::Usage);

/// An Error about an output that cannot be written (exit code 4): "<path>: <what>".
[[nodiscard]] inline Error output_error(const std::string& path, const std::string& what) {
  return Error(path + ": " + what, ErrorKind::Output);
}

}  // namespace dungen
