#include "games/tictactoe/tictactoe.h"

#include <gtest/gtest.h>

#include "dfpn/base/game.h"

namespace dfpn::games {
namespace {

static_assert(Game<TicTacToe>);

TEST(TicTacToe, PlayUndoRestoresHashAndSide) {
  TicTacToe g;
  const auto h0 = g.hash();
  g.play(4);
  EXPECT_NE(g.hash(), h0);
  EXPECT_EQ(g.to_move(), Player::White);
  g.undo();
  EXPECT_EQ(g.hash(), h0);
  EXPECT_EQ(g.to_move(), Player::Black);
}

TEST(TicTacToe, TranspositionsShareAHash) {
  TicTacToe a, b;
  for (int c : {0, 4, 8}) a.play(TicTacToe::Move(c));
  for (int c : {8, 4, 0}) b.play(TicTacToe::Move(c));
  EXPECT_EQ(a.hash(), b.hash());
}

TEST(TicTacToe, DetectsLinesAndDraws) {
  TicTacToe g;
  for (int c : {0, 3, 1, 4, 2}) g.play(TicTacToe::Move(c));  // X: a1 b1 c1
  EXPECT_EQ(g.evaluate(Player::Black), Outcome::Proven);
  EXPECT_EQ(g.evaluate(Player::White), Outcome::Disproven);
  TicTacToe::MoveList moves;
  g.generate_moves(moves);
  EXPECT_TRUE(moves.empty());

  TicTacToe d;  // X O X / X O O / O X X: full, no line
  for (int c : {0, 1, 2, 4, 3, 5, 7, 6, 8}) d.play(TicTacToe::Move(c));
  EXPECT_EQ(d.evaluate(Player::Black), Outcome::Disproven);
  EXPECT_EQ(d.evaluate(Player::White), Outcome::Disproven);
}

TEST(TicTacToe, ParsesAndPrintsCells) {
  const TicTacToe g;
  ASSERT_TRUE(g.parse_move("b2"));
  EXPECT_EQ(*g.parse_move("b2"), 4);
  EXPECT_EQ(g.move_to_string(8), "c3");
  EXPECT_FALSE(g.parse_move("d1"));
  EXPECT_FALSE(g.parse_move("a"));
}

}  // namespace
}  // namespace dfpn::games
