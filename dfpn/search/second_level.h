// PDS-PN's second level (Winands): the first time a node is expanded, a
// bounded best-first PNS from it (on this path) gives its children their
// starting numbers. Solved values are exact; without repetitions they hold
// on every path and go to the table, with repetitions they stay in the
// frame, marked as resting on the path.
#pragma once

#include <cstdint>
#include <unordered_set>

#include "dfpn/base/limits.h"
#include "dfpn/search/node_frame.h"
#include "dfpn/search/pns.h"

namespace dfpn {

// Seeds the open children of `frame` (the node `game`) by a PNS within
// `inner`; `store(key, numbers)` puts a table entry. Returns the nodes the
// second level expanded.
template <Game G, class Store>
std::uint64_t seed_from_second_level(const G& game, Player attacker, NodeFrame<G>& frame, const Limits& inner,
                                     const PathIndex* on_path, Store store) {
  ProofNumberSearch<G> second(game, attacker, inner);
  if (on_path) {
    std::unordered_set<std::uint64_t> path;
    for (const auto& [k, d] : *on_path) path.insert(k);
    second.set_path_prefix(std::move(path));
  }
  const std::uint64_t nodes = second.solve().nodes;
  for (const auto& [move, numbers] : second.root_children()) {
    for (std::size_t i = 0; i < frame.children().size(); ++i) {
      auto& c = frame[i];
      if (c.fixed || !(c.move == move)) continue;
      c.numbers = numbers;
      if (!on_path) store(c.key, numbers);
      if (numbers.solved()) {
        c.fixed = true;
        if (on_path) c.dep = 0;
      }
    }
  }
  return nodes;
}

}  // namespace dfpn
