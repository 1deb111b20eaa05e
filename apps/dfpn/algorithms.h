// The algorithms the command can run, by name, on any game.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "dfpn/conceding_proof.h"
#include "dfpn/dfpn.h"
#include "dfpn/game.h"
#include "dfpn/minimax.h"
#include "dfpn/pns.h"
#include "dfpn/proof.h"
#include "dfpn/pss.h"
#include "parallel/parallel_dfpn.h"
#include "tt/table.h"

namespace dfpn::cli {

inline const std::vector<std::string>& algorithm_names() {
  static const std::vector<std::string> names = {"dfpn", "dfpn+", "pds", "pdspn",
                                                 "pns",  "pn2",   "pss", "minimax"};
  return names;
}

template <Game G>
struct AlgorithmRun {
  SolveResult<MoveOf<G>> result;
  // Filled when asked for and solved; for a game with knowledge
  // (kHasRulesGame) a proof in its rules game, with concessions.
  std::optional<Proof<MoveOf<G>>> proof;
  bool proof_requested = false;
  std::string proof_failure;  // why no proof was built, when known
};

struct AlgorithmSettings {
  std::string name = "dfpn";
  bool want_proof = false;
  double epsilon = 0.25;                  // df-pn family: the 1+ε trick (0 = off)
  std::uint64_t second_level_max = 10000;  // pn2, pdspn
  std::size_t table_bytes = std::size_t{64} << 20;
  std::size_t table_entries = 0;           // overrides table_bytes when set
  tt::TranspositionTable* table = nullptr;  // a table kept across solves (GTP); else a new one
  bool weak_sum = false;                   // df-pn family: DAG over-counting mitigation
  std::uint32_t widen_base = 0;            // df-pn family: widening (DfpnOptions)
  double widen_factor = 0;
  bool certificates = true;                // conceding proofs: certified leaves (checked lemmas) allowed
  int threads = 1;                         // df-pn family: worker threads sharing the table
  std::size_t pss_p = TruncatedSet::kUnbounded;  // pss: explicit proof-set nodes
  std::size_t pss_d = TruncatedSet::kUnbounded;  // pss: explicit disproof-set nodes
};

// Whether the algorithm runs on several threads (the others ignore --threads).
inline bool runs_in_parallel(const std::string& name) {
  return name == "dfpn" || name == "dfpn+" || name == "pds" || name == "pdspn";
}

// Whether the algorithm can prove results found with game knowledge by the
// rules (a conceding proof built on its table).
inline bool proves_through_knowledge(const std::string& name) { return runs_in_parallel(name); }

// Positions a conceding proof may have before the builder gives up.
inline constexpr std::size_t kMaxConcedingProof = 2'000'000;

template <Game G>
AlgorithmRun<G> run_algorithm(const G& game, Player prover, const Limits& limits,
                              const AlgorithmSettings& settings) {
  AlgorithmRun<G> run;
  run.proof_requested = settings.want_proof;
  const std::string& name = settings.name;
  if (name == "pns" || name == "pn2") {
    PnsOptions options;
    if (name == "pn2") options.second_level_max = settings.second_level_max;
    ProofNumberSearch<G> search(game, prover, limits, options);
    run.result = search.solve();
    if (settings.want_proof && run.result.solved()) run.proof = search.proof();
  } else if (name == "dfpn" || name == "dfpn+" || name == "pds" || name == "pdspn") {
    DfpnOptions options;
    options.heuristic_init = name == "dfpn+";
    options.iterative_deepening = name == "pds" || name == "pdspn";
    options.epsilon = options.iterative_deepening ? 0.0 : settings.epsilon;
    if (name == "pdspn") options.second_level_max = settings.second_level_max;
    options.weak_sum = settings.weak_sum;
    options.widen_base = settings.widen_base;
    options.widen_factor = settings.widen_factor;
    std::optional<tt::TranspositionTable> own_table;
    if (!settings.table)
      own_table.emplace(settings.table_entries > 0 ? tt::TranspositionTable::with_entries(settings.table_entries)
                                                   : tt::TranspositionTable::with_bytes(settings.table_bytes));
    tt::TranspositionTable& table = settings.table ? *settings.table : *own_table;
    if (settings.threads > 1) {
      parallel::ParallelDfpn<G> search(game, prover, table, settings.threads, limits, options);
      run.result = search.solve();
      if (settings.want_proof && run.result.solved() && !kHasRulesGame<G>) run.proof = search.proof();
    } else {
      DepthFirstPns<G> search(game, prover, table, limits, options);
      run.result = search.solve();
      if (settings.want_proof && run.result.solved() && !kHasRulesGame<G>) run.proof = search.proof();
    }
    if constexpr (kHasRulesGame<G>) {
      if (settings.want_proof && run.result.solved()) {
        ConcedingProofBuilder builder(game.rules(), explainable(game), prover, table, limits.for_follow_up(), options);
        builder.set_max_nodes(kMaxConcedingProof);
        builder.set_certificates(settings.certificates);
        run.proof = builder.build(run.result.outcome);
        run.proof_failure = builder.failure();
      }
    }
  } else if (name == "pss") {
    ProofSetSearch<G> search(game, prover, limits, PssOptions{settings.pss_p, settings.pss_d});
    run.result = search.solve();
    if (settings.want_proof && run.result.solved()) run.proof = search.proof();
  } else if (name == "minimax") {
    Minimax<G> oracle(game, prover, limits);
    run.result = oracle.solve();
    if (settings.want_proof && run.result.solved())
      run.proof = build_proof(game, prover, run.result.outcome,
                              [&](G& position) { return oracle.winning_moves(position); });
  } else {
    throw std::invalid_argument("unknown algorithm '" + name + "'");
  }
  return run;
}

}  // namespace dfpn::cli
