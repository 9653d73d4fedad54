// dungen.Level, dungen.Placement and dungen.Door: a generated level as data (cells as a NumPy
// view on the level's own storage) and as the files the dungen program writes.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"

namespace dungen::python {
namespace {

constexpr const char* kLevelDoc =
    "A generated level: read-only data, and the files `dungen generate` writes for it.\n\n"
    "Made by TileSet.generate or dungen.batch; the level for a seed is the one\n"
    "`dungen generate TILES --seed SEED` makes with the same options, byte for byte.\n"
    "Coordinates are map cells from the top-left cell, x right, y down.";

// The cells of the level `self` as a read-only uint8 array (height, width) on the level's own
// storage: no copy; the array keeps the level alive (its base).
py::array cells_of(const py::object& self) {
  const auto& level = self.cast<const Level&>();
  const auto w = static_cast<py::ssize_t>(level.width());
  const auto h = static_cast<py::ssize_t>(level.height());
  py::array_t<std::uint8_t> cells({h, w}, {w, py::ssize_t{1}}, level.cells().data(), self);
  cells.attr("setflags")(py::arg("write") = false);
  return cells;
}

py::object cell_or_none(std::pair<int, int> cell) {
  if (cell.first < 0) return py::none();
  return py::make_tuple(cell.first, cell.second);
}

py::dict metrics_of(const Level& level) {
  py::dict out;
  for (const Metric& m : level.metrics()) out[py::str(m.name)] = m.value;
  return out;
}

// Level::*File (a file the CLI writes) without the GIL: writers take a while on big levels.
template <auto File>
auto released() {
  return [](const Level& level) {
    const py::gil_scoped_release release;
    return (level.*File)();
  };
}

py::bytes png_of(const Level& level) {
  const std::vector<std::uint8_t> png = released<&Level::png>()(level);
  return {reinterpret_cast<const char*>(png.data()), png.size()};
}

std::string level_repr(const Level& level) {
  return "<dungen.Level seed=" + std::to_string(level.seed()) + ": " +
         std::to_string(level.width()) + "x" + std::to_string(level.height()) + " cells, " +
         std::to_string(level.placements().size()) + " tiles>";
}

void bind_level_data(py::class_<Level>& c) {
  c.def_property_readonly("seed", &Level::seed,
                          "The seed that made the level (after retries, "
                          "the one that made it).")
      .def_property_readonly("width", &Level::width, "Map width, cells.")
      .def_property_readonly("height", &Level::height, "Map height, cells.")
      .def_property_readonly("cells", &cells_of,
                             "The cells: a read-only NumPy uint8 array of shape (height, width);\n"
                             "cells[y, x] is a CellKind value (0 void, 1 floor, 2 wall, 3 door).\n"
                             "A view on the level's own storage (no copy) that keeps it alive.")
      .def_property_readonly("placements", &Level::placements,
                             "The tiles placed (Placement), in the order placed; index = id.")
      .def_property_readonly("doors", &Level::doors,
                             "Every door (Door): connected and locked doors once each, then the\n"
                             "sealed ones.")
      .def_property_readonly("metrics", &metrics_of,
                             "The metrics by name, in the JSON report's order:\n"
                             "{'reachable_share': 1.0, 'dead_ends': 26.0, 'loops': 3.0, ...}.")
      .def_property_readonly("notes", &Level::notes,
                             "What the generator, the locks and the content noted (list of str).")
      .def_property_readonly("terminated_early", &Level::terminated_early,
                             "Whether the level ended early (before min_tiles).")
      .def_property_readonly("complete", &Level::complete,
                             "What --strict asks: not ended early, every passable cell\n"
                             "reachable from the entrance, require's targets met.")
      .def_property_readonly(
          "entrance", [](const Level& l) { return cell_or_none(l.entrance()); },
          "The entrance cell (x, y), or None.")
      .def_property_readonly(
          "exit", [](const Level& l) { return cell_or_none(l.exit()); },
          "The exit cell (x, y), or None.");
}

void bind_level_files(py::class_<Level>& c) {
  c.def_property_readonly("hash", released<&Level::hash>(),
                          "16 hex digits: the hash a batch's manifest.csv gives the level\n"
                          "(FNV-1a 64 over its PNG, text and JSON reports). Made on each read.")
      .def_property_readonly("report", released<&Level::report>(),
                             "The text report (--report), as the CLI writes it. Made on each read.")
      .def("to_png", &png_of,
           "to_png() -> bytes\n\nThe map PNG `dungen generate -o` writes: the same bytes.")
      .def("to_json", released<&Level::json>(),
           "to_json() -> str\n\nThe JSON report (--json), as the CLI writes it.")
      .def("to_tmj", released<&Level::tmj>(),
           "to_tmj() -> str\n\nThe Tiled JSON map (--tmj); its tileset image is "
           "'dungen-tiles.png'.")
      .def("to_ascii", released<&Level::ascii>(),
           "to_ascii() -> str\n\nThe ASCII map (--ascii), as the CLI writes it.")
      .def("__repr__", &level_repr);
}

std::string placement_repr(const Placement& p) {
  return "Placement(tile=" + std::string(py::repr(py::str(p.tile))) +
         ", rotate=" + std::to_string(p.rotate) + ", flip=" + (p.flip ? "True" : "False") +
         ", x=" + std::to_string(p.x) + ", y=" + std::to_string(p.y) +
         ", width=" + std::to_string(p.width) + ", height=" + std::to_string(p.height) + ")";
}

void bind_placement(py::module_& m) {
  package_class<Placement>(m, "Placement",
                           "One tile put on the map: mirrored when flip (first), then turned\n"
                           "clockwise by rotate degrees, its top-left corner at cell (x, y).")
      .def_readonly("tile", &Placement::tile, "The tile's file name within its set.")
      .def_readonly("rotate", &Placement::rotate, "Degrees clockwise: 0, 90, 180 or 270.")
      .def_readonly("flip", &Placement::flip, "Mirrored (x -> width-1-x), before the rotation.")
      .def_property_readonly(
          "orientation",
          [](const Placement& p) { return (p.flip ? "f" : "r") + std::to_string(p.rotate); },
          "The orientation as tileset.txt names it: 'r0'..'r270', 'f0'..'f270'.")
      .def_readonly("x", &Placement::x, "Left cell, map cells.")
      .def_readonly("y", &Placement::y, "Top cell, map cells.")
      .def_readonly("width", &Placement::width, "Width as placed (after turning), cells.")
      .def_readonly("height", &Placement::height, "Height as placed (after turning), cells.")
      .def("__repr__", &placement_repr);
}

const char* facing_name(Facing f) {
  constexpr const char* kNames[] = {"north", "east", "south", "west"};
  return kNames[static_cast<int>(f)];
}

const char* fate_name(DoorFate f) {
  return f == DoorFate::Connected ? "connected" : f == DoorFate::Locked ? "locked" : "sealed";
}

py::object id_or_none(int id) { return id < 0 ? py::none() : py::object(py::int_(id)); }

std::string door_repr(const Door& d) {
  return std::string("Door(x=") + std::to_string(d.x) + ", y=" + std::to_string(d.y) +
         ", width=" + std::to_string(d.width) + ", facing='" + facing_name(d.facing) + "', fate='" +
         fate_name(d.fate) + "', placement=" + std::to_string(d.placement) + ")";
}

void bind_door(py::module_& m) {
  package_class<Door>(m, "Door",
                      "A door of the level: width cells from cell (x, y), across its facing,\n"
                      "facing that way (outward) from placement.")
      .def_readonly("x", &Door::x, "The door's first cell (leftmost or topmost), map cells.")
      .def_readonly("y", &Door::y, "See x.")
      .def_readonly("width", &Door::width, "Cells.")
      .def_property_readonly(
          "facing", [](const Door& d) { return facing_name(d.facing); },
          "Outward from placement: 'north', 'east', 'south' or 'west'.")
      .def_property_readonly(
          "fate", [](const Door& d) { return fate_name(d.fate); },
          "'connected', 'locked' (behind lock) or 'sealed' (drawn as wall; see reason).")
      .def_readonly("placement", &Door::placement, "Index into Level.placements: its own side.")
      .def_property_readonly(
          "other", [](const Door& d) { return id_or_none(d.other); },
          "The placement on the other side; None when sealed.")
      .def_property_readonly(
          "lock", [](const Door& d) { return id_or_none(d.lock); },
          "The lock's id when locked (its key has the same id); else None.")
      .def_property_readonly(
          "reason",
          [](const Door& d) {
            return d.reason.empty() ? py::none() : py::object(py::str(d.reason));
          },
          "When sealed, why: the JSON report's key, e.g. 'tile_budget'; else None.")
      .def("__repr__", &door_repr);
}

}  // namespace

void bind_level(py::module_& m) {
  bind_placement(m);
  bind_door(m);
  auto level = package_class<Level>(m, "Level", kLevelDoc);
  bind_level_data(level);
  bind_level_files(level);
}

}  // namespace dungen::python
