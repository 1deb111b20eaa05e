// Running the algorithm a SearchSpec names, on any game.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/proof.h"
#include "dfpn/search/conceding_proof.h"
#include "dfpn/search/dfpn.h"
#include "dfpn/search/minimax.h"
#include "dfpn/search/pns.h"
#include "dfpn/search/pss.h"
#include "dfpn/search_spec.h"
#include "parallel/parallel_dfpn.h"
#include "parallel/parallel_proof.h"
#include "tt/table.h"

namespace dfpn::cli {

template <Game G>
struct AlgorithmRun {
  SolveResult<MoveOf<G>> result;
  // Filled when asked for and solved; for a game with knowledge
  // (kHasRulesGame) a proof in its rules game, with concessions.
  std::optional<Proof<MoveOf<G>>> proof;
  bool proof_requested = false;
  std::string proof_failure;  // why no proof was built, when known
  // How a conceding proof was built (ConcedingProofBuilder::Stats), for the
  // report's statistics.
  std::vector<std::pair<std::string, double>> proof_stats;
};

// A df-pn family search run by other processes (dfpn-dist: job-level
// search over MPI, apps/dfpn-dist/). A program that has one sets it once for
// each game before it solves; in `dfpn` it stays empty. It fills the run's
// result, and its proof when `want_proof`.
template <Game G>
using JobRunner = std::function<void(const G& game, Player prover, const Limits& limits, const SearchSpec& spec,
                                     bool want_proof, AlgorithmRun<G>& run)>;
template <Game G>
JobRunner<G>& job_runner() {
  static JobRunner<G> runner;
  return runner;
}

// The df-pn family, on one thread or several, and its proof: by the rules
// for a rules game, a conceding proof built on the table for a game with
// knowledge (kHasRulesGame).
template <Game G>
void run_depth_first(const G& game, Player prover, const Limits& limits, const SearchSpec& spec, bool want_proof,
                     tt::TranspositionTable& table, AlgorithmRun<G>& run) {
  const DfpnOptions options = spec.dfpn_options(game);
  const bool rules_proof = want_proof && !kHasRulesGame<G>;
  if (const auto& jobs = job_runner<G>()) {
    jobs(game, prover, limits, spec, want_proof, run);
    return;
  }
  if (spec.thread_count() > 1) {
    parallel::ParallelDfpn<G> search(game, prover, table, spec.thread_count(), limits, options);
    run.result = search.solve();
    if (rules_proof && run.result.solved()) run.proof = search.proof();
  } else {
    DepthFirstPns<G> search(game, prover, table, limits, options);
    run.result = search.solve();
    if (rules_proof && run.result.solved()) run.proof = search.proof();
  }
  if constexpr (kHasRulesGame<G>) {
    if (want_proof && run.result.solved()) {
      Limits follow_up = limits.for_follow_up();
      follow_up.on_progress = limits.on_progress;  // the build can take longer than the search
      follow_up.progress_interval_s = limits.progress_interval_s;
      auto report = [&](const auto& builder, auto proof) {
        run.proof = std::move(proof);
        run.proof_failure = builder.failure();
        const auto stats = builder.stats();
        run.proof_stats = {{"proof_positions", double(stats.positions)},
                           {"proof_searches", double(stats.searches)},
                           {"proof_search_nodes", double(stats.search_nodes)},
                           {"proof_search_s", stats.search_s},
                           {"proof_covered", double(stats.covered)},
                           {"proof_certified_leaves", double(stats.certified)},
                           {"proof_defence_certified", double(stats.defence_certified)},
                           {"proof_build_s", builder.seconds()}};
      };
      if (spec.thread_count() > 1) {
        // Team mates build ahead the defences near the root.
        parallel::ParallelConcedingProof<G> builder(game, prover, table, spec.thread_count(), follow_up, options);
        builder.set_max_bytes(spec.proof_bytes());
        builder.set_certificates(spec.certificates);
        report(builder, builder.build(run.result.outcome));
        run.proof_stats.emplace_back("proof_built_ahead", double(builder.built_ahead()));
        run.proof_stats.emplace_back("proof_built_ahead_unused", double(builder.built_ahead_unused()));
      } else {
        ConcedingProofBuilder builder(game.rules(), explainable(game), prover, table, follow_up, options);
        builder.set_max_nodes(std::numeric_limits<std::uint32_t>::max());  // the proof format's indices
        builder.set_max_bytes(spec.proof_bytes());
        builder.set_certificates(spec.certificates);
        report(builder, builder.build(run.result.outcome));
      }
    }
  }
}

// Runs the algorithm `spec` names on `game`, on `table` if given (a table
// kept across solves, as GTP's), else on a new one of the spec's size.
template <Game G>
AlgorithmRun<G> run_algorithm(const G& game, Player prover, const Limits& limits, const SearchSpec& spec,
                              bool want_proof, tt::TranspositionTable* table = nullptr) {
  AlgorithmRun<G> run;
  run.proof_requested = want_proof;
  switch (spec.algorithm) {
    case Algorithm::Pns:
    case Algorithm::Pn2: {
      PnsOptions options;
      if (spec.algorithm == Algorithm::Pn2) options.second_level_max = spec.second_level;
      ProofNumberSearch<G> search(game, prover, limits, options);
      run.result = search.solve();
      if (want_proof && run.result.solved()) run.proof = search.proof();
      break;
    }
    case Algorithm::Pss: {
      ProofSetSearch<G> search(game, prover, limits, PssOptions{spec.pss_p, spec.pss_d});
      run.result = search.solve();
      if (want_proof && run.result.solved()) run.proof = search.proof();
      break;
    }
    case Algorithm::Minimax: {
      Minimax<G> oracle(game, prover, limits);
      run.result = oracle.solve();
      if (want_proof && run.result.solved())
        run.proof = build_proof(game, prover, run.result.outcome,
                                [&](G& position) { return oracle.winning_moves(position); });
      break;
    }
    default: {
      std::optional<tt::TranspositionTable> own_table;
      if (!table) own_table.emplace(spec.make_table());
      run_depth_first(game, prover, limits, spec, want_proof, table ? *table : *own_table, run);
    }
  }
  return run;
}


}  // namespace dfpn::cli
