// dungen.TileSet: tile sets loaded from a folder, from PNG bytes or from NumPy pixels, and
// TileSet.generate, one level for a seed.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings.hpp"

namespace dungen::python {
namespace {

constexpr const char* kTileSetDoc =
    "A loaded tile set: the tiles of a folder (decoded, doors found) and its tileset.txt.\n\n"
    "TileSet(folder) loads every *.png of the folder as `dungen generate FOLDER` does; the\n"
    "keyword arguments are the CLI's tile options: palette (--palette FILE; or its text as\n"
    "palette_txt), tileset (--tileset FILE), max_tile_size, skip_invalid. Raises dungen.Error\n"
    "with the CLI's message (exit_code 1 for a bad tile or folder, 2 for a bad option).\n"
    "Read-only once loaded: share it between threads; load it once, generate many levels.";

constexpr const char* kInitDoc =
    "__init__(folder: str | os.PathLike[str], *, palette: str | os.PathLike[str] | None = None, "
    "palette_txt: str | None = None, tileset: str | os.PathLike[str] | None = None, "
    "max_tile_size: int = 1024, skip_invalid: bool = False) -> None\n\n"
    "Loads the tile set of `folder` (see the class).";

constexpr const char* kFromMemoryDoc =
    "from_memory(pngs: Mapping[str, bytes], tileset_txt: str | None = None, *, "
    "palette: str | os.PathLike[str] | None = None, palette_txt: str | None = None, "
    "max_tile_size: int = 1024, skip_invalid: bool = False, label: str = 'tiles') -> TileSet\n\n"
    "The tile set whose folder would hold the PNG files `pngs` ({file name: bytes}, or\n"
    "(name, bytes) pairs) and, unless None, a tileset.txt with the text tileset_txt: the same\n"
    "tiles, input hash and levels as TileSet(folder). label stands for the folder in messages.";

constexpr const char* kFromPixelsDoc =
    "from_pixels(tiles: Mapping[str, numpy.ndarray], tileset_txt: str | None = None, *, "
    "palette: str | os.PathLike[str] | None = None, palette_txt: str | None = None, "
    "max_tile_size: int = 1024, skip_invalid: bool = False, label: str = 'tiles') -> TileSet\n\n"
    "from_memory of tiles given as pixels: {file name: NumPy uint8 array (height, width, 4)},\n"
    "RGBA, alpha 255 = opaque (wall black, floor white, door red, empty transparent), or\n"
    "(name, array) pairs. The same cells and doors as their PNGs; another input hash.";

constexpr const char* kGenerateDoc =
    "generate(seed: int = 1, **options) -> Level\n\n"
    "Makes the level `dungen generate TILES --seed SEED` makes with the same options.\n\n"
    "seed: 0 to 2**64-1. Options, by keyword, as GenerateOptions in <dungen/dungen.hpp> and\n"
    "the CLI's flags (max_tiles is --max-tiles), unset ones at the CLI's defaults:\n"
    "  max_tiles=60, min_tiles=None (half of max_tiles), start=None (a tile's file name),\n"
    "  policy='random' ('breadth', 'depth'), max_size=None ('WxH' cells), loops=None (auto),\n"
    "  loop_detour=20, max_dead_ends=None (8 or '25%'), loop_retries=2, retries=0,\n"
    "  flip=True, rotate=True, locks=0, spikes=0, monsters=0, chests=0, loot=0, decor=0,\n"
    "  tiers=0 (none), require=None (e.g. 'loops>=3').\n"
    "Raises TypeError for an unknown keyword or a value of the wrong type, dungen.Error\n"
    "(exit_code 2, the CLI's message) for a value out of range. Releases the GIL while it\n"
    "works: other threads may generate from the same tile set at once.";

std::string path_text(py::handle path) {
  return py::str(py::module_::import("os").attr("fspath")(path)).cast<std::string>();
}

// TileOptions from the keyword arguments every loader takes.
TileOptions tile_options(py::handle palette, py::handle palette_txt, py::handle tileset,
                         int max_tile_size, bool skip_invalid) {
  TileOptions o;
  if (!palette.is_none()) o.palette = path_text(palette);
  if (!palette_txt.is_none()) o.palette_txt = palette_txt.cast<std::string>();
  if (!tileset.is_none()) o.tileset = path_text(tileset);
  o.max_tile_size = max_tile_size;
  o.skip_invalid = skip_invalid;
  return o;
}

// (name, value) of a mapping's items or of an iterable of pairs.
std::vector<std::pair<std::string, py::object>> named(py::handle files, const char* what) {
  const py::object items = py::hasattr(files, "items") ? files.attr("items")()
                                                       : py::reinterpret_borrow<py::object>(files);
  std::vector<std::pair<std::string, py::object>> out;
  for (const py::handle item : py::iter(items)) {
    const auto pair = py::reinterpret_borrow<py::object>(item);
    if (!py::isinstance<py::tuple>(pair) || py::len(pair) != 2 ||
        !py::isinstance<py::str>(pair[py::int_(0)]))
      throw py::type_error(std::string(what) +
                           " must be a dict of file name to value, or (name, value) pairs");
    out.emplace_back(pair[py::int_(0)].cast<std::string>(), pair[py::int_(1)]);
  }
  return out;
}

// The bytes of a bytes-like object (bytes, bytearray, memoryview...).
std::vector<std::uint8_t> bytes_of(py::handle value, const std::string& name) {
  Py_buffer view;
  if (PyObject_GetBuffer(value.ptr(), &view, PyBUF_SIMPLE) != 0) {
    PyErr_Clear();
    throw py::type_error("from_memory(): the PNG of '" + name + "' must be bytes-like");
  }
  const auto* data = static_cast<const std::uint8_t*>(view.buf);
  std::vector<std::uint8_t> out(data, data + view.len);
  PyBuffer_Release(&view);
  return out;
}

// A tile's pixels from a NumPy uint8 array of shape (height, width, 4).
NamedPixels pixels_of(const std::string& name, py::handle value) {
  if (!py::isinstance<py::array_t<std::uint8_t>>(value))
    throw py::type_error("from_pixels(): '" + name +
                         "' must be a NumPy uint8 array (height, width, 4)");
  const auto rgba = py::array_t<std::uint8_t, py::array::c_style>::ensure(value);
  if (rgba.ndim() != 3 || rgba.shape(2) != 4)
    throw py::value_error("from_pixels(): '" + name +
                          "' must have shape (height, width, 4) (RGBA), got " +
                          std::string(py::str(value.attr("shape"))));
  const std::uint8_t* data = rgba.data();
  return {name, static_cast<int>(rgba.shape(1)), static_cast<int>(rgba.shape(0)),
          std::vector<std::uint8_t>(data, data + rgba.size())};
}

std::string text_or_empty(py::handle text) {
  return text.is_none() ? "" : text.cast<std::string>();
}

TileSet from_folder(py::handle folder, py::handle palette, py::handle palette_txt,
                    py::handle tileset, int max_tile_size, bool skip_invalid) {
  const std::string path = path_text(folder);
  const TileOptions o = tile_options(palette, palette_txt, tileset, max_tile_size, skip_invalid);
  const py::gil_scoped_release release;
  return TileSet::from_folder(path, o);
}

TileSet from_memory(py::handle pngs, py::handle tileset_txt, py::handle palette,
                    py::handle palette_txt, int max_tile_size, bool skip_invalid,
                    const std::string& label) {
  std::vector<NamedPng> files;
  for (const auto& [name, value] : named(pngs, "pngs"))
    files.push_back({name, bytes_of(value, name)});
  TileOptions o = tile_options(palette, palette_txt, py::none(), max_tile_size, skip_invalid);
  o.label = label;
  const std::string settings = text_or_empty(tileset_txt);
  const py::gil_scoped_release release;
  return TileSet::from_memory(std::move(files), settings, o);
}

TileSet from_pixels(py::handle tiles, py::handle tileset_txt, py::handle palette,
                    py::handle palette_txt, int max_tile_size, bool skip_invalid,
                    const std::string& label) {
  std::vector<NamedPixels> pixels;
  for (const auto& [name, value] : named(tiles, "tiles")) pixels.push_back(pixels_of(name, value));
  TileOptions o = tile_options(palette, palette_txt, py::none(), max_tile_size, skip_invalid);
  o.label = label;
  const std::string settings = text_or_empty(tileset_txt);
  const py::gil_scoped_release release;
  return TileSet::from_pixels(pixels, settings, o);
}

Level generate_one(const TileSet& tiles, py::handle seed, const py::kwargs& options) {
  const std::uint64_t s = parse_seed(seed, "generate");
  const ParsedOptions parsed = parse_options(options, "generate");
  const py::gil_scoped_release release;
  return generate_level(tiles, parsed, s);
}

std::string tile_set_repr(const TileSet& t) {
  return "<dungen.TileSet: " + std::to_string(t.tile_names().size()) + " tiles, input hash " +
         t.input_hash() + ">";
}

}  // namespace

void bind_tile_set(py::module_& m) {
  const auto none = py::none();
  package_class<TileSet>(m, "TileSet", kTileSetDoc)
      .def(py::init(&from_folder), kInitDoc, py::arg("folder"), py::kw_only(),
           py::arg("palette") = none, py::arg("palette_txt") = none, py::arg("tileset") = none,
           py::arg("max_tile_size") = 1024, py::arg("skip_invalid") = false)
      .def_static("from_memory", &from_memory, py::arg("pngs"), py::arg("tileset_txt") = none,
                  py::kw_only(), py::arg("palette") = none, py::arg("palette_txt") = none,
                  py::arg("max_tile_size") = 1024, py::arg("skip_invalid") = false,
                  py::arg("label") = "tiles", kFromMemoryDoc)
      .def_static("from_pixels", &from_pixels, py::arg("tiles"), py::arg("tileset_txt") = none,
                  py::kw_only(), py::arg("palette") = none, py::arg("palette_txt") = none,
                  py::arg("max_tile_size") = 1024, py::arg("skip_invalid") = false,
                  py::arg("label") = "tiles", kFromPixelsDoc)
      .def_property_readonly("tile_names", &TileSet::tile_names,
                             "The tiles' file names, sorted (the order tiles are drawn in).")
      .def_property_readonly("input_hash", &TileSet::input_hash,
                             "16 hex digits: the reports' input_hash.")
      .def_property_readonly("notes", &TileSet::notes,
                             "Notes of the loading: files ignored, tiles skipped (skip_invalid).")
      .def("generate", &generate_one, py::arg("seed") = 1, kGenerateDoc)
      .def("__repr__", &tile_set_repr);
}

}  // namespace dungen::python
