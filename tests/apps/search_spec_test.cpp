// The search specification: every algorithm's name reads back, each maps to
// the options of its algorithm, and running each on tic-tac-toe gives the
// exact answer with a proof the verifier accepts.
#include "dfpn/search_spec.h"

#include <gtest/gtest.h>

#include "dfpn/solve_game.h"  // run_algorithm, compiled in the command's library
#include "dfpn/search/minimax.h"
#include "games/hex/hex.h"
#include "games/tictactoe/tictactoe.h"

namespace dfpn::cli {
namespace {

TEST(SearchSpec, EveryAlgorithmNameReadsBack) {
  for (const AlgorithmInfo& a : kAlgorithms) {
    EXPECT_EQ(parse_algorithm(a.name), a.algorithm);
    EXPECT_EQ(name_of(a.algorithm), a.name);
    EXPECT_EQ(&info(a.algorithm), &a);  // the table is in enum order
  }
  EXPECT_FALSE(parse_algorithm("df-pn"));
  EXPECT_EQ(algorithm_names().size(), kAlgorithms.size());
}

TEST(SearchSpec, EachAlgorithmGetsItsOwnDfpnOptions) {
  SearchSpec spec;
  spec.epsilon = 0.5;
  spec.second_level = 77;
  spec.algorithm = Algorithm::Dfpn;
  DfpnOptions o = spec.dfpn_options(games::TicTacToe());
  EXPECT_FALSE(o.heuristic_init);
  EXPECT_EQ(o.epsilon, 0.5);
  EXPECT_FALSE(o.iterative_deepening);
  spec.algorithm = Algorithm::DfpnPlus;
  o = spec.dfpn_options(games::TicTacToe());
  EXPECT_TRUE(o.heuristic_init);
  EXPECT_EQ(o.epsilon, 0.5);
  spec.algorithm = Algorithm::Pds;
  o = spec.dfpn_options(games::TicTacToe());
  EXPECT_TRUE(o.iterative_deepening);
  EXPECT_EQ(o.epsilon, 0.0);  // PDS runs without the 1+ε trick
  EXPECT_EQ(o.second_level_max, 0u);
  spec.algorithm = Algorithm::PdsPn;
  o = spec.dfpn_options(games::TicTacToe());
  EXPECT_TRUE(o.iterative_deepening);
  EXPECT_EQ(o.second_level_max, 77u);
}

TEST(SearchSpec, WideningDefaultsByGameAndTheUserWins) {
  SearchSpec spec;
  const games::HexKnowledgeGame hex(games::HexGame(5));
  EXPECT_EQ(spec.widening(games::TicTacToe()), (std::pair<std::uint32_t, double>{0, 0.0}));
  EXPECT_EQ(spec.widening(hex), (std::pair<std::uint32_t, double>{1, 0.25}));
  EXPECT_FALSE(spec.chosen_widening());
  // Go widens kill-all problems only.
  games::GoProblem problem = games::go_problem_from_diagram({"..x", ".O.", "..."});
  EXPECT_EQ(spec.widening(games::GoGame(problem)), (std::pair<std::uint32_t, double>{0, 0.0}));
  problem.targets.clear();
  problem.live_any = Player::White;
  EXPECT_EQ(spec.widening(games::GoGame(problem)), (std::pair<std::uint32_t, double>{3, 0.25}));
  spec.widen_factor = 0.5;  // one set alone leaves the other at 0
  EXPECT_EQ(spec.widening(hex), (std::pair<std::uint32_t, double>{0, 0.5}));
  EXPECT_EQ(spec.widening(games::GoGame(problem)), (std::pair<std::uint32_t, double>{0, 0.5}));
  EXPECT_EQ(spec.chosen_widening(), (std::pair<std::uint32_t, double>{0, 0.5}));
}

TEST(SearchSpec, ThreadsTableAndLimits) {
  SearchSpec spec;
  spec.threads = 3;
  EXPECT_EQ(spec.thread_count(), 3);
  spec.algorithm = Algorithm::Pns;
  EXPECT_EQ(spec.thread_count(), 1);  // only the df-pn family runs in parallel
  spec.algorithm = Algorithm::Dfpn;
  spec.threads = 0;
  EXPECT_GE(spec.thread_count(), 1);
  spec.tt_mb = 1;
  EXPECT_EQ(spec.make_table().bytes(), std::size_t{1} << 20);
  spec.tt_entries = 100;
  EXPECT_EQ(spec.make_table().entry_count(), 100u);  // whole buckets of four
  spec.time_s = 2.5;
  spec.max_nodes = 9;
  const Limits limits = spec.limits();
  EXPECT_EQ(limits.time_s, 2.5);
  EXPECT_EQ(limits.max_nodes, 9u);
  EXPECT_EQ(limits.memory_bytes, std::size_t{1} << 20);
}

TEST(Algorithms, EveryAlgorithmSolvesTicTacToeWithAVerifiedProof) {
  const games::TicTacToe game;
  const Outcome exact = Minimax(game, Player::Black).solve().outcome;
  for (const AlgorithmInfo& a : kAlgorithms) {
    for (int threads : {1, 2}) {
      SearchSpec spec;
      spec.algorithm = a.algorithm;
      spec.threads = threads;
      const auto run = run_algorithm(game, Player::Black, spec.limits(), spec, true);
      ASSERT_EQ(run.result.outcome, exact) << a.name << " threads " << threads;
      ASSERT_TRUE(run.proof) << a.name;
      EXPECT_TRUE(verify_proof(game, *run.proof, Player::Black, exact).ok) << a.name;
    }
  }
}

TEST(Algorithms, KnowledgeResultsAreProvedByTheRules) {
  // Hex with knowledge: the df-pn family builds a conceding proof in the
  // rules game, which the rules-only verifier checks.
  games::HexGame rules(4);
  rules.play(*rules.parse_move("b3"));
  const games::HexKnowledgeGame game(rules, games::HexKnowledge{});
  SearchSpec spec;
  spec.threads = 1;
  const auto run = run_algorithm(game, Player::White, spec.limits(), spec, true);
  ASSERT_TRUE(run.result.solved());
  ASSERT_TRUE(run.proof) << run.proof_failure;
  EXPECT_TRUE(verify_proof(rules, *run.proof, Player::White, run.result.outcome).ok);
}

}  // namespace
}  // namespace dfpn::cli
