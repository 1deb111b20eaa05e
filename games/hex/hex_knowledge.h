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
//   narrower one) and in all, seeded with the
//   fourth-row edge template (which the rules alone cannot derive). A full connection
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
// * Evaluation: two-distance (Van Rijswijck) for move ordering (ties to
//   the cell nearer the centre; the mover's threats, moves that leave it an
//   edge-to-edge semi, first) and df-pn+ initial numbers.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "dfpn/base/types.h"
#include "games/hex/cell_set.h"
#include "games/hex/hex.h"

namespace dfpn::games {

struct HexKnowledge {
  bool dead_cells = true;
  bool captured_cells = true;  // needs dead_cells
  bool domination = true;      // needs dead_cells
  bool vulnerable = true;      // drop moves the opponent's reply kills (needs dead_cells)
  bool virtual_connections = true;
  bool edge_templates = true;  // fourth-row template as a base connection (needs virtual_connections)
  bool must_play = true;  // needs virtual_connections
  bool symmetry = true;   // half-turn symmetric positions: one move of each image pair
  bool refutation = true;  // proof sets of decided positions, for pruning siblings of a refuted move
  bool shrink_proofs = true;  // shrink proof sets by the loser's fill-in (needs refutation, dead_cells)
  // Proof transpositions (hex_proof_transpositions.h): positions decided by
  // the proof set of a solved one they contain (needs refutation).
  bool transpositions = true;
  bool ordering = true;
  // What orders the moves: each move's two-distance potentials after it
  // is played, or the current both sides' circuits send through its cell.
  enum class Order { TwoDistance, Circuit } order_by = Order::TwoDistance;
  // Moves that leave the mover an edge-to-edge semi (its threats, from its
  // own H-search) go first, in the order above among themselves (needs
  // ordering and virtual_connections).
  bool threats_first = true;
  bool initial_numbers = true;
  static constexpr int kMostFullsPerPair = 16, kMostSemisPerPair = 32;  // H-search's fixed capacity
  // Wider lists find connections the narrow ones crowd out: 7x7 openings
  // take about half the nodes at 8/16 as at 4/8, and a little less time
  // (docs/benchmarks.md, session 18). 8/16 builds about 11,000 connections a
  // side on 7x7 and 19,000 on 8x8 (at most 33,000 and 61,000 on random
  // positions), so the bound cuts only the most crowded 8x8 searches.
  int max_fulls_per_pair = 8;  // 1..kMostFullsPerPair
  int max_semis_per_pair = 16;  // 1..kMostSemisPerPair
  // Pairs with an edge at one end get wider lists: the edge-to-edge semis
  // that decide positions and make must-play are built from them, and they
  // are few (two per cell), so this costs little. On 8x8 positions it takes
  // a fifth to a third off (docs/benchmarks.md, session 24).
  int max_edge_fulls_per_pair = kMostFullsPerPair;  // 1..kMostFullsPerPair
  int max_edge_semis_per_pair = kMostSemisPerPair;  // 1..kMostSemisPerPair
  int max_connections = 40000;  // H-search effort bound per side
  // Whether the AND rule may join two connections at one of the side's
  // edges. A chain that reaches an edge needs nothing beyond it, so such
  // connections seldom decide anything, but every pair of cells joined to
  // an edge gets one: on 8x8 they were nine in ten of all connections,
  // crowding the lists and the effort bound. Without them an 8x8 analysis
  // is about ten times faster; the few decisions they made (an OR of paths
  // that leave through different edges) cost some extra nodes (8x8 a1:
  // unknown after 20 minutes with them, solved in about two and a half
  // without; docs/benchmarks.md, session 25).
  bool and_over_edges = false;

