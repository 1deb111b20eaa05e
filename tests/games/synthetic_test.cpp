#include "games/synthetic/synthetic.h"

#include <gtest/gtest.h>

#include <set>

#include "dfpn/base/game.h"

namespace dfpn::games {
namespace {

static_assert(Game<SyntheticGame>);

SyntheticParams params(Shape shape) {
  SyntheticParams p;
  p.shape = shape;
  p.depth = 7;
  p.max_branching = 3;
  p.transposition_rate = 0.5;
  p.cycle_rate = 0.3;
  return p;
}

TEST(Synthetic, SameSeedSameGame) {
  for (Shape s : {Shape::Tree, Shape::Dag, Shape::Graph}) {
    auto a = SyntheticGraph::generate(42, params(s));
    auto b = SyntheticGraph::generate(42, params(s));
    ASSERT_EQ(a->size(), b->size());
    for (std::uint32_t id = 0; id < a->size(); ++id) {
      ASSERT_EQ(a->position(id).child_count, b->position(id).child_count);
      for (int k = 0; k < a->position(id).child_count; ++k) ASSERT_EQ(a->child(id, k), b->child(id, k));
    }
  }
}

// Counts in-edges and back-edges to check that each shape is what it says.
struct ShapeStats {
  bool shared_child = false;
  bool back_edge = false;
  bool side_alternates = true;
  bool leaves_terminal = true;
};

ShapeStats inspect(const SyntheticGraph& g) {
  ShapeStats s;
  std::vector<int> in_degree(g.size());
  for (std::uint32_t id = 0; id < g.size(); ++id) {
    const auto& p = g.position(id);
    if (p.child_count == 0 && p.winner == SyntheticGraph::kNoWinner) s.leaves_terminal = false;
    for (int k = 0; k < p.child_count; ++k) {
      const auto& c = g.position(g.child(id, k));
      if (++in_degree[g.child(id, k)] > 1) s.shared_child = true;
      if (c.level <= p.level) s.back_edge = true;
      if (c.to_move == p.to_move) s.side_alternates = false;
    }
  }
  return s;
}

TEST(Synthetic, ShapesHaveTheirStructure) {
  bool dag_shares = false, graph_cycles = false;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const auto tree = inspect(*SyntheticGraph::generate(seed, params(Shape::Tree)));
    EXPECT_FALSE(tree.shared_child);
    EXPECT_FALSE(tree.back_edge);
    const auto dag = inspect(*SyntheticGraph::generate(seed, params(Shape::Dag)));
    EXPECT_FALSE(dag.back_edge);
    dag_shares |= dag.shared_child;
    const auto graph = inspect(*SyntheticGraph::generate(seed, params(Shape::Graph)));
    graph_cycles |= graph.back_edge;
    for (const auto& s : {tree, dag, graph}) {
      EXPECT_TRUE(s.side_alternates);
      EXPECT_TRUE(s.leaves_terminal);
    }
  }
  EXPECT_TRUE(dag_shares);
  EXPECT_TRUE(graph_cycles);
}

TEST(Synthetic, HashesAreDistinctPerPosition) {
  SyntheticGame g(7, params(Shape::Dag));
  std::set<std::uint64_t> seen;
  // Walk every position once by breadth-first play.
  std::vector<std::vector<SyntheticGame::Move>> frontier{{}};
  while (!frontier.empty() && seen.size() < 5000) {
    auto line = frontier.back();
    frontier.pop_back();
    SyntheticGame w(g);
    for (auto m : line) w.play(m);
    if (!seen.insert(w.hash()).second) continue;
    SyntheticGame::MoveList moves;
    w.generate_moves(moves);
    for (auto m : moves) {
      auto next = line;
      next.push_back(m);
      frontier.push_back(next);
    }
  }
  EXPECT_EQ(seen.size(), g.graph().size());
}

TEST(Synthetic, RejectsBadParameters) {
  SyntheticParams p;
  p.depth = 0;
  EXPECT_THROW(SyntheticGraph::generate(1, p), std::invalid_argument);
  p.depth = 3;
  p.max_branching = 17;
  EXPECT_THROW(SyntheticGraph::generate(1, p), std::invalid_argument);
}

TEST(Synthetic, ParsesMoves) {
  const SyntheticGame g(1, SyntheticParams{});
  EXPECT_EQ(g.parse_move("m3"), SyntheticGame::Move{3});
  EXPECT_FALSE(g.parse_move("m"));
  EXPECT_FALSE(g.parse_move("m99"));
  EXPECT_FALSE(g.parse_move("x1"));
}

}  // namespace
}  // namespace dfpn::games
