#include "core/utf8.hpp"

#include <fmt/format.h>
#include <utf8proc.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

namespace dungen::core {
namespace {

bool continuation(std::string_view s, std::size_t i, unsigned char lo = 0x80,
                  unsigned char hi = 0xBF) {
  if (i >= s.size()) return false;
  const auto b = static_cast<unsigned char>(s[i]);
  return b >= lo && b <= hi;
}

// `text` normalised by utf8proc with `options` (UTF8PROC_COMPOSE: NFC, UTF8PROC_DECOMPOSE:
// NFD), or `text` as it is when utf8proc refuses it (not UTF-8).
std::string normalised(std::string_view text, utf8proc_option_t options) {
  if (text.empty()) return {};
  utf8proc_uint8_t* out = nullptr;
  const utf8proc_ssize_t n =
      utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(text.data()),
                   static_cast<utf8proc_ssize_t>(text.size()), &out,
                   static_cast<utf8proc_option_t>(options | UTF8PROC_STABLE));
  const std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(out, &std::free);
  if (n < 0) return std::string(text);
  return {reinterpret_cast<const char*>(out), static_cast<std::size_t>(n)};
}

std::vector<char32_t> code_points(std::string_view text) {
  std::vector<char32_t> cps;
  for (std::size_t i = 0; i < text.size();) {
    const Utf8Char c = decode_utf8(text, i);
    cps.push_back(c.code_point);
    i += c.length == 0 ? 1 : c.length;
  }
  return cps;
}

// The code points of `text` from `first` to `last` (exclusive), "U+0065 U+0301", and its form.
std::string spelt(std::string_view text, std::size_t first, std::size_t last) {
  const std::vector<char32_t> cps = code_points(text);
  std::string out;
  for (std::size_t i = first; i < last; ++i)
    out += fmt::format("{}U+{:04X}", out.empty() ? "" : " ", static_cast<std::uint32_t>(cps[i]));
  if (nfc(text) == text) return out + " (NFC)";
  if (normalised(text, UTF8PROC_DECOMPOSE) == text) return out + " (NFD)";
  return out;
}

}  // namespace

std::string nfc(std::string_view text) { return normalised(text, UTF8PROC_COMPOSE); }

std::string same_letters_note(std::string_view given, std::string_view found) {
  if (given == found || nfc(given) != nfc(found)) return "";
  const std::vector<char32_t> a = code_points(given), b = code_points(found);
  std::size_t head = 0, tail = 0;  // the code points both begin and end with
  while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
  while (tail < a.size() - head && tail < b.size() - head &&
         a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) {
    ++tail;
  }
  return fmt::format(" (same letters, different Unicode normalisation: you gave {}, the name "
                     "has {})",
                     spelt(given, head, a.size() - tail), spelt(found, head, b.size() - tail));
}

Utf8Char decode_utf8(std::string_view s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  const auto at = [&](std::size_t k) { return char32_t{static_cast<unsigned char>(s[i + k])}; };
  if (b < 0x80) return {b, 1};
  // RFC 3629's table: the second byte's range excludes overlong forms (after E0, F0),
  // surrogates (after ED) and code points past U+10FFFF (after F4).
  if (b >= 0xC2 && b <= 0xDF && continuation(s, i + 1))
    return {((b & 0x1Fu) << 6) | (at(1) & 0x3F), 2};
  if (b >= 0xE0 && b <= 0xEF) {
    const unsigned char lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
    if (continuation(s, i + 1, lo, hi) && continuation(s, i + 2))
      return {((b & 0x0Fu) << 12) | ((at(1) & 0x3F) << 6) | (at(2) & 0x3F), 3};
  }
  if (b >= 0xF0 && b <= 0xF4) {
    const unsigned char lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
    if (continuation(s, i + 1, lo, hi) && continuation(s, i + 2) && continuation(s, i + 3)) {
      return {((b & 0x07u) << 18) | ((at(1) & 0x3F) << 12) | ((at(2) & 0x3F) << 6) | (at(3) & 0x3F),
              4};
    }
  }
  return {0xFFFD, 0};
}

bool invisible_code_point(char32_t cp) {
  return cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) ||      // DEL and the C1 controls
         cp == 0x061C || cp == 0x200E || cp == 0x200F ||  // bidi marks
         (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||  // bidi controls
         cp == 0x2028 || cp == 0x2029;  // line and paragraph separators
}

}  // namespace dungen::core
