#include "core/text_lines.hpp"

#include <fmt/format.h>

#include "core/error.hpp"

namespace dungen::core {

std::vector<TextLine> split_lines(std::string_view text) {
  std::vector<TextLine> lines;
  for_each_line(text, [&lines](const TextLine& line) { lines.push_back(line); });
  return lines;
}

void check_line_bytes(const TextLine& line, const std::string& source) {
  for (std::size_t i = 0; i < line.text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(line.text[i]);
    if ((byte >= 0x20 && byte != 0x7f) || byte == '\t') continue;
    throw file_error(
        source,
        fmt::format("line {} column {}: a control byte (\\x{:02x}) where text was expected; "
                    "save the file as plain UTF-8 text",
                    line.number, i + 1, byte));
  }
}

}  // namespace dungen::core
