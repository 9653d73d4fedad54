#include "core/text_lines.hpp"

#include <fmt/format.h>

#include "core/error.hpp"

namespace dungen::core {

std::vector<TextLine> split_lines(std::string_view text) {
  std::vector<TextLine> lines;
  std::size_t start = 0;
  int number = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find_first_of("\r\n", start), text.size());
    lines.push_back(TextLine{++number, text.substr(start, end - start)});
    start = end + (text.compare(end, 2, "\r\n") == 0 ? 2 : 1);
  }
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
