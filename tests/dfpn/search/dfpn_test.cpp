#include "dfpn/search/dfpn.h"

#include <gtest/gtest.h>

#include <stop_token>

#include "dfpn/search/minimax.h"
#include "dfpn/search/pns.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"
#include "support/instances.h"

namespace dfpn {
namespace {

using games::Shape;
using games::SyntheticGame;
using tt::TranspositionTable;

struct Variant {
  const char* name;
  DfpnOptions options;
};
const Variant kVariants[] = {
    {"dfpn", {}},
    {"dfpn-eps", {false, 0.25, false}},
    {"dfpn+", {true, 0.25, false}},
    {"pds", {false, 0.0, true}},
    {"pdspn", {false, 0.0, true, 50}},
    {"dfpn-pn", {false, 0.25, false, 50}},
    {"dfpn-weak", {false, 0.25, false, 0, true}},
    {"dfpn+widen", {true, 0.25, false, 0, false, 1, 0.25}},
    {"pds-widen", {false, 0.0, true, 0, false, 2, 0.0}},
};

TEST(Dfpn, TicTacToeIsADrawForBothSides) {
  for (const auto& v : kVariants) {
    for (Player attacker : {Player::Black, Player::White}) {
      auto table = TranspositionTable::with_entries(1 << 14);
      games::TicTacToe g;
      DepthFirstPns search(g, attacker, table, {}, v.options);
      const auto r = search.solve();
      ASSERT_EQ(r.outcome, Outcome::Disproven) << v.name;
      auto proof = search.proof();
      ASSERT_TRUE(proof) << v.name;
      EXPECT_TRUE(verify_proof(g, *proof, attacker, r.outcome).ok) << v.name;
    }
  }
}

TEST(Dfpn, FindsTheWinAfterABlunder) {
  auto table = TranspositionTable::with_entries(1024);
  games::TicTacToe g;
  g.play(4);
  g.play(3);
  DepthFirstPns search(g, Player::Black, table);
  const auto r = search.solve();
  ASSERT_EQ(r.outcome, Outcome::Proven);
  ASSERT_TRUE(r.best_move);
  games::TicTacToe after = g;
  after.play(*r.best_move);
  EXPECT_EQ(Minimax(after, Player::Black).solve().outcome, Outcome::Proven);
}

// Every variant, both attackers, at table sizes from a few entries to
// plenty, against the exact oracle; every proof verified.
void check_dfpn_against_oracle(Shape shape, std::uint64_t first, std::uint64_t count) {
  for (std::uint64_t seed = first; seed < first + count; ++seed) {
    SyntheticGame g(seed, testing::instance_params(shape, seed));
    for (Player attacker : {Player::Black, Player::White}) {
      const Outcome expected = Minimax(g, attacker).solve().outcome;
      for (const auto& v : kVariants) {
        for (std::size_t entries : {4, 32, 1 << 12}) {
          auto table = TranspositionTable::with_entries(entries);
          Limits limits;
          limits.max_nodes = 2'000'000;  // a hang would show up as "unknown"
          DepthFirstPns search(g, attacker, table, limits, v.options);
          const auto r = search.solve();
          ASSERT_EQ(r.outcome, expected)
              << testing::describe(shape, seed) << " " << v.name << " entries " << entries;
          if (r.best_move) {
            SyntheticGame after = g;
            after.play(*r.best_move);
            // The named move must keep the mover winning: for cyclic games
            // the value after it depends on the root being on the path, so
            // check via the proof instead.
            if (shape != Shape::Graph) {
              ASSERT_EQ(Minimax(after, attacker).solve().outcome, expected)
                  << testing::describe(shape, seed) << " " << v.name;
            }
          }
          if (entries <= 32) {
            const auto proof = search.proof();
            ASSERT_TRUE(proof) << testing::describe(shape, seed) << " " << v.name;
            const auto check = verify_proof(g, *proof, attacker, r.outcome);
            ASSERT_TRUE(check.ok) << testing::describe(shape, seed) << " " << v.name << ": " << check.error;
          }
        }
      }
    }
  }
}

TEST(Dfpn, AgreesWithOracleOnTrees) { check_dfpn_against_oracle(Shape::Tree, 0, 1000); }
TEST(Dfpn, AgreesWithOracleOnDags) { check_dfpn_against_oracle(Shape::Dag, 0, 1000); }
TEST(Dfpn, AgreesWithOracleOnCyclicGraphs) { check_dfpn_against_oracle(Shape::Graph, 0, 1000); }

// Another searcher that never moves: it stays below one root child, and its
// job's assumption about that child stays what the test sets.
struct FrozenNeighbour {
  static constexpr bool kShared = true;
  std::uint64_t busy = 0;
  Numbers assumption;
  bool shares_at(std::uint32_t depth) const { return depth == 0; }
  void enter(std::uint64_t) {}
  void leave(std::uint64_t) {}
  std::uint32_t others_below(std::uint64_t key) const { return key == busy ? 1 : 0; }
  bool stop_requested() const { return false; }
  std::uint64_t job_work() const { return 1000; }
  void assume(std::uint64_t, Numbers) {}
  std::optional<Numbers> assumed(std::uint64_t key) const {
    return key == busy ? std::optional<Numbers>(assumption) : std::nullopt;
  }
};

// Whatever another searcher's job assumes about a busy root child (nearly
// won for the root's mover, won, lost), the search still solves the root:
// a child chosen for a hopeful assumption while its own numbers already
// stand at the runner-up's threshold is searched with room above them,
// not entered and left at once, again and again, without end.
TEST(Dfpn, AnotherSearchersAssumptionNeverStallsTheSearch) {
  for (std::uint64_t seed = 0; seed < 120; ++seed) {
    SyntheticGame g(seed, testing::instance_params(Shape::Dag, seed));
    MoveListOf<SyntheticGame> moves;
    g.generate_moves(moves);
    for (Player attacker : {Player::Black, Player::White}) {
      const Outcome expected = Minimax(g, attacker).solve().outcome;
      const bool is_or = g.to_move() == attacker;
      const Numbers won = is_or ? Numbers::proven_node() : Numbers::disproven_node();
      const Numbers lost = is_or ? Numbers::disproven_node() : Numbers::proven_node();
      for (const auto& move : moves) {
        SyntheticGame child = g;
        child.play(move);
        for (const Numbers assumption : {Numbers{1, 1}, won, lost}) {
          FrozenNeighbour neighbour{child.hash(), assumption};
          auto table = TranspositionTable::with_entries(1 << 12);
          Limits limits;
          limits.max_nodes = 200'000;  // a stall would show up as "unknown"
          DepthFirstPns<SyntheticGame, TranspositionTable, FrozenNeighbour> search(g, attacker, table, neighbour,
                                                                                   limits, DfpnOptions{});
          ASSERT_EQ(search.solve().outcome, expected)
              << testing::describe(Shape::Dag, seed) << " busy " << g.move_to_string(move) << " assumed "
              << assumption.pn << "/" << assumption.dn;
        }
      }
    }
  }
}

// G with one legal move at its start: minimax on it gives the value of the
// position after that move on the path that led to it.
template <Game G>
struct ForcedFirstMove {
  using Move = MoveOf<G>;
  using MoveList = MoveListOf<G>;
  G game;
  Move first;
  int depth = 0;
  std::uint64_t hash() const { return game.hash(); }
  Player to_move() const { return game.to_move(); }
  void generate_moves(MoveList& moves) const {
    game.generate_moves(moves);
    if (depth == 0) {
      moves.clear();
      moves.push_back(first);
    }
  }
  void play(Move m) { game.play(m), ++depth; }
  void undo() { game.undo(), --depth; }
  Outcome evaluate(Player attacker) const { return game.evaluate(attacker); }
  std::string move_to_string(Move m) const { return game.move_to_string(m); }
  bool may_repeat() const { return dfpn::may_repeat(game); }
  Outcome repetition_outcome(Player attacker) const { return dfpn::repetition_outcome(game, attacker); }
};

// set_path_above: a position searched with the positions above it has its
// value on that path (a line back to the path ends there by the repetition
// rule), which can differ from its value as a root.
TEST(Dfpn, APathAboveTheRootGivesThePositionsValueOnThatPath) {
  int checked = 0, differs_as_root = 0;
  for (std::uint64_t seed = 0; seed < 3000; ++seed) {
    SyntheticGame g(seed, testing::instance_params(Shape::Graph, seed));
    const Player attacker = seed % 2 ? Player::Black : Player::White;
    if (g.evaluate(attacker) != Outcome::Unknown) continue;
    SyntheticGame::MoveList moves;
    g.generate_moves(moves);
    for (const auto m : moves) {
      const Outcome on_path = Minimax(ForcedFirstMove<SyntheticGame>{g, m}, attacker).solve().outcome;
      SyntheticGame child = g;
      child.play(m);
      auto table = tt::TranspositionTable::with_entries(1 << 10);
      DepthFirstPns<SyntheticGame> search(child, attacker, table);
      search.set_path_above({g.hash()});
      ASSERT_EQ(search.solve().outcome, on_path) << testing::describe(Shape::Graph, seed);
      differs_as_root += Minimax(child, attacker).solve().outcome != on_path;
      ++checked;
    }
  }
  EXPECT_GT(checked, 3000);
  EXPECT_GT(differs_as_root, 0) << "no instance where the path matters: the test shows nothing";
}

TEST(Dfpn, LimitsGiveUnknownNeverAWrongAnswer) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    auto params = testing::instance_params(Shape::Graph, seed);
    params.depth = 10;
    SyntheticGame g(seed, params);
    const Outcome expected = Minimax(g, Player::Black).solve().outcome;
    for (std::uint64_t node_limit : {1, 10, 100}) {
      auto table = TranspositionTable::with_entries(64);
      Limits limits;
      limits.max_nodes = node_limit;
      const auto r = DepthFirstPns(g, Player::Black, table, limits).solve();
      if (r.outcome == Outcome::Unknown)
        EXPECT_EQ(r.reason, StopReason::Nodes);
      else
        EXPECT_EQ(r.outcome, expected) << seed;
    }
  }
}

