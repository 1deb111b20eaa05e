// Hex knowledge: what a position tells beyond the rules, so a solver
// expands far fewer nodes. Each piece can be switched off (HexKnowledge) so
// benchmarks can measure what it buys.
//
// * Dead cells: an empty cell whose neighbours make it useless to both sides
//   (no path of either colour gains by passing through it). They are filled
//   in (their colour does not matter), never played, and may complete a
//   connection that decides the game.
// * Captured pairs: two adjacent empty cells such that a stone of the
//   opponent of z on either would be dead once z took the other. z answers
//   any intrusion in the pair with the other cell, so the pair is as good as
//   z's own: it is filled with z (value-preserving, for either side to move).
// * Domination: if after the mover plays c a candidate d is dead or
//   captured for the mover, then playing d is never better than playing c
//   (the position after c equals c with d filled in, which has more of the
//   mover's stones than the position after d), so d is dropped while c is
//   kept.
// * Vulnerable cells: a candidate c with an empty neighbour k such that
//   after the mover's stone on c and the opponent's on k, c is dead. The
//   reply takes back all c gained, so c is dropped, unless every candidate
//   is vulnerable.
// * Virtual connections by H-search (Anshelevich): full connections (the
//   owner stays connected whoever moves first) and semi-connections (the
//   owner connects by playing the key first), built from adjacencies with
//   the AND rule (two fulls joined at a cell or group; not at an edge,
//   see and_over_edges) and the OR rule
//   (semis whose carriers have an empty intersection make a full: every
//   such union found, up to a pair's capacity), with a bounded number of
//   connections per pair (a full list trades its widest carrier for a
//   narrower one) and in all, seeded with the edge templates
//   (edge_templates.h: IVa and fourth-row templates of two stones, which
//   the rules alone cannot derive), and
//   near the root with Benzene's captured sets (hex_knowledge_options.h,
//   captured_and_stones). A full connection
//   between a side's edges wins for it; a semi wins for it when it is to
//   move.
// * Must-play: when the side not to move has edge-to-edge semi-connections,
//   the mover must play in every one of their carriers (elsewhere the
//   opponent plays the key and wins); an empty intersection loses. Every
//   edge semi H-search builds counts, also those its bounded list turns
//   away (VirtualConnections::edge_semis); on 8x8 positions that nearly
//   halves the nodes.
// * Refutation pruning: a decided position's proof set (its carrier and
//   fill-in) tells the search which siblings of a refuted move lose the
//   same way (dfpn/base/game.h).
// * Proof-set shrinking (Henderson, Arneson & Hayward, Solving 8x8 Hex):
//   give the loser every empty cell outside a proof set; cells of the set
//   that fill-in then finds dead, or captured by the loser, can go to the
//   loser as well, so they leave the set. Smaller sets refute more
//   siblings.
// * Proof transpositions (hex_proof_transpositions.h): a solved position's
//   proof set decides every position that holds the winner's stones in
//   play and no loser stone in the set, wherever the search meets it.
// * Symmetry: a position that a half turn (180°) maps onto itself has equal
//   values after m and after its image, so only one of the two is kept
//   (both must be candidates: bounded H-search need not be symmetric).
// * Strategy stealing (off by default): a move after which the opponent
//   holds the image of the mover's stones under a reflection that swaps
//   the colours and the sides' edges loses (the side to move wins a
//   position such a reflection maps onto itself), so it is dropped.
// * Evaluation: move ordering by the current both sides' resistor networks
//   send through a cell (hex_resistance.h; or two-distance, Van Rijswijck,
//   ties to the cell nearer the centre), the mover's threats (moves that
//   leave it an edge-to-edge semi) first; two-distance also gives df-pn+'s
//   initial numbers.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "dfpn/base/types.h"
#include "games/hex/cell_set.h"
#include "games/hex/h_search.h"
#include "games/hex/hex.h"
#include "games/hex/hex_board.h"
#include "games/hex/hex_knowledge_options.h"

