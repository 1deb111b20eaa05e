// Conceding proofs (dfpn/search/conceding_proof.h) built from solves with Hex
// knowledge, and the verifier's handling of concessions (dfpn/base/proof.h).
#include "dfpn/search/conceding_proof.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <random>
#include <stop_token>
#include <string>
#include <tuple>

#include "dfpn/search/dfpn.h"
#include "dfpn/base/proof.h"
#include "games/hex/hex.h"
#include "games/hex/hex_knowledge_game.h"
#include "games/tictactoe/tictactoe.h"
#include "support/hex_rules_solver.h"
#include "support/sanitized.h"

namespace dfpn {
namespace {

using games::HexGame;
using games::HexKnowledgeGame;

struct Solved {
  Outcome outcome = Outcome::Unknown;
  std::optional<Proof<HexGame::Move>> proof;
  std::string failure;
};

// Solves `position` with the knowledge (df-pn+, Black the attacker), then
// builds the rules proof on the same table.
Solved solve_and_prove(const HexGame& position, std::size_t table_entries = 1 << 16, bool certificates = true) {
  auto table = tt::TranspositionTable::with_entries(table_entries);
  const HexKnowledgeGame knowledge(position);
  const DfpnOptions options = DfpnOptions::df_pn_plus(0.25);
  DepthFirstPns<HexKnowledgeGame> search(knowledge, Player::Black, table, Limits{}, options);
  Solved s;
  s.outcome = search.solve().outcome;
  ConcedingProofBuilder builder(position, knowledge, Player::Black, table, Limits{}, options);
  builder.set_certificates(certificates);
  s.proof = builder.build(s.outcome);
  s.failure = builder.failure();
  return s;
}

HexGame opening(int size, int cell) {
  HexGame g(size);
  g.play(static_cast<HexGame::Move>(cell));
  return g;
}

// Solves and proves `g` (Black the attacker) and checks the proof with the
// independent verifier; with `rules`, also checks the outcome against the
// rules' exact value.
void expect_verified_proof(const HexGame& g, const std::string& where, std::size_t table_entries, bool certificates,
                           testing::HexRulesSolver* rules) {
  const Solved s = solve_and_prove(g, table_entries, certificates);
  if (rules) {
    HexGame scratch = g;
    const bool mover_wins = rules->mover_wins(scratch);
    const bool black_wins = mover_wins == (g.to_move() == Player::Black);
    ASSERT_EQ(s.outcome, black_wins ? Outcome::Proven : Outcome::Disproven) << where;
  }
  ASSERT_NE(s.outcome, Outcome::Unknown) << where;
  ASSERT_TRUE(s.proof) << where << ": " << s.failure;
  const auto check = verify_proof(g, *s.proof, Player::Black, s.outcome);
  EXPECT_TRUE(check.ok) << where << ": " << check.error;
  if (!certificates) {
    EXPECT_EQ(check.certificates, 0u) << where;
  }
}

void expect_rules_winner_and_verified_proof(int size, int cell, std::size_t table_entries, bool certificates = true) {
  // One memo per board size for all its openings (they share positions;
  // hashes do not tell sizes apart).
  static std::map<int, testing::HexRulesSolver> rules;
  const HexGame g = opening(size, cell);
  const std::string where = std::to_string(size) + "x" + std::to_string(size) + " " +
                            g.move_to_string(HexGame::Move(cell)) + ", table of " + std::to_string(table_entries) +
                            (certificates ? "" : ", no certificates");
  expect_verified_proof(g, where, table_entries, certificates, &rules[size]);
}

// Every opening of 3x3 and 4x4: the rules' winner, and a proof the rules
// verifier accepts.
TEST(ConcedingProof, EveryOpeningOfSmallBoardsVerifiesByTheRules) {
  for (const int size : {3, 4})
    for (int cell = 0; cell < size * size; ++cell)
      for (const bool certificates : {true, false})
        expect_rules_winner_and_verified_proof(size, cell, 1 << 16, certificates);
}

// Certified leaves (virtual connections checked as lemmas) make 5x5 proofs
// small: every opening gets a proof the verifier accepts. (The rules alone
// take minutes per 5x5 opening, so the exact values are checked on the
// positions below instead.)
TEST(ConcedingProof, EveryFiveByFiveOpeningVerifiesWithCertificates) {
  for (int cell = 0; cell < 25; ++cell) {
    const HexGame g = opening(5, cell);
    expect_verified_proof(g, "5x5 " + g.move_to_string(HexGame::Move(cell)), 1 << 16, true, nullptr);
  }
}

// 5x5 positions with ten random stones (few enough empty cells for the
// rules' exact value), with and without certificates.
TEST(ConcedingProof, RandomFiveByFivePositionsMatchTheRules) {
  std::mt19937 rng(17);
  testing::HexRulesSolver rules;
  for (int round = 0; round < (dfpn::testing::kSanitized ? 6 : 12); ++round) {  // fewer under the sanitizers
    HexGame g(5);
    std::string where = "5x5 after";
    for (int placed = 0; placed < 10;) {
      HexGame::MoveList moves;
      g.generate_moves(moves);
      const auto m = moves[rng() % moves.size()];
      g.play(m);
      if (g.winner()) {
        g.undo();
        continue;
      }
      where += " " + g.move_to_string(m);
      ++placed;
    }
    for (const bool certificates : {true, false})
      expect_verified_proof(g, where + (certificates ? "" : ", no certificates"), 1 << 16, certificates, &rules);
  }
}

// With a table of 16 entries the builder finds most winning moves by
// searching again: the same proofs, more work.
TEST(ConcedingProof, TinyTableStillGivesVerifiedProofs) {
  for (const int cell : {0, 5, 10}) expect_rules_winner_and_verified_proof(4, cell, 16);
}

// 5x5 c2 solved with the knowledge (Black the attacker), its table kept
// for a builder.
struct SolvedOpening {
  HexGame position = opening(5, 7);
  std::unique_ptr<tt::TranspositionTable> table =
      std::make_unique<tt::TranspositionTable>(tt::TranspositionTable::with_entries(1 << 16));
  HexKnowledgeGame knowledge{position};
  DfpnOptions options = DfpnOptions::df_pn(0.25);
  Outcome outcome = DepthFirstPns<HexKnowledgeGame>(knowledge, Player::Black, *table, Limits{}, options).solve().outcome;
};

// A memory bound stops the builder with a reason instead of letting the
// proof grow past it; a bound the proof fits in changes nothing.
TEST(ConcedingProof, MemoryBoundStopsTheBuilderWithAReason) {
  const SolvedOpening c2;
  auto& table = *c2.table;
  ASSERT_NE(c2.outcome, Outcome::Unknown);
  auto build = [&](std::size_t max_bytes) {
    ConcedingProofBuilder builder(c2.position, c2.knowledge, Player::Black, table, Limits{}, c2.options);
    builder.set_max_bytes(max_bytes);
    auto proof = builder.build(c2.outcome);
    return std::pair{std::move(proof), builder.failure()};
  };
  const auto [free, none] = build(0);
  ASSERT_TRUE(free) << none;
  ASSERT_GT(free->size(), 20u);
  const auto [roomy, no_failure] = build(std::size_t{1} << 30);
  ASSERT_TRUE(roomy) << no_failure;
  EXPECT_EQ(roomy->size(), free->size());
  const auto [tight, failure] = build(2048);
  EXPECT_FALSE(tight);
  EXPECT_NE(failure.find("the proof would take more than 2 KiB"), std::string::npos) << failure;
}

// A stop request ends the builder with that reason, not with a claim
// about the position (a search cut short finds no winning move).
TEST(ConcedingProof, AStopRequestIsTheReasonGiven) {
  const SolvedOpening c2;
  ASSERT_NE(c2.outcome, Outcome::Unknown);
  c2.table->clear();  // the builder must search, and meets the stop there
  std::stop_source stop;
  stop.request_stop();
  Limits limits;
  limits.stop = stop.get_token();
  ConcedingProofBuilder builder(c2.position, c2.knowledge, Player::Black, *c2.table, limits, c2.options);
  EXPECT_FALSE(builder.build(c2.outcome));
  EXPECT_TRUE(builder.failure().starts_with("stopped before the proof was complete (")) << builder.failure();
  EXPECT_TRUE(builder.failure().ends_with(" positions built)")) << builder.failure();
}

// The builder counts the searches it runs for winning moves the table does
// not hold, with the nodes they expand and their time: on an empty table
// it must search.
TEST(ConcedingProof, CountsItsSearchesAndTheirNodes) {
  const SolvedOpening c2;
  ASSERT_NE(c2.outcome, Outcome::Unknown);
  c2.table->clear();
  ConcedingProofBuilder builder(c2.position, c2.knowledge, Player::Black, *c2.table, Limits{}, c2.options);
  ASSERT_TRUE(builder.build(c2.outcome)) << builder.failure();
  const auto stats = builder.stats();
  EXPECT_GT(stats.searches, 0u);
  EXPECT_GE(stats.search_nodes, stats.searches);
  EXPECT_GT(stats.search_s, 0.0);
  EXPECT_LE(stats.search_s, builder.seconds());
}

// A long build reports its progress through the limits' callback: the
// proof's positions so far and their memory, never decreasing.
TEST(ConcedingProof, ReportsItsProgress) {
  const HexGame g = opening(4, 0);  // a1, answered move by move without certificates
  auto table = tt::TranspositionTable::with_entries(1 << 16);
  const HexKnowledgeGame knowledge(g);
  const DfpnOptions options = DfpnOptions::df_pn(0.25);
  const Outcome outcome = DepthFirstPns<HexKnowledgeGame>(knowledge, Player::Black, table, Limits{}, options).solve().outcome;
  std::vector<Progress> reports;
  Limits limits;
  limits.progress_interval_s = 0;  // every check
  limits.on_progress = [&](const Progress& p) { reports.push_back(p); };
  ConcedingProofBuilder builder(g, knowledge, Player::Black, table, limits, options);
  builder.set_certificates(false);
  const auto proof = builder.build(outcome);
  ASSERT_TRUE(proof) << builder.failure();
  ASSERT_FALSE(reports.empty());
  for (std::size_t i = 0; i < reports.size(); ++i) {
    EXPECT_TRUE(reports[i].building_proof);
    EXPECT_LE(reports[i].nodes, proof->size());
    EXPECT_GT(reports[i].proof_bytes, 0u);
    if (i > 0) {
      EXPECT_GE(reports[i].nodes, reports[i - 1].nodes);
    }
  }
}

// The first node that concedes something and answers a defence.
std::optional<std::uint32_t> conceding_loser_node(const Proof<HexGame::Move>& proof) {
  for (std::uint32_t i = 0; i < proof.size(); ++i)
    if (proof.nodes[i].conceded_count > 0 && proof.nodes[i].edge_count > 0) return i;
  return std::nullopt;
}

// Conceding a cell the proof needs gives the loser a stone that wins or
// breaks a later move: the verifier must notice.
TEST(ConcedingProof, VerifierRejectsConcedingACellTheProofNeeds) {
  const HexGame g = opening(4, 5);  // b2
  const Solved s = solve_and_prove(g, 1 << 16, /*certificates=*/false);
  ASSERT_TRUE(s.proof) << s.failure;
  ASSERT_TRUE(verify_proof(g, *s.proof, Player::Black, s.outcome).ok);
  // Concede, at the root of the conceding part, every cell it answers.
  auto greedy = *s.proof;
  const auto node = conceding_loser_node(greedy);
  ASSERT_TRUE(node);
  const auto& n = greedy.nodes[*node];
  std::vector<HexGame::Move> cells(greedy.conceded.begin() + n.first_conceded,
                                   greedy.conceded.begin() + n.first_conceded + n.conceded_count);
  for (const auto& e : greedy.edges_of(*node)) cells.push_back(e.move);
  greedy.nodes[*node].first_conceded = static_cast<std::uint32_t>(greedy.conceded.size());
  greedy.nodes[*node].conceded_count = static_cast<std::uint32_t>(cells.size());
  greedy.conceded.insert(greedy.conceded.end(), cells.begin(), cells.end());
  const auto check = verify_proof(g, greedy, Player::Black, s.outcome);
  EXPECT_FALSE(check.ok);
}

// Leaving a defence inside the kept cells unanswered is caught as before.
TEST(ConcedingProof, VerifierRejectsAnUnansweredDefenceAfterAConcession) {
  const HexGame g = opening(4, 5);
  const Solved s = solve_and_prove(g, 1 << 16, /*certificates=*/false);
  ASSERT_TRUE(s.proof) << s.failure;
  auto partial = *s.proof;
  const auto node = conceding_loser_node(partial);
  ASSERT_TRUE(node);
  partial.nodes[*node].edge_count -= 1;
  const auto check = verify_proof(g, partial, Player::Black, s.outcome);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("is not answered"), std::string::npos) << check.error;
}

// A certificate that no longer proves its connection (a step dropped, or
// its text garbled) fails the proof.
TEST(ConcedingProof, VerifierRejectsABrokenCertificate) {
  const HexGame g = opening(5, 2);  // c1
  const Solved s = solve_and_prove(g);
  ASSERT_TRUE(s.proof) << s.failure;
  const auto check = verify_proof(g, *s.proof, Player::Black, s.outcome);
  ASSERT_TRUE(check.ok) << check.error;
  ASSERT_GT(check.certificates, 0u);
  for (const bool garble : {false, true}) {
    auto broken = *s.proof;
    std::string& text = broken.certificates.front();
    if (garble) text.replace(0, 1, "X");
    else text.erase(text.rfind(';'));  // the last step: the edge-to-edge connection
    const auto bad = verify_proof(g, broken, Player::Black, s.outcome);
    EXPECT_FALSE(bad.ok);
    EXPECT_NE(bad.error.find("certificate"), std::string::npos) << bad.error;
  }
}

// Defence certificates stand in for answers: without them, or with one
// that does not hold after the defence, the verifier finds a defence
// unanswered.
TEST(ConcedingProof, VerifierRejectsBrokenDefenceCertificates) {
  const HexGame g = opening(5, 6);  // b2
  const Solved s = solve_and_prove(g);
  ASSERT_TRUE(s.proof) << s.failure;
  ASSERT_TRUE(verify_proof(g, *s.proof, Player::Black, s.outcome).ok);
  ASSERT_FALSE(s.proof->defence_certificates.empty());

  auto dropped = *s.proof;
  for (auto& node : dropped.nodes) node.defence_certificate_count = 0;
  auto check = verify_proof(g, dropped, Player::Black, s.outcome);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("is not answered"), std::string::npos) << check.error;

