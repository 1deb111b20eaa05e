// The circuit evaluation against values worked out by hand, the symmetries
// of the board, and its exact bits on one position.
#include "games/hex/hex_resistance.h"

#include <gtest/gtest.h>

#include <cmath>

#include "games/hex/hex_board.h"
#include "support/hex_positions.h"

namespace {

using namespace dfpn::games;

TEST(HexResistance, OneCellIsTwoWiresInSeries) {
  // The cell is wired to each edge with conductance 2: 1/2 + 1/2 ohm.
  const CircuitEvaluation e = evaluate_circuit(HexCells{0}, 1);
  for (int side = 0; side < 2; ++side) {
    EXPECT_DOUBLE_EQ(e.resistance[std::size_t(side)], 1.0);
    EXPECT_DOUBLE_EQ(e.flow[std::size_t(side)][0], 1.0);
  }
}

TEST(HexResistance, TwoByTwoByHand) {
  // Black's network on 2x2: a1 and b1 wired to the source (2 each), a2 and
  // b2 to the sink (2 each), and the cell adjacencies a1-b1, a1-a2, b1-a2,
  // b1-b2, a2-b2 (1 each). Kirchhoff's equations, solved in fractions:
  // V(source) = 6/7, a1 9/14, b1 4/7, a2 2/7, b2 3/14.
  const CircuitEvaluation e = evaluate_circuit(HexCells{0, 0, 0, 0}, 2);
  EXPECT_NEAR(e.resistance[0], 6.0 / 7, 1e-12);
  EXPECT_NEAR(e.resistance[1], 6.0 / 7, 1e-12);  // the transposed board
  // a1: 2 (6/7 - 9/14) in, (9/14 - 4/7) to b1 and (9/14 - 2/7) to a2 out.
  EXPECT_NEAR(e.flow[0][0], 2 * (6.0 / 7 - 9.0 / 14), 1e-12);
}

TEST(HexResistance, AConnectedSideCutsTheOtherOff) {
  // Black's stones down column b of 3x3: Black's edges are joined (no
  // resistance), White's are cut apart (no current anywhere).
  HexCells cells(9, 0);
  for (int r = 0; r < 3; ++r) cells[std::size_t(r * 3 + 1)] = 1;
  const CircuitEvaluation e = evaluate_circuit(cells, 3);
  EXPECT_EQ(e.resistance[0], 0.0);
  EXPECT_TRUE(std::isinf(e.resistance[1]));
  for (int cell = 0; cell < 9; ++cell) EXPECT_EQ(e.flow_sum(cell), 0.0);
}

TEST(HexResistance, EmptyBoardFlowsFollowTheBoardsSymmetries) {
  const int n = 5;
  const CircuitEvaluation e = evaluate_circuit(HexCells(std::size_t(n * n), 0), n);
  EXPECT_NEAR(e.resistance[0], e.resistance[1], 1e-9);
  for (int r = 0; r < n; ++r) {
    double row_sum = 0;
    for (int c = 0; c < n; ++c) {
      const int cell = r * n + c, transposed = c * n + r, turned = n * n - 1 - cell;
      EXPECT_NEAR(e.flow[0][std::size_t(cell)], e.flow[1][std::size_t(transposed)], 1e-9);  // colours swap
      EXPECT_NEAR(e.flow[0][std::size_t(cell)], e.flow[0][std::size_t(turned)], 1e-9);      // half turn
      row_sum += e.flow[0][std::size_t(cell)];
    }
    // All of Black's unit current crosses every row (some of it also runs
    // along the row, so the cells' currents add up to more).
    EXPECT_GE(row_sum, 1.0 - 1e-9);
  }
  // The centre carries more than a corner.
  EXPECT_GT(e.flow_sum(2 * n + 2), e.flow_sum(0));
}

TEST(HexResistance, StonesLowerTheirOwnersResistance) {
  const int n = 5;
  HexCells cells(std::size_t(n * n), 0);
  const double empty = evaluate_circuit(cells, n).resistance[0];
  cells[std::size_t(2 * n + 2)] = 1;
  const CircuitEvaluation e = evaluate_circuit(cells, n);
  EXPECT_LT(e.resistance[0], empty);
  EXPECT_GT(e.resistance[1], empty);
  EXPECT_EQ(e.flow[0][std::size_t(2 * n + 2)], 0.0);  // a stone is not a move
}

// The network's values steer the search (move order, initial numbers), so
// they must not depend on the build: the same bits with or without FMA
// instructions (the build never fuses, CMakeLists.txt). The constants are
// the unfused results; a fusing build (-march=native without
// -ffp-contract=off) differs in the last bits here.
TEST(HexResistance, SameToTheBitOnEveryBuild) {
  const HexGame g = dfpn::testing::position(8, "d5 c4 f3", "e4 c6 b3", dfpn::Player::Black);
  const CircuitEvaluation e = evaluate_circuit(cells_of(g), 8);
  EXPECT_EQ(e.resistance[0], 0x1.633cebba834b4p-1);
  EXPECT_EQ(e.resistance[1], 0x1.694c56d2960e3p-1);
  EXPECT_EQ(e.flow[0][0], 0x1.977283ad81918p-5);
  EXPECT_EQ(e.flow[1][0], 0x1.d2e3af200fa38p-5);
  EXPECT_EQ(e.flow[0][27], 0x1.81d2ccbde76e1p-3);
  EXPECT_EQ(e.flow[1][27], 0x1.485548de7664dp-3);
  EXPECT_EQ(e.flow[0][44], 0x1.5a5fe5bae3c21p-3);
  EXPECT_EQ(e.flow[1][63], 0x1.fd5bc51edd91p-5);
}

}  // namespace
