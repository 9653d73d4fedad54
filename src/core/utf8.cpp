#include "core/utf8.hpp"

namespace dungen::core {
namespace {

bool continuation(std::string_view s, std::size_t i, unsigned char lo = 0x80,
                  unsigned char hi = 0xBF) {
  if (i >= s.size()) return false;
  const auto b = static_cast<unsigned char>(s[i]);
  return b >= lo && b <= hi;
}

}  // namespace

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
