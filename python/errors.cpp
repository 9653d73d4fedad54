// dungen.Error: the Python face of dungen::Error, with the CLI's message and exit code.
#include "bindings.hpp"

namespace dungen::python {
namespace {

constexpr const char* kErrorDoc =
    "Bad input, a bad option value or an output dungen cannot make.\n\n"
    "str(error) is the message `dungen generate` prints after 'dungen: error: ' for the same\n"
    "mistake, and error.exit_code its exit status: 1 bad input (a tile, the folder, a palette\n"
    "or tileset.txt), 2 bad option value (e.g. max_tiles=0), 4 output that cannot be made.\n"
    "A level that ends early is no error: see Level.terminated_early and Level.complete.";

// dungen.Error, made once with the module and kept for the process's life (the translator
// below raises it from any thread that holds the GIL).
PyObject* error_type = nullptr;

}  // namespace

void bind_errors(py::module_& m) {
  py::dict attributes;
  attributes["exit_code"] = 1;  // an Error made in Python without one counts as bad input
  error_type =
      PyErr_NewExceptionWithDoc("dungen.Error", kErrorDoc, PyExc_Exception, attributes.ptr());
  if (error_type == nullptr) throw py::error_already_set();
  m.add_object("Error", py::handle(error_type));
  py::register_exception_translator([](std::exception_ptr thrown) {
    if (!thrown) return;
    try {
      std::rethrow_exception(thrown);
    } catch (const Error& e) {  // others go on to pybind11's translators
      const py::object error = py::reinterpret_borrow<py::object>(error_type)(e.what());
      error.attr("exit_code") = e.exit_code();
      PyErr_SetObject(error_type, error.ptr());
    }
  });
}

}  // namespace dungen::python