namespace dfpn::games {

// What the knowledge says about one position.
struct HexAnalysis {
  std::optional<Player> winner;  // decided by the rules, fill-in or a virtual connection
  CellSet winning_carrier;       // cells the winner's connection needs (empty if by the rules)
  // Decided: empty cells such that the winner still wins when the loser
  // holds every other empty cell (dfpn/base/game.h, proof sets).
  CellSet proof_set;
  int winning_key = -1;          // the mover wins by a semi-connection: its key
  CellSet threat;                // undecided: the smallest carrier of the opponent's edge semis
  CellSet threats;               // undecided: all their carriers (must-play's reason)
  CellSet moves;                 // the cells worth playing for the side to move
  CellSet dead;                  // dead cells (filled in)
  CellSet captured[2];           // captured cells filled in for Black [0] and White [1]
  int dominated = 0;             // candidate moves dropped as dominated
  int symmetric = 0;             // candidate moves dropped as images of kept ones
  std::vector<std::pair<std::uint16_t, std::uint16_t>> dominators;  // (dropped move, a kept move dominating it)
  CellSet mirrored;              // the moves dropped as images
  CellSet stolen;                // candidate moves dropped as losing by strategy stealing
  CellSet vulnerable;            // candidate moves dropped as vulnerable
  std::vector<std::pair<std::uint16_t, std::uint16_t>> killers;  // (vulnerable move, its killer)
  std::vector<std::uint16_t> order;  // moves, best first (ordering on)
  CellSet mover_threats;  // threats_first: cells that leave the mover an edge semi (VirtualConnections)
};

// Empty cells dead on `cells`, one pass (no fill-in).
CellSet dead_cells(const HexCells& cells, int size);

// What fill-in put on the board.
struct FillIn {
  CellSet dead;
  CellSet captured[2];  // for Black [0], White [1]
  CellSet all() const { return dead | captured[0] | captured[1]; }
};
// Fills dead cells (as `dead_colour`) and, with `captured` on, captured
// pairs of the sides in `sides` (bit 0 Black, bit 1 White) until nothing
// changes. Every step preserves the value of the position.
FillIn fill_in(HexCells& cells, int size, bool captured, unsigned sides = 3, std::uint8_t dead_colour = 1);
// The same fill for a board that was a fixpoint of it (with the same
// `captured`, and `sides` or more) until `move` was placed: only tests next
// to the move and to what it fills are made.
FillIn fill_in_after(HexCells& cells, int size, int move, bool captured, unsigned sides = 3,
                     std::uint8_t dead_colour = 1);
// `set` (empty cells of `cells`) with what the loser's fill-in takes out of
// it once the loser holds every empty cell outside it: still a set the
// winner wins within.
CellSet shrink_proof_set(const HexCells& cells, int size, Player winner, const CellSet& set, bool captured);
// The stones of `side` that its win with proof set `set` can rest on (the
// position not won by stones yet): its groups next to a cell of the set,
// an edge's group counting every stone joined to that edge. Any other group
// touches no cell still to be played once the loser holds the rest, so it
// never joins the winner's chain (hex_proof_transpositions.h).
CellSet stones_in_play(const HexCells& cells, int size, Player side, const CellSet& set);
// Two-distance from `side`'s first edge to its second through `cells`: the
// best (smallest) sum over empty cells; large when cut off.
int two_distance_potential(const HexCells& cells, int size, Player side);
// The same after each move of `side` on one board: move ordering asks it of
// every candidate, so the board's structure (groups, neighbours) is read
// once and each move changes it where the new stone lies.
// after(c) == two_distance_potential(cells with side's stone on c);
// after(-1): the board as it is.
class TwoDistanceAfter {
 public:
  TwoDistanceAfter() = default;
  TwoDistanceAfter(const HexCells& cells, int size, Player side) { reset(cells, size, side); }
  // Reads another board (`cells` must outlive the calls to after()), keeping
  // the buffers' capacity.
  void reset(const HexCells& cells, int size, Player side);
  int after(int cell) const;

 private:
  const HexCells* cells_ = nullptr;
  int n_ = 0;
  Player side_ = Player::Black;
  Groups groups_;
  std::vector<std::array<int, 6>> direct_, via_;  // per cell: empty neighbours, adjacent groups
  std::vector<std::uint8_t> direct_count_, via_count_;
  std::vector<std::array<bool, 2>> touches_edge_;  // per cell: next to an edge, or to its group
  std::vector<int> group_first_, group_cells_;       // group g's empty neighbours: [first[g], first[g + 1])
  std::vector<int> fill_;                            // reset()'s scratch
};

HexAnalysis analyse(const HexGame& game, const HexKnowledge& knobs);

}  // namespace dfpn::games
