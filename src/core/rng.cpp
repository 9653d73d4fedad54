#include "core/rng.hpp"

#include <numeric>
#include <unordered_map>

#include "core/hash.hpp"

namespace dungen::core {
namespace {

__extension__ typedef unsigned __int128 U128;  // GCC/Clang built-in; __extension__ for -Wpedantic

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
constexpr std::uint64_t rotr(std::uint64_t x, int k) { return (x >> k) | (x << (64 - k)); }

// Lemire's method: the draw below n that raw value x gives, or false when x is rejected.
bool lemire(std::uint64_t x, std::uint64_t n, std::uint64_t& out) {
  const U128 m = static_cast<U128>(x) * n;
  const auto low = static_cast<std::uint64_t>(m);
  if (low < n && low < (0 - n) % n) return false;
  out = static_cast<std::uint64_t>(m >> 64);
  return true;
}

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

std::uint64_t Rng::previous() {
  // next() took (s0, s1, s2, s3) to (s0^s1^s3, s0^s1^s2, s0^s2^(s1<<17), rotl(s1^s3, 45)).
  const std::uint64_t u = rotr(s_[3], 45);  // s1 ^ s3
  const std::uint64_t s0 = s_[0] ^ u;
  const std::uint64_t y = s_[1] ^ s_[2];  // s1 ^ (s1 << 17)
  const std::uint64_t s1 = y ^ (y << 17) ^ (y << 34) ^ (y << 51);
  const std::uint64_t s2 = s_[1] ^ s1 ^ s0;
  s_[0] = s0;
  s_[1] = s1;
  s_[2] = s2;
  s_[3] = u ^ s1;
  return rotl(s1 * 5, 7) * 9;
}

std::uint64_t Rng::uniform(std::uint64_t n) {
  std::uint64_t out = 0;
  while (!lemire(next(), n, out)) {
  }
  return out;
}

int Rng::range(int lo, int hi) {
  const auto span = static_cast<std::uint64_t>(static_cast<std::int64_t>(hi) - lo) + 1;
  return static_cast<int>(static_cast<std::int64_t>(lo) + static_cast<std::int64_t>(uniform(span)));
}

bool Rng::chance(std::uint64_t numerator, std::uint64_t denominator) {
  return uniform(denominator) < numerator;
}

Rng::Spread Rng::spread(std::size_t n) {
  Spread s;
  s.n = n;
  s.start = static_cast<std::size_t>(uniform(n));
  s.stride = 1 + static_cast<std::size_t>(uniform(n - 1));
  while (std::gcd(s.stride, n) != 1) ++s.stride;
  return s;
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

ShuffleOrder::ShuffleOrder(Rng& rng, std::size_t size) : size_(size), start_(rng), end_(rng) {
  std::uint64_t j = 0;
  for (std::size_t i = size; i > 1; --i) {
    if (lemire(rng.next(), i, j)) continue;
    redrawn_ = true;
    while (!lemire(rng.next(), i, j)) {
    }
  }
  end_ = rng;
}

std::vector<std::size_t> ShuffleOrder::positions(std::size_t from, std::size_t to) {
  const std::size_t k = to - from;
  if (whole_.empty() && size_ > 0 && (redrawn_ || k > size_ / 16)) {
    // Walking back cannot tell a redrawn value from the draw before it; and following more
    // positions than a sixteenth of the list costs more memory than the list. Replay instead.
    whole_.resize(size_);
    for (std::size_t i = 0; i < size_; ++i) whole_[i] = static_cast<std::uint32_t>(i);
    Rng replay = start_;
    replay.shuffle(whole_);
  }
  if (!whole_.empty())
    return {whole_.begin() + static_cast<std::ptrdiff_t>(from),
            whole_.begin() + static_cast<std::ptrdiff_t>(to)};
  // Shuffled position p holds the item at t_n(...t_2(p)), where t_i swaps i - 1 with the
  // i-th draw: follow each position through the swaps, the last draw first. A counting
  // filter on the positions followed spares the lookup for nearly every swap.
  std::vector<std::size_t> at(k);
  std::unordered_map<std::size_t, std::size_t> slot_of;  // followed position -> slot
  int bits = 12;
  while ((std::size_t{1} << bits) < 4 * k) ++bits;
  std::vector<std::uint16_t> filter(std::size_t{1} << bits, 0);
  const auto bucket = [bits](std::size_t p) {
    return static_cast<std::size_t>((p * 0x9e3779b97f4a7c15ull) >> (64 - bits));
  };
  for (std::size_t s = 0; s < k; ++s) {
    at[s] = from + s;
    slot_of.emplace(from + s, s);
    ++filter[bucket(from + s)];
  }
  const auto move = [&](std::size_t slot, std::size_t p) {
    --filter[bucket(at[slot])];
    ++filter[bucket(p)];
    at[slot] = p;
  };
  Rng back = end_;
  for (std::size_t i = 2; i <= size_; ++i) {
    const std::uint64_t x = back.previous();
    const auto j = static_cast<std::size_t>((static_cast<U128>(x) * i) >> 64);
    const std::size_t a = i - 1;
    if (j == a || (filter[bucket(a)] == 0 && filter[bucket(j)] == 0)) continue;
    const auto sa = slot_of.find(a), sj = slot_of.find(j);
    const bool has_a = sa != slot_of.end(), has_j = sj != slot_of.end();
    if (!has_a && !has_j) continue;
    const std::size_t slot_a = has_a ? sa->second : 0, slot_j = has_j ? sj->second : 0;
    if (has_a) slot_of.erase(a);
    if (has_j) slot_of.erase(j);
    if (has_a) {
      move(slot_a, j);
      slot_of.emplace(j, slot_a);
    }
    if (has_j) {
      move(slot_j, a);
      slot_of.emplace(a, slot_j);
    }
  }
  return at;
}

}  // namespace dungen::core
