#include "games/hex/hex_sgf.h"

#include <charconv>

namespace dfpn::games {
namespace {

[[noreturn]] void fail(const sgf::Node& node, const std::string& message) {
  throw HexSgfError("line " + std::to_string(node.line) + ": " + message);
}

int board_size(const sgf::Node& root) {
  const std::string gm = root.value("GM", "11");
  if (gm != "11") fail(root, "GM[" + sgf::shown(gm) + "] is not Hex (GM[11])");
  std::string sz = root.value("SZ", "11");  // the SGF default for Hex
  if (const auto colon = sz.find(':'); colon != std::string::npos) {
    if (sz.substr(0, colon) != sz.substr(colon + 1))
      fail(root, "SZ[" + sgf::shown(sz) + "]: only square boards are supported");
    sz = sz.substr(0, colon);
  }
  int size = 0;
  const auto [end, ec] = std::from_chars(sz.data(), sz.data() + sz.size(), size);
  if (ec != std::errc{} || end != sz.data() + sz.size() || size < 1 || size > HexGame::kMaxSize)
    fail(root, "SZ[" + sgf::shown(sz) + "]: the board size must be 1..19");
  return size;
}

HexGame::Move cell(const HexGame& game, const sgf::Node& node, const std::string& id,
                   const std::string& text) {
  const auto move = game.parse_move(text);
  if (!move) fail(node, id + "[" + sgf::shown(text) + "] is not a cell of a " + std::to_string(game.size()) + "x" +
                            std::to_string(game.size()) + " board");
  if (game.stone(*move)) fail(node, id + "[" + sgf::shown(text) + "]: the cell is already occupied");
  return *move;
}

void apply_setup(HexGame& game, const sgf::Node& node) {
  for (const auto& [id, color] : {std::pair{"AB", Player::Black}, {"AW", Player::White}}) {
    if (const auto* values = node.find(id))
      for (const auto& text : *values) game.place(cell(game, node, id, text), color);
  }
  if (node.find("AE")) fail(node, "AE (removing stones) is not supported");
}

void apply_move(HexGame& game, const sgf::Node& node) {
  const auto* black = node.find("B");
  const auto* white = node.find("W");
  if (!black && !white) return;
  if (black && white) fail(node, "a node has both a B and a W move");
  const Player side = black ? Player::Black : Player::White;
  const std::string& text = (black ? *black : *white).front();
  if (text == "swap-pieces" || text == "swap-sides") fail(node, "the swap rule is not supported");
  if (text == "resign" || text == "pass" || text.empty()) fail(node, "'" + sgf::shown(text) + "' is not a cell");
  const auto move = cell(game, node, black ? "B" : "W", text);
  game.set_to_move(side);  // SGF allows either side to move next
  game.play(move);
}

}  // namespace

HexGame hex_from_sgf(const sgf::Node& root, bool follow_moves) {
  HexGame game(board_size(root));
  const sgf::Node* node = &root;
  bool moved = false;
  for (;;) {
    apply_setup(game, *node);
    if (follow_moves && (node->find("B") || node->find("W"))) {
      moved = true;
      apply_move(game, *node);
    }
    if (!moved) {
      int black = 0, white = 0;
      for (int c = 0; c < game.size() * game.size(); ++c) {
        const auto s = game.stone(static_cast<HexGame::Move>(c));
        black += s == Player::Black;
        white += s == Player::White;
      }
      game.set_to_move(black <= white ? Player::Black : Player::White);
    }
    if (const auto pl = node->value("PL"); !pl.empty()) {
      if (pl == "B" || pl == "b") game.set_to_move(Player::Black);
      else if (pl == "W" || pl == "w") game.set_to_move(Player::White);
      else fail(*node, "PL[" + sgf::shown(pl) + "] must be B or W");
    }
    if (node->children.empty() || !follow_moves) return game;
    node = &node->children.front();
  }
}

sgf::Node hex_to_sgf(const HexGame& position) {
  sgf::Node root;
  root.add("FF", {"4"}).add("GM", {"11"}).add("SZ", {std::to_string(position.size())}).add("AP", {"dfpn"});
  std::vector<std::string> black, white;
  for (int c = 0; c < position.size() * position.size(); ++c) {
    const auto cell = static_cast<HexGame::Move>(c);
    if (const auto s = position.stone(cell)) (*s == Player::Black ? black : white).push_back(position.move_to_string(cell));
  }
  if (!black.empty()) root.add("AB", std::move(black));
  if (!white.empty()) root.add("AW", std::move(white));
  root.add("PL", {position.to_move() == Player::Black ? "B" : "W"});
  return root;
}

}  // namespace dfpn::games
