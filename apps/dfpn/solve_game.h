// Solving one game with the algorithm the options name, as `dfpn solve` does.
// The template is defined in solve_game_impl.h and instantiated once per game
// in solve_game_<game>.cpp: each instantiation pulls in every algorithm, and
// in separate files they compile in parallel instead of in one long file.
#pragma once

#include <cstdint>
#include <stop_token>
#include <string>
#include <type_traits>
#include <utility>

#include "dfpn/algorithms.h"
#include "dfpn/base/game.h"
#include "dfpn/report.h"
#include "dfpn/solve_command.h"
#include "games/go/go.h"
#include "games/hex/hex.h"
#include "games/hex/hex_knowledge_game.h"
#include "games/synthetic/random_tree.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"

namespace dfpn::cli {

// Runs the algorithm on `game` for the prover the options name (default: the
// side to move), verifies the proof if asked and fills in the report.
template <Game G>
Report solve_game(const G& game, const std::string& game_name, const SolveOptions& options, std::stop_token stop,
                  const ProgressSink& progress);

#define DFPN_SOLVE_GAME_INSTANCE(PREFIX, G)                                                               \
  PREFIX template Report solve_game<G>(const G&, const std::string&, const SolveOptions&, std::stop_token, \
                                       const ProgressSink&)

DFPN_SOLVE_GAME_INSTANCE(extern, games::TicTacToe);
DFPN_SOLVE_GAME_INSTANCE(extern, games::SyntheticGame);
DFPN_SOLVE_GAME_INSTANCE(extern, games::RandomTree);
DFPN_SOLVE_GAME_INSTANCE(extern, games::HexGame);
DFPN_SOLVE_GAME_INSTANCE(extern, games::HexKnowledgeGame);
DFPN_SOLVE_GAME_INSTANCE(extern, games::GoGame);

// The algorithms for the games GTP serves (and tic-tac-toe, for the unit
// tests), compiled once in solve_game_<game>.cpp instead of again where
// they are used: each instantiation is most of a minute of compile time
// under the sanitizers.
#define DFPN_RUN_ALGORITHM_INSTANCE(PREFIX, G) \
  PREFIX template AlgorithmRun<G> run_algorithm<G>(const G&, Player, const Limits&, const SearchSpec&, bool, \
                                                   tt::TranspositionTable*)

DFPN_RUN_ALGORITHM_INSTANCE(extern, games::TicTacToe);
DFPN_RUN_ALGORITHM_INSTANCE(extern, games::HexKnowledgeGame);
DFPN_RUN_ALGORITHM_INSTANCE(extern, games::GoGame);

}  // namespace dfpn::cli
