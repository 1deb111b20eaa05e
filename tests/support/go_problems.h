// Go problems for tests, drawn as diagrams (games/go/go.h).
#pragma once

#include <string>
#include <vector>

#include "games/go/go.h"

namespace dfpn::testing {

// A kill-all problem: no targets, the defender lives if any of its stones does.
inline games::GoProblem kill_all(const std::vector<std::string>& rows, Player to_move,
                                 Player defender = Player::White) {
  games::GoProblem p = games::go_problem_from_diagram(rows, to_move);
  p.targets.clear();
  p.live_any = defender;
  return p;
}

}  // namespace dfpn::testing
