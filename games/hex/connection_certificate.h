// What a Hex connection certificate holds (games/hex/hex_connection_proof.h
// writes, reads and checks them): the steps that build one connection. On
// its own so that the rules game can name the type without the checker.
#pragma once

#include <cstdint>
#include <vector>

#include "dfpn/base/types.h"
#include "games/hex/cell_set.h"

namespace dfpn::games {

enum class ConnectionRule : std::uint8_t { Adjacent, Template, And, Or };

struct ConnectionStep {
  ConnectionRule rule = ConnectionRule::Adjacent;
  // Ends: a cell (an empty cell, or any stone of a group) or
  // VirtualConnections::kFirstEdge / kSecondEdge.
  int a = 0, b = 0;
  int key = -1;             // a semi's key (inside the carrier); -1 for a full
  CellSet carrier;          // the empty cells the connection needs
  std::vector<int> parents; // earlier steps (And: two, Or: two or more)
  // Read from the compact text, which leaves an And or Or step's ends, key
  // and carrier out: the checker derives them from the parents (it had
  // recomputed them to compare anyway), so only the parents are known here.
  bool derived = false;
  bool semi() const { return key >= 0; }
};

// The last step is the connection claimed: between the side's two edges, a
// full (or a semi when the side is to move: it plays the key).
struct ConnectionCertificate {
  Player side = Player::Black;
  std::vector<ConnectionStep> steps;
};

}  // namespace dfpn::games