// A synthetic game that requests a stop at its `at`-th move generation and
// counts the generations after it.
struct StoppingGame : SyntheticGame {
  struct Shared {
    std::stop_source stop;
    std::uint64_t calls = 0, at = 0, after_stop = 0;
  };
  StoppingGame(std::uint64_t seed, const games::SyntheticParams& p, Shared& shared)
      : SyntheticGame(seed, p), shared_(&shared) {}
  void generate_moves(MoveList& moves) const {
    if (++shared_->calls == shared_->at) shared_->stop.request_stop();
    if (shared_->calls > shared_->at) ++shared_->after_stop;
    SyntheticGame::generate_moves(moves);
  }
  Shared* shared_;
};

// A stop request ends PDS-PN's second-level searches too: once it comes
// (by then inside one of them, which run to thousands of nodes), the solve
// ends within a few hundred more nodes, not after that search.
TEST(Dfpn, AStopEndsTheSecondLevelSearch) {
  games::SyntheticParams p;
  p.shape = Shape::Tree;
  p.depth = 40;
  p.min_branching = p.max_branching = 2;
  p.terminal_rate = 0.0;
  p.max_positions = 2'000'000;
  StoppingGame::Shared shared;
  shared.at = 200'000;
  StoppingGame g(5, p, shared);
  auto table = TranspositionTable::with_entries(1 << 16);
  Limits limits;
  limits.stop = shared.stop.get_token();
  DepthFirstPns search(g, Player::Black, table, limits, DfpnOptions::pds_pn(1'000'000));
  const auto r = search.solve();
  ASSERT_FALSE(r.solved());
  EXPECT_EQ(r.reason, StopReason::Stopped);
  EXPECT_GT(search.counters().second_level_nodes, 100'000u);  // the stop came inside the second levels' work
  // With the stop passed on, about a hundred generations follow it; without,
  // the running second level goes on to its budget (about 2,500 here).
  EXPECT_LT(shared.after_stop, 1'000u);
}

TEST(Dfpn, OnTreesWithAnAmpleTableExpandsTheSameNodesAsPns) {
  // Nagai: on trees, df-pn with enough memory expands the same nodes as PNS
  // (it re-expands some of them, which PNS keeps in memory instead).
  int same = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    SyntheticGame g(seed, testing::instance_params(Shape::Tree, seed));
    ProofNumberSearch pns(g, Player::Black);
    pns.record_expansion_order(true);
    const auto rp = pns.solve();
    auto table = TranspositionTable::with_entries(1 << 16);
    DepthFirstPns dfpn(g, Player::Black, table);
    dfpn.record_expansions(true);
    const auto rd = dfpn.solve();
    ASSERT_EQ(rp.outcome, rd.outcome);
    std::vector<std::uint64_t> a = pns.expansion_order(), b = dfpn.expanded_positions();
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    b.erase(std::unique(b.begin(), b.end()), b.end());
    EXPECT_EQ(a, b) << "seed " << seed;
    same += a == b;
  }
  EXPECT_EQ(same, 200);
}

// A fan for widening: Black picks one of six moves, White then has a single
// reply that ends the game, won by Black only after move 5. df-pn+ sees
// move 5 as the cheapest (proof number 1 against 10).
class Fan {
 public:
  using Move = int;
  using MoveList = std::vector<int>;
  std::uint64_t hash() const {
    std::uint64_t h = 1;
    for (const int m : path_) h = h * 16 + std::uint64_t(m) + 1;
    return h * 0x9E3779B97F4A7C15ull;  // spread over the table's buckets
  }
  Player to_move() const { return path_.size() % 2 == 0 ? Player::Black : Player::White; }
  void generate_moves(MoveList& moves) const {
    moves.clear();
    if (path_.empty()) moves = {0, 1, 2, 3, 4, 5};
    else if (path_.size() == 1) moves = {0};
  }
  void play(Move m) { path_.push_back(m); }
  void undo() { path_.pop_back(); }
  Outcome evaluate(Player attacker) const {
    if (path_.size() < 2) return Outcome::Unknown;
    const bool black_wins = path_[0] == 5;
    return black_wins == (attacker == Player::Black) ? Outcome::Proven : Outcome::Disproven;
  }
  Numbers initial_numbers(Player) const { return {path_.size() == 1 && path_[0] == 5 ? 1u : 10u, 1}; }
  std::string move_to_string(Move m) const { return std::to_string(m); }

 private:
  std::vector<int> path_;
};

std::vector<std::uint64_t> fan_expansions(DfpnOptions options, DfpnCounters* counters = nullptr) {
  auto table = TranspositionTable::with_entries(1024);
  options.heuristic_init = true;
  DepthFirstPns search(Fan{}, Player::Black, table, {}, options);
  search.record_expansions(true);
  EXPECT_EQ(search.solve().outcome, Outcome::Proven);
  if (counters) *counters = search.counters();
  return search.expanded_positions();
}

std::uint64_t fan_child(int move) {
  Fan f;
  f.play(move);
  return f.hash();
}

TEST(Dfpn, WideningEntersOnlyTheFirstOpenChildren) {
  const std::uint64_t root = Fan{}.hash();
  // Without widening the cheapest child goes first and settles the root.
  DfpnCounters counters;
  EXPECT_EQ(fan_expansions({}, &counters), (std::vector<std::uint64_t>{root, fan_child(5)}));
  // Move-ordering statistics: one won node, the root, by its sixth move.
  EXPECT_EQ(counters.cutoffs, 1u);
  EXPECT_EQ(counters.cutoff_index_sum, 5u);
  EXPECT_EQ(counters.cutoffs_at_first, 0u);
  EXPECT_EQ(counters.wasted_work, 0u);  // only the winning child was searched
  // A window of two: the first open children in the game's order, each
  // refuted in turn, until move 5 is one of the two.
  DfpnOptions widened;
  widened.widen_base = 1;
  EXPECT_EQ(fan_expansions(widened, &counters), (std::vector<std::uint64_t>{root, fan_child(0), fan_child(1),
                                                                             fan_child(2), fan_child(3), fan_child(5)}));
  // Each refuted child is won for White by its only move.
  EXPECT_EQ(counters.cutoffs, 5u);
  EXPECT_EQ(counters.cutoffs_at_first, 4u);
  // The root's work went to four refuted children before move 5 (theirs
  // won by a terminal reply, so nothing wasted below them).
  EXPECT_EQ(counters.wasted_work, 4u);
}

// Where the search went: the nodes below each root move it entered and how
// often, most nodes first; with the root's own expansion they add up to all
// the nodes.
TEST(Dfpn, ReportsTheWorkBelowEachRootMove) {
  // The widened fan above: moves 0 to 3 refuted in turn, then 5 wins; one
  // node below each, one visit each, ties in the order entered.
  auto table = TranspositionTable::with_entries(1024);
  DfpnOptions widened;
  widened.heuristic_init = true;
  widened.widen_base = 1;
  const auto fan = DepthFirstPns(Fan{}, Player::Black, table, {}, widened).solve();
  ASSERT_EQ(fan.outcome, Outcome::Proven);
  std::vector<RootMoveWork<int>> expected;
  for (const int m : {0, 1, 2, 3, 5}) expected.push_back({m, 1, 1});
  EXPECT_EQ(fan.root_moves, expected);
  EXPECT_EQ(fan.nodes, 6u);

  // A real search: every first move of tic-tac-toe must be refuted to show
  // the draw, most of them more than once.
  auto big = TranspositionTable::with_entries(1 << 14);
  const auto r = DepthFirstPns(games::TicTacToe{}, Player::Black, big, {}, DfpnOptions::df_pn(0.25)).solve();
  ASSERT_EQ(r.outcome, Outcome::Disproven);
  ASSERT_EQ(r.root_moves.size(), 9u);
  std::uint64_t below = 0;
  for (std::size_t i = 0; i < r.root_moves.size(); ++i) {
    below += r.root_moves[i].nodes;
    EXPECT_GE(r.root_moves[i].visits, 1u);
    if (i > 0) {
      EXPECT_GE(r.root_moves[i - 1].nodes, r.root_moves[i].nodes);
    }
  }
  EXPECT_EQ(below + 1, r.nodes);  // the root, expanded once
}

}  // namespace
}  // namespace dfpn
