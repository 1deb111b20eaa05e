// What every algorithm returns.
#pragma once

#include <algorithm>
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

// The work a depth-first search put below one move of the root.
template <class Move>
struct RootMoveWork {
  Move move;
  std::uint64_t nodes = 0;   // expanded below it, over every visit
  std::uint32_t visits = 0;  // times the search entered it
  bool operator==(const RootMoveWork&) const = default;
};

template <class Move>
struct SolveResult {
  Outcome outcome = Outcome::Unknown;     // for the attacker
  StopReason reason = StopReason::None;   // why unknown (None when solved)
  std::optional<Move> best_move;          // a winning move for the side to move, if it wins
  std::vector<Move> principal_variation;  // best line from the root, when known
  std::uint64_t nodes = 0;                // expanded nodes (move generation at a new position)
  double time_s = 0;
  Statistics stats;  // algorithm-specific (table probes, hits, ...)
  // Where the search went: each root move it entered, most nodes first
  // (ties in the order first entered). Depth-first searches only; empty
  // for the others and for a root decided without search.
  std::vector<RootMoveWork<Move>> root_moves;

  bool solved() const { return outcome != Outcome::Unknown; }
};

// Adds `more` into `work`, move by move (the searchers of one parallel solve).
template <class Move>
void add_root_work(std::vector<RootMoveWork<Move>>& work, const std::vector<RootMoveWork<Move>>& more) {
  for (const auto& m : more) {
    auto it = std::find_if(work.begin(), work.end(), [&](const auto& w) { return w.move == m.move; });
    if (it == work.end()) it = work.insert(work.end(), RootMoveWork<Move>{m.move});
    it->nodes += m.nodes;
    it->visits += m.visits;
  }
}

// Most nodes first, ties in their given order (SolveResult::root_moves).
template <class Move>
std::vector<RootMoveWork<Move>> by_work(std::vector<RootMoveWork<Move>> work) {
  std::stable_sort(work.begin(), work.end(), [](const auto& a, const auto& b) { return a.nodes > b.nodes; });
  return work;
}

}  // namespace dfpn
