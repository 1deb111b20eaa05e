// What distinguishes the members of the df-pn family: one struct, with a
// named constructor for each algorithm, so a call site says which it runs.
#pragma once

#include <cstdint>

namespace dfpn {

struct DfpnOptions {
  bool heuristic_init = false;  // df-pn+: the game's initial numbers for new leaves
  double epsilon = 0.0;         // 1+ε trick; 0 = plain df-pn
  // PDS (Nagai): multiple iterative deepening at every node. A node's local
  // thresholds start just above its numbers and grow one step at a time (the
  // smaller number's first) up to the thresholds it was given; df-pn jumps
  // to the given thresholds at once.
  bool iterative_deepening = false;
  // Two-level search (with iterative_deepening: PDS-PN, Winands): the first
  // time a node is expanded, a best-first PNS from it, bounded by the first
  // level's size (at most this many nodes), gives its children their
  // starting numbers. 0 = off.
  std::uint64_t second_level_max = 0;
  // DAG over-counting: on a DAG, summing children counts a shared subtree
  // once per path to it. Weak proof numbers (Ueda et al.) take the largest
  // child plus one per other unsolved child instead of the sum. Off by
  // default; measured in bench/ (docs/benchmarks.md).
  bool weak_sum = false;
  // Widening (Benzene's solver): the mover's φ and the child to enter come
  // only from the first k children not yet lost for the mover, in the
  // game's move order, k = max(2, widen_base + ⌈widen_factor · open⌉); δ still
  // sums every child, so a disproof needs them all. It focuses the search
  // on the moves the game ranks best. Off when both are 0.
  std::uint32_t widen_base = 0;
  double widen_factor = 0.0;
  bool widens() const { return widen_base > 0 || widen_factor > 0; }

  // Plain df-pn (Nagai), with the 1+ε trick when epsilon > 0.
  static constexpr DfpnOptions df_pn(double epsilon = 0.0) { return {.epsilon = epsilon}; }
  // df-pn+: the game's initial numbers for new leaves.
  static constexpr DfpnOptions df_pn_plus(double epsilon = 0.0) {
    return {.heuristic_init = true, .epsilon = epsilon};
  }
  // PDS: df-pn's table with iterative deepening at every node.
  static constexpr DfpnOptions pds() { return {.iterative_deepening = true}; }
  // PDS-PN: PDS whose new nodes are seeded by a bounded PNS.
  static constexpr DfpnOptions pds_pn(std::uint64_t second_level_max) {
    return {.iterative_deepening = true, .second_level_max = second_level_max};
  }
};

}  // namespace dfpn
