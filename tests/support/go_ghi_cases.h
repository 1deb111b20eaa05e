// Go positions whose value under superko depends on the path, for tests:
// the same position (board, side to move, ko ban, passes) reached with two
// histories has two different values, so a table shared between histories
// would give a wrong answer. Found by a search over random 4x4 boards for
// move sequences that repeat a board. The truth comes from plain recursion
// along the path with no cache at all (the retrograde oracle runs out of
// memory on the history-extended positions).
#pragma once

#include <string>
#include <vector>

#include "games/go/go.h"

namespace dfpn::testing {

struct GhiCase {
  std::vector<std::string> rows;  // as for go_problem_from_diagram, Black to move
  games::KoRule rule;
  std::vector<const char*> moves;  // alternating, Black first

  games::GoProblem problem(games::KoRule ko_rule) const {
    games::GoProblem p = games::go_problem_from_diagram(rows, Player::Black);
    p.ko_rule = ko_rule;
    return p;
  }
  // The position after every move (but the last `leave_out`), remembering
  // every board on the way.
  games::GoGame with_history(games::KoRule ko_rule, std::size_t leave_out = 0) const {
    games::GoGame g(problem(ko_rule));
    for (std::size_t i = 0; i + leave_out < moves.size(); ++i) g.play(*g.parse_move(moves[i]));
    return g;
  }
  // The same position with only the last board remembered: the position
  // before the last move as a fresh problem, then the last move (unless
  // `before_the_last_move`).
  games::GoGame with_short_history(games::KoRule ko_rule, bool before_the_last_move = false) const {
    games::GoGame fresh(with_history(ko_rule, 1).problem(true));
    if (!before_the_last_move) fresh.play(*fresh.parse_move(moves.back()));
    return fresh;
  }
};

inline const std::vector<GhiCase>& ghi_cases() {
  using games::KoRule;
  static const std::vector<GhiCase> cases = {
      {{"..Xx", "o.ox", "x.xx", ".oox"},
       KoRule::Situational,
       {"B3", "A4", "C3", "B2", "A1", "B2", "C1", "B1", "A2", "A1", "A2", "B1", "A1"}},
      {{".xoo", "..xo", "x.Xo", "xo.o"}, KoRule::Situational, {"B2", "A3", "A4", "B3", "B4", "A4"}},
      {{"X...", "x..o", "xoxo", "xx.."},
       KoRule::Positional,
       {"C1", "B4", "D1", "C4", "C3", "D4", "B3", "D3", "D4", "C4", "B2", "D2", "D4"}},
  };
  return cases;
}

// The value by plain recursion along the path: the truth.
inline bool killer_wins_by_path(games::GoGame& g) {
  const Outcome o = g.evaluate(g.killer());
  if (o != Outcome::Unknown) return o == Outcome::Proven;
  games::GoGame::MoveList moves;
  g.generate_moves(moves);
  const bool killer_to_move = g.to_move() == g.killer();
  for (const auto m : moves) {
    g.play(m);
    const bool v = killer_wins_by_path(g);
    g.undo();
    if (v == killer_to_move) return v;
  }
  return !killer_to_move;
}

}  // namespace dfpn::testing
