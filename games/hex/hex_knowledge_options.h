// Which pieces of Hex knowledge a search uses, and H-search's bounds
// (hex_knowledge.h describes each piece). Every piece can be switched off so
// that benchmarks measure what it buys.
#pragma once

namespace dfpn::games {

struct HexKnowledge {
  bool dead_cells = true;
  bool captured_cells = true;  // needs dead_cells
  bool domination = true;      // needs dead_cells
  bool vulnerable = true;      // drop moves the opponent's reply kills (needs dead_cells)
  bool virtual_connections = true;
  bool edge_templates = true;  // edge_templates.h as base connections (needs virtual_connections)
  bool must_play = true;  // needs virtual_connections
  bool symmetry = true;   // half-turn symmetric positions: one move of each image pair
  // Drop the moves after which the opponent holds the colour-swapped
  // mirror image of the mover's stones (they lose by strategy stealing;
  // hex_knowledge.h). Off by default: the moves it drops are refuted in a
  // few thousand nodes anyway, and on the 7x7 and 8x8 openings measured it
  // saved nothing beyond the swing of search order (docs/benchmarks.md,
  // "strategy stealing").
  bool strategy_stealing = false;
  bool refutation = true;  // proof sets of decided positions, for pruning siblings of a refuted move
  bool shrink_proofs = true;  // shrink proof sets by the loser's fill-in (needs refutation, dead_cells)
  // Proof transpositions (hex_proof_transpositions.h): positions decided by
  // the proof set of a solved one they contain (needs refutation).
  bool transpositions = true;
  bool ordering = true;
  // What orders the moves: each move's two-distance potentials after it
  // is played, or the current both sides' circuits send through its cell.
  // The circuit order takes fewer nodes and less time on 7x7 and 8x8
  // (docs/benchmarks.md, "circuit order by default").
  enum class Order { TwoDistance, Circuit } order_by = Order::Circuit;
  // Moves that leave the mover an edge-to-edge semi (its threats, from its
  // own H-search) go first, in the order above among themselves (needs
  // ordering and virtual_connections).
  bool threats_first = true;
  bool initial_numbers = true;
  static constexpr int kMostFullsPerPair = 16, kMostSemisPerPair = 32;  // H-search's fixed capacity
  // Wider lists find connections the narrow ones crowd out; the effort
  // bound below then cuts only the most crowded searches. The capacities
  // were chosen by measurement (docs/benchmarks.md, "wider pair lists").
  int max_fulls_per_pair = 8;  // 1..kMostFullsPerPair
  int max_semis_per_pair = 16;  // 1..kMostSemisPerPair
  // Pairs with an edge at one end get wider lists: the edge-to-edge semis
  // that decide positions and make must-play are built from them, and they
  // are few (two per cell), so this costs little and pays on 8x8.
  int max_edge_fulls_per_pair = kMostFullsPerPair;  // 1..kMostFullsPerPair
  int max_edge_semis_per_pair = kMostSemisPerPair;  // 1..kMostSemisPerPair
  int max_connections = 40000;  // H-search effort bound per side
  // Whether the AND rule may join two connections at one of the side's
  // edges. A chain that reaches an edge needs nothing beyond it, but an OR
  // of two paths that differ in one stretch, one of them through the edge,
  // does: such joins shrink the move list in about one 8x8 position in ten.
  // Every pair of cells joined to an edge gets one, though: on 8x8 they are
  // most of all connections, crowding the lists and the effort bound, and
  // each analysis costs several times as much, more than the nodes saved
  // (docs/benchmarks.md, "semis through an edge"; the test
  // HSearch.AndOverEdgesBuildsMostConnectionsAndStaysSound counts them).
  bool and_over_edges = false;
  // Benzene's captured sets in H-search: the cells a side captures by
  // playing a cell (pairs of its neighbours, as fill-in finds them) may lie
  // in both carriers the AND rule joins, or in the common part of the semis
  // the OR rule joins, when they belong to a connection's ends (or an AND's
  // key); the new carrier then holds the whole captured set. Sound by the
  // argument in docs/design.md ("Captured sets in H-search"). It decides
  // more positions and saves nodes, but builds about three times as many
  // connections per H-search, so it pays only near the root, where a
  // decision or a narrower must-play saves a large subtree: it is used in
  // positions of at most `captured_and_stones` stones, those filled in
  // counted (0: never), and everywhere with `captured_and`. The bound was
  // chosen by measurement (docs/benchmarks.md, "captured sets near the
  // root"). Not used when H-search records certificates (the proof verifier
  // does not know the rule).
  bool captured_and = false;
  int captured_and_stones = 3;

  static HexKnowledge none() {
    HexKnowledge k;
    k.dead_cells = k.captured_cells = k.domination = k.vulnerable = false;
    k.virtual_connections = k.edge_templates = k.must_play = k.symmetry = k.strategy_stealing = k.refutation = k.shrink_proofs =
        k.transpositions = k.ordering = k.threats_first =
        k.initial_numbers = false;
    k.captured_and_stones = 0;
    return k;
  }
  bool any() const { return dead_cells || virtual_connections || ordering || initial_numbers; }
};

}  // namespace dfpn::games
