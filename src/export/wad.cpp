// Doom WAD bytes (wad.hpp): little-endian records, lumps and the directory.
#include "export/wad.hpp"

#include <fmt/format.h>

#include <array>
#include <cctype>

#include "core/error.hpp"

namespace dungen::exporters {
namespace {

// Appends little-endian numbers and names to a lump.
struct Bytes {
  std::vector<std::uint8_t> out;
  void u16(std::uint16_t v) {
    out.push_back(static_cast<std::uint8_t>(v & 0xFF));
    out.push_back(static_cast<std::uint8_t>(v >> 8));
  }
  void i16(std::int16_t v) { u16(static_cast<std::uint16_t>(v)); }
  void i32(std::int32_t v) {
    const auto u = static_cast<std::uint32_t>(v);
    for (int shift = 0; shift < 32; shift += 8)
      out.push_back(static_cast<std::uint8_t>((u >> shift) & 0xFF));
  }
  void name(const std::string& s) {
    for (char c : wad_name(s)) out.push_back(static_cast<std::uint8_t>(c));
  }
};

std::int32_t read_i32(std::span<const std::uint8_t> b, std::size_t at) {
  std::uint32_t v = 0;
  for (std::size_t i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(b[at + i]) << (8 * i);
  return static_cast<std::int32_t>(v);
}

}  // namespace

std::array<char, 8> wad_name(const std::string& name) {
  std::array<char, 8> out{};
  for (std::size_t i = 0; i < out.size() && i < name.size(); ++i) {
    out[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[i])));
  }
  return out;
}

std::vector<WadLump> map_lumps(const DoomMap& map) {
  Bytes things, lines, sides, vertices, sectors;
  for (const DoomThing& t : map.things) {
    for (std::int16_t v : {t.x, t.y, t.angle, t.type, t.flags}) things.i16(v);
  }
  for (const DoomLine& l : map.lines) {
    lines.u16(l.v1);
    lines.u16(l.v2);
    for (std::int16_t v : {l.flags, l.special, l.tag}) lines.i16(v);
    lines.u16(l.right);
    lines.u16(l.left);
  }
  for (const DoomSide& s : map.sides) {
    sides.i16(s.x_offset);
    sides.i16(s.y_offset);
    for (const std::string* n : {&s.upper, &s.lower, &s.middle}) sides.name(*n);
    sides.u16(s.sector);
  }
  for (const DoomVertex& v : map.vertices) {
    vertices.i16(v.x);
    vertices.i16(v.y);
  }
  for (const DoomSector& s : map.sectors) {
    sectors.i16(s.floor);
    sectors.i16(s.ceiling);
    sectors.name(s.floor_flat);
    sectors.name(s.ceiling_flat);
    for (std::int16_t v : {s.light, s.special, s.tag}) sectors.i16(v);
  }
  return {{"THINGS", std::move(things.out)},
          {"LINEDEFS", std::move(lines.out)},
          {"SIDEDEFS", std::move(sides.out)},
          {"VERTEXES", std::move(vertices.out)},
          {"SECTORS", std::move(sectors.out)}};
}

std::vector<std::uint8_t> encode_wad(const std::vector<WadLump>& lumps) {
  Bytes wad;
  for (char c : {'P', 'W', 'A', 'D'}) wad.out.push_back(static_cast<std::uint8_t>(c));
  std::size_t size = 12;
  for (const WadLump& l : lumps) size += l.data.size();
  wad.i32(static_cast<std::int32_t>(lumps.size()));
  wad.i32(static_cast<std::int32_t>(size));
  for (const WadLump& l : lumps) wad.out.insert(wad.out.end(), l.data.begin(), l.data.end());
  std::size_t offset = 12;
  for (const WadLump& l : lumps) {
    wad.i32(static_cast<std::int32_t>(offset));
    wad.i32(static_cast<std::int32_t>(l.data.size()));
    wad.name(l.name);
    offset += l.data.size();
  }
  return std::move(wad.out);
}

std::vector<std::uint8_t> doom_wad(const core::Level& level) {
  std::vector<WadLump> lumps{{"MAP01", {}}};
  for (WadLump& l : map_lumps(build_doom_map(level))) lumps.push_back(std::move(l));
  return encode_wad(lumps);
}

