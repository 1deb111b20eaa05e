#include "dfpn/search/minimax.h"

#include <gtest/gtest.h>

#include <unordered_set>

#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"
#include "support/instances.h"

namespace dfpn {
namespace {

using games::Shape;
using games::SyntheticGame;

// An independent, naive definition of the value: plain recursion over lines,
// with the repetition rule applied on the path. Exponential, so tiny games only.
template <Game G>
Outcome naive_value(G& g, Player attacker, std::unordered_set<std::uint64_t>& path) {
  if (may_repeat(g) && path.contains(g.hash())) return repetition_outcome(g, attacker);
  if (Outcome o = g.evaluate(attacker); o != Outcome::Unknown) return o;
  MoveListOf<G> moves;
  g.generate_moves(moves);
  const bool or_node = g.to_move() == attacker;
  if (moves.empty()) return or_node ? Outcome::Disproven : Outcome::Proven;
  path.insert(g.hash());
  Outcome result = or_node ? Outcome::Disproven : Outcome::Proven;
  for (auto m : moves) {
    g.play(m);
    const Outcome child = naive_value(g, attacker, path);
    g.undo();
    if (or_node && child == Outcome::Proven) result = Outcome::Proven;
    if (!or_node && child == Outcome::Disproven) result = Outcome::Disproven;
    if (result != (or_node ? Outcome::Disproven : Outcome::Proven)) break;
  }
  path.erase(g.hash());
  return result;
}

TEST(Minimax, TicTacToeIsADraw) {
  games::TicTacToe g;
  for (Player attacker : {Player::Black, Player::White}) {
    auto r = Minimax(g, attacker).solve();
    EXPECT_EQ(r.outcome, Outcome::Disproven);
    EXPECT_EQ(r.nodes, 5478u);  // the number of reachable tic-tac-toe positions
  }
}

TEST(Minimax, AgreesWithNaiveRecursionOnAllShapes) {
  int proven = 0, disproven = 0;
  for (Shape shape : {Shape::Tree, Shape::Dag, Shape::Graph}) {
    for (std::uint64_t seed = 0; seed < 300; ++seed) {
      auto params = testing::instance_params(shape, seed);
      params.depth = std::min(params.depth, 6);
      params.max_branching = std::min(params.max_branching, 3);
      SyntheticGame g(seed, params);
      for (Player attacker : {Player::Black, Player::White}) {
        std::unordered_set<std::uint64_t> path;
        const Outcome expected = naive_value(g, attacker, path);
        const auto r = Minimax(g, attacker).solve();
        ASSERT_EQ(r.outcome, expected) << testing::describe(shape, seed);
        (expected == Outcome::Proven ? proven : disproven)++;
        // The winning move it names must keep the mover winning.
        if (r.best_move) {
          SyntheticGame child = g;
          child.play(*r.best_move);
          std::unordered_set<std::uint64_t> p2{g.hash()};
          const Outcome after = naive_value(child, attacker, p2);
          EXPECT_EQ(after, g.to_move() == attacker ? Outcome::Proven : Outcome::Disproven);
        }
      }
    }
  }
  // The family is balanced enough to test both answers.
  EXPECT_GT(proven, 200);
  EXPECT_GT(disproven, 200);
}

TEST(Minimax, RepetitionRuleDecidesPureCycles) {
  // A graph whose only way on is back: depth-1 games with cycle edges only
  // end by repetition, so the value is the repetition rule's.
  int checked = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    games::SyntheticParams p;
    p.shape = Shape::Graph;
    p.depth = 4;
    p.cycle_rate = 0.9;
    p.terminal_rate = 0.0;
    SyntheticGame g(seed, p);
    std::unordered_set<std::uint64_t> path;
    ASSERT_EQ(Minimax(g, Player::Black).solve().outcome, naive_value(g, Player::Black, path));
    ++checked;
  }
  EXPECT_EQ(checked, 200);
}

TEST(Minimax, MemoryLimitGivesUnknown) {
  games::TicTacToe g;
  Limits limits;
  limits.memory_bytes = 4096;
  auto r = Minimax(g, Player::Black, limits).solve();
  EXPECT_EQ(r.outcome, Outcome::Unknown);
  EXPECT_EQ(r.reason, StopReason::Memory);
}

}  // namespace
}  // namespace dfpn
