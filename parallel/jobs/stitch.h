// One proof from a job-level search: the master's tree joined to parts
// built by the workers whose tables know them (docs/parallel.md, "Proofs").
//
// Rules games: the tree's top, move by move, down to the leaves that
// settled it, each leaf's proof built on its worker's table
// (JobTree::proof).
//
// Games with knowledge (kHasRulesGame, Hex): a conceding proof, which needs
// each child's proof set to know which of the loser's moves a node must
// answer. The master walks its tree's expanded nodes with the conceding
// builder, taking the winning moves the tree has solved; every position
// past them (a leaf of the tree, or a loser's move the tree never
// grew) is a part a worker builds with its proof set, grafted in.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/limits.h"
#include "dfpn/base/proof.h"
#include "dfpn/base/proof_hooks.h"
#include "dfpn/search/conceding_proof.h"
#include "dfpn/search/dfpn.h"
#include "parallel/jobs/job_tree.h"
#include "tt/table.h"

namespace dfpn::jobs {

// The proof of the tree's solved root. For a rules game,
// prove_leaf(path, worker) gives a leaf's proof; for a game with knowledge,
// prove_part(path, worker, claim) gives a ConcedingPart (worker: whose
// table knows the position, -1 if none). `failure` says why when nullopt.
template <Game G, class ProveLeaf, class ProvePart>
std::optional<Proof<MoveOf<G>>> stitch_proof(const G& game, Player attacker, const JobTree<MoveOf<G>>& tree,
                                             ProveLeaf prove_leaf, ProvePart prove_part, const Limits& limits,
                                             const DfpnOptions& options, bool certificates, std::string& failure) {
  using Move = MoveOf<G>;
  if (!tree.solved()) {
    failure = "the root is not solved";
    return std::nullopt;
  }
  if constexpr (!kHasRulesGame<G>) {
    auto proof = tree.proof(attacker, prove_leaf);
    if (!proof) failure = "a worker could not prove its leaf";
    return proof;
  } else {
    // The master's table: what its tree solved, for the builder's winning
    // moves. Every one must be there (a winner's node in the tree's top
    // has no other source for its move), so a table whose buckets turned
    // one away is made again twice as large.
    std::vector<std::pair<std::uint64_t, Numbers>> solved;
    tree.visit_solved([&](const std::vector<Move>& path, Numbers numbers) {
      G position = game;
      for (const Move& m : path) position.play(m);
      solved.emplace_back(position.hash(), numbers);
    });
    auto table = tt::TranspositionTable::with_entries(1);
    for (std::size_t entries = std::max<std::size_t>(1024, 4 * solved.size());; entries *= 2) {
      table = tt::TranspositionTable::with_entries(entries);
      for (const auto& [hash, numbers] : solved) {
        tt::EntryData e;
        e.numbers = numbers;
        e.work = 1;
        table.store(hash, e);
      }
      const bool all_kept = std::all_of(solved.begin(), solved.end(), [&](const auto& s) {
        tt::EntryData e;
        return table.probe(s.first, e) && e.numbers.solved();
      });
      if (all_kept) break;
    }
    ConcedingProofBuilder builder(game.rules(), explainable(game), attacker, table, limits, options);
    builder.set_certificates(certificates);
    builder.set_frontier({[&](const std::vector<Move>& path) { return tree.locate(path).expanded; },
                          [&](const std::vector<Move>& path, Outcome claim) {
                            return prove_part(path, tree.locate(path).worker, claim);
                          }});
    auto proof = builder.build(tree.root().outcome());
    if (!proof) failure = builder.failure();
    return proof;
  }
}

}  // namespace dfpn::jobs
