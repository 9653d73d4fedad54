#pragma once
/// \file text_lines.hpp
/// Lines of the hand-written text inputs (tileset.txt, palette files), whatever editor
/// saved them.

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace dungen::core {

/// One line of a text file: its number (1-based) and its bytes without the line end.
struct TextLine {
  int number = 0;
  std::string_view text;
};

/// Calls `f(line)` for each line of `text` in order, split as split_lines splits it, without
/// keeping the lines (a file of millions of lines needs no list of them).
template <class F>
void for_each_line(std::string_view text, F&& f) {
  std::size_t start = 0;
  int number = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find_first_of("\r\n", start), text.size());
    f(TextLine{++number, text.substr(start, end - start)});
    start = end + (text.compare(end, 2, "\r\n") == 0 ? 2 : 1);
  }
}

/// `text` split into lines at "\n", "\r\n" or a lone "\r" (files saved with Windows or old
/// Mac line ends read the same). The views point into `text`. A final line end adds no line.
[[nodiscard]] std::vector<TextLine> split_lines(std::string_view text);

/// Throws Error "<source>: line N column C: a control byte (\xNN) ..." when `line` holds a
/// byte below 0x20 other than tab, or 0x7f (a NUL from a UTF-16 or binary file, an escape
/// sequence): such bytes are never meant, and would otherwise be taken for part of a name.
void check_line_bytes(const TextLine& line, const std::string& source);

}  // namespace dungen::core
