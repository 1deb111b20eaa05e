#include "games/hex/hex_sgf.h"

#include <gtest/gtest.h>

namespace dfpn::games {
namespace {

TEST(HexSgf, MainLineMovesAndSideToMove) {
  const HexGame g = hex_from_sgf(sgf::parse("(;FF[4]GM[11]SZ[5];B[a1];W[c3](;B[e5])(;B[b2]))"));
  EXPECT_EQ(g.size(), 5);
  EXPECT_EQ(g.stone(*g.parse_move("a1")), Player::Black);
  EXPECT_EQ(g.stone(*g.parse_move("c3")), Player::White);
  EXPECT_EQ(g.stone(*g.parse_move("e5")), Player::Black);  // the first variation is the main line
  EXPECT_FALSE(g.stone(*g.parse_move("b2")));
  EXPECT_EQ(g.to_move(), Player::White);
}

TEST(HexSgf, SetupStonesAndPlayerToMove) {
  HexGame g = hex_from_sgf(sgf::parse("(;GM[11]SZ[4]AB[a1][b2]AW[c3])"));
  EXPECT_EQ(g.to_move(), Player::White);  // Black has one stone more
  g = hex_from_sgf(sgf::parse("(;GM[11]SZ[4]AB[a1]AW[c3])"));
  EXPECT_EQ(g.to_move(), Player::Black);
  g = hex_from_sgf(sgf::parse("(;GM[11]SZ[4]AB[a1]AW[c3]PL[W])"));
  EXPECT_EQ(g.to_move(), Player::White);
  // The root alone, ignoring the moves below it.
  g = hex_from_sgf(sgf::parse("(;GM[11]SZ[4]AB[a1]PL[W];W[d4])"), false);
  EXPECT_FALSE(g.stone(*g.parse_move("d4")));
  EXPECT_EQ(g.to_move(), Player::White);
}

TEST(HexSgf, WrittenPositionsReadBack) {
  HexGame g(6);
  for (const char* cell : {"c3", "d4", "a6"}) g.play(*g.parse_move(cell));
  const HexGame back = hex_from_sgf(sgf::parse(sgf::write(hex_to_sgf(g))));
  EXPECT_EQ(back.hash(), g.hash());
  EXPECT_EQ(back.to_move(), g.to_move());
}

TEST(HexSgf, BadFilesAreRejectedWithTheirLine) {
  for (const char* text : {"(;GM[1]SZ[4])", "(;GM[11]SZ[20])", "(;GM[11]SZ[4:5])", "(;GM[11]SZ[x])",
                           "(;GM[11]SZ[4]AB[e1])", "(;GM[11]SZ[4]AB[a1]AW[a1])", "(;GM[11]SZ[4]\n;B[a1];W[a1])",
                           "(;GM[11]SZ[4];B[swap-pieces])", "(;GM[11]SZ[4]PL[X])", "(;GM[11]SZ[4];B[a1]W[b1])"}) {
    try {
      hex_from_sgf(sgf::parse(text));
      ADD_FAILURE() << "accepted: " << text;
    } catch (const HexSgfError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("line ", 0), 0u) << e.what();
    }
  }
}

}  // namespace
}  // namespace dfpn::games
