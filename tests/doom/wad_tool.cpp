// Helper of the Doom check (check_doom.sh): checks the structure of a built WAD, writes demos
// that do not come from dungen's planner, and breaks WADs on purpose for negative controls.
//
//   wad_tool check FILE.wad              MAP01 (MAP02, ...) with every lump engines need, sane
//                                        records
//   wad_tool idle-demo OUT.lmp TICS      a demo that stands still for TICS tics
//   wad_tool run-demo OUT.lmp TICS       runs forward for TICS tics, tapping use every 30
//   wad_tool strip-keys IN.wad OUT.wad [MAPnn]
//                                        the same map (only MAPnn, if named) without keycards
//   wad_tool strip-nodes IN.wad OUT.wad  the same map without nodes, REJECT and BLOCKMAP
//   wad_tool bad-texture IN.wad OUT.wad  the first wall texture renamed to one no IWAD has
//   wad_tool flip-doors IN.wad OUT.wad   every door line turned around: its front in the door
// Exit 0 on success; 1 with a message on standard error otherwise.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <map>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "export/doom_demo.hpp"
#include "export/wad.hpp"
#include "io/fs/output_set.hpp"
#include "io/fs/read.hpp"

namespace {

using dungen::exporters::WadLump;

int fail(const std::string& why) {
  std::fprintf(stderr, "wad_tool: %s\n", why.c_str());
  return 1;
}

std::uint16_t u16(const std::vector<std::uint8_t>& b, std::size_t at) {
  return static_cast<std::uint16_t>(b[at] | (b[at + 1] << 8));
}

std::vector<WadLump> load(const std::string& path) {
  return dungen::exporters::read_wad(dungen::io::fs::read_file(path), path);
}

void save(const std::string& path, const std::vector<WadLump>& lumps) {
  dungen::io::fs::write_file(path, dungen::exporters::encode_wad(lumps));
}

// Checks one map's 11 lumps (from its marker), named `map` in messages.
int check_map(const std::string& map, std::span<const WadLump> lumps) {
  const std::vector<std::string> want = {"THINGS", "LINEDEFS", "SIDEDEFS", "VERTEXES",
                                         "SEGS",   "SSECTORS", "NODES",    "SECTORS",
                                         "REJECT", "BLOCKMAP"};
  std::map<std::string, const std::vector<std::uint8_t>*> by_name;
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (lumps[i + 1].name != want[i])
      return fail(map + ": lump " + std::to_string(i + 1) + " is " + lumps[i + 1].name +
                  ", want " + want[i]);
    by_name[want[i]] = &lumps[i + 1].data;
  }
  const auto& things = *by_name["THINGS"];
  const auto& lines = *by_name["LINEDEFS"];
  const auto& sides = *by_name["SIDEDEFS"];
  const auto& nodes = *by_name["NODES"];
  const std::size_t n_sides = sides.size() / 30, n_vertices = by_name["VERTEXES"]->size() / 4;
  const std::size_t n_sectors = by_name["SECTORS"]->size() / 26;
  if (things.size() % 10 || lines.size() % 14 || sides.size() % 30 ||
      by_name["SECTORS"]->size() % 26) {
    return fail(map + ": a record lump's size is not a whole number of records");
  }
  // No node at all is right only for a map of one subsector (one 4-byte SSECTORS entry).
  const bool one_subsector = by_name["SSECTORS"]->size() == 4;
  if ((nodes.empty() && !one_subsector) ||
      (nodes.size() >= 4 && (std::string(nodes.begin(), nodes.begin() + 4) == "XNOD"))) {
    return fail(map + ": no classic nodes");
  }
  int starts = 0;
  for (std::size_t at = 0; at < things.size(); at += 10) starts += u16(things, at + 6) == 1;
  if (starts != 1) return fail(map + ": " + std::to_string(starts) + " player 1 starts");
  for (std::size_t at = 0; at < lines.size(); at += 14) {
    if (u16(lines, at) >= n_vertices || u16(lines, at + 2) >= n_vertices ||
        u16(lines, at + 10) >= n_sides) {
      return fail(map + ": linedef " + std::to_string(at / 14) +
                  " names a missing vertex or sidedef");
    }
  }
  for (std::size_t at = 0; at < sides.size(); at += 30) {
    if (u16(sides, at + 28) >= n_sectors) return fail(map + ": sidedef names a missing sector");
  }
  if (by_name["REJECT"]->size() != (n_sectors * n_sectors + 7) / 8)
    return fail(map + ": REJECT of the wrong size");
  std::size_t secret = 0;  // linedefs with the secret flag (32): faces of secret doors
  for (std::size_t at = 0; at < lines.size(); at += 14) secret += (u16(lines, at + 4) & 32) != 0;
  std::printf("%s: %zu things, %zu linedefs (%zu secret), %zu sectors, %zu bytes of BLOCKMAP\n",
              map.c_str(), things.size() / 10, lines.size() / 14, secret, n_sectors,
              by_name["BLOCKMAP"]->size());
  return 0;
}

