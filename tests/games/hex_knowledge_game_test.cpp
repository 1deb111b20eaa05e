// HexKnowledgeGame: df-pn on the game with knowledge gives the rules' answers,
// and every proof set the search makes it learn holds by the rules.
#include "games/hex/hex_knowledge_game.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "dfpn/search/dfpn.h"
#include "games/hex/hex_knowledge_game.h"
#include "support/hex_positions.h"
#include "support/hex_rules_solver.h"
#include "support/sanitized.h"
#include "tt/table.h"

namespace {

using namespace dfpn;
using namespace dfpn::games;
using namespace dfpn::testing;


// Every proof set df-pn made the game learn (won and lost nodes) holds by
// the rules: solve, then walk the positions near the root and check each
// set the game has, decided by the analysis or learnt from the search.
TEST(HexKnowledgeGame, LearntProofSetsHoldByTheRules) {
  int learnt = 0, decided = 0;
  auto walk = [&](auto& self, HexKnowledgeGame& game, HexGame& rules, const tt::TranspositionTable& table,
                  int depth, HexRulesSolver& exact) -> void {
    if (rules.winner()) return;
    if (const auto set = game.proof_set()) {
      // The side the set is for: the analysis's winner, or the search's.
      std::optional<Player> winner = game.analysis().winner;
      (winner ? decided : learnt)++;
      tt::EntryData e;
      if (!winner && table.probe(rules.hash(), e) && e.solved())
        winner = e.numbers.outcome() == Outcome::Proven ? Player::Black : Player::White;
      if (!winner) winner = exact.mover_wins(rules) ? rules.to_move() : opponent(rules.to_move());
      EXPECT_TRUE(proof_set_holds(rules, *set, *winner, exact)) << rules.to_text();
    }
    if (depth == 0) return;
    HexGame::MoveList moves;
    rules.generate_moves(moves);
    for (const auto m : moves) {
      game.play(m);
      rules.play(m);
      self(self, game, rules, table, depth - 1, exact);
      rules.undo();
      game.undo();
    }
  };
  std::mt19937 rng(5);
  for (int size : {4, 5}) {
    HexRulesSolver exact;
    for (int t = 0; t < 16; ++t) {
      HexGame rules(size);
      if (size == 4) rules.play(static_cast<HexGame::Move>(t));  // every opening
      else rules = random_position(rng, size, 10 + int(rng() % 4), HexKnowledge{});
      if (rules.winner()) continue;
      HexKnowledge knobs = narrow_h_search(1, 2);
      knobs.strategy_stealing = t % 4 < 2;  // its dropped moves stop a loss closure
      HexKnowledgeGame game(rules, knobs);
      auto table = tt::TranspositionTable::with_entries(1 << 14);
      DfpnOptions options;
      options.heuristic_init = t % 2 == 0;
      DepthFirstPns<HexKnowledgeGame> search(game, Player::Black, table, Limits{}, options);
      const auto r = search.solve();
      ASSERT_TRUE(r.solved());
      walk(walk, game, rules, table, 2, exact);
    }
  }
  std::printf("checked %d learnt and %d decided proof sets\n", learnt, decided);
  EXPECT_GT(learnt, 30);  // the search does learn sets of nodes it solved
}

// Facts (kSharesFacts) for a copy with its own stores: each one holds by
// the rules (the winner's stones in play, every empty cell outside the set
// conceded, the loser to move unless it was the winner's turn), survives
// its words, and decides again, in a copy that never searched, the
// positions whose sets were learnt.
TEST(HexKnowledgeGame, FactsHoldByTheRulesAndDecideInAnotherCopy) {
  static_assert(kSharesFacts<HexKnowledgeGame>);
  HexRulesSolver exact;
  int checked = 0, redecided = 0;
  for (int t = 0; t < (kSanitized ? 19 : 24); ++t) {  // fewer 5x5 openings under the sanitizers
    const int size = t < 16 ? 4 : 5, cells = size * size;
    HexGame rules(size);
    rules.play(static_cast<HexGame::Move>(t < 16 ? t : 3 * (t - 16)));  // every 4x4 opening, some 5x5 ones
    HexKnowledgeGame game(rules, narrow_h_search(1, 2));
    game.keep_facts();
    std::vector<std::pair<HexGame, Player>> solved;  // positions whose sets were learnt, with their winners
    game.observe_proof_sets([&](const HexGame& position, const CellSet&, Player winner) {
      solved.emplace_back(position, winner);
    });
    auto table = tt::TranspositionTable::with_entries(1 << 12);
    DepthFirstPns<HexKnowledgeGame> search(game, Player::Black, table, Limits{}, DfpnOptions{});
    ASSERT_TRUE(search.solve().solved());
    const auto facts = game.take_facts(64);
    EXPECT_TRUE(game.take_facts(64).empty()) << "taken once";
    for (const auto& f : facts) {
      const auto words = f.words(game);
      const auto back = HexKnowledgeGame::Fact::from_words(words, game);
      ASSERT_TRUE(back);
      EXPECT_TRUE(back->winner_stones == f.winner_stones && back->proof_set == f.proof_set &&
                  back->winner == f.winner && back->winner_to_move == f.winner_to_move && back->stones == f.stones);
      if (f.proof_set.size() > 13) continue;  // the exact solver's reach
      HexGame r(size);
      f.winner_stones.for_each([&](int c) { r.place(static_cast<HexGame::Move>(c), f.winner); });
      r.set_to_move(f.winner_to_move ? f.winner : opponent(f.winner));
      EXPECT_TRUE(proof_set_holds(r, f.proof_set, f.winner, exact)) << r.to_text();
      ++checked;
    }
    // A fresh copy with its own stores, given the facts, knows the learnt
    // positions without an analysis deciding them.
    HexKnowledgeGame other(rules, narrow_h_search(1, 2));
    other.limit_stores(other.store_bytes());
    other.add_facts(facts);
    for (const auto& [position, winner] : solved) {
      HexKnowledgeGame at(position, narrow_h_search(1, 2));
      if (at.analysis().winner) continue;  // decided by the analysis anyway
      // The same position in the copy: the stones the search added, played in turn.
      HexKnowledgeGame copy = other;
      std::vector<HexGame::Move> added[2];
      for (int c = 0; c < cells; ++c)
        if (const auto stone = position.stone(static_cast<HexGame::Move>(c)); stone && !rules.stone(static_cast<HexGame::Move>(c)))
          added[*stone == Player::Black ? 0 : 1].push_back(static_cast<HexGame::Move>(c));
      for (int i = 0; copy.hash() != position.hash() && i < cells; ++i) {
        const int side = copy.to_move() == Player::Black ? 0 : 1;
        if (added[side].empty()) break;
        copy.play(added[side].back());
        added[side].pop_back();
      }
      ASSERT_EQ(copy.hash(), position.hash()) << position.to_text();
      EXPECT_EQ(copy.quick_evaluate(winner), Outcome::Proven) << position.to_text();
      ++redecided;
    }
  }
  std::printf("checked %d facts, %d positions decided again by them\n", checked, redecided);
  EXPECT_GT(checked, 30);
  EXPECT_GT(redecided, 10);
}

// Every set learnt while solving 6x6 openings, checked by the rules as it
// is learnt (those of up to 13 cells: the exact solver's reach).
TEST(HexKnowledgeGame, ProofSetsLearntOnSixBySixHoldByTheRules) {
  if (kSanitized) GTEST_SKIP() << "a 6x6 solve is slow under a sanitizer; the 4x4/5x5 test runs the same code";
  HexRulesSolver exact;
  int checked = 0, wrong = 0, pruned = 0;
  for (const char* opening : {"d4", "c3"}) {
    HexGame rules(6);
    rules.play(*rules.parse_move(opening));
    HexKnowledgeGame game(rules, narrow_h_search(2, 3));
    game.observe_proof_sets([&](const HexGame& position, const CellSet& set, Player winner) {
      if (set.size() > 13) return;
      ++checked;
      if (!proof_set_holds(position, set, winner, exact)) {
        ++wrong;
        ADD_FAILURE() << "a proof set for " << to_string(winner) << " that does not hold\n" << position.to_text();
      }
    });
    auto table = tt::TranspositionTable::with_entries(1 << 16);
    DepthFirstPns<HexKnowledgeGame> search(game, Player::White, table, Limits{}, DfpnOptions{});
    const auto r = search.solve();
    ASSERT_TRUE(r.solved());
    EXPECT_EQ(r.outcome, Outcome::Disproven) << opening;  // Black wins both (shared/data/hex)
    for (const auto& [key, value] : r.stats)
      if (key == "refuted_siblings") pruned += int(value);
  }
  std::printf("checked %d learnt proof sets, %d wrong; %d siblings pruned\n", checked, wrong, pruned);
  EXPECT_GT(checked, 100);
  EXPECT_GT(pruned, 100);  // the sets do prune
}

// df-pn on HexKnowledgeGame gives the rules' answer for every opening of
// the small boards, with each piece of knowledge alone and all together.
TEST(HexKnowledgeGame, SolverAgreesWithTheRulesOnEveryOpening) {
  std::vector<HexKnowledge> settings = {HexKnowledge{}, HexKnowledge::none()};
  HexKnowledge dead_only = HexKnowledge::none();
  dead_only.dead_cells = true;
  HexKnowledge vc_only = HexKnowledge::none();
  vc_only.virtual_connections = vc_only.must_play = true;
  settings.push_back(dead_only);
  settings.push_back(vc_only);
  HexKnowledge stealing;
  stealing.strategy_stealing = true;
  settings.push_back(stealing);
  for (int size : {2, 3, 4}) {
    HexRulesSolver exact;
    for (int first = 0; first < size * size; ++first) {
      HexGame g(size);
      g.play(static_cast<HexGame::Move>(first));
      const bool white_wins = exact.mover_wins(g);
      for (const auto& knobs : settings) {
        // 4x4 without knowledge is slow and the rules tests cover it.
        if (size == 4 && !knobs.virtual_connections) continue;
        for (bool heuristic : {false, true}) {
          if (kSanitized && size == 4 && heuristic) continue;  // the same code, half the 4x4 solves
          HexKnowledgeGame game(g, knobs);
          auto table = tt::TranspositionTable::with_entries(1 << 12);
          DfpnOptions options;
          options.heuristic_init = heuristic;
          DepthFirstPns<HexKnowledgeGame> search(game, Player::White, table, Limits{}, options);
          const auto r = search.solve();
          ASSERT_TRUE(r.solved());
          EXPECT_EQ(r.outcome == Outcome::Proven, white_wins) << size << " " << g.move_to_string(HexGame::Move(first));
        }
      }
    }
  }
}

// Stores sized for a small memory budget hold what they are given, and a
// search whose caches keep overwriting each other still gives the rules'
// answers: every entry is a fact about its position, however few are kept.
TEST(HexKnowledgeGame, SmallStoresKeepTheirBoundAndTheAnswers) {
  HexKnowledgeGame roomy{HexGame(8)};
  const std::size_t full = roomy.store_bytes();
  roomy.limit_stores(full);
  EXPECT_EQ(roomy.store_bytes(), full);  // a bound it meets changes nothing
  roomy.limit_stores(full / 3);
  EXPECT_LE(roomy.store_bytes(), full / 3);
  EXPECT_GT(roomy.store_bytes(), full / 8);  // halved no more than needed
  roomy.limit_stores(0);
  EXPECT_GT(roomy.store_bytes(), 0u);  // the floor: 1/1024 of the default
  EXPECT_LE(roomy.store_bytes(), full / 1000);

  HexRulesSolver exact;
  for (int first = 0; first < 16; ++first) {
    HexGame g(4);
    g.play(static_cast<HexGame::Move>(first));
    HexKnowledgeGame game(g);
    game.limit_stores(0);
    auto table = tt::TranspositionTable::with_entries(1 << 10);
    DepthFirstPns<HexKnowledgeGame> search(game, Player::White, table, Limits{}, DfpnOptions{});
    const auto r = search.solve();
    ASSERT_TRUE(r.solved());
    EXPECT_EQ(r.outcome == Outcome::Proven, exact.mover_wins(g)) << g.move_to_string(HexGame::Move(first));
  }
}

// The defence certificates the proof builder asks for after certificate()
// (which keeps the semis its H-search found) are those a fresh game gives,
// and none are kept for a position the game has left.
TEST(HexKnowledgeGame, DefenceCertificatesAfterACertificateAreTheFreshOnes) {
  std::mt19937 rng(5);
  const HexKnowledge knobs;
  int compared = 0;
  auto texts = [](const std::vector<ProofCertificate<HexGame::Move>>& cs) {
    std::vector<std::string> out;
    for (const auto& c : cs) out.push_back(c.text);
    return out;
  };
  for (int trial = 0; trial < 200; ++trial) {
    const int size = 4 + int(rng() % 4);
    const HexGame position = random_position(rng, size, int(rng() % std::uint32_t(size)), knobs);
    if (position.winner()) continue;
    const Player winner = opponent(position.to_move());
    HexKnowledgeGame asked(position, knobs);
    if (asked.certificate(winner)) continue;
    const auto fresh = HexKnowledgeGame(position, knobs).defence_certificates(winner);
    EXPECT_EQ(texts(asked.defence_certificates(winner)), texts(fresh)) << position.to_text();
    compared += !fresh.empty();
    // After a move the kept semis are not this position's.
    HexGame::MoveList moves;
    position.generate_moves(moves);
    asked.certificate(winner);
    asked.play(moves.front());
    asked.set_to_move(position.to_move());
    HexGame moved = position;
    moved.play(moves.front());
    moved.set_to_move(position.to_move());
    EXPECT_EQ(texts(asked.defence_certificates(winner)), texts(HexKnowledgeGame(moved, knobs).defence_certificates(winner)))
        << moved.to_text();
  }
  EXPECT_GT(compared, 10);
}

}  // namespace
