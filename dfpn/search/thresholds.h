// How df-pn hands thresholds down: the child thresholds of the selected
// child (with Pawlewicz & Lew's 1+ε trick), and PDS's local thresholds.
//
// In the φ/δ view of the side to move at n, for the selected child c1 with
// δ₂ the runner-up's δ (numbers as the mover sees its children):
//   th_φ(c1) = min(th_φ(n), max(δ₂ + 1, ⌈δ₂·(1+ε)⌉))     (ε = 0: plain df-pn)
//   th_δ(c1) = th_δ(n) − δ(n) + φ(c1)
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "dfpn/base/types.h"

namespace dfpn {

constexpr ProofNumber clamp_finite(std::int64_t v) {
  return static_cast<ProofNumber>(std::clamp<std::int64_t>(v, 1, kMaxFinite));
}

// A node's thresholds, in the φ/δ view of its mover.
struct Thresholds {
  ProofNumber phi = kMaxFinite;
  ProofNumber delta = kMaxFinite;
};

// The threshold that lets the best child run until it is no longer best:
// one past the runner-up, or (1+ε) times it.
inline ProofNumber second_threshold(ProofNumber second_best, double epsilon) {
  if (second_best >= kMaxFinite) return kMaxFinite;
  std::uint64_t t = std::uint64_t{second_best} + 1;
  if (epsilon > 0)
    t = std::max<std::uint64_t>(t, static_cast<std::uint64_t>(std::ceil(second_best * (1.0 + epsilon))));
  return static_cast<ProofNumber>(std::min<std::uint64_t>(t, kMaxFinite));
}

// The selected child's thresholds, in the view of the parent's mover: `phi`
// bounds the child's share of the parent's φ, `delta` its share of δ.
// `node` is the parent's (local) thresholds, `node_delta` its δ now,
// `child_delta` the child's share of it, `second` the runner-up's share of φ.
// Ties go to the earlier child, as in best-first PNS: if the runner-up comes
// first, the child may only stay strictly below it (plain df-pn).
inline Thresholds child_thresholds(Thresholds node, ProofNumber node_delta, ProofNumber child_delta,
                                   ProofNumber second, bool runner_up_first, double epsilon) {
  Thresholds t;
  t.phi = std::min(node.phi, runner_up_first && epsilon == 0 ? std::max<ProofNumber>(second, 1)
                                                             : second_threshold(second, epsilon));
  t.delta = node.delta >= kMaxFinite ? kMaxFinite
                                     : clamp_finite(std::int64_t{node.delta} - node_delta + child_delta);
  return t;
}

// PDS (Nagai): multiple iterative deepening. A node's local thresholds start
// just above its numbers and grow one step at a time, never past the ones it
// was given; df-pn uses the given ones throughout.
inline void deepen(Thresholds& local, ProofNumber phi, ProofNumber delta, Thresholds given, bool first) {
  if (phi >= given.phi || delta >= given.delta) return;
  if (phi >= local.phi || first) local.phi = std::min(given.phi, clamp_finite(std::int64_t{phi} + 1));
  if (delta >= local.delta || first) local.delta = std::min(given.delta, clamp_finite(std::int64_t{delta} + 1));
}

}  // namespace dfpn
