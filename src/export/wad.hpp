#pragma once
/// \file wad.hpp
/// Doom WAD files (docs/doom.md): a level as a PWAD holding MAP01 in the classic binary map
/// format, and a reader for the lump directory of any WAD. All numbers are little-endian;
/// names are 8 bytes, upper case, NUL-padded.
///
/// The PWAD holds the lumps MAP01 (an empty marker), THINGS, LINEDEFS, SIDEDEFS, VERTEXES and
/// SECTORS, in that order, and no nodes: a node builder (zdbsp -R) adds SEGS, SSECTORS, NODES,
/// REJECT and BLOCKMAP, which engines need before they can load the map. A dungeon's PWAD
/// holds MAP02 and so on after it the same way (doom_dungeon.hpp).

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/level.hpp"
#include "export/doom_map.hpp"

namespace dungen::exporters {

/// Record sizes in bytes, as the engines read them.
inline constexpr std::size_t kWadThingSize = 10;   ///< x, y, angle, type, flags: int16
inline constexpr std::size_t kWadLineSize = 14;    ///< v1, v2, flags, special, tag, right, left
inline constexpr std::size_t kWadSideSize = 30;    ///< offsets, 3 texture names, sector
inline constexpr std::size_t kWadVertexSize = 4;   ///< x, y: int16
inline constexpr std::size_t kWadSectorSize = 26;  ///< heights, 2 flat names, light, special, tag

/// One lump: its name and bytes.
struct WadLump {
  std::string name;
  std::vector<std::uint8_t> data;
};

/// The five map lumps of `map`, in the order above (without the MAP01 marker).
[[nodiscard]] std::vector<WadLump> map_lumps(const DoomMap& map);

/// A PWAD of `lumps` in order: the 12-byte header ("PWAD", lump count, directory offset), the
/// lumps' bytes, then the directory (offset, size, name: 16 bytes per lump).
[[nodiscard]] std::vector<std::uint8_t> encode_wad(const std::vector<WadLump>& lumps);

/// The PWAD of `level`: MAP01 and its five lumps (build_doom_map; throws its errors).
/// Deterministic: the same level gives the same bytes.
[[nodiscard]] std::vector<std::uint8_t> doom_wad(const core::Level& level);

/// The lumps of a WAD (IWAD or PWAD), in directory order. Throws Error (bad input) when the
/// bytes are not a WAD or a lump lies outside them; `what` names the file in the message.
[[nodiscard]] std::vector<WadLump> read_wad(std::span<const std::uint8_t> bytes,
                                            const std::string& what);

/// One map of a WAD: its marker's name and the lumps after the marker, up to the next one.
struct WadMap {
  std::string name;  ///< "MAP01", ...; "" for lumps before any marker
  std::span<const WadLump> lumps;
};

/// The maps of `lumps` (a WAD's, in directory order), split at every map marker (a lump named
/// MAP and two digits), in order. Lumps before the first marker, if any, are a map named "".
[[nodiscard]] std::vector<WadMap> wad_maps(const std::vector<WadLump>& lumps);

/// What in built maps (lumps as zdbsp writes them, one map or several) vanilla engines such as
/// chocolate-doom cannot read, one sentence each; empty when nothing. They index BLOCKMAP with
/// signed 16-bit word offsets (a lump over 65536 bytes may crash them) and SEGS, SSECTORS and
/// NODES with signed 16-bit numbers (at most 32767 each); extended nodes (XNOD) they cannot
/// read at all. With several maps (wad_maps), each sentence starts with its map's name
/// ("MAP02: "). Boom-compatible engines (dsda-doom) have none of these limits.
[[nodiscard]] std::vector<std::string> vanilla_limit_notes(const std::vector<WadLump>& lumps);

/// `name` as 8 bytes of a lump or texture name: upper case, NUL-padded, cut at 8.
[[nodiscard]] std::array<char, 8> wad_name(const std::string& name);

}  // namespace dungen::exporters
