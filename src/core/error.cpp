#include "core/error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

namespace dungen {
namespace {

// The length of the UTF-8 character at the start of `text` (1 to 4 bytes), or 0 when its
// bytes are not one: a continuation byte without a lead, a lead byte without its
// continuations, an overlong form, a UTF-16 surrogate or a value past U+10FFFF (RFC 3629).
std::size_t utf8_length(std::string_view text) {
  const auto lead = static_cast<unsigned char>(text[0]);
  if (lead < 0x80) return 1;
  std::size_t n = 0;
  char32_t value = 0, least = 0;
  if ((lead & 0xE0) == 0xC0) {
    n = 2, value = lead & 0x1FU, least = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    n = 3, value = lead & 0x0FU, least = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    n = 4, value = lead & 0x07U, least = 0x10000;
  } else {
    return 0;
  }
  if (text.size() < n) return 0;
  for (std::size_t i = 1; i < n; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if ((byte & 0xC0) != 0x80) return 0;
    value = (value << 6) | (byte & 0x3FU);
  }
  if (value < least || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) return 0;
  return n;
}

// `text` with control characters (C0, DEL and the C1 range U+0080..U+009F, which terminals
// may obey) and every byte that is not part of a valid UTF-8 character written as \xNN.
std::string escape_unprintable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const std::size_t n = utf8_length(text.substr(i));
    const bool control = byte < 0x20 || byte == 0x7f ||
                         (n == 2 && byte == 0xC2 && static_cast<unsigned char>(text[i + 1]) < 0xA0);
    if (n == 0 || control) {
      for (std::size_t k = 0; k < std::max<std::size_t>(n, 1); ++k)
        out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i + k]));
      i += std::max<std::size_t>(n, 1);
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

// Moves `cut` back to the start of a UTF-8 character, so no character is split: at most 3
// bytes (a run of stray continuation bytes is not one character).
std::size_t char_start(std::string_view text, std::size_t cut) {
  for (int step = 0; step < 3 && cut > 0 && cut < text.size(); ++step) {
    if ((static_cast<unsigned char>(text[cut]) & 0xC0) != 0x80) break;
    --cut;
  }
  return cut;
}

// The length of the field marker at the start of `text` ("{door_width}..." -> 12), or 0 when
// `text` does not start with one.
std::size_t marker_length(std::string_view text) {
  if (text.size() < 3 || text[0] != '{' || text[1] < 'a' || text[1] > 'z') return 0;
  for (std::size_t i = 2; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '}') return i + 1;
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return 0;
  }
  return 0;
}

}  // namespace

std::string printable(std::string_view text, std::size_t max_bytes) {
  std::string out = escape_unprintable(text);
  constexpr std::string_view kGap = " ... ";
  if (out.size() <= max_bytes || max_bytes < 2 * kGap.size()) return out;
  // Keep more of the end than of the start when long: messages end with how to fix them.
  const std::size_t keep = max_bytes - kGap.size();
  const std::size_t head = char_start(out, keep / 3);
  const std::size_t tail = char_start(out, out.size() - (keep - keep / 3));
  return out.substr(0, head) + std::string(kGap) + out.substr(tail);
}

std::string render_fields(std::string_view raw, std::span<const FieldName> names) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size();) {
    const std::size_t n = marker_length(raw.substr(i));
    if (n == 0) {
      out += raw[i++];
      continue;
    }
    const std::string_view field = raw.substr(i + 1, n - 2);
    const auto it = std::find_if(names.begin(), names.end(),
                                 [&](const FieldName& f) { return f.field == field; });
    out += it == names.end() ? field : it->shown;
    i += n;
  }
  return printable(out);
}

Error field_error(std::string_view field, const std::string& what, ErrorKind kind) {
  return Error(fmt::format("{{{}}}: {}", field, what), kind);
}

Error::Error(const std::string& message, ErrorKind kind)
    : Error(std::make_shared<const std::string>(printable(message, kRawBytes)), kind) {}

Error::Error(std::shared_ptr<const std::string> raw, ErrorKind kind)
    : std::runtime_error(render_fields(*raw)), raw_(std::move(raw)), kind_(kind) {}

}  // namespace dungen
