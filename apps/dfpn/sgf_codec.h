// How each game meets SGF in the command: which games have an SGF form, the
// start position a file describes, and how moves are written. Games without
// an SGF form (the test games) have no specialisation.
#pragma once

#include <optional>
#include <string>

#include "games/go/go.h"
#include "games/go/go_sgf.h"
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

// Go proofs start from a position stated as a problem (so a pending ko ban
// cannot be written: root() throws std::logic_error) with the seki and ko
// settings in private properties; passes are empty values ("tt" is read too).
template <>
struct SgfCodec<games::GoGame> {
  static constexpr const char* kGameNumber = "1";
  static sgf::Node root(const games::GoGame& position) { return games::go_to_sgf(position); }
  static games::GoGame setup(const sgf::Node& root) {
    sgf::Node start = root;
    start.children.clear();  // the proof below is not a main line to play
    return games::go_from_sgf(start, games::go_settings_from_sgf(root));
  }
  static std::string value(const games::GoGame& game, games::GoGame::Move move) {
    return games::sgf_point(game, move);
  }
  static std::optional<games::GoGame::Move> parse(const games::GoGame& game, const std::string& text) {
    if (text.empty() || text == "tt") return games::GoGame::kPass;
    if (text.size() != 2 || text[0] < 'a' || text[1] < 'a' || text[0] - 'a' >= game.size() ||
        text[1] - 'a' >= game.size())
      return std::nullopt;
    return game.point(text[0] - 'a', text[1] - 'a');
  }
};

template <class G>
concept HasSgf = requires { SgfCodec<G>::kGameNumber; };

}  // namespace dfpn::cli