// Checks every map of the WAD at `path`: MAP01, MAP02, ... in order, each with the 11 lumps
// engines need (check_map), one line of counts each.
int check(const std::string& path) {
  const std::vector<WadLump> lumps = load(path);
  if (lumps.empty() || lumps.size() % 11 != 0)
    return fail(path + ": " + std::to_string(lumps.size()) + " lumps, want 11 per map");
  for (std::size_t at = 0; at < lumps.size(); at += 11) {
    const std::size_t n = at / 11 + 1;
    const std::string marker = "MAP" + std::string(n < 10 ? "0" : "") + std::to_string(n);
    if (lumps[at].name != marker)
      return fail(path + ": lump " + std::to_string(at) + " is " + lumps[at].name + ", want " +
                  marker);
    const std::string map = lumps.size() == 11 ? path : path + " " + marker;
    if (check_map(map, std::span<const WadLump>(lumps).subspan(at, 11)) != 0) return 1;
  }
  return 0;
}

int demo(const std::string& out, int tics, bool run) {
  std::vector<dungen::exporters::DemoTic> t(1);  // released "use" first: a new player holds it
  for (int i = 0; i < tics; ++i) {
    dungen::exporters::DemoTic d;
    if (run) d.forward = 50;
    if (run && i % 30 == 0) d.buttons = 2;
    t.push_back(d);
  }
  t.resize(t.size() + 10);
  dungen::io::fs::write_file(out, dungen::exporters::encode_demo(t));
  return 0;
}

// Rewrites the records of lump `name` (of `size` bytes each), keeping those `keep` accepts.
template <typename Keep>
void filter_records(std::span<WadLump> lumps, const std::string& name, std::size_t size,
                    Keep keep) {
  for (WadLump& l : lumps) {
    if (l.name != name) continue;
    std::vector<std::uint8_t> kept;
    for (std::size_t at = 0; at + size <= l.data.size(); at += size) {
      if (keep(l.data, at))
        kept.insert(kept.end(), l.data.begin() + static_cast<std::ptrdiff_t>(at),
                    l.data.begin() + static_cast<std::ptrdiff_t>(at + size));
    }
    l.data = kept;
  }
}

// `lumps` from the marker `map` up to the next marker (all of them when `map` is "").
std::span<WadLump> map_lumps_of(std::vector<WadLump>& lumps, const std::string& map) {
  if (map.empty()) return lumps;
  std::size_t from = 0;
  while (from < lumps.size() && lumps[from].name != map) ++from;
  std::size_t to = std::min(from + 1, lumps.size());
  while (to < lumps.size() && lumps[to].name.rfind("MAP", 0) != 0) ++to;
  return std::span<WadLump>(lumps).subspan(from, to - from);
}

int transform(const std::string& what, const std::string& in, const std::string& out,
              const std::string& map = "") {
  std::vector<WadLump> lumps = load(in);
  if (what == "strip-keys") {
    const std::set<int> keys = {5, 6, 13, 38, 39, 40};
    filter_records(map_lumps_of(lumps, map), "THINGS", 10,
                   [&](const auto& b, std::size_t at) { return keys.count(u16(b, at + 6)) == 0; });
  } else if (what == "strip-nodes") {
    std::vector<WadLump> kept;
    for (WadLump& l : lumps) {
      if (l.name != "SEGS" && l.name != "SSECTORS" && l.name != "NODES" && l.name != "REJECT" &&
          l.name != "BLOCKMAP")
        kept.push_back(l);
    }
    lumps = kept;
  } else if (what == "flip-doors") {
    for (WadLump& l : lumps) {
      if (l.name != "LINEDEFS") continue;
      for (std::size_t at = 0; at + 14 <= l.data.size(); at += 14) {
        const int special = u16(l.data, at + 6);
        if (special < 31 || special > 34) continue;
        std::swap_ranges(l.data.begin() + static_cast<std::ptrdiff_t>(at),
                         l.data.begin() + static_cast<std::ptrdiff_t>(at + 2),
                         l.data.begin() + static_cast<std::ptrdiff_t>(at + 2));  // v1 <-> v2
        std::swap_ranges(l.data.begin() + static_cast<std::ptrdiff_t>(at + 10),
                         l.data.begin() + static_cast<std::ptrdiff_t>(at + 12),
                         l.data.begin() + static_cast<std::ptrdiff_t>(at + 12));  // right <-> left
      }
    }
  } else {  // bad-texture
    for (WadLump& l : lumps) {
      if (l.name != "SIDEDEFS") continue;
      for (std::size_t at = 0; at + 30 <= l.data.size(); at += 30) {
        if (std::string(l.data.begin() + static_cast<std::ptrdiff_t>(at + 20),
                        l.data.begin() + static_cast<std::ptrdiff_t>(at + 28)) == "STARTAN3") {
          const auto name = dungen::exporters::wad_name("DUNGENXX");
          std::copy(name.begin(), name.end(),
                    l.data.begin() + static_cast<std::ptrdiff_t>(at + 20));
          break;
        }
      }
    }
  }
  save(out, lumps);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  try {
    if (args.size() == 2 && args[0] == "check") return check(args[1]);
    if (args.size() == 3 && (args[0] == "idle-demo" || args[0] == "run-demo"))
      return demo(args[1], std::stoi(args[2]), args[0] == "run-demo");
    if (args.size() == 4 && args[0] == "strip-keys")
      return transform(args[0], args[1], args[2], args[3]);
    if (args.size() == 3 && (args[0] == "strip-keys" || args[0] == "strip-nodes" ||
                             args[0] == "bad-texture" || args[0] == "flip-doors")) {
      return transform(args[0], args[1], args[2]);
    }
  } catch (const std::exception& e) {
    return fail(e.what());
  }
  return fail("usage: see the comment at the top of tests/doom/wad_tool.cpp");
}
