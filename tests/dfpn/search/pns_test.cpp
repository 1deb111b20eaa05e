#include "dfpn/search/pns.h"

#include <gtest/gtest.h>

#include "dfpn/search/minimax.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"
#include "support/instances.h"

namespace dfpn {
namespace {

using games::Shape;
using games::SyntheticGame;

TEST(Pns, TicTacToeFirstPlayerCannotForceAWin) {
  games::TicTacToe g;
  for (Player attacker : {Player::Black, Player::White}) {
    ProofNumberSearch pns(g, attacker);
    const auto r = pns.solve();
    ASSERT_EQ(r.outcome, Outcome::Disproven);
    EXPECT_EQ(r.reason, StopReason::None);
    auto proof = pns.proof();
    ASSERT_TRUE(proof);
    const auto v = verify_proof(g, *proof, attacker, r.outcome);
    EXPECT_TRUE(v.ok) << v.error;
  }
}

TEST(Pns, TicTacToeWinAfterABlunder) {
  games::TicTacToe g;  // X b2, O a2 (an edge reply loses), X to move wins.
  g.play(4);
  g.play(3);
  ProofNumberSearch pns(g, Player::Black);
  const auto r = pns.solve();
  ASSERT_EQ(r.outcome, Outcome::Proven);
  ASSERT_TRUE(r.best_move);
  auto proof = pns.proof();
  ASSERT_TRUE(proof);
  EXPECT_TRUE(verify_proof(g, *proof, Player::Black, r.outcome).ok);
}

// Agreement with the exact oracle on every shape, both attackers, and proof
// verification for every solved instance.
// PNS and PN² (with a small and a larger second level).
void check_pns_against_oracle(Shape shape, std::uint64_t first, std::uint64_t count) {
  for (std::uint64_t seed = first; seed < first + count; ++seed) {
    SyntheticGame g(seed, testing::instance_params(shape, seed));
    for (Player attacker : {Player::Black, Player::White}) {
      const Outcome expected = Minimax(g, attacker).solve().outcome;
      for (std::uint64_t second_level : {0, 3, 100}) {
        ProofNumberSearch pns(g, attacker, {}, PnsOptions{second_level});
        const auto r = pns.solve();
        const std::string what = testing::describe(shape, seed) + " pn2 " + std::to_string(second_level);
        ASSERT_EQ(r.outcome, expected) << what;
        const auto proof = pns.proof();
        ASSERT_TRUE(proof) << what;
        const auto v = verify_proof(g, *proof, attacker, r.outcome);
        ASSERT_TRUE(v.ok) << what << ": " << v.error;
      }
    }
  }
}

TEST(Pns, AgreesWithOracleOnTrees) { check_pns_against_oracle(Shape::Tree, 0, 1500); }
TEST(Pns, AgreesWithOracleOnDags) { check_pns_against_oracle(Shape::Dag, 0, 1500); }
TEST(Pns, AgreesWithOracleOnCyclicGraphs) { check_pns_against_oracle(Shape::Graph, 0, 1000); }

TEST(Pns, LimitsGiveUnknownNeverAWrongAnswer) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    auto params = testing::instance_params(Shape::Dag, seed);
    params.depth = 10;
    SyntheticGame g(seed, params);
    const Outcome expected = Minimax(g, Player::Black).solve().outcome;
    for (std::uint64_t node_limit : {1, 5, 50}) {
      Limits limits;
      limits.max_nodes = node_limit;
      const auto r = ProofNumberSearch(g, Player::Black, limits).solve();
      if (r.outcome == Outcome::Unknown) {
        EXPECT_EQ(r.reason, StopReason::Nodes);
      } else {
        EXPECT_EQ(r.outcome, expected);
        EXPECT_LE(r.nodes, node_limit);
      }
    }
    Limits tiny;
    tiny.memory_bytes = 2048;
    const auto r = ProofNumberSearch(g, Player::Black, tiny).solve();
    if (r.outcome == Outcome::Unknown) EXPECT_EQ(r.reason, StopReason::Memory);
    else EXPECT_EQ(r.outcome, expected);
  }
}

TEST(Pns, StopTokenStops) {
  games::SyntheticParams p;
  p.depth = 30;
  p.max_branching = 4;
  p.terminal_rate = 0.0;
  p.max_positions = 200'000;
  SyntheticGame g(3, p);
  std::stop_source source;
  source.request_stop();
  Limits limits;
  limits.stop = source.get_token();
  const auto r = ProofNumberSearch(g, Player::Black, limits).solve();
  EXPECT_EQ(r.outcome, Outcome::Unknown);
  EXPECT_EQ(r.reason, StopReason::Stopped);
}

}  // namespace
}  // namespace dfpn
