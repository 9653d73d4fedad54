#pragma once
/// \file grid.hpp
/// A dense, row-major 2D array addressed by cell coordinates (x right, y down).

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/geometry.hpp"

namespace dungen::core {

/// An allocator that default-initialises instead of value-initialising: a large grid made
/// with Grid(size, kUninitialized) costs no memory until its cells are written.
template <typename T>
struct DefaultInitAllocator : std::allocator<T> {
  template <typename U>
  struct rebind {
    using other = DefaultInitAllocator<U>;
  };
  using std::allocator<T>::allocator;
  template <typename U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

/// Tag for Grid's constructor that leaves the cells unset (the caller writes every one).
struct Uninitialized {};
inline constexpr Uninitialized kUninitialized{};

/// A width x height array of T in row-major order. Index (x, y) is element y * width + x.
/// Access outside the grid is a programming error (checked only by `contains`).
template <typename T>
class Grid {
 public:
  Grid() = default;
  /// A grid of `size` cells, each set to `fill`. Negative sizes are treated as 0.
  explicit Grid(Size size, T fill = T{})
      : size_{size.width > 0 ? size.width : 0, size.height > 0 ? size.height : 0},
        cells_(static_cast<std::size_t>(size_.area()), fill) {}
  /// A grid of `size` cells whose values are unset until written (T must be trivial).
  Grid(Size size, Uninitialized)
      : size_{size.width > 0 ? size.width : 0, size.height > 0 ? size.height : 0},
        cells_(static_cast<std::size_t>(size_.area())) {}

  [[nodiscard]] Size size() const { return size_; }
  [[nodiscard]] int width() const { return size_.width; }
  [[nodiscard]] int height() const { return size_.height; }
  [[nodiscard]] bool contains(Point p) const {
    return p.x >= 0 && p.y >= 0 && p.x < size_.width && p.y < size_.height;
  }
  /// The position of cell `p` (on the grid) in data(): row-major, y * width + x.
  [[nodiscard]] std::size_t index(Point p) const {
    return static_cast<std::size_t>(p.y) * static_cast<std::size_t>(size_.width) +
           static_cast<std::size_t>(p.x);
  }
  [[nodiscard]] T& operator[](Point p) { return cells_[index(p)]; }
  [[nodiscard]] const T& operator[](Point p) const { return cells_[index(p)]; }
  /// The value at `p`, or `outside` when `p` is off the grid.
  [[nodiscard]] T get_or(Point p, T outside) const { return contains(p) ? (*this)[p] : outside; }
  /// The cells in row-major order.
  using Storage = std::vector<T, DefaultInitAllocator<T>>;
  [[nodiscard]] const Storage& data() const { return cells_; }
  [[nodiscard]] Storage& data() { return cells_; }
  friend bool operator==(const Grid&, const Grid&) = default;

 private:
  Size size_;
  std::vector<T, DefaultInitAllocator<T>> cells_;
};

}  // namespace dungen::core
