// The electric-circuit evaluation of Hex (Anshelevich; Six and Benzene use
// it for move ordering): each side's empty cells and stone groups are the
// nodes of a resistor network between its two edges, with no wire through
// the opponent's stones. One unit of current enters at the first edge; the
// current through a cell says how much the side's best paths use it. A cell
// both sides' currents cross is where the fight is, so moves are ordered by
// the sum of the two flows.
#pragma once

#include <array>
#include <vector>

#include "games/hex/hex_knowledge.h"

namespace dfpn::games {

struct CircuitEvaluation {
  // Resistance between each side's edges (Black [0], White [1]); infinite
  // when the side is cut off.
  std::array<double, 2> resistance{};
  // Per cell and side: the current through the cell (0 on stones of the
  // other side and on cells no current reaches).
  std::array<std::vector<double>, 2> flow;
  double flow_sum(int cell) const { return flow[0][std::size_t(cell)] + flow[1][std::size_t(cell)]; }
};

// Conductances: 1 between two empty cells, 2 where a group (or edge) of the
// side's stones is at either end (Benzene's values). `links` (Black [0],
// White [1], as VirtualConnections::full_links) wire the ends of full
// connections as if they were adjacent.
using CircuitLinks = std::array<std::vector<std::array<int, 2>>, 2>;
CircuitEvaluation evaluate_circuit(const HexCells& cells, int size, const CircuitLinks& links = {});

}  // namespace dfpn::games
