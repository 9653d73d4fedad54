#pragma once
/// \file utf8.hpp
/// Reading UTF-8 one character at a time, and which characters must never reach a terminal or
/// a reader raw: shared by printable() (messages, text reports) and the JSON and XML encoders.

#include <cstddef>
#include <string>
#include <string_view>

namespace dungen::core {

/// One character of UTF-8 text: its code point and its length in bytes, 0 when the bytes at
/// that place are not UTF-8 (code_point is then U+FFFD and the encoders skip one byte).
struct Utf8Char {
  char32_t code_point = 0;
  std::size_t length = 0;
};

/// The character at byte `i` (< s.size()) of `s`, read as RFC 3629 says: overlong forms,
/// surrogates (U+D800 to U+DFFF), code points past U+10FFFF, lead bytes C0, C1 and F5 to FF,
/// stray continuation bytes and sequences cut short are not UTF-8.
[[nodiscard]] Utf8Char decode_utf8(std::string_view s, std::size_t i);

/// Code points that change how a terminal or a reader shows the text around them without
/// showing themselves: DEL, the C1 controls U+0080 to U+009F (U+009B starts a terminal's
/// escape sequence), the bidi controls and marks (U+061C, U+200E, U+200F, U+202A to U+202E,
/// U+2066 to U+2069) and the line and paragraph separators U+2028, U+2029. Every writer of
/// text shows them as escapes (\xNN in messages, \uXXXX in JSON, &#xXXXX; in XML), never raw.
[[nodiscard]] bool invisible_code_point(char32_t cp);

/// `text` in Unicode normalisation form C (composed: "e" and U+0301 become "é"), as Linux and
/// Windows programs write names; `text` as it is when it is not UTF-8.
[[nodiscard]] std::string nfc(std::string_view text);

/// For a "did you mean" whose suggestion would read exactly as the name refused: when `given`
/// and `found` are other bytes but the same letters in another Unicode normalisation (a name
/// typed in NFD, as macOS writes names, and found in NFC, or the other way), " (same letters,
/// different Unicode normalisation: you gave U+0065 U+0301 (NFD), the name has U+00E9 (NFC))",
/// the code points where they differ; else an empty string.
[[nodiscard]] std::string same_letters_note(std::string_view given, std::string_view found);

}  // namespace dungen::core
