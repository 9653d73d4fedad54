#include "core/transform.hpp"

namespace dungen::core {
namespace {

constexpr std::array<std::string_view, 8> kNames = {"r0", "r90", "r180", "r270",
                                                    "f0", "f90", "f180", "f270"};
constexpr std::uint32_t kH = 0x80000000u;
constexpr std::uint32_t kV = 0x40000000u;
constexpr std::uint32_t kD = 0x20000000u;
// Indexed by Orientation value. Derived on centred coordinates with y down:
// a clockwise quarter turn is (x, y) -> (-y, x) = H after D; the mirror is H.
constexpr std::array<std::uint32_t, 8> kTmxFlags = {
    0,  kH | kD,      kH | kV, kV | kD,  // r0 r90 r180 r270
    kH, kH | kV | kD, kV,      kD};      // f0 f90 f180 f270

}  // namespace

std::string_view orientation_name(Orientation o) { return kNames[static_cast<int>(o)]; }

std::optional<Orientation> parse_orientation(std::string_view name) {
  for (Orientation o : kOrientations) {
    if (orientation_name(o) == name) return o;
  }
  return std::nullopt;
}

std::uint32_t to_tmx_flags(Orientation o) { return kTmxFlags[static_cast<int>(o)]; }

Orientation from_tmx_flags(std::uint32_t gid) {
  const std::uint32_t bits = gid & (kH | kV | kD);
  for (Orientation o : kOrientations) {
    if (kTmxFlags[static_cast<int>(o)] == bits) return o;
  }
  return Orientation::R0;  // unreachable: the table covers all 8 combinations
}

}  // namespace dungen::core
