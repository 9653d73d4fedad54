#include "gen/board/occupancy.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <new>

namespace dungen::gen {

namespace {

constexpr std::size_t kChunkBytes = std::size_t{Occupancy::kChunkSide} * Occupancy::kChunkSide;

// Fresh zero pages straight from the system (Empty = 0): untouched pages cost nothing.
CellState* map_chunk() {
  void* p =
      ::mmap(nullptr, kChunkBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return static_cast<CellState*>(p);
}

void unmap_chunk(CellState* chunk) {
  if (chunk != nullptr) ::munmap(chunk, kChunkBytes);
}

}  // namespace

Occupancy::~Occupancy() {
  for (Chunk c : chunks_) unmap_chunk(c);
}

void Occupancy::grow_directory(int cx, int cy) {
  // Double the directory in the direction that needs it, so growth is amortised O(1).
  int x0 = dir_origin_.x, y0 = dir_origin_.y;
  int x1 = x0 + dir_size_.width, y1 = y0 + dir_size_.height;
  if (dir_size_.width == 0) {
    x0 = cx - 2;
    y0 = cy - 2;
    x1 = cx + 2;
    y1 = cy + 2;
  }
  const int grow_x = std::max(4, x1 - x0), grow_y = std::max(4, y1 - y0);
  if (cx < x0) x0 = std::min(cx, x0 - grow_x);
  if (cx >= x1) x1 = std::max(cx + 1, x1 + grow_x);
  if (cy < y0) y0 = std::min(cy, y0 - grow_y);
  if (cy >= y1) y1 = std::max(cy + 1, y1 + grow_y);
  std::vector<std::int32_t> next(
      static_cast<std::size_t>(x1 - x0) * static_cast<std::size_t>(y1 - y0), -1);
  for (int y = 0; y < dir_size_.height; ++y) {
    for (int x = 0; x < dir_size_.width; ++x) {
      const int nx = x + dir_origin_.x - x0, ny = y + dir_origin_.y - y0;
      next[static_cast<std::size_t>(ny) * static_cast<std::size_t>(x1 - x0) +
           static_cast<std::size_t>(nx)] =
          directory_[static_cast<std::size_t>(y) * static_cast<std::size_t>(dir_size_.width) +
                     static_cast<std::size_t>(x)];
    }
  }
  directory_ = std::move(next);
  dir_origin_ = {x0, y0};
  dir_size_ = {x1 - x0, y1 - y0};
}

void Occupancy::set_slow(core::Point p, CellState s) {
  const int gx = p.x >> kChunkShift, gy = p.y >> kChunkShift;
  if (gx < dir_origin_.x || gy < dir_origin_.y || gx >= dir_origin_.x + dir_size_.width ||
      gy >= dir_origin_.y + dir_size_.height) {
    grow_directory(gx, gy);
  }
  auto& slot = directory_[static_cast<std::size_t>(gy - dir_origin_.y) *
                              static_cast<std::size_t>(dir_size_.width) +
                          static_cast<std::size_t>(gx - dir_origin_.x)];
  if (slot < 0) {
    slot = static_cast<std::int32_t>(chunks_.size());
    chunks_.push_back(map_chunk());
  }
  chunks_[static_cast<std::size_t>(slot)][cell_index(p)] = s;
}

void Occupancy::release_band(int chunk_row) {
  const int cy = chunk_row - dir_origin_.y;
  if (cy < 0 || cy >= dir_size_.height) return;
  for (int cx = 0; cx < dir_size_.width; ++cx) {
    const std::int32_t chunk =
        directory_[static_cast<std::size_t>(cy) * static_cast<std::size_t>(dir_size_.width) +
                   static_cast<std::size_t>(cx)];
    if (chunk >= 0) {
      unmap_chunk(chunks_[static_cast<std::size_t>(chunk)]);
      chunks_[static_cast<std::size_t>(chunk)] = nullptr;
    }
    directory_[static_cast<std::size_t>(cy) * static_cast<std::size_t>(dir_size_.width) +
               static_cast<std::size_t>(cx)] = -1;
  }
}

void Occupancy::copy_row(int y, int x0, int x1, CellState* out) const {
  const int cy = (y >> kChunkShift) - dir_origin_.y;
  for (int x = x0; x < x1;) {
    const int chunk_end =
        std::min(x1, ((x >> kChunkShift) + 1) << kChunkShift);  // this chunk's part
    const int cx = (x >> kChunkShift) - dir_origin_.x;
    const bool inside = cy >= 0 && cx >= 0 && cy < dir_size_.height && cx < dir_size_.width;
    const std::int32_t chunk =
        inside
            ? directory_[static_cast<std::size_t>(cy) * static_cast<std::size_t>(dir_size_.width) +
                         static_cast<std::size_t>(cx)]
            : -1;
    const auto n = static_cast<std::size_t>(chunk_end - x);
    if (chunk < 0) {
      std::fill_n(out, n, CellState::Empty);
    } else {
      std::copy_n(chunks_[static_cast<std::size_t>(chunk)] + cell_index(core::Point{x, y}), n, out);
    }
    out += n;
    x = chunk_end;
  }
}

std::size_t Occupancy::memory_bytes() const {
  return chunks_.size() * kChunkBytes + directory_.size() * sizeof(std::int32_t);
}

}  // namespace dungen::gen
