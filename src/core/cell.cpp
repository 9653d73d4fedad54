#include "core/cell.hpp"

namespace dungen::core {

std::string_view cell_kind_name(CellKind k) {
  switch (k) {
    case CellKind::Void:
      return "empty";
    case CellKind::Floor:
      return "floor";
    case CellKind::Wall:
      return "wall";
    case CellKind::Door:
      return "door";
  }
  return "?";
}

std::optional<CellKind> parse_cell_kind(std::string_view name) {
  if (name == "empty" || name == "void") return CellKind::Void;
  if (name == "floor") return CellKind::Floor;
  if (name == "wall") return CellKind::Wall;
  if (name == "door") return CellKind::Door;
  return std::nullopt;
}

}  // namespace dungen::core
