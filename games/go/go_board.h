// Board helpers shared by the Go rules (go.cpp) and relevance zones
// (go_zone.cpp). Internal to games/go.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>

#include "games/go/go.h"

namespace dfpn::games::go_board {

constexpr int kNeighbours[4] = {-1, 1, -GoGame::kStride, GoGame::kStride};

inline Point other(Point p) { return p == Point::Black ? Point::White : Point::Black; }

// Marks for floods: a point is marked when it holds the current stamp, so a
// flood starts with a fresh stamp instead of clearing an array (floods run
// for every child of every expansion). One set per thread and nesting level
// (a visit may start another flood).
class FloodMarks {
 public:
  static constexpr int kLevels = 4;
  // The marks of one flood, with a fresh stamp, for as long as it lives.
  class Scope {
   public:
    Scope() : marks_(acquire()) {}
    ~Scope() { --depth(); }
    Scope(const Scope&) = delete;
    Scope& operator=(const Scope&) = delete;
    FloodMarks& operator*() const { return marks_; }
    FloodMarks* operator->() const { return &marks_; }

   private:
    FloodMarks& marks_;
  };

  // A second stamp for the same flood (say, liberties beside its stones).
  std::uint32_t another() {
    if (++stamp_ == 0) {  // rare: every earlier mark is void, so the flood's own become void too
      marks_.fill(0);
      stamp_ = 1;
    }
    return stamp_;
  }
  std::uint32_t stamp() const { return stamp_; }
  std::uint32_t& operator[](int p) { return marks_[std::size_t(p)]; }

 private:
  static int& depth() {
    thread_local int d = 0;
    return d;
  }
  static FloodMarks& acquire() {
    thread_local std::array<FloodMarks, kLevels> levels;
    if (depth() == kLevels) throw std::logic_error("Go floods nested too deeply");
    FloodMarks& m = levels[std::size_t(depth()++)];
    m.another();
    return m;
  }

  std::array<std::uint32_t, GoGame::kPoints> marks_{};
  std::uint32_t stamp_ = 0;
};

// Visits the block containing `start` (points of the same colour).
template <class Visit>
void for_each_in_block(const std::array<Point, GoGame::kPoints>& board, int start, Visit visit) {
  FloodMarks::Scope scope;
  FloodMarks& seen = *scope;
  const std::uint32_t stamp = seen.stamp();
  int stack[GoGame::kPoints];
  int top = 0;
  stack[top++] = start;
  seen[start] = stamp;
  const Point colour = board[std::size_t(start)];
  while (top > 0) {
    const int p = stack[--top];
    visit(p);
    for (int d : kNeighbours) {
      const int q = p + d;
      if (seen[q] != stamp && board[std::size_t(q)] == colour) {
        seen[q] = stamp;
        stack[top++] = q;
      }
    }
  }
}

// Liberties of the block at `start`, counting at most `cap`.
inline int count_liberties(const std::array<Point, GoGame::kPoints>& board, int start, int cap) {
  FloodMarks::Scope scope;
  FloodMarks& marks = *scope;
  const std::uint32_t stone = marks.stamp(), liberty = marks.another();
  int stack[GoGame::kPoints];
  int top = 0, count = 0;
  stack[top++] = start;
  marks[start] = stone;
  const Point colour = board[std::size_t(start)];
  while (top > 0) {
    const int p = stack[--top];
    for (int d : kNeighbours) {
      const int q = p + d;
      const Point at = board[std::size_t(q)];
      if (at == Point::Empty) {
        if (marks[q] != liberty) {
          marks[q] = liberty;
          if (++count >= cap) return count;
        }
      } else if (at == colour && marks[q] != stone && marks[q] != liberty) {
        marks[q] = stone;
        stack[top++] = q;
      }
    }
  }
  return count;
}

}  // namespace dfpn::games::go_board
