// Shared helpers for the oracle comparisons: a fixed family of synthetic
// instances per shape, so every algorithm is checked on the same games.
#pragma once

#include <cstdint>
#include <string>

#include "games/synthetic/synthetic.h"

namespace dfpn::testing {

inline games::SyntheticParams instance_params(games::Shape shape, std::uint64_t seed) {
  games::SyntheticParams p;
  p.shape = shape;
  // Vary the shape with the seed so the family covers narrow/deep and
  // wide/shallow games, high and low terminal and transposition rates.
  p.depth = 3 + int(seed % 6);                // 3..8
  p.max_branching = 2 + int((seed / 6) % 3);  // 2..4
  p.terminal_rate = 0.05 + 0.05 * double((seed / 18) % 4);
  p.transposition_rate = 0.2 + 0.2 * double((seed / 72) % 3);
  p.cycle_rate = 0.05 + 0.1 * double((seed / 216) % 3);
  p.black_win_rate = 0.3 + 0.1 * double(seed % 5);
  return p;
}

inline std::string describe(games::Shape shape, std::uint64_t seed) {
  return std::string(games::to_string(shape)) + " seed " + std::to_string(seed);
}

}  // namespace dfpn::testing
