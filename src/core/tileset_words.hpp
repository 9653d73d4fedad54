#pragma once
/// \file tileset_words.hpp
/// The words of one line of `tileset.txt` (docs/tile-format.md): a tile name and its
/// settings, where a name with spaces is written in double quotes.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace dungen::core {

/// One word of a line, as meant (quotes and escapes taken away).
struct TilesetWord {
  std::string text;
  std::size_t column = 0;  ///< where it starts on the line, in bytes from 1
};

/// A line that cannot be split into words: what is wrong and how to fix it, and the column
/// (in bytes from 1) where it is.
struct TilesetWordError : std::runtime_error {
  TilesetWordError(std::size_t at, const std::string& what)
      : std::runtime_error(what), column(at) {}
  std::size_t column;
};

/// The words of `line` before its comment. Words are separated by spaces and tabs; `#`
/// outside quotes starts a comment. A word that starts with `"` runs to the next `"` that is
/// not escaped and may hold spaces, tabs and `#`; inside it `\"` is a quote and `\\` a
/// backslash. Quotes only group: `"*"` is `*`, `"weight=2"` is `weight=2`. Outside quotes, `"`
/// and `\` within a word are plain characters. Throws TilesetWordError for a quote that is
/// not closed on the line, another character after a backslash inside quotes, and a closing
/// quote followed by anything but a space, a tab, a comment or the line's end.
[[nodiscard]] std::vector<TilesetWord> split_tileset_words(std::string_view line);

/// `name` as a tileset.txt line must write it: quoted (with `\"` and `\\`) when it is empty,
/// holds a space, a tab or `#`, or starts with `"`; else as it is.
[[nodiscard]] std::string tileset_written_name(std::string_view name);

}  // namespace dungen::core
