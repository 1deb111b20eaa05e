// Hex knowledge: what a position tells beyond the rules, so a solver
// expands far fewer nodes. Each piece can be switched off (HexKnowledge) so
// benchmarks can measure what it buys.
//
// * Dead cells: an empty cell whose neighbours make it useless to both sides
//   (no path of either colour gains by passing through it). They are filled
//   in (their colour does not matter), never played, and may complete a
//   connection that decides the game.
// * Virtual connections by H-search (Anshelevich): full connections (the
//   owner stays connected whoever moves first) and semi-connections (the
//   owner connects by playing the key first), built from adjacencies with
//   the AND rule (two fulls joined at a cell or group) and the OR rule
//   (semis whose carriers have an empty intersection make a full), with a
//   bounded number of connections per pair and in all. A full connection
//   between a side's edges wins for it; a semi wins for it when it is to
//   move.
// * Must-play: when the side not to move has edge-to-edge semi-connections,
//   the mover must play in every one of their carriers (elsewhere the
//   opponent plays the key and wins); an empty intersection loses.
// * Evaluation: two-distance (Van Rijswijck) for move ordering and df-pn+
//   initial numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "dfpn/types.h"
#include "games/hex/cell_set.h"
#include "games/hex/hex.h"

namespace dfpn::games {

struct HexKnowledge {
  bool dead_cells = true;
  bool virtual_connections = true;
  bool must_play = true;  // needs virtual_connections
  bool ordering = true;
  bool initial_numbers = true;
  int max_fulls_per_pair = 4;
  int max_semis_per_pair = 8;
  int max_connections = 20000;  // H-search effort bound per side

  static HexKnowledge none() { return {false, false, false, false, false}; }
  bool any() const { return dead_cells || virtual_connections || ordering || initial_numbers; }
};

// What the knowledge says about one position.
struct HexAnalysis {
  std::optional<Player> winner;  // decided by the rules, fill-in or a virtual connection
  CellSet winning_carrier;       // cells the winner's connection needs (empty if by the rules)
  CellSet moves;                 // the cells worth playing for the side to move
  CellSet dead;                  // dead cells (filled in)
  std::vector<std::uint16_t> order;  // moves, best first (ordering on)
};

// Connections H-search found for one side on a board; exposed for tests.
struct VirtualConnections {
  std::vector<CellSet> edge_fulls;                   // carriers of full edge-to-edge connections
  std::vector<std::pair<int, CellSet>> edge_semis;   // (key, carrier incl. key) of edge-to-edge semis
  int connections = 0;                               // how many H-search built in all
};

// Cell colours: 0 empty, 1 black, 2 white; index row * size + column.
using HexCells = std::vector<std::uint8_t>;

HexCells cells_of(const HexGame& game);
// Empty cells dead on `cells`, one pass (no fill-in).
CellSet dead_cells(const HexCells& cells, int size);
VirtualConnections h_search(const HexCells& cells, int size, Player side, const HexKnowledge& knobs);
// Two-distance from `side`'s first edge to its second through `cells`: the
// best (smallest) sum over empty cells; large when cut off.
int two_distance_potential(const HexCells& cells, int size, Player side);

HexAnalysis analyse(const HexGame& game, const HexKnowledge& knobs);

}  // namespace dfpn::games
