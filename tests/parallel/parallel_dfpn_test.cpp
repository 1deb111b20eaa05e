#include "parallel/parallel_dfpn.h"

#include <gtest/gtest.h>

#include <vector>

#include "dfpn/search/minimax.h"
#include "games/go/go.h"
#include "games/hex/hex_knowledge_game.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"
#include "support/go_ghi_cases.h"
#include "support/go_small_problems.h"
#include "support/hex_rules_solver.h"
#include "support/instances.h"
#include "support/sanitized.h"

namespace dfpn::parallel {
namespace {

using games::Shape;
using games::SyntheticGame;
using tt::TranspositionTable;

// Fewer instances under a sanitizer (10x slower); the same code paths.
constexpr std::uint64_t kInstances = testing::kSanitized ? 60 : 600;
constexpr int kHexOpeningStride = testing::kSanitized ? 5 : 1;  // every fifth 4x4 opening

// `job_work`: expansions per job (parallel/shared_search.h); the default's
// jobs rarely end on instances this small, so short ones are tried too.
void check_against_oracle(Shape shape, int threads,
                          std::uint64_t job_work = SharedSearch::kDefaultJobWork,
                          std::uint64_t instances = kInstances) {
  for (std::uint64_t seed = 0; seed < instances; ++seed) {
    SyntheticGame g(seed, testing::instance_params(shape, seed));
    const Player attacker = seed % 2 ? Player::Black : Player::White;
    const Outcome expected = Minimax(g, attacker).solve().outcome;
    for (std::size_t entries : {8, 4096}) {
      // Every algorithm with a parallel mode: df-pn (1+eps) and PDS on every
      // instance, df-pn+ and PDS-PN (slower with many threads on tiny
      // tables) on every fifth.
      const DfpnOptions pds_pn = DfpnOptions::pds_pn(64);
      std::vector<DfpnOptions> algorithms = {DfpnOptions::df_pn(0.25), DfpnOptions::pds()};
      if (seed % 5 == 0) algorithms.insert(algorithms.end(), {DfpnOptions::df_pn_plus(0.25), pds_pn});
      for (const DfpnOptions& options : algorithms) {
        auto table = TranspositionTable::with_entries(entries);
        Limits limits;
        limits.max_nodes = 4'000'000;
        ParallelDfpn search(g, attacker, table, threads, limits, options);
        search.set_job_work(job_work);
        const auto r = search.solve();
        const std::string what = testing::describe(shape, seed) + " threads " + std::to_string(threads) +
                                 " entries " + std::to_string(entries) + " job work " + std::to_string(job_work);
        ASSERT_EQ(r.outcome, expected) << what << " (stopped: " << to_string(r.reason) << ", " << r.nodes
                                       << " nodes)";
        if (seed % 10 == 0) {
          const auto proof = search.proof();
          ASSERT_TRUE(proof) << what;
          const auto v = verify_proof(g, *proof, attacker, r.outcome);
          ASSERT_TRUE(v.ok) << what << ": " << v.error;
        }
      }
    }
  }
}

TEST(ParallelDfpn, TwoThreadsAgreeWithOracleOnTrees) { check_against_oracle(Shape::Tree, 2); }
TEST(ParallelDfpn, TwoThreadsAgreeWithOracleOnDags) { check_against_oracle(Shape::Dag, 2); }
TEST(ParallelDfpn, TwoThreadsAgreeWithOracleOnCyclicGraphs) { check_against_oracle(Shape::Graph, 2); }
TEST(ParallelDfpn, FourThreadsAgreeWithOracleOnDags) { check_against_oracle(Shape::Dag, 4); }
TEST(ParallelDfpn, FourThreadsAgreeWithOracleOnCyclicGraphs) { check_against_oracle(Shape::Graph, 4); }
TEST(ParallelDfpn, ShortJobsAgreeWithOracleOnDags) { check_against_oracle(Shape::Dag, 2, 3, kInstances / 3); }
TEST(ParallelDfpn, ShortJobsAgreeWithOracleOnTrees) {
  check_against_oracle(Shape::Tree, 2, 3, kInstances / 3);
  check_against_oracle(Shape::Tree, 3, 20, kInstances / 3);
}

TEST(ParallelDfpn, TicTacToeWithManyThreads) {
  for (int threads : {1, 2, 3, 8}) {
    auto table = TranspositionTable::with_entries(1 << 12);
    ParallelDfpn search(games::TicTacToe{}, Player::Black, table, threads);
    const auto r = search.solve();
    EXPECT_EQ(r.outcome, Outcome::Disproven) << threads;
    // The searchers' work by root move, added up: each move once, most
    // nodes first, and below the total (each searcher expands the root).
    std::uint64_t below = 0;
    for (std::size_t i = 0; i < r.root_moves.size(); ++i) {
      below += r.root_moves[i].nodes;
      for (std::size_t j = 0; j < i; ++j) {
        EXPECT_NE(r.root_moves[j].move, r.root_moves[i].move);
      }
      if (i > 0) {
        EXPECT_GE(r.root_moves[i - 1].nodes, r.root_moves[i].nodes);
      }
    }
    EXPECT_EQ(r.root_moves.size(), 9u) << threads;
    EXPECT_LE(below + std::uint64_t(threads), r.nodes) << threads;
    const auto proof = search.proof();
    ASSERT_TRUE(proof);
    EXPECT_TRUE(verify_proof(games::TicTacToe{}, *proof, Player::Black, r.outcome).ok);
  }
}

// The real games: every Hex opening of 3x3 and 4x4 on the rules game and
// with the Hex knowledge, against the exact oracle on the rules, with 2 and
// 4 threads at a tiny and a larger table; rules proofs verified.
// (White, the side to move, is the prover.)
TEST(ParallelDfpn, HexOpeningsAgreeWithTheOracle) {
  for (int size : {3, 4}) {
    for (int first = 0; first < size * size; first += size == 4 ? kHexOpeningStride : 1) {
      games::HexGame rules(size);
      rules.play(static_cast<games::HexGame::Move>(first));
      games::HexGame scratch = rules;
      const Outcome expected = testing::HexRulesSolver().mover_wins(scratch) ? Outcome::Proven : Outcome::Disproven;
      const std::string what = std::to_string(size) + "x" + std::to_string(size) + " " +
                               rules.move_to_string(static_cast<games::HexGame::Move>(first));
      for (int threads : {2, 4}) {
        for (std::size_t entries : {16, 1 << 14}) {
          auto table = TranspositionTable::with_entries(entries);
          ParallelDfpn knowledge(games::HexKnowledgeGame(rules), Player::White, table, threads, {},
                                 DfpnOptions::df_pn(0.25));
          if (entries > 16) knowledge.set_job_work(3);  // jobs that end, in a table that keeps them
          EXPECT_EQ(knowledge.solve().outcome, expected) << what << " knowledge, threads " << threads;
          if (size == 4) continue;  // the rules game alone is slow on 4x4 under sanitizers
          auto rules_table = TranspositionTable::with_entries(entries);
          ParallelDfpn plain(rules, Player::White, rules_table, threads, {}, DfpnOptions::df_pn(0.25));
          const auto r = plain.solve();
          ASSERT_EQ(r.outcome, expected) << what << " rules, threads " << threads;
          const auto proof = plain.proof();
          ASSERT_TRUE(proof) << what;
          EXPECT_TRUE(verify_proof(rules, *proof, Player::White, r.outcome).ok) << what;
        }
      }
    }
  }
}

// Go life and death (ko, so repetitions and path-dependent results): small
// enclosed problems, both sides to move, both provers, seki as life or
// death, every ko permission, against the exact oracle; proofs verified.
TEST(ParallelDfpn, GoProblemsAgreeWithTheOracle) {
  int checked = 0;
  for (const auto& shape : testing::small_go_shapes())
    for (Player to_move : {Player::Black, Player::White})
      for (bool seki_is_life : {true, false})
        for (int ko = 0; ko < 4; ++ko) {
          games::GoProblem problem = games::go_problem_from_diagram(shape, to_move);
          problem.seki_is_life = seki_is_life;
          problem.black_may_take_ko = ko & 1;
          problem.white_may_take_ko = ko & 2;
          const games::GoGame game(problem);
          for (Player prover : {Player::Black, Player::White}) {
            const Outcome expected = Minimax<games::GoGame>(game, prover, Limits{}).solve().outcome;
            ASSERT_NE(expected, Outcome::Unknown);
            const int threads = checked % 2 ? 4 : 2;
            auto table = TranspositionTable::with_entries(checked % 3 ? 1 << 12 : 16);
            ParallelDfpn search(game, prover, table, threads, {}, DfpnOptions::df_pn(0.25));
            const auto r = search.solve();
            ASSERT_EQ(r.outcome, expected) << shape[0] << " to_move " << int(to_move) << " prover " << int(prover)
                                           << " threads " << threads;
            const auto proof = search.proof();
            ASSERT_TRUE(proof);
            EXPECT_TRUE(verify_proof(game, *proof, prover, r.outcome).ok);
            ++checked;
          }
        }
  EXPECT_EQ(checked, 5 * 2 * 2 * 4 * 2);
}

// Superko: the same position with two histories has two values (see
// tests/support/go_ghi_cases.h); threads sharing one table across both
// searches must give each its own.
TEST(ParallelDfpn, SuperkoHistoriesSharingATable) {
  for (const auto& c : testing::ghi_cases()) {
    const std::vector<std::pair<games::GoGame, games::GoGame>> orders = {
        {c.with_history(c.rule), c.with_short_history(c.rule, true)},
        {c.with_short_history(c.rule), c.with_history(c.rule, 1)}};
    for (const auto& [first, second] : orders)
      for (Player prover : {Player::Black, Player::White})
        for (int threads : {2, 4}) {
          auto table = TranspositionTable::with_entries(threads == 2 ? 16 : 1 << 12);
          for (const games::GoGame* game : {&first, &second}) {
            games::GoGame scratch = *game;
            const bool killer_wins = testing::killer_wins_by_path(scratch);
            const Outcome truth = (prover == game->killer()) == killer_wins ? Outcome::Proven : Outcome::Disproven;
            ParallelDfpn search(*game, prover, table, threads, {}, DfpnOptions::df_pn(0.25));
            const auto r = search.solve();
            ASSERT_EQ(r.outcome, truth) << game->to_text() << " threads " << threads;
            const auto proof = search.proof();
            ASSERT_TRUE(proof);
            EXPECT_TRUE(verify_proof(*game, *proof, prover, r.outcome).ok);
          }
        }
  }
}

TEST(ParallelDfpn, JobsNeedTwoThreadsAndATableThatKeepsTheirWork) {
  SyntheticGame g(1, testing::instance_params(Shape::Dag, 1));
  auto small = TranspositionTable::with_entries(8);
  auto large = TranspositionTable::with_entries(1 << 20);
  EXPECT_EQ(ParallelDfpn(g, Player::Black, small, 2).job_work_in_use(), 0u);
  EXPECT_EQ(ParallelDfpn(g, Player::Black, large, 1).job_work_in_use(), 0u);
  EXPECT_EQ(ParallelDfpn(g, Player::Black, large, 2).job_work_in_use(), SharedSearch::kDefaultJobWork);
  ParallelDfpn short_jobs(g, Player::Black, small, 2);
  short_jobs.set_job_work(3);
  EXPECT_EQ(short_jobs.job_work_in_use(), 0u);  // 8 entries: not enough for 2 x 3 x 64
  auto medium = TranspositionTable::with_entries(4096);
  ParallelDfpn medium_jobs(g, Player::Black, medium, 2);
  medium_jobs.set_job_work(3);
  EXPECT_EQ(medium_jobs.job_work_in_use(), 3u);
  // Games that repeat: never (results that rest on the path are not stored).
  SyntheticGame cyclic(1, testing::instance_params(Shape::Graph, 1));
  ASSERT_TRUE(may_repeat(cyclic));
  EXPECT_EQ(ParallelDfpn(cyclic, Player::Black, large, 2).job_work_in_use(), 0u);
}

double stat(const Statistics& stats, const std::string& key) {
  for (const auto& [k, v] : stats)
    if (k == key) return v;
  ADD_FAILURE() << "no statistic " << key;
  return -1;
}

TEST(ParallelDfpn, JobsAndTheirClimbsAreCounted) {
  double jobs = 0, climbs = 0;
  for (int first = 0; first < 16; ++first) {
    games::HexGame rules(4);
    rules.play(static_cast<games::HexGame::Move>(first));
    auto table = TranspositionTable::with_entries(1 << 14);
    ParallelDfpn search(rules, Player::White, table, 2, {}, DfpnOptions::df_pn(0.25));
    search.set_job_work(3);
    const auto r = search.solve();
    jobs += stat(r.stats, "jobs");
    climbs += stat(r.stats, "job_climbs");
    EXPECT_LE(stat(r.stats, "job_climbs"), stat(r.stats, "jobs"));
  }
  EXPECT_GT(jobs, 0);
  EXPECT_GT(climbs, 0);
  games::HexGame rules(4);
  auto table = TranspositionTable::with_entries(1 << 14);
  const auto one = ParallelDfpn(rules, Player::White, table, 1).solve();
  EXPECT_EQ(stat(one.stats, "jobs"), 0);
}

TEST(ParallelDfpn, OneThreadIsExactlyTheSequentialSearch) {
  // A searcher never sees its own presence, so alone it makes the same
  // choices as the sequential search, node for node.
  games::SyntheticParams p;
  p.shape = Shape::Tree;
  p.depth = 16;
  p.min_branching = p.max_branching = 2;
  p.terminal_rate = 0.0;
  p.black_win_rate = 0.45;
  for (std::uint64_t seed : {2, 3, 4}) {
    SyntheticGame g(seed, p);
    for (const DfpnOptions& options : {DfpnOptions::df_pn(), DfpnOptions::df_pn(0.25)}) {
      auto table1 = TranspositionTable::with_entries(1 << 16);
      const auto sequential = DepthFirstPns(g, Player::Black, table1, {}, options).solve();
      auto table2 = TranspositionTable::with_entries(1 << 16);
      const auto shared = ParallelDfpn(g, Player::Black, table2, 1, {}, options).solve();
      EXPECT_EQ(shared.outcome, sequential.outcome);
      EXPECT_EQ(shared.nodes, sequential.nodes) << "seed " << seed;
      EXPECT_EQ(shared.root_moves, sequential.root_moves) << "seed " << seed;
    }
  }
}

TEST(ParallelDfpn, LimitsGiveUnknown) {
  games::SyntheticParams p;
  p.shape = Shape::Tree;
  p.depth = 24;
  p.min_branching = p.max_branching = 2;
  p.terminal_rate = 0.0;
  p.max_positions = 200'000;
  SyntheticGame g(7, p);
  auto table = TranspositionTable::with_entries(1 << 10);
  Limits limits;
  limits.max_nodes = 1000;
  const auto r = ParallelDfpn(g, Player::Black, table, 2, limits).solve();
  // No terminal above depth 24 and two moves everywhere: any proof or
  // disproof has at least 2^12 leaves, far more than the budget.
  ASSERT_FALSE(r.solved());
  EXPECT_EQ(r.reason, StopReason::Nodes);
  EXPECT_LE(r.nodes, limits.max_nodes + 2);  // each thread may finish the expansion it is in
}

}  // namespace
}  // namespace dfpn::parallel
