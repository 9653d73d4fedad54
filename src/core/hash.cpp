#include "core/hash.hpp"

namespace dungen::core {

std::string hex64(std::uint64_t h) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string s(16, '0');
  for (int i = 15; i >= 0; --i) {
    s[static_cast<std::size_t>(i)] = kDigits[h & 0xF];
    h >>= 4;
  }
  return s;
}

}  // namespace dungen::core
