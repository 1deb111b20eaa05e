// Miai life (GoGame::find_miai): hand-made shapes, and random positions
// where the rule's verdict, and df-pn's answer with the rule's zones, are
// checked against the plain rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "dfpn/base/proof.h"
#include "dfpn/search/dfpn.h"
#include "dfpn/search/minimax.h"
#include "games/go/go.h"
#include "support/go_random_shapes.h"
#include "support/sanitized.h"
#include "tt/table.h"

namespace dfpn::games {
namespace {

using dfpn::testing::expect_search_agrees;
using dfpn::testing::kSanitized;
using dfpn::testing::play_until_the_rule_decides;
using dfpn::testing::random_eye_shape;

// White (upper-case O) defends; '-' points are outside the region. Only
// the rule under test decides beyond Benson.
GoProblem shape(const std::vector<std::string>& rows, Player to_move, KoRule rule = KoRule::Simple) {
  GoProblem p = go_problem_from_diagram(rows, to_move);
  p.ko_rule = rule;
  p.eye_rules = false;
  return p;
}

GoProblem without_miai(GoProblem p) {
  p.miai_life = false;
  p.relevance_zones = false;
  return p;
}

Outcome plain_value(const GoProblem& p, std::size_t max_nodes = 500'000) {
  Limits limits;
  limits.max_nodes = max_nodes;
  limits.memory_bytes = std::size_t{1} << 30;
  return Minimax<GoGame>(GoGame(without_miai(p)), Player::White, limits).solve().outcome;
}

TEST(GoMiai, AStraightFourLivesWithTheKillerToMove) {
  // The two middle points each make two eyes, and no black move spoils both.
  const std::vector<std::string> rows = {"....O", "OOOOO", "xxxxx", "-----", "-----"};
  for (KoRule rule : {KoRule::Simple, KoRule::Situational, KoRule::Positional}) {
    const GoProblem p = shape(rows, Player::Black, rule);
    EXPECT_EQ(GoGame(p).evaluate(Player::White), Outcome::Proven) << to_string(rule);
    EXPECT_EQ(GoGame(without_miai(p)).evaluate(Player::White), Outcome::Unknown) << to_string(rule);
    EXPECT_EQ(plain_value(p), Outcome::Proven) << to_string(rule);
    const auto zone = GoGame(p).relevance_zone();
    ASSERT_TRUE(zone);
    EXPECT_FALSE(zone->empty());
  }
}

TEST(GoMiai, OneWayToLiveIsNoMiai) {
  // A straight three: only the middle point makes two eyes, and black
  // takes it. With white to move the rule does not apply at all.
  const std::vector<std::string> rows = {"...OO", "OOOOO", "xxxxx", "-----", "-----"};
  for (Player to_move : {Player::Black, Player::White})
    EXPECT_EQ(GoGame(shape(rows, to_move)).evaluate(Player::White), Outcome::Unknown);
  EXPECT_EQ(plain_value(shape(rows, Player::Black)), Outcome::Disproven);
}

TEST(GoMiai, TheRuleIsOffWhenTheKillersPassWouldEndTheGame) {
  // After white's pass, black's pass ends the game; with seki as death the
  // killer wins that way, so the defender's two moves do not help.
  GoProblem p = shape({"....O", "OOOOO", "xxxxx", "-----", "-----"}, Player::White);
  p.seki_is_life = false;
  GoGame game(p);
  game.play(GoGame::kPass);
  EXPECT_EQ(game.evaluate(Player::White), Outcome::Unknown);
  p.seki_is_life = true;
  GoGame lives(p);
  lives.play(GoGame::kPass);
  EXPECT_EQ(lives.evaluate(Player::White), Outcome::Proven);
}

// Random walled eye spaces, played into until the rule decides: its verdict,
// its zone and df-pn from a few moves earlier, all against the plain rules.
// Kill-all: white lives if any stone does (the rule then looks for life
// from each candidate's block alone, go.cpp has why that is enough).
void expect_random_positions_agree(unsigned seed, int wanted, bool kill_all) {
  std::mt19937 random(seed);
  int checked = 0, tries = 0, fired_count = 0, unsolved = 0, searched = 0, perturbed = 0;
  while (checked < wanted && tries < 400 * wanted) {
    ++tries;
    const auto rows = random_eye_shape(random, 3, 6, 17);
    const KoRule rule = std::array{KoRule::Simple, KoRule::Situational, KoRule::Positional}[random() % 3];
    GoProblem p = shape(rows, random() % 2 ? Player::Black : Player::White, rule);
    if (p.white.empty()) continue;
    p.seki_is_life = random() % 4 != 0;
    p.targets = {p.white[random() % p.white.size()]};
    if (kill_all) {
      p.targets.clear();
      p.live_any = Player::White;
    }
    const GoProblem plain = without_miai(p);
    // Random play until the rule decides a position the plain rules do not.
    auto fired = play_until_the_rule_decides(random, p, plain);
    if (!fired) continue;
    const GoGame& game = fired->game;
    const GoGame& plain_game = fired->plain;
    const std::vector<GoGame::Move>& line = fired->line;
    ++fired_count;
    Limits limits;
    limits.max_nodes = 50'000;
    limits.memory_bytes = std::size_t{1} << 30;
    const auto exact = Minimax<GoGame>(plain_game, Player::White, limits).solve();
    if (!exact.solved()) {
      ++unsolved;
      continue;
    }
    ASSERT_EQ(game.evaluate(Player::White), exact.outcome) << game.to_text() << "rule " << to_string(rule);
    ASSERT_EQ(game.evaluate(Player::White), Outcome::Proven);  // the rule only ever says the defender lives
    ++checked;
    // The rule's zone, by the rules: the position as a fresh problem under
    // superko, with random stones on the region points outside its zone,
    // is still won by the defender.
    GoProblem fresh = game.problem(true);
    fresh.ko_rule = KoRule::Situational;
    if (const GoGame at_start(fresh); at_start.evaluate(Player::White) == Outcome::Proven) {
      const auto zone = at_start.relevance_zone();
      ASSERT_TRUE(zone);
      for (int trial = 0; trial < 3; ++trial) {
        GoProblem q = without_miai(fresh);
        for (int row = 0; row < q.size; ++row)
          for (int col = 0; col < q.size; ++col) {
            const GoGame::Move m = at_start.point(col, row);
            if (at_start.at(col, row) != Point::Empty || !at_start.in_region(col, row) ||
                std::find(zone->begin(), zone->end(), m) != zone->end())
              continue;
            const auto roll = random() % 3;
            if (roll == 1) q.black.emplace_back(col, row);
            if (roll == 2) q.white.emplace_back(col, row);
          }
        std::optional<GoGame> other;
        try {
          other.emplace(q);
        } catch (const std::invalid_argument&) {
          continue;  // a block without liberties: not a position
        }
        const auto truth = Minimax<GoGame>(*other, Player::White, limits).solve();
        if (!truth.solved()) continue;
        EXPECT_EQ(truth.outcome, Outcome::Proven) << at_start.to_text() << "perturbed:\n" << other->to_text();
        ++perturbed;
      }
    }
    // The search from a few moves earlier, where the rule fires inside and
    // its zones prune (under superko).
    GoGame start_plain(plain);
    const std::size_t start = line.size() - std::min<std::size_t>(line.size(), 3);
    for (std::size_t i = 0; i < start; ++i) start_plain.play(line[i]);
    const auto start_value = Minimax<GoGame>(start_plain, Player::White, limits).solve();
    if (!start_value.solved()) continue;
    ++searched;
    expect_search_agrees(p, line, start, start_value.outcome);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_EQ(checked, wanted) << "after " << tries << " tries: " << fired_count << " fired, the oracle gave up on "
                             << unsolved;
  EXPECT_GT(searched, checked / 4);
  EXPECT_GT(perturbed, checked / 2);
  std::printf("miai%s: %d positions decided by the rule, %d searched from earlier, %d perturbed outside the zone, %d tries\n",
              kill_all ? " (kill-all)" : "", checked, searched, perturbed, tries);
}

TEST(GoMiai, RandomPositionsAgreeWithThePlainRules) {
  expect_random_positions_agree(11, kSanitized ? 15 : 80, false);
}

TEST(GoMiai, RandomKillAllPositionsAgreeWithThePlainRules) {
  expect_random_positions_agree(12, kSanitized ? 10 : 30, true);
}

}  // namespace
}  // namespace dfpn::games
