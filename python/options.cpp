// Keyword arguments to dungen::GenerateOptions: one table names every field, its type and what
// None means; the values themselves are checked by dungen::generate, with the CLI's messages.
#include <climits>
#include <string_view>
#include <variant>

#include "bindings.hpp"

namespace dungen::python {
namespace {

/// What a field accepts besides its own type.
enum class Accept {
  Own,         ///< only its type
  NoneToo,     ///< None = "not given" (-1 for an int, "" for a text)
  NoneOrCount  ///< None, or an int (a count, as the CLI's "8")
};

using Member = std::variant<int GenerateOptions::*, std::string GenerateOptions::*,
                            bool GenerateOptions::*, Policy GenerateOptions::*>;

/// One keyword argument: its name (the field's), the field, what else it accepts, and for an
/// int that accepts None, the value that means "not given" in GenerateOptions.
struct Field {
  std::string_view name;
  Member member;
  Accept accept = Accept::Own;
  int unset = -1;
};

using G = GenerateOptions;
constexpr Field kFields[] = {
    {"max_tiles", &G::max_tiles},
    {"min_tiles", &G::min_tiles, Accept::NoneToo},
    {"start", &G::start, Accept::NoneToo},
    {"policy", &G::policy},
    {"max_size", &G::max_size, Accept::NoneToo},
    {"loops", &G::loops, Accept::NoneToo},
    {"loop_detour", &G::loop_detour},
    {"max_dead_ends", &G::max_dead_ends, Accept::NoneOrCount},
    {"loop_retries", &G::loop_retries},
    {"retries", &G::retries},
    {"flip", &G::flip},
    {"rotate", &G::rotate},
    {"locks", &G::locks},
    {"spikes", &G::spikes},
    {"monsters", &G::monsters},
    {"chests", &G::chests},
    {"loot", &G::loot},
    {"decor", &G::decor},
    {"tiers", &G::tiers, Accept::NoneToo, 0},
    {"require", &G::require, Accept::NoneToo},
};

// The CLI's flag of a field: "max_tiles" -> "--max-tiles".
std::string flag_of(std::string_view name) {
  std::string flag = "--" + std::string(name);
  for (char& c : flag) c = c == '_' ? '-' : c;
  return flag;
}

bool is_int(py::handle v) { return PyIndex_Check(v.ptr()) && !PyBool_Check(v.ptr()); }

[[noreturn]] void wrong_type(const char* function, std::string_view name, const char* want,
                             py::handle v) {
  throw py::type_error(std::string(function) + "(): " + std::string(name) + " must be " + want +
                       ", got " + std::string(py::str(py::type::of(v).attr("__name__"))));
}

// An int field's value. An int beyond C++'s int, or -1 where GenerateOptions reads it as "not
// given" (None says that here), becomes INT_MAX or INT_MIN, out of every option's range, and is
// remembered for the message.
int int_value(py::handle v, const Field& field, ParsedOptions& out) {
  const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(v.ptr()));
  if (!i) throw py::error_already_set();
  int overflow = 0;
  const long long value = PyLong_AsLongLongAndOverflow(i.ptr(), &overflow);
  const bool unset = field.accept == Accept::NoneToo && field.unset == -1 && value == -1;
  if (overflow == 0 && value >= INT_MIN && value <= INT_MAX && !unset)
    return static_cast<int>(value);
  out.beyond_int.emplace_back(flag_of(field.name), std::string(py::str(py::handle(i))));
  return overflow < 0 || (overflow == 0 && value < 0) ? INT_MIN : INT_MAX;
}

Policy policy_value(const std::string& name) {
  if (name == "random") return Policy::Random;
  if (name == "breadth") return Policy::Breadth;
  if (name == "depth") return Policy::Depth;
  // The CLI's message for the same value (tests/python checks they agree).
  throw Error("--policy: '" + name + "' is not a growth policy; use random, breadth or depth",
              ErrorKind::Usage);
}

// Sets `field` of `out.options` from `v`, as `function` was called.
void set(const Field& field, py::handle v, const char* function, ParsedOptions& out) {
  G& o = out.options;
  const bool none = v.is_none() && field.accept != Accept::Own;
  if (const auto* m = std::get_if<int G::*>(&field.member)) {
    if (!none && !is_int(v)) wrong_type(function, field.name, "an int", v);
    o.*(*m) = none ? field.unset : int_value(v, field, out);
  } else if (const auto* t = std::get_if<std::string G::*>(&field.member)) {
    if (none) {
      o.*(*t) = "";
    } else if (field.accept == Accept::NoneOrCount && is_int(v)) {
      o.*(*t) = std::string(py::str(py::reinterpret_steal<py::object>(PyNumber_Index(v.ptr()))));
    } else {
      if (!py::isinstance<py::str>(v)) wrong_type(function, field.name, "a str", v);
      o.*(*t) = v.cast<std::string>();
    }
  } else if (const auto* b = std::get_if<bool G::*>(&field.member)) {
    if (!PyBool_Check(v.ptr())) wrong_type(function, field.name, "a bool", v);
    o.*(*b) = v.ptr() == Py_True;
  } else {
    if (!py::isinstance<py::str>(v)) wrong_type(function, field.name, "a str", v);
    o.*std::get<Policy G::*>(field.member) = policy_value(v.cast<std::string>());
  }
}

[[noreturn]] void unknown(const char* function, const std::string& name) {
  py::list names;
  for (const Field& f : kFields) names.append(py::str(f.name.data(), f.name.size()));
  const py::list close = py::module_::import("difflib").attr("get_close_matches")(name, names, 1);
  std::string hint;
  if (!close.empty()) hint = "; did you mean '" + close[0].cast<std::string>() + "'?";
  throw py::type_error(std::string(function) + "() got an unexpected keyword argument '" + name +
                       "'" + hint);
}

}  // namespace

ParsedOptions parse_options(const py::kwargs& kwargs, const char* function) {
  ParsedOptions out;
  for (const auto& [key, value] : kwargs) {
    const std::string name = key.cast<std::string>();
    const Field* field = nullptr;
    for (const Field& f : kFields) field = f.name == name ? &f : field;
    if (field == nullptr) unknown(function, name);
    set(*field, value, function, out);
  }
  return out;
}

std::uint64_t parse_seed(py::handle seed, const char* function) {
  if (!is_int(seed)) wrong_type(function, "seed", "an int", seed);
  const py::int_ i = py::reinterpret_steal<py::int_>(PyNumber_Index(seed.ptr()));
  if (!i) throw py::error_already_set();
  const unsigned long long value = PyLong_AsUnsignedLongLong(i.ptr());
  if (value == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();  // negative or beyond 64 bits: the CLI's message for --seed
    throw Error("--seed: '" + std::string(py::str(py::handle(i))) +
                    "' is not a whole number from 0 to 18446744073709551615",
                ErrorKind::Usage);
  }
  return value;
}

Level generate_level(const TileSet& tiles, const ParsedOptions& parsed, std::uint64_t seed) {
  try {
    return generate(tiles, parsed.options, seed);
  } catch (const Error& e) {
    std::string message = e.what();
    for (const auto& [flag, given] : parsed.beyond_int) {
      if (message.rfind(flag + ":", 0) != 0) continue;
      for (const char* passed : {"'2147483647'", "'-2147483648'"}) {
        const auto at = message.find(passed);
        if (at != std::string::npos)
          message.replace(at, std::string_view(passed).size(), "'" + given + "'");
      }
    }
    throw Error(message, e.kind());
  }
}

}  // namespace dungen::python
