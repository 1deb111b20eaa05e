// Relevance zones (games/go/go_zone.cpp): answers with zone pruning against
// the exact oracle, and zones checked by the rules -- every position that
// agrees with a solved one on its zone must have the same winner.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "dfpn/search/dfpn.h"
#include "dfpn/search/minimax.h"
#include "dfpn/base/proof.h"
#include "games/go/go.h"
#include "support/sanitized.h"
#include "tt/table.h"

namespace dfpn::games {
namespace {

using dfpn::testing::kSanitized;

// Shapes with room to play elsewhere: the x walls hold eyes or empty points
// that change nothing, so the loser has moves a zone can drop.
const std::vector<std::vector<std::string>>& shapes() {
  // Under superko the oracle explores a tree (the history is part of each
  // position), so the shapes stay tiny: '-' points are outside the region.
  static const std::vector<std::vector<std::string>> all = {
      {"...Ox", "OOOOx", "xxxxx", "x.x--", "-----"},  // straight three; a point in black's eye
      {"..OOx", "OOOOx", "xxxxx", "x.x--", "-----"},  // two-point eye: dies
      {"....x", "OOOOx", "xxxxx", "-.x--", "-----"},  // straight four
      {"x.o.x", ".O.Ox", "OOOOx", "xxxxx", "-.x--"},  // ko-ish shape on the edge
      {".xOOx", "..OOx", "OOOxx", "xxxx-", "-.x--"},  // a black stone inside the eye space
      {"...Ox", "O.OOx", "OOOxx", "xxxx.", "----x"},  // bent shape, an empty point by the wall
  };
  return all;
}

GoProblem problem_of(const std::vector<std::string>& shape, Player to_move, KoRule rule, int variant) {
  GoProblem p = go_problem_from_diagram(shape, to_move);
  p.ko_rule = rule;
  p.seki_is_life = variant & 1;
  p.black_may_take_ko = variant & 2;
  p.white_may_take_ko = variant & 4;
  return p;
}

Outcome exact(const GoProblem& p, Player prover) {
  GoProblem plain = p;
  plain.relevance_zones = false;
  Limits limits;
  limits.memory_bytes = std::size_t{1} << 30;
  const auto r = Minimax<GoGame>(GoGame(plain), prover, limits).solve();
  if (!r.solved()) ADD_FAILURE() << "oracle out of memory: " << p.black.size() << " " << p.white.size();
  return r.outcome;
}

TEST(GoZones, AnswersAgreeWithTheOracleUnderSuperko) {
  int checked = 0;
  std::uint64_t pruned = 0;
  const std::vector<KoRule> rules = kSanitized ? std::vector{KoRule::Situational}
                                               : std::vector{KoRule::Situational, KoRule::Positional};
  const std::vector<int> variants = kSanitized ? std::vector{0, 7} : std::vector{0, 1, 2, 5, 7};
  for (const auto& shape : shapes())
    for (KoRule rule : rules)
      for (Player to_move : {Player::Black, Player::White})
        for (int variant : variants) {
          const GoProblem p = problem_of(shape, to_move, rule, variant);
          const GoGame game(p);
          for (Player prover : {Player::Black, Player::White}) {
            const Outcome truth = exact(p, prover);
            for (std::size_t entries : {std::size_t{8}, std::size_t{1} << 12}) {
              for (bool plus : {false, true}) {
                DfpnOptions options;
                options.heuristic_init = plus;
                auto table = tt::TranspositionTable::with_entries(entries);
                DepthFirstPns<GoGame> search(game, prover, table, Limits{}, options);
                const auto r = search.solve();
                ASSERT_EQ(r.outcome, truth) << shape[0] << " rule " << to_string(rule) << " variant " << variant
                                            << " entries " << entries;
                pruned += search.counters().refuted_siblings;
                const auto proof = search.proof();
                ASSERT_TRUE(proof);
                EXPECT_TRUE(verify_proof(game, *proof, prover, r.outcome).ok);
                ++checked;
              }
            }
          }
        }
  EXPECT_EQ(checked, 6 * int(rules.size()) * 2 * int(variants.size()) * 2 * 2 * 2);
  EXPECT_GT(pruned, kSanitized ? 10u : 50u) << "pruned";  // the zones do prune here
  std::printf("pruned siblings: %llu\n", static_cast<unsigned long long>(pruned));
}

// Solves a problem with zones, then rebuilds it with random stones on
// region points outside the root's zone: the winner must stay. (Points off
// the region never change in a search, so a zone makes no claim on them;
// filling a wall's outside liberties would also let the oracle's tree
// explode.)
TEST(GoZones, ZonesHoldByTheRules) {
  std::mt19937 random(7);
  int zones = 0, perturbed = 0;
  for (const auto& shape : shapes())
    for (Player to_move : {Player::Black, Player::White})
      for (int variant : {0, 1, 6}) {
        const GoProblem p = problem_of(shape, to_move, KoRule::Situational, variant);
        const GoGame game(p);
        auto table = tt::TranspositionTable::with_entries(1 << 12);
        DepthFirstPns<GoGame> search(game, to_move, table, Limits{}, DfpnOptions{});
        const auto r = search.solve();
        ASSERT_TRUE(r.solved());
        const Player winner = r.outcome == Outcome::Proven ? to_move : opponent(to_move);
        const auto zone = game.relevance_zone();
        if (!zone) continue;
        ++zones;
        std::vector<std::pair<int, int>> outside;
        for (int row = 0; row < p.size; ++row)
          for (int col = 0; col < p.size; ++col)
            if (game.at(col, row) == Point::Empty && game.in_region(col, row) &&
                std::find(zone->begin(), zone->end(), game.point(col, row)) == zone->end())
              outside.emplace_back(col, row);
        for (int trial = 0; trial < (kSanitized ? 3 : 12) && !outside.empty(); ++trial) {
          GoProblem q = p;
          q.relevance_zones = false;
          for (const auto& point : outside) {
            const int roll = int(random() % 3);
            if (roll == 1) q.black.push_back(point);
            if (roll == 2) q.white.push_back(point);
          }
          std::optional<GoGame> other;
          try {
            other.emplace(q);
          } catch (const std::invalid_argument&) {
            continue;  // a block without liberties: not a position
          }
          Limits limits;
          limits.memory_bytes = std::size_t{1} << 30;
          const auto truth = Minimax<GoGame>(*other, winner, limits).solve();
          ASSERT_TRUE(truth.solved());
          EXPECT_EQ(truth.outcome, Outcome::Proven) << game.to_text() << "winner " << to_string(winner)
                                                    << " perturbed:\n"
                                                    << other->to_text();
          ++perturbed;
        }
      }
  std::printf("zones %d, perturbed positions %d\n", zones, perturbed);
  EXPECT_GT(zones, 10);
  EXPECT_GT(perturbed, kSanitized ? 15 : 50);
}

// Simple ko: the graph has cycles, so df-pn must not prune with zones.
TEST(GoZones, SimpleKoDoesNotPrune) {
  const GoProblem p = problem_of(shapes()[0], Player::White, KoRule::Simple, 1);
  auto table = tt::TranspositionTable::with_entries(1 << 12);
  DepthFirstPns<GoGame> search(GoGame(p), Player::White, table, Limits{}, DfpnOptions{});
  ASSERT_TRUE(search.solve().solved());
  EXPECT_EQ(search.counters().refuted_siblings, 0u);
}

}  // namespace
}  // namespace dfpn::games
