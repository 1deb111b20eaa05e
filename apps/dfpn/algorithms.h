// The algorithms the command can run, by name, on any game.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "dfpn/game.h"
#include "dfpn/minimax.h"
#include "dfpn/pns.h"
#include "dfpn/proof.h"

namespace dfpn::cli {

inline const std::vector<std::string>& algorithm_names() {
  static const std::vector<std::string> names = {"pns", "minimax"};
  return names;
}

template <Game G>
struct AlgorithmRun {
  SolveResult<MoveOf<G>> result;
  std::optional<Proof<MoveOf<G>>> proof;  // filled when asked for and solved
  bool proof_requested = false;
};

struct AlgorithmSettings {
  std::string name = "pns";
  bool want_proof = false;
};

template <Game G>
AlgorithmRun<G> run_algorithm(const G& game, Player prover, const Limits& limits,
                              const AlgorithmSettings& settings) {
  AlgorithmRun<G> run;
  run.proof_requested = settings.want_proof;
  if (settings.name == "pns") {
    ProofNumberSearch<G> search(game, prover, limits);
    run.result = search.solve();
    if (settings.want_proof && run.result.solved()) run.proof = search.proof();
  } else if (settings.name == "minimax") {
    Minimax<G> oracle(game, prover, limits);
    run.result = oracle.solve();
    if (settings.want_proof && run.result.solved())
      run.proof = build_proof(game, prover, run.result.outcome,
                              [&](G& position) { return oracle.winning_moves(position); });
  } else {
    throw std::invalid_argument("unknown algorithm '" + settings.name + "'");
  }
  return run;
}

}  // namespace dfpn::cli
