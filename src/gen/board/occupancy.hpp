#pragma once
/// \file occupancy.hpp
/// The stitcher's view of the growing map: one state byte per cell over an unbounded plane,
/// stored in 256 x 256 chunks mapped from the system on first write (fresh pages: a chunk
/// costs memory only for the pages actually written, and is returned to the system the
/// moment it is released) and found through a dense directory of chunk indices that grows
/// as the map does.

#include <cstdint>
#include <vector>

#include "core/geometry.hpp"

namespace dungen::gen {

/// What a map cell holds while tiles are being placed.
enum class CellState : std::uint8_t {
  Empty = 0,  ///< nothing yet
  Floor = 1,  ///< floor: nothing may be placed over it
  Wall = 2,   ///< wall: other walls may overlap it
  Door = 3,   ///< a connected or interior door: passable, nothing may be placed over it
  Open = 4,   ///< a cell of an open door: only a mating door or a whole covering wall may land
  Blocked = 5,  ///< outside a --mask: nothing may be placed on it; empty in the map made
};

/// Cell states over the whole integer plane (any coordinate, negative too); unset cells
/// are Empty.
class Occupancy {
 public:
  static constexpr int kChunkShift = 8;  ///< chunks are 256 x 256 cells
  static constexpr int kChunkSide = 1 << kChunkShift;

  /// The state at `p`; Empty where nothing was ever set.
  [[nodiscard]] CellState get(core::Point p) const {
    const std::int32_t chunk = chunk_at(p);
    if (chunk < 0) return CellState::Empty;
    return chunks_[static_cast<std::size_t>(chunk)][cell_index(p)];
  }

  /// Sets the state at `p`, allocating its chunk when needed.
  void set(core::Point p, CellState s) {
    const std::int32_t chunk = chunk_at(p);
    if (chunk >= 0) {
      chunks_[static_cast<std::size_t>(chunk)][cell_index(p)] = s;
      return;
    }
    set_slow(p, s);
  }

  /// The state at `p`, to read and write with one look-up, allocating its chunk when needed.
  CellState& at(core::Point p) {
    const std::int32_t chunk = chunk_at(p);
    if (chunk >= 0) return chunks_[static_cast<std::size_t>(chunk)][cell_index(p)];
    set_slow(p, CellState::Empty);  // unset cells are Empty: this only allocates the chunk
    return at(p);
  }

  /// Copies the states of cells (x0 .. x1-1, y) into `out` (x1 - x0 entries).
  void copy_row(int y, int x0, int x1, CellState* out) const;

  Occupancy() = default;
  Occupancy(const Occupancy&) = delete;
  Occupancy& operator=(const Occupancy&) = delete;
  ~Occupancy();

  /// Frees the chunks holding rows [256 * chunk_row, 256 * chunk_row + 256); they read as Empty
  /// afterwards. Copying a huge map out band by band this way never holds two full copies.
  void release_band(int chunk_row);

  /// Bytes held by chunks and directory (for benchmarks).
  [[nodiscard]] std::size_t memory_bytes() const;

 private:
  /// The chunk holding `p` (an index into chunks_), or -1 when it has none yet.
  [[nodiscard]] std::int32_t chunk_at(core::Point p) const {
    const int cx = (p.x >> kChunkShift) - dir_origin_.x;
    const int cy = (p.y >> kChunkShift) - dir_origin_.y;
    if (cx < 0 || cy < 0 || cx >= dir_size_.width || cy >= dir_size_.height) return -1;
    return directory_[static_cast<std::size_t>(cy) * static_cast<std::size_t>(dir_size_.width) +
                      static_cast<std::size_t>(cx)];
  }
  using Chunk = CellState*;  ///< kChunkSide^2 states from mmap, or nullptr once released
  static std::size_t cell_index(core::Point p) {
    return static_cast<std::size_t>(((p.y & (kChunkSide - 1)) << kChunkShift) |
                                    (p.x & (kChunkSide - 1)));
  }
  void grow_directory(int cx, int cy);
  void set_slow(core::Point p, CellState s);

  std::vector<std::int32_t> directory_;  ///< chunk index per chunk coordinate, -1 = none
  core::Point dir_origin_;               ///< chunk coordinate of directory_[0]
  core::Size dir_size_;                  ///< directory extent, in chunks
  std::vector<Chunk> chunks_;
};

}  // namespace dungen::gen
