#include "games/hex/hex_board.h"

namespace dfpn::games {

HexCells cells_of(const HexGame& game) {
  const int n = game.size();
  HexCells cells(std::size_t(n * n), kEmpty);
  for (int i = 0; i < n * n; ++i)
    if (const auto s = game.stone(static_cast<HexGame::Move>(i))) cells[std::size_t(i)] = colour_of(*s);
  return cells;
}

Groups find_groups(const HexCells& cells, int n, Player side) {
  const std::uint8_t z = colour_of(side);
  Groups g;
  g.of.assign(std::size_t(n * n), -1);
  g.count = 2;
  std::vector<int> stack;
  auto flood = [&](int start, int id) {
    g.of[std::size_t(start)] = id;
    stack.push_back(start);
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      const int r = cell / n, c = cell % n;
      for (int k = 0; k < 6; ++k) {
        const int nr = r + kRingRows[std::size_t(k)], nc = c + kRingCols[std::size_t(k)];
        if (nr < 0 || nc < 0 || nr >= n || nc >= n) continue;
        const int next = nr * n + nc;
        if (cells[std::size_t(next)] == z && g.of[std::size_t(next)] < 0) g.of[std::size_t(next)] = id, stack.push_back(next);
      }
    }
  };
  for (int i = 0; i < n; ++i) {
    const int first = side == Player::Black ? i : i * n;                   // row 1 / column a
    const int second = side == Player::Black ? (n - 1) * n + i : i * n + n - 1;
    if (cells[std::size_t(first)] == z && g.of[std::size_t(first)] < 0) flood(first, g.first_edge);
    if (cells[std::size_t(second)] == z && g.of[std::size_t(second)] < 0) flood(second, g.second_edge);
  }
  for (int cell = 0; cell < n * n; ++cell)
    if (cells[std::size_t(cell)] == z && g.of[std::size_t(cell)] < 0) flood(cell, g.count++);
  return g;
}
}  // namespace dfpn::games
