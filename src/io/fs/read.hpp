#pragma once
/// \file read.hpp
/// Reading input files whole: regular files only, within a size limit, so that a FIFO, a
/// device or a huge file never blocks or floods a run.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace dungen::io::fs {

/// The most bytes read_file reads from one file: 256 MiB.
inline constexpr std::uint64_t kMaxInputBytes = std::uint64_t{256} << 20;

/// The most bytes read from one kind of input file, and the words naming that kind in the
/// "more than the N MiB dungen reads from ..." message.
struct ReadLimit {
  std::uint64_t bytes = kMaxInputBytes;
  std::string_view file = "one file";
};

/// A layout file: 128 MiB. A layout's JSON takes about 14 bytes of memory per byte while it is
/// read (up to 37 for a file of nothing but empty objects), so this bounds its memory; 1,048,576
/// rooms with short names and one connection each are about 92 MiB written compactly.
inline constexpr ReadLimit kLayoutFileLimit{std::uint64_t{128} << 20, "a layout file"};

/// A graph file: 16 MiB, room for 1024 rooms of 32 long tags and 4096 connections.
inline constexpr ReadLimit kGraphFileLimit{std::uint64_t{16} << 20, "a graph file"};

/// A palette file: 1 MiB, room for about 70,000 colour lines ("#RRGGBB door" and a comment).
/// Reading a palette takes about 160 bytes of memory per line, so this bounds it to about
/// 12 MB; a tile set needs a line per colour its tiles use.
inline constexpr ReadLimit kPaletteFileLimit{std::uint64_t{1} << 20, "a palette file"};

/// The whole content of regular file `path`. Throws Error (bad input) "<path>: ..." when it
/// cannot be read, is a folder, is not a regular file (a FIFO, device or socket: never read,
/// as they could block or never end) or is larger than `limit.bytes`.
[[nodiscard]] std::vector<std::uint8_t> read_file(const std::filesystem::path& path,
                                                  ReadLimit limit = {});

/// The whole content of `path` as text, for the hand-written inputs (tileset.txt, palette
/// files, layout files): a leading UTF-8 byte-order mark is dropped. Throws like read_file,
/// and Error "<path>: is UTF-16 text ..." for a file starting with a UTF-16 byte-order mark.
[[nodiscard]] std::string read_text(const std::filesystem::path& path, ReadLimit limit = {});

}  // namespace dungen::io::fs
