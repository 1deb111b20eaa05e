#include "games/hex/hex.h"

#include <gtest/gtest.h>

#include "dfpn/search/dfpn.h"
#include "dfpn/search/minimax.h"
#include "dfpn/search/pns.h"
#include "dfpn/base/random.h"

namespace dfpn::games {
namespace {

static_assert(Game<HexGame>);

HexGame with_moves(int size, const std::vector<std::string>& moves) {
  HexGame g(size);
  for (const auto& m : moves) g.play(*g.parse_move(m));
  return g;
}

TEST(Hex, NotationFollowsBenzene) {
  HexGame g(8);
  EXPECT_EQ(g.move_to_string(0), "a1");
  EXPECT_EQ(g.move_to_string(*g.parse_move("c3")), "c3");
  EXPECT_EQ(*g.parse_move("c3"), 2 * 8 + 2);  // row 3, column c
  EXPECT_EQ(*g.parse_move("h8"), 63);
  for (const char* bad : {"i1", "a0", "a9", "3c", "", "a", "a1x"}) EXPECT_FALSE(g.parse_move(bad)) << bad;
  EXPECT_THROW(HexGame(0), std::invalid_argument);
  EXPECT_THROW(HexGame(20), std::invalid_argument);
}

TEST(Hex, BlackConnectsTopAndBottomWhiteLeftAndRight) {
  // Black: a1 a2 a3 (column a, rows 1-3) joins row 1 to row 3.
  auto g = with_moves(3, {"a1", "b1", "a2", "b2", "a3"});
  EXPECT_EQ(g.winner(), Player::Black);
  EXPECT_EQ(g.evaluate(Player::Black), Outcome::Proven);
  EXPECT_EQ(g.evaluate(Player::White), Outcome::Disproven);
  HexGame::MoveList moves;
  g.generate_moves(moves);
  EXPECT_TRUE(moves.empty());
  // White: a1 b1 c1 (row 1) joins column a to column c.
  auto w = with_moves(3, {"a2", "a1", "b3", "b1", "a3", "c1"});
  EXPECT_EQ(w.winner(), Player::White);
  // A row of Black stones does not connect Black.
  auto none = with_moves(3, {"a1", "a2", "b1", "b2"});
  EXPECT_FALSE(none.winner());
}

TEST(Hex, ConnectionsFollowTheSixNeighbours) {
  // On the rhombus b1 touches a2 (down-left) but not c2... check a diagonal
  // chain for Black: c1, b2, a3 (each step row+1, column-1) connects.
  HexGame g(3);
  for (const char* cell : {"c1", "b2", "a3"}) g.place(*g.parse_move(cell), Player::Black);
  EXPECT_EQ(g.winner(), Player::Black);
  // a1, b2, c3 (row+1, column+1) are not neighbours in Hex.
  HexGame h(3);
  for (const char* cell : {"a1", "b2", "c3"}) h.place(*h.parse_move(cell), Player::Black);
  EXPECT_FALSE(h.winner());
}

TEST(Hex, PlayUndoRestoreHashAndTranspositionsMatch) {
  HexGame g(4);
  const auto h0 = g.hash();
  auto a = with_moves(4, {"a1", "b2", "c3", "d4"});
  auto b = with_moves(4, {"c3", "d4", "a1", "b2"});
  EXPECT_EQ(a.hash(), b.hash());
  a.undo();
  a.undo();
  a.undo();
  a.undo();
  EXPECT_EQ(a.hash(), h0);
  EXPECT_EQ(a.to_move(), Player::Black);
}

TEST(Hex, FullBoardsAlwaysHaveAWinner) {
  // Fill 3×3 boards in many orders: Hex has no draws.
  for (int order = 0; order < 200; ++order) {
    HexGame g(3);
    std::vector<HexGame::Move> cells{0, 1, 2, 3, 4, 5, 6, 7, 8};
    SplitMix64 rng(order);
    for (int i = 8; i > 0; --i) std::swap(cells[i], cells[rng.below(i + 1)]);
    for (int i = 0; i < 9; ++i) g.place(cells[i], i % 2 ? Player::White : Player::Black);
    EXPECT_TRUE(g.winner()) << order;
  }
}

// Small boards against the exact oracle: every opening, both solvers, proofs verified.
TEST(Hex, SmallBoardsAgreeWithTheOracle) {
  for (int size = 1; size <= 3; ++size) {
    EXPECT_EQ(Minimax(HexGame(size), Player::Black).solve().outcome, Outcome::Proven) << size;  // first player wins
    for (int cell = 0; cell < size * size; ++cell) {
      HexGame g(size);
      g.play(static_cast<HexGame::Move>(cell));
      for (Player attacker : {Player::Black, Player::White}) {
        const Outcome expected = Minimax(g, attacker).solve().outcome;
        auto table = tt::TranspositionTable::with_entries(1 << 12);
        DepthFirstPns dfpn(g, attacker, table, {}, DfpnOptions::df_pn(0.25));
        const auto r = dfpn.solve();
        ASSERT_EQ(r.outcome, expected) << size << " " << g.move_to_string(cell);
        ASSERT_EQ(ProofNumberSearch(g, attacker).solve().outcome, expected);
        const auto proof = dfpn.proof();
        ASSERT_TRUE(proof);
        ASSERT_TRUE(verify_proof(g, *proof, attacker, r.outcome).ok);
        // No draws: exactly one side wins.
        EXPECT_NE(Minimax(g, opponent(attacker)).solve().outcome, expected);
      }
    }
  }
}

TEST(Hex, FourByFourFirstPlayerWinsWithAVerifiedProof) {
  HexGame g(4);
  auto table = tt::TranspositionTable::with_bytes(16 << 20);
  DepthFirstPns search(g, Player::Black, table, {}, DfpnOptions::df_pn(0.25));
  const auto r = search.solve();
  ASSERT_EQ(r.outcome, Outcome::Proven);
  const auto proof = search.proof();
  ASSERT_TRUE(proof);
  const auto v = verify_proof(g, *proof, Player::Black, r.outcome);
  EXPECT_TRUE(v.ok) << v.error;
}

}  // namespace
}  // namespace dfpn::games
