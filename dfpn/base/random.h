// Small, fast, reproducible randomness for Zobrist keys and generators.
#pragma once

#include <cstdint>

namespace dfpn {

// A bijective 64-bit mixer (splitmix64's finaliser): distinct inputs give
// distinct outputs, so it doubles as a collision-free hash of small ids.
constexpr std::uint64_t mix64(std::uint64_t z) noexcept {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// splitmix64 generator: deterministic for a seed on every platform (unlike
// the standard distributions), which keeps generated test games stable.
class SplitMix64 {
 public:
  explicit constexpr SplitMix64(std::uint64_t seed) noexcept : state_(seed) {}
  constexpr std::uint64_t next() noexcept {
    state_ += 0x9E3779B97F4A7C15ull;
    return mix64(state_);
  }
  // Uniform in [0, n), n > 0 (the tiny modulo bias is irrelevant here).
  constexpr std::uint64_t below(std::uint64_t n) noexcept { return next() % n; }
  // True with probability p.
  constexpr bool chance(double p) noexcept {
    return double(next() >> 11) * 0x1.0p-53 < p;
  }

 private:
  std::uint64_t state_;
};

}  // namespace dfpn
