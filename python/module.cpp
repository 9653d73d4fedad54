// The extension module dungen._dungen; python/dungen/__init__.py makes it the package `dungen`.
#include "bindings.hpp"

PYBIND11_MODULE(_dungen, m) {
  namespace python = dungen::python;
  m.doc() = "The C++ part of dungen's Python module: import dungen, not dungen._dungen.";
  pybind11::options options;
  options.disable_function_signatures();  // each docstring's first line is its signature
  python::bind_errors(m);
  python::bind_level(m);
  python::bind_tile_set(m);
  python::bind_batch(m);
  m.attr("__version__") = dungen::version();
  // The values of CellKind (python/dungen/__init__.py checks its enum against them).
  pybind11::dict kinds;
  for (const auto& [name, kind] : {std::pair{"VOID", dungen::CellKind::Void},
                                   {"FLOOR", dungen::CellKind::Floor},
                                   {"WALL", dungen::CellKind::Wall},
                                   {"DOOR", dungen::CellKind::Door}})
    kinds[name] = static_cast<int>(kind);
  m.attr("CELL_KINDS") = kinds;
}
