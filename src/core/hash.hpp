#pragma once
/// \file hash.hpp
/// FNV-1a 64-bit hashing, for the input-set hash in reports and the output hash in batch
/// manifests (identification, not security). Source: Fowler, Noll, Vo, "FNV hash" (1991).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace dungen::core {

/// The FNV-1a 64 offset basis: the hash of nothing.
inline constexpr std::uint64_t kFnvOffset = 0xcbf29ce484222325ull;

/// Continues an FNV-1a 64 hash `h` over `bytes`.
[[nodiscard]] constexpr std::uint64_t fnv1a(std::span<const std::uint8_t> bytes,
                                            std::uint64_t h = kFnvOffset) {
  for (std::uint8_t b : bytes) {
    h ^= b;
    h *= 0x100000001b3ull;
  }
  return h;
}

/// Continues an FNV-1a 64 hash `h` over the characters of `text`.
[[nodiscard]] constexpr std::uint64_t fnv1a(std::string_view text, std::uint64_t h = kFnvOffset) {
  for (char c : text) {
    h ^= static_cast<std::uint8_t>(c);
    h *= 0x100000001b3ull;
  }
  return h;
}

/// Continues the input hash `h` over one input file: a marker of its `role` ("tile",
/// "palette", ...), its `name` and its size in bytes between NUL bytes, then its `bytes`. With
/// the marker, where one file ends and the next begins is part of the hash: a line moved from
/// one file into another, or bytes moved from one tile to the next, give another hash.
[[nodiscard]] inline std::uint64_t fold_input(std::string_view role, std::string_view name,
                                              std::span<const std::uint8_t> bytes,
                                              std::uint64_t h) {
  h = fnv1a(std::string_view("\0", 1), fnv1a(role, h));
  h = fnv1a(std::string_view("\0", 1), fnv1a(name, h));
  h = fnv1a(std::string_view("\0", 1), fnv1a(std::to_string(bytes.size()), h));
  return fnv1a(bytes, h);
}

/// fold_input for a text file.
[[nodiscard]] inline std::uint64_t fold_input(std::string_view role, std::string_view name,
                                              std::string_view text, std::uint64_t h) {
  return fold_input(role, name,
                    std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), h);
}

/// A hash as 16 lower-case hex digits.
[[nodiscard]] std::string hex64(std::uint64_t h);

}  // namespace dungen::core
