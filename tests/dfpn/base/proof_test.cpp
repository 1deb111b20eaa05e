#include "dfpn/base/proof.h"

#include <gtest/gtest.h>

#include <stop_token>

#include "dfpn/search/minimax.h"
#include "dfpn/search/pns.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"
#include "support/instances.h"

namespace dfpn {
namespace {

using games::TicTacToe;
using TttProof = Proof<TicTacToe::Move>;

TttProof tictactoe_disproof() {
  TicTacToe g;
  ProofNumberSearch pns(g, Player::Black);
  EXPECT_EQ(pns.solve().outcome, Outcome::Disproven);
  auto proof = pns.proof();
  EXPECT_TRUE(proof);
  return *proof;
}

// The index of the first node where `side` is to move and that has edges.
std::uint32_t first_node_of(const TttProof& proof, Player side) {
  // Walk the proof from the root, replaying moves, until the side matches.
  TicTacToe g;
  std::function<std::optional<std::uint32_t>(std::uint32_t)> find =
      [&](std::uint32_t id) -> std::optional<std::uint32_t> {
    if (g.to_move() == side && proof.nodes[id].edge_count > 0) return id;
    for (const auto& e : proof.edges_of(id)) {
      g.play(e.move);
      auto r = find(e.child);
      g.undo();
      if (r) return r;
    }
    return std::nullopt;
  };
  return find(0).value();
}

TEST(ProofVerifier, AcceptsAGenuineProof) {
  const auto proof = tictactoe_disproof();
  const auto v = verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven);
  EXPECT_TRUE(v.ok) << v.error;
  EXPECT_GT(v.positions, 10u);
  EXPECT_EQ(proof.winner, Player::White);
}

// A stop request cuts a long check short: neither valid nor invalid.
TEST(ProofVerifier, StopsWhenAskedAndSaysSo) {
  const auto proof = tictactoe_disproof();
  const auto whole = verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven);
  ASSERT_TRUE(whole.ok) << whole.error;
  ASSERT_GT(whole.positions, 256u) << "long enough to meet the stop";
  std::stop_source stop;
  stop.request_stop();
  const auto cut = verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven, stop.get_token());
  EXPECT_FALSE(cut.ok);
  EXPECT_TRUE(cut.stopped);
  EXPECT_EQ(cut.error, "stopped before the proof was checked");
  EXPECT_FALSE(whole.stopped);
}

TEST(ProofVerifier, RejectsTheWrongClaim) {
  const auto proof = tictactoe_disproof();
  EXPECT_FALSE(verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Proven).ok);
  EXPECT_FALSE(verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Unknown).ok);
}

TEST(ProofVerifier, RejectsAMissingDefence) {
  auto proof = tictactoe_disproof();
  // X (the loser here) to move at the root: drop one of its moves.
  ASSERT_EQ(proof.nodes[0].edge_count, 9u);
  proof.nodes[0].edge_count = 8;
  const auto v = verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.error.find("is not answered"), std::string::npos) << v.error;
}

TEST(ProofVerifier, RejectsAnIllegalOrLosingMove) {
  const auto genuine = tictactoe_disproof();
  const std::uint32_t o_node = first_node_of(genuine, Player::White);
  const auto edge_index = genuine.nodes[o_node].first_edge;

  // Replace O's chosen move by every other cell in turn: each is either
  // occupied (illegal) or leads to a subtree that no longer proves the claim.
  int rejected = 0;
  for (TicTacToe::Move cell = 0; cell < 9; ++cell) {
    if (cell == genuine.edges[edge_index].move) continue;
    auto proof = genuine;
    proof.edges[edge_index].move = cell;
    if (!verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven).ok) ++rejected;
  }
  EXPECT_EQ(rejected, 8);
}

TEST(ProofVerifier, RejectsAnUnfinishedLeaf) {
  auto proof = tictactoe_disproof();
  const std::uint32_t o_node = first_node_of(proof, Player::White);
  proof.nodes[o_node].edge_count = 0;  // claims a non-terminal position is settled
  EXPECT_FALSE(verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven).ok);
}

TEST(ProofVerifier, RejectsDanglingEdges) {
  auto proof = tictactoe_disproof();
  proof.edges[0].child = 1'000'000;
  EXPECT_FALSE(verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven).ok);
}

TEST(ProofVerifier, RejectsARepetitionThatFavoursTheLoser) {
  // In cyclic games a repetition leaf is valid only if the rule favours the
  // winner; claiming the opposite outcome with the same proof must fail.
  int checked = 0;
  for (std::uint64_t seed = 0; seed < 300 && checked < 20; ++seed) {
    games::SyntheticGame g(seed, testing::instance_params(games::Shape::Graph, seed));
    ProofNumberSearch pns(g, Player::Black);
    const auto r = pns.solve();
    auto proof = pns.proof();
    ASSERT_TRUE(proof);
    // Keep only proofs that use a repetition leaf (a leaf with no edges that
    // is not terminal by evaluate()).
    bool uses_repetition = false;
    std::function<void(std::uint32_t)> scan = [&](std::uint32_t id) {
      if (proof->nodes[id].edge_count == 0 && g.evaluate(Player::Black) == Outcome::Unknown) {
        games::SyntheticGame::MoveList moves;
        g.generate_moves(moves);
        if (!moves.empty()) uses_repetition = true;
      }
      for (const auto& e : proof->edges_of(id)) {
        g.play(e.move);
        scan(e.child);
        g.undo();
      }
    };
    scan(0);
    if (!uses_repetition) continue;
    ++checked;
    EXPECT_TRUE(verify_proof(g, *proof, Player::Black, r.outcome).ok);
    auto flipped = *proof;
    flipped.winner = opponent(flipped.winner);
    EXPECT_FALSE(verify_proof(g, flipped, Player::Black, negate(r.outcome)).ok);
  }
  EXPECT_GE(checked, 5);
}

TEST(ProofBuilder, FromTheOracleVerifies) {
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    for (auto shape : {games::Shape::Tree, games::Shape::Dag, games::Shape::Graph}) {
      games::SyntheticGame g(seed, testing::instance_params(shape, seed));
      Minimax oracle(g, Player::White);
      const auto r = oracle.solve();
      auto proof = build_proof(g, Player::White, r.outcome,
                               [&](games::SyntheticGame& pos) { return oracle.winning_moves(pos); });
      ASSERT_TRUE(proof) << testing::describe(shape, seed);
      const auto v = verify_proof(g, *proof, Player::White, r.outcome);
      ASSERT_TRUE(v.ok) << testing::describe(shape, seed) << ": " << v.error;
    }
  }
}

}  // namespace
}  // namespace dfpn
