#include "parallel/parallel_dfpn.h"

#include <gtest/gtest.h>

#include "dfpn/minimax.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"
#include "support/instances.h"

namespace dfpn::parallel {
namespace {

using games::Shape;
using games::SyntheticGame;
using tt::TranspositionTable;

// Fewer instances under a sanitizer (10x slower); the same code paths.
#if defined(__SANITIZE_THREAD__) || defined(__SANITIZE_ADDRESS__)
constexpr std::uint64_t kInstances = 60;
#else
constexpr std::uint64_t kInstances = 600;
#endif

void check_against_oracle(Shape shape, int threads) {
  for (std::uint64_t seed = 0; seed < kInstances; ++seed) {
    SyntheticGame g(seed, testing::instance_params(shape, seed));
    const Player attacker = seed % 2 ? Player::Black : Player::White;
    const Outcome expected = Minimax(g, attacker).solve().outcome;
    for (std::size_t entries : {8, 4096}) {
      for (const DfpnOptions& options : {DfpnOptions{false, 0.25}, DfpnOptions{false, 0.0, true}}) {
        auto table = TranspositionTable::with_entries(entries);
        Limits limits;
        limits.max_nodes = 4'000'000;
        ParallelDfpn search(g, attacker, table, threads, limits, options);
        const auto r = search.solve();
        const std::string what = testing::describe(shape, seed) + " threads " + std::to_string(threads) +
                                 " entries " + std::to_string(entries);
        ASSERT_EQ(r.outcome, expected) << what;
        if (seed % 10 == 0) {
          const auto proof = search.proof();
          ASSERT_TRUE(proof) << what;
          const auto v = verify_proof(g, *proof, attacker, r.outcome);
          ASSERT_TRUE(v.ok) << what << ": " << v.error;
        }
      }
    }
  }
}

TEST(ParallelDfpn, TwoThreadsAgreeWithOracleOnTrees) { check_against_oracle(Shape::Tree, 2); }
TEST(ParallelDfpn, TwoThreadsAgreeWithOracleOnDags) { check_against_oracle(Shape::Dag, 2); }
TEST(ParallelDfpn, TwoThreadsAgreeWithOracleOnCyclicGraphs) { check_against_oracle(Shape::Graph, 2); }
TEST(ParallelDfpn, FourThreadsAgreeWithOracleOnDags) { check_against_oracle(Shape::Dag, 4); }
TEST(ParallelDfpn, FourThreadsAgreeWithOracleOnCyclicGraphs) { check_against_oracle(Shape::Graph, 4); }

TEST(ParallelDfpn, TicTacToeWithManyThreads) {
  for (int threads : {1, 2, 3, 8}) {
    auto table = TranspositionTable::with_entries(1 << 12);
    ParallelDfpn search(games::TicTacToe{}, Player::Black, table, threads);
    const auto r = search.solve();
    EXPECT_EQ(r.outcome, Outcome::Disproven) << threads;
    const auto proof = search.proof();
    ASSERT_TRUE(proof);
    EXPECT_TRUE(verify_proof(games::TicTacToe{}, *proof, Player::Black, r.outcome).ok);
  }
}

TEST(ParallelDfpn, OneThreadIsExactlyTheSequentialSearch) {
  // A searcher never sees its own presence, so alone it makes the same
  // choices as the sequential search, node for node.
  games::SyntheticParams p;
  p.shape = Shape::Tree;
  p.depth = 16;
  p.min_branching = p.max_branching = 2;
  p.terminal_rate = 0.0;
  p.black_win_rate = 0.45;
  for (std::uint64_t seed : {2, 3, 4}) {
    SyntheticGame g(seed, p);
    for (const DfpnOptions& options : {DfpnOptions{false, 0.0}, DfpnOptions{false, 0.25}}) {
      auto table1 = TranspositionTable::with_entries(1 << 16);
      const auto sequential = DepthFirstPns(g, Player::Black, table1, {}, options).solve();
      auto table2 = TranspositionTable::with_entries(1 << 16);
      const auto shared = ParallelDfpn(g, Player::Black, table2, 1, {}, options).solve();
      EXPECT_EQ(shared.outcome, sequential.outcome);
      EXPECT_EQ(shared.nodes, sequential.nodes) << "seed " << seed;
    }
  }
}

TEST(ParallelDfpn, LimitsGiveUnknown) {
  games::SyntheticParams p;
  p.shape = Shape::Tree;
  p.depth = 24;
  p.min_branching = p.max_branching = 2;
  p.terminal_rate = 0.0;
  p.max_positions = 200'000;
  SyntheticGame g(7, p);
  auto table = TranspositionTable::with_entries(1 << 10);
  Limits limits;
  limits.max_nodes = 1000;
  const auto r = ParallelDfpn(g, Player::Black, table, 2, limits).solve();
  if (!r.solved()) {
    EXPECT_EQ(r.reason, StopReason::Nodes);
  }
}

}  // namespace
}  // namespace dfpn::parallel
