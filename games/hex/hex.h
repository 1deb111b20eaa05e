// Hex on an n×n rhombus, 1 ≤ n ≤ 19, with Benzene/HexGui conventions:
// cell "c3" is column c, row 3; Black moves first and connects row 1 with
// row n (top and bottom); White connects column a with the last column.
// No swap rule. A full board always has exactly one winner, so there are no
// draws, and a disproof for one side is a proof for the other.
//
// This is the rules layer: stones, hashing, win detection and notation;
// proofs are checked against it. Hex knowledge (virtual connections, dead
// cells, ordering) is in hex_knowledge.h, and HexKnowledgeGame puts it
// behind the same Game interface for the solvers.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/container/static_vector.hpp>

#include "dfpn/base/types.h"
#include "games/hex/connection_certificate.h"

namespace dfpn::games {

class HexGame {
 public:
  static constexpr int kMaxSize = 19;
  static constexpr int kMaxCells = kMaxSize * kMaxSize;
  using Move = std::uint16_t;  // cell index: row * size + column
  using MoveList = boost::container::static_vector<Move, kMaxCells>;

  explicit HexGame(int size);

  int size() const { return size_; }
  std::uint64_t hash() const { return hash_ ^ (to_move_ == Player::White ? kWhiteToMove : 0); }
  Player to_move() const { return to_move_; }
  void set_to_move(Player p) { to_move_ = p; }

  void generate_moves(MoveList& moves) const;
  void play(Move cell);
  void undo();
  // Places a stone without changing the side to move (setup: SGF AB/AW).
  void place(Move cell, Player color);
  // The same, taken back by undo(): a concession in a proof (dfpn/base/game.h).
  // Hex is monotone (a stone never hurts its owner), so proofs may concede.
  void concede(Move cell, Player color);

  // Proven when the attacker has connected its edges, disproven when the
  // opponent has; a full board always has a winner.
  Outcome evaluate(Player attacker) const;
  std::optional<Player> winner() const;

  std::string goal_text(Player prover) const {
    return prover == Player::Black ? "black connects top and bottom" : "white connects left and right";
  }
  std::string move_to_string(Move cell) const;
  // Parses "c3"; nullopt if it is not a cell of this board.
  std::optional<Move> parse_move(const std::string& text) const;

  // Why a connection certificate (games/hex/hex_connection_proof.h, in its
  // text form) does not show that `winner` connects here, or nothing: the
  // check for certified leaves of proofs (dfpn/base/proof_hooks.h).
  std::optional<std::string> check_certificate(const std::string& text, Player winner) const;
  // The same in two steps, for a verifier that reads each certificate once.
  using Certificate = ConnectionCertificate;
  static std::optional<Certificate> parse_certificate(const std::string& text, std::string& error);
  std::optional<std::string> check_certificate(const Certificate& certificate, Player winner) const;

  // Stone at a cell: nullopt if empty.
  std::optional<Player> stone(Move cell) const;
  // The cell of the stone placed last (by any means), if any.
  std::optional<Move> last_stone() const {
    if (history_.empty()) return std::nullopt;
    return history_.back().cell;
  }
  std::string to_text() const;  // a board diagram, for people

 private:
  bool connected(Player p) const;

  int size_;
  std::array<std::uint8_t, kMaxCells> cells_{};  // 0 empty, 1 black, 2 white
  struct Placed {
    Move cell;
    Player side;
    bool passed_turn;  // a move; false for a concession
  };
  std::vector<Placed> history_;
  Player to_move_ = Player::Black;
  std::uint64_t hash_ = 0;
  static constexpr std::uint64_t kWhiteToMove = 0xA5A5F00DCAFEBABEull;
};

}  // namespace dfpn::games
