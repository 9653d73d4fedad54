#include "core/error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "core/utf8.hpp"

namespace dungen {
namespace {

// `text` with what must not reach a terminal raw written as \xNN, each byte on its own: C0
// controls, DEL, the C1 controls (U+009B starts an escape sequence), the bidi controls and
// marks (U+202E turns the text after it around) and every byte that is not part of a valid
// UTF-8 character (core::decode_utf8, core::invisible_code_point).
std::string escape_unprintable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const core::Utf8Char c = core::decode_utf8(text, i);
    const std::size_t n = std::max<std::size_t>(c.length, 1);
    if (c.length == 0 || c.code_point < 0x20 || core::invisible_code_point(c.code_point)) {
      for (std::size_t k = 0; k < n; ++k)
        out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i + k]));
    } else {
      out.append(text.substr(i, n));
    }
    i += n;
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
