#pragma once
/// \file release.hpp
/// Giving a container's memory back while the owner lives on.

namespace dungen::core {

/// Empties `c` and frees its storage. `c = {}` is not enough: for std::vector it assigns an
/// empty initializer list and keeps the capacity (and the resident pages) it had.
template <class Container>
void release(Container& c) {
  Container().swap(c);
}

}  // namespace dungen::core
