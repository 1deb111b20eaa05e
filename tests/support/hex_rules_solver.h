// Exact Hex values by the rules alone, for tests: negamax with a memo by
// hash, stopping at the first winning move. Fast enough for positions with
// up to about sixteen empty cells (the retrograde oracle in dfpn/search/minimax.h
// enumerates every reachable position and runs out of memory sooner).
#pragma once

#include <cstdint>
#include <unordered_map>

#include "games/hex/cell_set.h"
#include "games/hex/hex.h"

namespace dfpn::testing {

class HexRulesSolver {
 public:
  // Does the side to move win?
  bool mover_wins(games::HexGame& g) {
    if (const auto w = g.winner()) return *w == g.to_move();
    const std::uint64_t key = g.hash();
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    games::HexGame::MoveList moves;
    g.generate_moves(moves);
    bool win = false;
    for (const auto m : moves) {
      g.play(m);
      win = !mover_wins(g);
      g.undo();
      if (win) break;
    }
    memo_[key] = win;
    return win;
  }

 private:
  std::unordered_map<std::uint64_t, bool> memo_;
};

// Whether `set` is a proof set for `winner` in g: the winner still wins
// when the loser holds every other empty cell.
inline bool proof_set_holds(games::HexGame g, const games::CellSet& set, Player winner, HexRulesSolver& exact) {
  games::HexGame::MoveList empty;
  g.generate_moves(empty);
  for (const auto c : empty)
    if (!set.contains(c)) g.concede(c, opponent(winner));
  return exact.mover_wins(g) == (g.to_move() == winner);
}

}  // namespace dfpn::testing
