// The board as Hex knowledge reads it: a plain array of cell colours, the
// six neighbours in ring order, and a side's stones in groups. Shared by
// fill-in, H-search, two-distance and the connection checker.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "dfpn/base/types.h"
#include "games/hex/hex.h"

namespace dfpn::games {

// Cell colours: 0 empty, 1 black, 2 white; index row * size + column.
using HexCells = std::vector<std::uint8_t>;

// Neighbours in cyclic order around a cell: each is adjacent to the next.
constexpr std::array<int, 6> kRingRows = {-1, -1, 0, 1, 1, 0};
constexpr std::array<int, 6> kRingCols = {0, 1, 1, 0, -1, -1};

constexpr std::uint8_t kEmpty = 0, kBlack = 1, kWhite = 2;
inline std::uint8_t colour_of(Player p) { return p == Player::Black ? kBlack : kWhite; }

HexCells cells_of(const HexGame& game);

// The side's stones in groups; its two edges are groups too (first and
// second edge), and stones touching an edge belong to that edge's group.
struct Groups {
  std::vector<int> of;  // per cell: group id or -1
  int count = 0;
  int first_edge = 0, second_edge = 1;
};

Groups find_groups(const HexCells& cells, int n, Player side);

}  // namespace dfpn::games