  static HexKnowledge none() {
    HexKnowledge k;
    k.dead_cells = k.captured_cells = k.domination = k.vulnerable = false;
    k.virtual_connections = k.edge_templates = k.must_play = k.symmetry = k.refutation = k.shrink_proofs =
        k.transpositions = k.ordering = k.threats_first =
        k.initial_numbers = false;
    return k;
  }
  bool any() const { return dead_cells || virtual_connections || ordering || initial_numbers; }
};

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
  CellSet vulnerable;            // candidate moves dropped as vulnerable
  std::vector<std::pair<std::uint16_t, std::uint16_t>> killers;  // (vulnerable move, its killer)
  std::vector<std::uint16_t> order;  // moves, best first (ordering on)
  CellSet mover_threats;  // threats_first: cells that leave the mover an edge semi (VirtualConnections)
};

// Connections H-search found for one side on a board; exposed for tests.
struct VirtualConnections {
  std::vector<CellSet> edge_fulls;                   // carriers of full edge-to-edge connections
  // (key, carrier incl. key) of edge-to-edge semis: the pair's list, then
  // those built beyond it that narrowed the common part of all.
  std::vector<std::pair<int, CellSet>> edge_semis;
  int connections = 0;                               // how many H-search built in all
  // With `links` asked for: the pairs of ends joined by a full connection,
  // each end a cell (an empty cell, or a stone of the group) or kFirstEdge /
  // kSecondEdge.
  static constexpr int kFirstEdge = -1, kSecondEdge = -2;
  std::vector<std::array<int, 2>> full_links;
  // With `threats` asked for: empty cells that give the side an edge-to-edge
  // semi connection once it plays there (a full from one edge and a semi
  // from the other with disjoint carriers meet at the cell).
  CellSet threat_moves;
};

// The fourth-row edge template: a stone three rows from its edge (rows
// 1-3 between) is connected to it when these cells are empty, whoever
// moves first. Offsets (row, column) from the stone for Black's first edge
// (row 1 is up, row - 3); the other orientation and edges follow by
// symmetry. Found by exact search and checked in the tests (a proof by the
// rules alone that the stone connects, and that no cell can be left out).
inline constexpr std::array<std::array<std::int8_t, 2>, 19> kFourthRowTemplate = {{
    {-3, -1}, {-3, 0}, {-3, 1}, {-3, 2}, {-3, 3}, {-3, 4}, {-3, 5},  // first row
    {-2, -1}, {-2, 0}, {-2, 1}, {-2, 2}, {-2, 3}, {-2, 4},           // second row
    {-1, -1}, {-1, 0}, {-1, 1}, {-1, 2}, {-1, 3},                    // third row
    {0, 1},                                                          // beside the stone
}};

// Cell colours: 0 empty, 1 black, 2 white; index row * size + column.
using HexCells = std::vector<std::uint8_t>;

HexCells cells_of(const HexGame& game);
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
VirtualConnections h_search(const HexCells& cells, int size, Player side, const HexKnowledge& knobs,
                            bool links = false, bool threats = false);
struct ConnectionCertificate;  // games/hex/hex_connection_proof.h
// H-search with every step recorded: the derivation of `side`'s smallest
// edge-to-edge full connection (or semi, when the side is to move), for
// check_connection() to verify; nothing if H-search finds none.
std::optional<ConnectionCertificate> certify_edge_connection(const HexCells& cells, int size, Player side,
                                                             const HexKnowledge& knobs, bool side_to_move);
// The same for the edge-to-edge semi connections of `side` when the
// opponent is to move: a few whose carriers meet in as few cells as all of
// them do (the opponent must play there; elsewhere one of them survives and
// its key connects). Empty if H-search finds none.
std::vector<ConnectionCertificate> certify_edge_semis(const HexCells& cells, int size, Player side,
                                                      const HexKnowledge& knobs);
// Two-distance from `side`'s first edge to its second through `cells`: the
// best (smallest) sum over empty cells; large when cut off.
int two_distance_potential(const HexCells& cells, int size, Player side);

HexAnalysis analyse(const HexGame& game, const HexKnowledge& knobs);

}  // namespace dfpn::games
