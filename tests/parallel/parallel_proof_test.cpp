// Conceding proofs built by a team of builders on several threads
// (parallel/parallel_proof.h): each checked by the rules verifier, the
// outcome against the rules' exact value where it can be had, at large and
// tiny tables, with the work split at several depths.
#include "parallel/parallel_proof.h"

#include <gtest/gtest.h>

#include <map>
#include <mutex>
#include <stop_token>
#include <string>
#include <vector>

#include "dfpn/base/proof.h"
#include "dfpn/search/dfpn.h"
#include "games/hex/hex.h"
#include "games/hex/hex_knowledge_game.h"
#include "support/hex_rules_solver.h"
#include "support/sanitized.h"

namespace dfpn::parallel {
namespace {

using games::HexGame;
using games::HexKnowledgeGame;

struct Built {
  Outcome outcome = Outcome::Unknown;
  std::optional<Proof<HexGame::Move>> proof;
  std::string failure;
  std::uint64_t built_ahead = 0;
};

struct Setting {
  int threads = 2;
  int depth = ParallelConcedingProof<HexKnowledgeGame>::kDefaultDepth;
  std::size_t table_entries = 1 << 16;
  bool certificates = true;
  std::size_t max_bytes = 0;
  bool clear_table = false;  // the builders must search for every winning move
};

// Solves `position` with the knowledge (Black the attacker), then builds
// the proof on the same table with the parallel builder.
Built solve_and_prove(const HexGame& position, const Setting& setting, Limits limits = {}) {
  auto table = tt::TranspositionTable::with_entries(setting.table_entries);
  const HexKnowledgeGame knowledge(position);
  const DfpnOptions options = DfpnOptions::df_pn(0.25);
  Built b;
  b.outcome = DepthFirstPns<HexKnowledgeGame>(knowledge, Player::Black, table, Limits{}, options).solve().outcome;
  if (setting.clear_table) table.clear();
  ParallelConcedingProof<HexKnowledgeGame> builder(knowledge, Player::Black, table, setting.threads, limits, options);
  builder.set_depth(setting.depth);
  builder.set_certificates(setting.certificates);
  builder.set_max_bytes(setting.max_bytes);
  b.proof = builder.build(b.outcome);
  b.failure = builder.failure();
  b.built_ahead = builder.built_ahead();
  EXPECT_LE(builder.built_ahead_unused(), b.built_ahead);
  if (b.proof) {
    EXPECT_EQ(builder.stats().positions, b.proof->size());
  }
  return b;
}

HexGame opening(int size, int cell) {
  HexGame g(size);
  g.play(static_cast<HexGame::Move>(cell));
  return g;
}

// The rules' winner and a proof the verifier accepts, for every opening
// of a board small enough for the rules' exact value.
void expect_every_opening_proven(int size, const Setting& setting) {
  static std::map<int, testing::HexRulesSolver> solvers;  // one memo per size (hashes do not tell sizes apart)
  auto& rules = solvers[size];
  for (int cell = 0; cell < size * size; ++cell) {
    const HexGame g = opening(size, cell);
    const std::string where = std::to_string(size) + "x" + std::to_string(size) + " " +
                              g.move_to_string(HexGame::Move(cell)) + ", " + std::to_string(setting.threads) +
                              " threads, depth " + std::to_string(setting.depth) + ", table of " +
                              std::to_string(setting.table_entries) +
                              (setting.certificates ? "" : ", no certificates");
    const Built b = solve_and_prove(g, setting);
    HexGame scratch = g;
    const bool black_wins = rules.mover_wins(scratch) == (g.to_move() == Player::Black);
    ASSERT_EQ(b.outcome, black_wins ? Outcome::Proven : Outcome::Disproven) << where;
    ASSERT_TRUE(b.proof) << where << ": " << b.failure;
    const auto check = verify_proof(g, *b.proof, Player::Black, b.outcome);
    EXPECT_TRUE(check.ok) << where << ": " << check.error;
  }
}

TEST(ParallelProof, EveryFourByFourOpeningVerifiesOnOneToThreeThreads) {
  for (const int threads : {1, 2, 3})
    for (const bool certificates : {true, false}) {
      // Under the sanitizers only teams, and each setting once: two threads
      // with certificates, three without.
      if (testing::kSanitized && (threads == 1 || (threads == 2) != certificates)) continue;
      Setting s;
      s.threads = threads;
      s.certificates = certificates;
      expect_every_opening_proven(4, s);
    }
}

TEST(ParallelProof, OtherDepthsAndTinyTablesStillVerify) {
  for (const int depth : {1, 2})
    for (const std::size_t entries : {std::size_t{16}, std::size_t{1} << 16}) {
      // Under the sanitizers the tiny table at depth 1 and the large one at
      // depth 2: each depth and each table once.
      if (testing::kSanitized && (depth == 1) != (entries == 16)) continue;
      Setting s;
      s.depth = depth;
      s.table_entries = entries;
      s.certificates = false;  // deeper proofs, more parts
      expect_every_opening_proven(4, s);
    }
}

// 5x5 openings (too large for the rules' value): verified proofs, also
// when every winning move must be searched again on an emptied table while
// the other thread searches on it too; positions were built ahead.
TEST(ParallelProof, FiveByFiveOpeningsVerifyWithPositionsBuiltAhead) {
  std::uint64_t built_ahead = 0;
  for (const int cell : {0, 6, 7, 12}) {
    for (const bool clear : {false, true}) {
      const HexGame g = opening(5, cell);
      Setting s;
      s.clear_table = clear;
      const Built b = solve_and_prove(g, s);
      const std::string where = "5x5 " + g.move_to_string(HexGame::Move(cell)) + (clear ? ", emptied table" : "");
      ASSERT_NE(b.outcome, Outcome::Unknown) << where;
      ASSERT_TRUE(b.proof) << where << ": " << b.failure;
      const auto check = verify_proof(g, *b.proof, Player::Black, b.outcome);
      EXPECT_TRUE(check.ok) << where << ": " << check.error;
      built_ahead += b.built_ahead;
    }
  }
  EXPECT_GT(built_ahead, 0u);  // the team mate did build ahead
}

// The memory bound holds for the one store all builders share: a bound
// the proof cannot fit in stops the build with the reason.
TEST(ParallelProof, SharedMemoryBoundStopsWithAReason) {
  Setting s;
  s.certificates = false;
  s.max_bytes = 4096;
  const Built b = solve_and_prove(opening(4, 0), s);
  ASSERT_NE(b.outcome, Outcome::Unknown);
  EXPECT_FALSE(b.proof);
  EXPECT_NE(b.failure.find("the proof would take more than 4 KiB"), std::string::npos) << b.failure;
}

TEST(ParallelProof, AStopRequestIsTheReasonGiven) {
  std::stop_source stop;
  stop.request_stop();
  Limits limits;
  limits.stop = stop.get_token();
  Setting s;
  s.clear_table = true;
  const Built b = solve_and_prove(opening(5, 7), s, limits);
  ASSERT_NE(b.outcome, Outcome::Unknown);
  EXPECT_FALSE(b.proof);
  EXPECT_TRUE(b.failure.starts_with("stopped before the proof was complete (")) << b.failure;
}

// The team reports the whole proof's progress, whichever builder is
// working: positions so far never above the proof's, never decreasing.
TEST(ParallelProof, ReportsTheTeamsProgress) {
  std::vector<Progress> reports;
  std::mutex mutex;  // the team serialises its reports; the test checks that too
  Limits limits;
  limits.progress_interval_s = 0;
  limits.on_progress = [&](const Progress& p) {
    ASSERT_TRUE(mutex.try_lock());
    reports.push_back(p);
    mutex.unlock();
  };
  Setting s;
  s.certificates = false;
  const Built b = solve_and_prove(opening(5, 0), s, limits);  // 5x5 a1: thousands of positions
  ASSERT_TRUE(b.proof) << b.failure;
  ASSERT_FALSE(reports.empty());
  for (std::size_t i = 0; i < reports.size(); ++i) {
    EXPECT_TRUE(reports[i].building_proof);
    EXPECT_GT(reports[i].proof_bytes, 0u);
    if (i > 0) {
      EXPECT_GE(reports[i].elapsed_s, reports[i - 1].elapsed_s);
    }
  }
}

}  // namespace
}  // namespace dfpn::parallel
