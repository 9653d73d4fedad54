#include "export/text_out.hpp"

namespace dungen::exporters {
namespace {

// What the encoders do with one code point besides copying it.
enum class Treatment { Copy, Replace, Escape };

// JSON: '"' and '\\' are escaped by the caller; C0 controls, the invisible code points and the
// noncharacters U+FFFE, U+FFFF as \uXXXX; text that is not UTF-8 as U+FFFD.
Treatment json_treatment(const Utf8Char& c) {
  if (c.length == 0) return Treatment::Replace;
  const char32_t cp = c.code_point;
  if (cp < 0x20 || invisible_code_point(cp) || cp == 0xFFFE || cp == 0xFFFF)
    return Treatment::Escape;
  return Treatment::Copy;
}

// XML 1.0: tab, line feed and carriage return as references (kept in attribute values), the
// other C0 controls, U+FFFE, U+FFFF and text that is not UTF-8 as U+FFFD (no reference can
// name them), the invisible code points as references.
Treatment xml_treatment(const Utf8Char& c) {
  const char32_t cp = c.code_point;
  if (c.length == 0 || cp == 0xFFFE || cp == 0xFFFF) return Treatment::Replace;
  if (cp == '\t' || cp == '\n' || cp == '\r') return Treatment::Escape;
  if (cp < 0x20) return Treatment::Replace;
  if (invisible_code_point(cp)) return Treatment::Escape;
  return Treatment::Copy;
}

const char* xml_entity(char c) {
  switch (c) {
    case '&':
      return "&amp;";
    case '<':
      return "&lt;";
    case '>':
      return "&gt;";
    case '"':
      return "&quot;";
    case '\'':
      return "&apos;";
    default:
      return nullptr;
  }
}

}  // namespace

std::string json_string(std::string_view text) {
  std::string out = "\"";
  out.reserve(text.size() + 2);
  for (std::size_t i = 0; i < text.size();) {
    const Utf8Char c = decode_utf8(text, i);
    switch (json_treatment(c)) {
      case Treatment::Replace:
        out += "\\ufffd";
        break;
      case Treatment::Escape:
        out += fmt::format("\\u{:04x}", static_cast<std::uint32_t>(c.code_point));
        break;
      case Treatment::Copy:
        if (c.code_point == '"' || c.code_point == '\\') out += '\\';
        out.append(text.substr(i, c.length));
    }
    i += c.length == 0 ? 1 : c.length;
  }
  return out + "\"";
}

std::string xml_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const Utf8Char c = decode_utf8(text, i);
    switch (xml_treatment(c)) {
      case Treatment::Replace:
        out += "\xEF\xBF\xBD";  // U+FFFD
        break;
      case Treatment::Escape:  // decimal for the line ends and tab, as Tiled writes them
        out += c.code_point < 0x20
                   ? fmt::format("&#{};", static_cast<std::uint32_t>(c.code_point))
                   : fmt::format("&#x{:X};", static_cast<std::uint32_t>(c.code_point));
        break;
      case Treatment::Copy:
        if (const char* entity = xml_entity(text[i])) {
          out += entity;
        } else {
          out.append(text.substr(i, c.length));
        }
    }
    i += c.length == 0 ? 1 : c.length;
  }
  return out;
}

void TextOut::string(std::string_view text) { raw(json_string(text)); }

}  // namespace dungen::exporters
