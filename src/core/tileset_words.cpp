// Splitting a tileset.txt line into words, with quoted names (tileset_words.hpp).
#include "core/tileset_words.hpp"

#include <fmt/format.h>

namespace dungen::core {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

// The quoted word starting at line[i] (a '"'); moves i past its closing quote.
TilesetWord quoted_word(std::string_view line, std::size_t& i) {
  TilesetWord word{"", i + 1};
  for (++i;;) {
    if (i >= line.size()) {
      throw TilesetWordError(word.column,
                             "the quote is not closed; end the quoted name with \" on the same "
                             "line (write \\\" for a quote inside it)");
    }
    const char c = line[i++];
    if (c == '"') break;
    if (c != '\\') {
      word.text += c;
      continue;
    }
    if (i < line.size() && (line[i] == '"' || line[i] == '\\')) {
      word.text += line[i++];
      continue;
    }
    throw TilesetWordError(i, fmt::format("'\\{}' is no escape inside quotes; write \\\" for a "
                                          "quote and \\\\ for a backslash",
                                          i < line.size() ? std::string(1, line[i]) : ""));
  }
  if (i < line.size() && !is_space(line[i]) && line[i] != '#') {
    throw TilesetWordError(i + 1,
                           "the closing quote must be followed by a space, a # comment or the "
                           "line's end");
  }
  return word;
}

}  // namespace

std::vector<TilesetWord> split_tileset_words(std::string_view line) {
  std::vector<TilesetWord> words;
  std::size_t i = 0;
  for (;;) {
    while (i < line.size() && is_space(line[i])) ++i;
    if (i >= line.size() || line[i] == '#') return words;
    if (line[i] == '"') {
      words.push_back(quoted_word(line, i));
      continue;
    }
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i]) && line[i] != '#') ++i;
    words.push_back({std::string(line.substr(start, i - start)), start + 1});
  }
}

std::string tileset_written_name(std::string_view name) {
  if (!name.empty() && name.find_first_of(" \t#") == std::string_view::npos && name[0] != '"')
    return std::string(name);
  std::string out = "\"";
  for (const char c : name) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace dungen::core
