// A random game tree of any size in constant memory: a position is a 64-bit
// id, its children's ids and its leaf value are hashes of it. Uniform
// branching, terminal positions at a fixed depth (and, optionally, earlier),
// no transpositions. For benchmarks that need problems far larger than the
// explicit synthetic graphs (whose exact oracle needs them in memory).
#pragma once

#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/container/static_vector.hpp>

#include "dfpn/base/random.h"
#include "dfpn/base/types.h"

namespace dfpn::games {

struct RandomTreeParams {
  int depth = 20;               // plies to the leaves
  int branching = 2;            // children per inner position (1..16)
  double black_win_rate = 0.45; // chance a leaf is a Black win
  double terminal_rate = 0.0;   // chance an inner position is already decided
};

class RandomTree {
 public:
  using Move = std::uint8_t;
  using MoveList = boost::container::static_vector<Move, 16>;

  RandomTree(std::uint64_t seed, const RandomTreeParams& params)
      : params_(params), win_threshold_(to_threshold(params.black_win_rate)),
        terminal_threshold_(to_threshold(params.terminal_rate)) {
    path_.push_back(mix64(seed ^ 0x243F6A8885A308D3ull));
  }

  std::uint64_t hash() const { return path_.back(); }
  Player to_move() const { return (path_.size() - 1) % 2 == 0 ? Player::Black : Player::White; }

  void generate_moves(MoveList& moves) const {
    moves.clear();
    if (decided()) return;
    for (int i = 0; i < params_.branching; ++i) moves.push_back(static_cast<Move>(i));
  }
  void play(Move m) { path_.push_back(mix64(path_.back() * 31 + m + 1)); }
  void undo() { path_.pop_back(); }

  Outcome evaluate(Player attacker) const {
    if (!decided()) return Outcome::Unknown;
    const Player winner = mix64(hash() ^ 0x9E3779B97F4A7C15ull) < win_threshold_ ? Player::Black : Player::White;
    return winner == attacker ? Outcome::Proven : Outcome::Disproven;
  }

  std::string move_to_string(Move m) const { return "m" + std::to_string(m); }
  std::optional<Move> parse_move(const std::string& text) const {
    if (text.size() < 2 || text[0] != 'm') return std::nullopt;
    int index = 0;
    const auto [end, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), index);
    if (ec != std::errc{} || end != text.data() + text.size() || index < 0 || index >= params_.branching)
      return std::nullopt;
    return static_cast<Move>(index);
  }

 private:
  bool decided() const {
    const int ply = static_cast<int>(path_.size()) - 1;
    return ply >= params_.depth || (ply > 0 && mix64(hash() ^ 0xC2B2AE3D27D4EB4Full) < terminal_threshold_);
  }
  static std::uint64_t to_threshold(double p) {
    return p >= 1.0 ? ~std::uint64_t{0} : static_cast<std::uint64_t>(p * 18446744073709551616.0);
  }

  RandomTreeParams params_;
  std::uint64_t win_threshold_;
  std::uint64_t terminal_threshold_;
  std::vector<std::uint64_t> path_;  // ids from the root; back() is the position
};

}  // namespace dfpn::games
