#include "core/geometry.hpp"

#include <algorithm>

namespace dungen::core {

Rect Rect::united(Rect other) const {
  if (empty()) return other;
  if (other.empty()) return *this;
  const int left = std::min(x, other.x);
  const int top = std::min(y, other.y);
  return {left, top, std::max(right(), other.right()) - left,
          std::max(bottom(), other.bottom()) - top};
}

std::string_view facing_name(Facing f) {
  constexpr std::array<std::string_view, 4> kNames = {"north", "east", "south", "west"};
  return kNames[static_cast<int>(f)];
}

std::optional<Facing> parse_facing(std::string_view name) {
  for (Facing f : kFacings) {
    if (facing_name(f) == name) return f;
  }
  return std::nullopt;
}

}  // namespace dungen::core
