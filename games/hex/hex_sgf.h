// Hex positions in HexGui's SGF dialect: FF[4] GM[11] SZ[n], setup stones
// AB/AW, PL for the side to move, moves ";B[a1]" along the main line.
#pragma once

#include <stdexcept>
#include <string>

#include "games/hex/hex.h"
#include "games/sgf/sgf.h"

namespace dfpn::games {

// A position HexGui can't express or a file that is wrong for Hex;
// what() starts with "line N: ".
class HexSgfError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// The position at the end of the main line (setup stones, then the moves),
// or with `follow_moves` false the root's setup alone. The side to move
// follows the last move (or, with setup only, the stone count: Black when
// both have as many); PL in the last node read overrides it.
HexGame hex_from_sgf(const sgf::Node& root, bool follow_moves = true);

// A root node describing `position` as setup stones plus PL.
sgf::Node hex_to_sgf(const HexGame& position);

}  // namespace dfpn::games
