#include "core/error.hpp"

#include <fmt/format.h>

namespace dungen {
namespace {

std::string escape_controls(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      out += fmt::format("\\x{:02x}", byte);
    } else {
      out += c;
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

}  // namespace

std::string printable(std::string_view text, std::size_t max_bytes) {
  std::string out = escape_controls(text);
  constexpr std::string_view kGap = " ... ";
  if (out.size() <= max_bytes || max_bytes < 2 * kGap.size()) return out;
  // Keep more of the end than of the start when long: messages end with how to fix them.
  const std::size_t keep = max_bytes - kGap.size();
  const std::size_t head = char_start(out, keep / 3);
  const std::size_t tail = char_start(out, out.size() - (keep - keep / 3));
  return out.substr(0, head) + std::string(kGap) + out.substr(tail);
}

}  // namespace dungen