std::vector<WadMap> wad_maps(const std::vector<WadLump>& lumps) {
  const auto marker = [](const WadLump& l) {
    return l.name.size() == 5 && l.name.rfind("MAP", 0) == 0 &&
           std::isdigit(static_cast<unsigned char>(l.name[3])) &&
           std::isdigit(static_cast<unsigned char>(l.name[4]));
  };
  std::vector<WadMap> maps;
  const std::span<const WadLump> all(lumps);
  std::size_t start = 0;  // the first lump of the current map (its marker's index + 1)
  for (std::size_t i = 0; i <= lumps.size(); ++i) {
    if (i < lumps.size() && !marker(lumps[i])) continue;
    const std::string name = start == 0 ? "" : lumps[start - 1].name;
    if (start > 0 || i > 0) maps.push_back({name, all.subspan(start, i - start)});
    start = i + 1;
  }
  return maps;
}

namespace {

// vanilla_limit_notes of one map's lumps.
std::vector<std::string> map_limit_notes(std::span<const WadLump> lumps) {
  std::vector<std::string> notes;
  for (const WadLump& l : lumps) {
    if (l.name == "BLOCKMAP" && l.data.size() > 65536) {
      notes.push_back(fmt::format("BLOCKMAP is {} bytes, over vanilla's 65536", l.data.size()));
    }
    const std::pair<const char*, std::size_t> records[] = {
        {"SEGS", 12}, {"SSECTORS", 4}, {"NODES", 28}};
    for (const auto& [name, size] : records) {
      if (l.name == name && l.data.size() / size > 32767) {
        notes.push_back(fmt::format("{} {}, over vanilla's 32767", l.data.size() / size, name));
      }
    }
    if (l.name == "NODES" && l.data.size() >= 4 &&
        std::string(l.data.begin(), l.data.begin() + 4) == "XNOD") {
      notes.push_back("extended nodes (XNOD), which vanilla cannot read");
    }
  }
  return notes;
}

}  // namespace

std::vector<std::string> vanilla_limit_notes(const std::vector<WadLump>& lumps) {
  const std::vector<WadMap> maps = wad_maps(lumps);
  std::vector<std::string> notes;
  for (const WadMap& map : maps) {
    for (const std::string& note : map_limit_notes(map.lumps))
      notes.push_back(maps.size() > 1 ? fmt::format("{}: {}", map.name, note) : note);
  }
  return notes;
}

std::vector<WadLump> read_wad(std::span<const std::uint8_t> bytes, const std::string& what) {
  const auto bad = [&](const std::string& why) {
    return file_error(what, "not a valid WAD: " + why);
  };
  if (bytes.size() < 12) throw bad("shorter than its 12-byte header");
  const std::string magic(bytes.begin(), bytes.begin() + 4);
  if (magic != "PWAD" && magic != "IWAD") throw bad("it does not start with PWAD or IWAD");
  const std::int32_t count = read_i32(bytes, 4), directory = read_i32(bytes, 8);
  if (count < 0 || directory < 0 ||
      static_cast<std::size_t>(directory) + 16 * static_cast<std::size_t>(count) > bytes.size()) {
    throw bad("its directory lies outside the file");
  }
  std::vector<WadLump> lumps;
  for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
    const std::size_t entry = static_cast<std::size_t>(directory) + 16 * i;
    const std::int32_t offset = read_i32(bytes, entry), size = read_i32(bytes, entry + 4);
    if (offset < 0 || size < 0 ||
        static_cast<std::size_t>(offset) + static_cast<std::size_t>(size) > bytes.size()) {
      throw bad(fmt::format("lump {} lies outside the file", i));
    }
    std::string name(bytes.begin() + static_cast<std::ptrdiff_t>(entry) + 8,
                     bytes.begin() + static_cast<std::ptrdiff_t>(entry) + 16);
    name.resize(name.find('\0') == std::string::npos ? name.size() : name.find('\0'));
    lumps.push_back({name, {bytes.begin() + offset, bytes.begin() + offset + size}});
  }
  return lumps;
}

}  // namespace dungen::exporters
