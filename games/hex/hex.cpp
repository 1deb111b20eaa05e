#include "games/hex/hex.h"

#include <charconv>
#include <stdexcept>

#include "dfpn/base/random.h"
#include "games/hex/hex_board.h"
#include "games/hex/hex_connection_proof.h"

namespace dfpn::games {
namespace {

std::uint64_t zobrist(int cell, Player color) {
  return mix64(0x484558ull * 1000003 + std::uint64_t(cell) * 2 + (color == Player::White));
}

constexpr int kNeighbourRows[6] = {-1, -1, 0, 0, 1, 1};
constexpr int kNeighbourCols[6] = {0, 1, -1, 1, -1, 0};

}  // namespace

HexGame::HexGame(int size) : size_(size) {
  if (size < 1 || size > kMaxSize) throw std::invalid_argument("hex board size must be 1..19");
}

void HexGame::generate_moves(MoveList& moves) const {
  moves.clear();
  if (winner()) return;
  for (int c = 0; c < size_ * size_; ++c)
    if (cells_[c] == 0) moves.push_back(static_cast<Move>(c));
}

void HexGame::play(Move cell) {
  place(cell, to_move_);
  history_.push_back({cell, to_move_, true});
  to_move_ = opponent(to_move_);
}

void HexGame::concede(Move cell, Player color) {
  place(cell, color);
  history_.push_back({cell, color, false});
}

void HexGame::undo() {
  const Placed last = history_.back();
  history_.pop_back();
  cells_[last.cell] = 0;
  hash_ ^= zobrist(last.cell, last.side);
  if (last.passed_turn) to_move_ = last.side;
}

void HexGame::place(Move cell, Player color) {
  cells_[cell] = color == Player::Black ? 1 : 2;
  hash_ ^= zobrist(cell, color);
}

std::optional<Player> HexGame::stone(Move cell) const {
  if (cells_[cell] == 0) return std::nullopt;
  return cells_[cell] == 1 ? Player::Black : Player::White;
}

// Flood fill from the player's first edge through its stones.
bool HexGame::connected(Player p) const {
  const std::uint8_t mine = p == Player::Black ? 1 : 2;
  std::array<bool, kMaxCells> seen{};
  std::array<int, kMaxCells> stack{};
  int top = 0;
  for (int i = 0; i < size_; ++i) {
    const int cell = p == Player::Black ? i : i * size_;  // row 1, or column a
    if (cells_[cell] == mine) stack[top++] = cell, seen[cell] = true;
  }
  while (top > 0) {
    const int cell = stack[--top];
    const int r = cell / size_, c = cell % size_;
    if (p == Player::Black ? r == size_ - 1 : c == size_ - 1) return true;
    for (int k = 0; k < 6; ++k) {
      const int nr = r + kNeighbourRows[k], nc = c + kNeighbourCols[k];
      if (nr < 0 || nc < 0 || nr >= size_ || nc >= size_) continue;
      const int next = nr * size_ + nc;
      if (!seen[next] && cells_[next] == mine) seen[next] = true, stack[top++] = next;
    }
  }
  return false;
}

std::optional<Player> HexGame::winner() const {
  if (connected(Player::Black)) return Player::Black;
  if (connected(Player::White)) return Player::White;
  return std::nullopt;
}

Outcome HexGame::evaluate(Player attacker) const {
  const auto w = winner();
  if (!w) return Outcome::Unknown;
  return *w == attacker ? Outcome::Proven : Outcome::Disproven;
}

std::string HexGame::move_to_string(Move cell) const {
  return std::string(1, char('a' + cell % size_)) + std::to_string(cell / size_ + 1);
}

std::optional<HexGame::Move> HexGame::parse_move(const std::string& text) const {
  if (text.size() < 2 || text[0] < 'a' || text[0] >= 'a' + size_) return std::nullopt;
  int row = 0;
  auto [end, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), row);
  if (ec != std::errc{} || end != text.data() + text.size() || row < 1 || row > size_) return std::nullopt;
  return static_cast<Move>((row - 1) * size_ + (text[0] - 'a'));
}

std::string HexGame::to_text() const {
  std::string out = "  ";
  for (int c = 0; c < size_; ++c) out += std::string(" ") + char('a' + c);
  out += '\n';
  for (int r = 0; r < size_; ++r) {
    out += std::string(std::size_t(r), ' ') + (r + 1 < 10 ? " " : "") + std::to_string(r + 1);
    for (int c = 0; c < size_; ++c) {
      const auto s = stone(static_cast<Move>(r * size_ + c));
      out += !s ? " ." : *s == Player::Black ? " B" : " W";
    }
    out += '\n';
  }
  return out;
}

std::optional<std::string> HexGame::check_certificate(const std::string& text, Player winner) const {
  std::string error;
  const auto certificate = parse_certificate(text, error);
  if (!certificate) return error;
  return check_certificate(*certificate, winner);
}

std::optional<HexGame::Certificate> HexGame::parse_certificate(const std::string& text, std::string& error) {
  return games::parse_certificate(text, error);
}

std::optional<std::string> HexGame::check_certificate(const Certificate& certificate, Player winner) const {
  if (certificate.side != winner) return std::string("the certificate is for the other side");
  return check_connection(cells_of(*this), size(), to_move() == winner, certificate);
}

}  // namespace dfpn::games
