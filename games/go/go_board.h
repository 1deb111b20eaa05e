// Board helpers shared by the Go rules (go.cpp) and relevance zones
// (go_zone.cpp). Internal to games/go.
#pragma once

#include <array>

#include "games/go/go.h"

namespace dfpn::games::go_board {

constexpr int kNeighbours[4] = {-1, 1, -GoGame::kStride, GoGame::kStride};

inline Point other(Point p) { return p == Point::Black ? Point::White : Point::Black; }

// Visits the block containing `start` (points of the same colour).
template <class Visit>
void for_each_in_block(const std::array<Point, GoGame::kPoints>& board, int start, Visit visit) {
  std::array<bool, GoGame::kPoints> seen{};
  int stack[GoGame::kPoints];
  int top = 0;
  stack[top++] = start;
  seen[std::size_t(start)] = true;
  const Point colour = board[std::size_t(start)];
  while (top > 0) {
    const int p = stack[--top];
    visit(p);
    for (int d : kNeighbours) {
      const int q = p + d;
      if (!seen[std::size_t(q)] && board[std::size_t(q)] == colour) {
        seen[std::size_t(q)] = true;
        stack[top++] = q;
      }
    }
  }
}

}  // namespace dfpn::games::go_board
