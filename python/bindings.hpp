#pragma once
/// \file bindings.hpp
/// The parts of the Python extension dungen._dungen, which python/dungen/__init__.py re-exports
/// as the package `dungen` (docs/python.md). Each bind_* adds its classes and functions to the
/// module. Only the public C++ API (<dungen/dungen.hpp>, libdungen.so) is bound: the module
/// makes the levels a C++ program using the library makes, which are `dungen generate`'s.

#include <pybind11/pybind11.h>

#include <cstdint>
#include <dungen/dungen.hpp>
#include <string>
#include <utility>
#include <vector>

namespace dungen::python {
namespace py = pybind11;

/// dungen.Error (a subclass of Exception with .exit_code), and the translation of every
/// dungen::Error thrown below a binding into it, with the CLI's message.
void bind_errors(py::module_& m);
/// dungen.TileSet: loading from a folder, from PNG bytes, from pixels; TileSet.generate.
void bind_tile_set(py::module_& m);
/// dungen.Level, dungen.Placement and dungen.Door: a level read as data and as files.
void bind_level(py::module_& m);
/// dungen.batch and dungen.Batch, its iterator: levels made ahead on a pool of threads.
void bind_batch(py::module_& m);

/// A class of the package: py::class_<T>(m, name, doc), which repr() and help() call
/// dungen.NAME (not dungen._dungen.NAME). The module writes its own signatures, the first line of
/// each docstring ("generate(seed: int = 1, **options) -> Level"), as the stub declares them.
template <class T>
py::class_<T> package_class(py::module_& m, const char* name, const char* doc) {
  py::class_<T> c(m, name, doc);
  c.attr("__module__") = "dungen";
  return c;
}

/// GenerateOptions read from keyword arguments named as its fields, and the ints that the
/// message of a refused option must quote as given (see generate_level).
struct ParsedOptions {
  GenerateOptions options;
  /// (CLI flag, the int as given) for each int beyond C++'s int, and each -1 that
  /// GenerateOptions would read as "not given" (None says that here): it is passed as INT_MAX
  /// or INT_MIN, which every option refuses, and the CLI's message then quotes the given int.
  std::vector<std::pair<std::string, std::string>> beyond_int;
};

/// The options `kwargs` name, each a GenerateOptions field ("max_tiles", "policy"...), the
/// others at `dungen generate`'s defaults. Throws py::type_error naming `function` ("generate")
/// for a name that is no option (with the closest option's name) or a value of the wrong type;
/// a value out of range is left for dungen::generate to refuse with the CLI's message.
[[nodiscard]] ParsedOptions parse_options(const py::kwargs& kwargs, const char* function);

/// `seed` as a seed: an int from 0 to 2^64-1. Throws py::type_error naming `function` for a
/// non-int, and dungen::Error (exit code 2, the CLI's message for --seed) for an int out of
/// range.
[[nodiscard]] std::uint64_t parse_seed(py::handle seed, const char* function);

/// dungen::generate(tiles, parsed.options, seed), its errors' messages quoting the ints as
/// given (ParsedOptions::beyond_int). Needs no GIL: callers release it.
[[nodiscard]] Level generate_level(const TileSet& tiles, const ParsedOptions& parsed,
                                   std::uint64_t seed);

}  // namespace dungen::python