  // Every defence certificate swapped for a leaf's (a full connection of
  // some other position): it does not hold after these defences.
  auto swapped = *s.proof;
  std::optional<std::uint32_t> leaf;
  for (const auto& node : swapped.nodes)
    if (node.certificate != Proof<HexGame::Move>::kNoCertificate) leaf = node.certificate;
  ASSERT_TRUE(leaf);
  for (auto& c : swapped.defence_certificates) c = *leaf;
  check = verify_proof(g, swapped, Player::Black, s.outcome);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("neither answered nor met by a certificate"), std::string::npos) << check.error;

  // An index past the end of the proof is an error, not a crash.
  auto outside = *s.proof;
  for (auto& node : outside.nodes)
    if (node.defence_certificate_count > 0) node.first_defence_certificate = 1u << 30;
  EXPECT_FALSE(verify_proof(g, outside, Player::Black, s.outcome).ok);
}

// A game that is not monotone cannot have its proofs concede anything.
TEST(ConcedingProof, VerifierRefusesConcessionsInOtherGames) {
  games::TicTacToe game;
  Proof<games::TicTacToe::Move> proof;
  proof.winner = Player::Black;
  proof.nodes.push_back({0, 0, 0, 1});
  proof.conceded.push_back(games::TicTacToe::Move{4});
  const auto check = verify_proof(game, proof, Player::Black, Outcome::Proven);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("cannot concede"), std::string::npos) << check.error;
}

// Concession and undo leave the board and the side to move as they were.
TEST(ConcedingProof, HexConcessionIsUndone) {
  HexGame g = opening(4, 5);
  const auto before = g.hash();
  g.concede(0, Player::White);
  EXPECT_EQ(g.to_move(), Player::White);
  EXPECT_EQ(g.stone(0), Player::White);
  EXPECT_NE(g.hash(), before);
  g.undo();
  EXPECT_EQ(g.hash(), before);
  EXPECT_FALSE(g.stone(0));
  EXPECT_EQ(g.to_move(), Player::White);
}

}  // namespace
}  // namespace dfpn
