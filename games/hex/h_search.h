// H-search (Anshelevich): the virtual connections of one side, full ones
// (connected whoever moves first) and semi ones (connected by playing the
// key), built from adjacencies and the edge templates (edge_templates.h) with the AND
// and OR rules, in bounded lists per pair (hex_knowledge.h says how the
// knowledge uses them; HexKnowledge holds the bounds).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "dfpn/base/types.h"
#include "games/hex/cell_set.h"
#include "games/hex/hex_board.h"
#include "games/hex/hex_knowledge_options.h"

namespace dfpn::games {

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

// The cells `colour` captures by playing the empty `cell` (pairs of its
// neighbours, hex_knowledge.cpp).
CellSet captured_by_playing(HexCells& cells, int size, int cell, std::uint8_t colour);

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
// Both from one H-search, for a proof's position where `side` is not to
// move: the full connection if there is one, else the semis (a full
// needs no semis; without one, the search that looked for it has run to
// the end and holds every semi).
struct EdgeCertificates {
  std::optional<ConnectionCertificate> full;
  std::vector<ConnectionCertificate> semis;
};
EdgeCertificates certify_edge_full_or_semis(const HexCells& cells, int size, Player side, const HexKnowledge& knobs);

}  // namespace dfpn::games
