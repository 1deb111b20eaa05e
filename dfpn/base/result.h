// What every algorithm returns.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dfpn/base/limits.h"
#include "dfpn/base/types.h"

namespace dfpn {

// Named counters of one search, in a stable order (docs/result-format.md).
using Statistics = std::vector<std::pair<std::string, double>>;

template <class Move>
struct SolveResult {
  Outcome outcome = Outcome::Unknown;     // for the attacker
  StopReason reason = StopReason::None;   // why unknown (None when solved)
  std::optional<Move> best_move;          // a winning move for the side to move, if it wins
  std::vector<Move> principal_variation;  // best line from the root, when known
  std::uint64_t nodes = 0;                // expanded nodes (move generation at a new position)
  double time_s = 0;
  Statistics stats;  // algorithm-specific (table probes, hits, ...)

  bool solved() const { return outcome != Outcome::Unknown; }
};

}  // namespace dfpn
