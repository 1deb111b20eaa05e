// LocalJobSearch: a master and worker threads give the exact answer on
// every oracle-checked game, whatever the number of workers, the job
// budget and the table size, including games whose positions repeat (the
// worker then searches each job on its path).
#include "parallel/jobs/local_jobs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "dfpn/search/minimax.h"
#include "games/go/go.h"
#include "games/hex/hex_knowledge_game.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"
#include "support/go_small_problems.h"
#include "support/hex_rules_solver.h"
#include "support/instances.h"
#include "support/sanitized.h"

namespace dfpn::jobs {
namespace {

using games::Shape;
using games::SyntheticGame;

// Every fifth 4x4 opening under a sanitizer: the same code, 10x slower.
constexpr std::uint64_t kInstances = testing::kSanitized ? 30 : 200;
constexpr int kHexOpeningStride = testing::kSanitized ? 5 : 1;

JobSearchOptions options(int workers, std::uint64_t budget, std::size_t table_bytes) {
  JobSearchOptions o;
  o.workers = workers;
  o.job_budget = budget;
  o.table_bytes_per_worker = table_bytes;
  o.dfpn = DfpnOptions::df_pn(0.25);
  return o;
}

void check_against_oracle(Shape shape) {
  double jobs = 0;
  int proofs = 0;
  for (std::uint64_t seed = 0; seed < kInstances; ++seed) {
    // Deeper than the usual instances, with more cycles: the master's tree
    // then reaches positions whose value depends on the path above them.
    games::SyntheticParams params = testing::instance_params(shape, seed);
    params.depth += 4;
    params.cycle_rate *= 2;
    SyntheticGame g(seed, params);
    const Player attacker = seed % 2 ? Player::Black : Player::White;
    const Outcome expected = Minimax(g, attacker).solve().outcome;
    const int workers = 1 + int(seed % 4);
    const std::uint64_t budget = seed % 3 == 0 ? 1 : seed % 3 == 1 ? 5 : 40;  // expansions a job
    const std::size_t bytes = seed % 2 ? 512 : 1 << 20;      // a tiny table, or a roomy one
    Limits limits;
    limits.max_nodes = 20'000'000;
    JobSearchOptions o = options(workers, budget, bytes);
    if (seed % 4 >= 2) o.dfpn.widen_base = 1, o.dfpn.widen_factor = 0.25;  // the master widens as df-pn
    LocalJobSearch search(g, attacker, o, limits);
    const auto r = search.solve();
    ASSERT_EQ(r.outcome, expected) << testing::describe(shape, seed) << " workers " << workers << " budget "
                                   << budget << " bytes " << bytes;
    if (seed % 5 == 0) {  // the stitched proof: the master's tree and the workers' sub-proofs
      const auto proof = search.proof();
      ASSERT_TRUE(proof) << testing::describe(shape, seed);
      const auto v = verify_proof(g, *proof, attacker, r.outcome);
      ASSERT_TRUE(v.ok) << testing::describe(shape, seed) << ": " << v.error;
      ++proofs;
    }
    for (const auto& [key, value] : r.stats)
      if (key == "jobs") jobs += value;
  }
  EXPECT_GT(jobs, 5.0 * kInstances);
  EXPECT_EQ(proofs, int(kInstances / 5));  // the master's tree did the work, not one job per instance
}

TEST(LocalJobSearch, AgreesWithTheOracleOnTrees) { check_against_oracle(Shape::Tree); }
TEST(LocalJobSearch, AgreesWithTheOracleOnDags) { check_against_oracle(Shape::Dag); }
TEST(LocalJobSearch, AgreesWithTheOracleOnCyclicGraphs) { check_against_oracle(Shape::Graph); }

TEST(LocalJobSearch, TicTacToeIsADraw) {
  for (int workers : {1, 3}) {
    LocalJobSearch search(games::TicTacToe{}, Player::Black, options(workers, 20, 1 << 16));
    const auto r = search.solve();
    EXPECT_EQ(r.outcome, Outcome::Disproven) << workers;
  }
}

TEST(LocalJobSearch, HexOpeningsAgreeWithTheRules) {
  for (int first = 0; first < 16; first += kHexOpeningStride) {
    games::HexGame rules(4);
    rules.play(static_cast<games::HexGame::Move>(first));
    games::HexGame scratch = rules;
    const Outcome expected = testing::HexRulesSolver().mover_wins(scratch) ? Outcome::Proven : Outcome::Disproven;
    JobSearchOptions o = options(1 + first % 4, 3, 1 << 16);
    o.certificates = first % 2 == 0;
    LocalJobSearch search(games::HexKnowledgeGame(rules), Player::White, o);
    const auto r = search.solve();
    const std::string opening = rules.move_to_string(static_cast<games::HexGame::Move>(first));
    EXPECT_EQ(r.outcome, expected) << opening;
    if (r.outcome == Outcome::Proven) {
      EXPECT_TRUE(r.best_move);
    }
    // A conceding proof: the master's top joined to the workers' parts,
    // checked by the rules alone.
    const auto proof = search.proof();
    ASSERT_TRUE(proof) << opening << ": " << search.proof_failure();
    const auto v = verify_proof(rules, *proof, Player::White, r.outcome);
    EXPECT_TRUE(v.ok) << opening << ": " << v.error;
  }
}

// On 6x6 the master's tree grows several levels before the leaves; the
// stitched conceding proof must cover every loser move a part's proof set
// names, including moves the tree never grew.
TEST(LocalJobSearch, HexConcedingProofsStitchAcrossTheMastersTree) {
  for (const char* opening : {"a1", "c3", "b4"}) {
    games::HexGame rules(6);
    rules.play(*rules.parse_move(opening));
    // Jobs small enough that none solves an opening alone, and no captured
    // sets in H-search (which decide 6x6 a1 at the root), so there is a tree
    // to stitch.
    JobSearchOptions o = options(3, 10, 1 << 20);
    games::HexKnowledge knobs;
    knobs.captured_and_stones = 0;
    LocalJobSearch search(games::HexKnowledgeGame(rules, knobs), Player::White, o);
    const auto r = search.solve();
    ASSERT_TRUE(r.solved()) << opening;
    const auto tree_nodes =
        std::find_if(r.stats.begin(), r.stats.end(), [](const auto& s) { return s.first == "master_tree_nodes"; });
    ASSERT_NE(tree_nodes, r.stats.end());
    EXPECT_GT(tree_nodes->second, 5) << opening;  // a tree, not one job (its size depends on the workers' timing)
    const auto proof = search.proof();
    ASSERT_TRUE(proof) << opening << ": " << search.proof_failure();
    const auto v = verify_proof(rules, *proof, Player::White, r.outcome);
    EXPECT_TRUE(v.ok) << opening << ": " << v.error;
  }
}

// Go with the simple ko rule repeats positions: a ko fight's value depends
// on the path, which the workers see through the job's path.
TEST(LocalJobSearch, GoKoProblemsAgreeWithTheOracle) {
  int checked = 0;
  for (const auto& shape : testing::small_go_shapes())
    for (Player to_move : {Player::Black, Player::White})
      for (int ko = 0; ko < 4; ++ko) {
        games::GoProblem problem = games::go_problem_from_diagram(shape, to_move);
        problem.black_may_take_ko = ko & 1;
        problem.white_may_take_ko = ko & 2;
        const games::GoGame game(problem);
        ASSERT_TRUE(may_repeat(game));
        for (Player prover : {Player::Black, Player::White}) {
          const Outcome expected = Minimax<games::GoGame>(game, prover, Limits{}).solve().outcome;
          const int workers = 1 + checked % 3;
          LocalJobSearch search(game, prover, options(workers, checked % 4 ? 1 : 30, 1 << 14));
          const auto r = search.solve();
          ASSERT_EQ(r.outcome, expected)
              << shape[0] << " to_move " << int(to_move) << " ko " << ko << " prover " << int(prover);
          const auto proof = search.proof();  // stitched, and checked by the rules alone
          ASSERT_TRUE(proof);
          const auto v = verify_proof(game, *proof, prover, r.outcome);
          EXPECT_TRUE(v.ok) << shape[0] << " to_move " << int(to_move) << " ko " << ko << ": " << v.error;
          ++checked;
        }
      }
  EXPECT_EQ(checked, 5 * 2 * 4 * 2);
}

TEST(LocalJobSearch, LimitsGiveUnknown) {
  SyntheticGame g(7, games::SyntheticParams{});
  Limits limits;
  limits.max_nodes = 50;
  LocalJobSearch search(g, Player::Black, options(2, 10, 1 << 16), limits);
  const auto r = search.solve();
  if (!r.solved()) {
    EXPECT_EQ(r.reason, StopReason::Nodes);
  }
  std::stop_source stop;
  stop.request_stop();
  Limits stopped;
  stopped.stop = stop.get_token();
  LocalJobSearch halted(games::HexKnowledgeGame(games::HexGame(7)), Player::Black, options(2, 10, 1 << 16), stopped);
  const auto h = halted.solve();
  EXPECT_EQ(h.outcome, Outcome::Unknown);
  EXPECT_EQ(h.reason, StopReason::Stopped);
}

}  // namespace
}  // namespace dfpn::jobs
