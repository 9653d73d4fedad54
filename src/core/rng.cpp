#include "core/rng.hpp"

#include "core/hash.hpp"

namespace dungen::core {
namespace {

__extension__ typedef unsigned __int128 U128;  // GCC/Clang built-in; __extension__ for -Wpedantic

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

Rng::Rng(Seed seed) : seed_(seed) {
  std::uint64_t state = seed;
  for (auto& word : s_) word = splitmix64(state);
}

std::uint64_t Rng::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint64_t Rng::uniform(std::uint64_t n) {
  U128 m = static_cast<U128>(next()) * n;
  auto low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = (0 - n) % n;
    while (low < threshold) {
      m = static_cast<U128>(next()) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

int Rng::range(int lo, int hi) {
  const auto span = static_cast<std::uint64_t>(static_cast<std::int64_t>(hi) - lo) + 1;
  return static_cast<int>(static_cast<std::int64_t>(lo) + static_cast<std::int64_t>(uniform(span)));
}

bool Rng::chance(std::uint64_t numerator, std::uint64_t denominator) {
  return uniform(denominator) < numerator;
}

std::size_t Rng::pick_weighted(std::span<const std::uint32_t> weights) {
  std::uint64_t total = 0;
  for (std::uint32_t w : weights) total += w;
  if (total == 0) return weights.size();
  std::uint64_t r = uniform(total);
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (r < weights[i]) return i;
    r -= weights[i];
  }
  return weights.size() - 1;  // unreachable: r < total
}

Seed retry_seed(Seed seed, int attempt) {
  if (attempt == 0) return seed;
  std::uint64_t state = seed ^ fnv1a("retry");
  state += static_cast<std::uint64_t>(attempt) * 0x9e3779b97f4a7c15ull;
  return splitmix64(state);
}

Rng Rng::fork(std::string_view label) const {
  std::uint64_t state = seed_ ^ fnv1a(label);
  return Rng(splitmix64(state));
}

}  // namespace dungen::core
