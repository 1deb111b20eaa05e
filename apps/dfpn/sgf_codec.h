// How each game meets SGF in the command: which games have an SGF form, the
// start position a file describes, and how moves are written. Games without
// an SGF form (the test games) have no specialisation.
#pragma once

#include <optional>
#include <string>

#include "games/hex/hex.h"
#include "games/hex/hex_sgf.h"
#include "games/sgf/sgf.h"

namespace dfpn::cli {

template <class G>
struct SgfCodec;  // undefined: the game has no SGF form

template <>
struct SgfCodec<games::HexGame> {
  static constexpr const char* kGameNumber = "11";
  static sgf::Node root(const games::HexGame& position) { return games::hex_to_sgf(position); }
  static games::HexGame setup(const sgf::Node& root) { return games::hex_from_sgf(root, false); }
  static std::string value(const games::HexGame& game, games::HexGame::Move move) {
    return game.move_to_string(move);  // HexGui writes cells as "a1"
  }
  static std::optional<games::HexGame::Move> parse(const games::HexGame& game, const std::string& text) {
    return game.parse_move(text);
  }
};

template <class G>
concept HasSgf = requires { SgfCodec<G>::kGameNumber; };

}  // namespace dfpn::cli
