// Tic-tac-toe: the smallest real game, with draws. X (Black) moves first.
// Neither side can force three in a row, so every attacker is disproven.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include <boost/container/static_vector.hpp>

#include "dfpn/base/types.h"

namespace dfpn::games {

class TicTacToe {
 public:
  using Move = std::uint8_t;  // cell 0..8, row-major from the top left
  using MoveList = boost::container::static_vector<Move, 9>;

  TicTacToe() = default;

  std::uint64_t hash() const { return hash_ ^ (to_move() == Player::White ? kSideKey : 0); }
  Player to_move() const { return history_size_ % 2 == 0 ? Player::Black : Player::White; }

  void generate_moves(MoveList& moves) const {
    moves.clear();
    if (winner_of(Player::Black) || winner_of(Player::White)) return;
    for (Move c = 0; c < 9; ++c)
      if (!occupied(c)) moves.push_back(c);
  }

  void play(Move cell) {
    const int side = static_cast<int>(to_move());
    stones_[side] |= std::uint16_t(1u << cell);
    hash_ ^= key(side, cell);
    history_[history_size_++] = cell;
  }

  void undo() {
    const Move cell = history_[--history_size_];
    const int side = static_cast<int>(to_move());
    stones_[side] &= std::uint16_t(~(1u << cell));
    hash_ ^= key(side, cell);
  }

  // Three in a row for the attacker proves; for the defender, or a full
  // board (draw), disproves.
  Outcome evaluate(Player attacker) const {
    if (winner_of(attacker)) return Outcome::Proven;
    if (winner_of(opponent(attacker))) return Outcome::Disproven;
    if (history_size_ == 9) return Outcome::Disproven;
    return Outcome::Unknown;
  }

  bool may_draw() const { return true; }
  std::string goal_text(Player prover) const {
    return prover == Player::Black ? "X makes three in a row" : "O makes three in a row";
  }

  // Cells are named like a 3×3 Go/Hex board: a1 is the top left, c3 the bottom right.
  std::string move_to_string(Move cell) const {
    return std::string{char('a' + cell % 3), char('1' + cell / 3)};
  }
  std::optional<Move> parse_move(const std::string& text) const {
    if (text.size() != 2 || text[0] < 'a' || text[0] > 'c' || text[1] < '1' || text[1] > '3')
      return std::nullopt;
    return Move((text[1] - '1') * 3 + (text[0] - 'a'));
  }
  bool occupied(Move cell) const { return ((stones_[0] | stones_[1]) >> cell) & 1u; }

 private:
  bool winner_of(Player p) const {
    static constexpr std::array<std::uint16_t, 8> kLines = {0007, 0070, 0700, 0111,
                                                            0222, 0444, 0421, 0124};
    const std::uint16_t s = stones_[static_cast<int>(p)];
    for (std::uint16_t line : kLines)
      if ((s & line) == line) return true;
    return false;
  }

  static std::uint64_t key(int side, int cell) {
    // splitmix64 of (side, cell): fixed Zobrist keys without a table.
    std::uint64_t z = 0x9E3779B97F4A7C15ull * std::uint64_t(side * 9 + cell + 1);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  static constexpr std::uint64_t kSideKey = 0x5851F42D4C957F2Dull;

  std::array<std::uint16_t, 2> stones_{};
  std::array<Move, 9> history_{};
  int history_size_ = 0;
  std::uint64_t hash_ = 0;
};

}  // namespace dfpn::games
