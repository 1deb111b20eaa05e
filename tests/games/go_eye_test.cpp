// Small eye spaces (GoGame::eye_space_kills): hand-made shapes, and random
// positions where the rule's verdict is checked against the plain rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "dfpn/search/dfpn.h"
#include "dfpn/search/minimax.h"
#include "dfpn/base/proof.h"
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

// White (upper-case O) defends; '-' points are outside the region.
GoProblem shape(const std::vector<std::string>& rows, Player to_move, KoRule rule = KoRule::Simple) {
  GoProblem p = go_problem_from_diagram(rows, to_move);
  p.ko_rule = rule;
  return p;
}

// The value for White by the plain rules: the exact oracle without the rule.
Outcome plain_value(GoProblem p, std::size_t max_nodes = 500'000) {
  p.eye_rules = false;
  p.relevance_zones = false;
  Limits limits;
  limits.max_nodes = max_nodes;
  return Minimax<GoGame>(GoGame(p), Player::White, limits).solve().outcome;
}

Outcome with_rule(const GoProblem& p) { return GoGame(p).evaluate(Player::White); }

Outcome without_rule(GoProblem p) {
  p.eye_rules = false;
  return GoGame(p).evaluate(Player::White);
}

TEST(GoEyes, OneToThreePointsDieWithTheKillerToMove) {
  const std::vector<std::vector<std::string>> dead = {
      {".OOOx", "OOOOx", "xxxxx", "-----", "-----"},  // one point
      {"..OOx", "OOOOx", "xxxxx", "-----", "-----"},  // two points
      {"...Ox", "OOOOx", "xxxxx", "-----", "-----"},  // straight three
      {"..OOx", "O.OOx", "OOOOx", "xxxxx", "-----"},  // bent three in the corner
  };
  for (const auto& rows : dead)
    for (KoRule rule : {KoRule::Simple, KoRule::Situational, KoRule::Positional}) {
      const GoProblem p = shape(rows, Player::Black, rule);
      EXPECT_EQ(with_rule(p), Outcome::Disproven) << rows[0];
      EXPECT_EQ(without_rule(p), Outcome::Unknown) << rows[0];
      EXPECT_EQ(plain_value(p), Outcome::Disproven) << rows[0];
    }
}

TEST(GoEyes, TheDefenderToMoveNeedsSuperkoAndNoPendingPass) {
  const std::vector<std::string> two = {"..OOx", "OOOOx", "xxxxx", "-----", "-----"};
  // Under the simple ko rule a move elsewhere could close a cycle the
  // killer loses, so the rule leaves the position to the search.
  EXPECT_EQ(with_rule(shape(two, Player::White)), Outcome::Unknown);
  for (KoRule rule : {KoRule::Situational, KoRule::Positional}) {
    const GoProblem p = shape(two, Player::White, rule);
    EXPECT_EQ(with_rule(p), Outcome::Disproven);
    EXPECT_EQ(plain_value(p), Outcome::Disproven);
    // After the killer's pass the defender may pass too: seki, if it counts.
    GoGame passed(shape(two, Player::Black, rule));
    passed.play(GoGame::kPass);
    EXPECT_EQ(passed.evaluate(Player::White), Outcome::Unknown);
    GoProblem dead_seki = shape(two, Player::Black, rule);
    dead_seki.seki_is_life = false;
    GoGame passed_dead(dead_seki);
    passed_dead.play(GoGame::kPass);
    EXPECT_EQ(passed_dead.evaluate(Player::White), Outcome::Disproven);
  }
  // Three points with the defender to move: the middle point makes two eyes.
  const GoProblem three = shape({"...Ox", "OOOOx", "xxxxx", "-----", "-----"}, Player::White, KoRule::Situational);
  EXPECT_EQ(with_rule(three), Outcome::Unknown);
  EXPECT_EQ(plain_value(three), Outcome::Proven);
}

TEST(GoEyes, ShapesTheRuleMustLeaveAlone) {
  struct Case {
    std::vector<std::string> rows;
    Player to_move;
    const char* why;
  };
  const std::vector<Case> cases = {
      // The wall has one liberty: after Black's A5 White captures it.
      {{"..OOx", "OOOOx", "xxxxx", "oooo.", "-----"}, Player::Black, "weak wall"},
      // A5 lies outside the region: nobody can fill it, White lives in seki.
      {{"-.OOx", "OOOOx", "xxxxx", "-----", "-----"}, Player::Black, "liberty outside the region"},
      // Two separate points: two eyes.
      {{".O.Ox", "OOOOx", "xxxxx", "-----", "-----"}, Player::Black, "two eyes"},
      // Four points: too big for the rule.
      {{"....x", "OOOOx", "xxxxx", "-----", "-----"}, Player::Black, "four points"},
      // The eye touches a white stone outside the targets' block.
      {{"o.OOx", "xxOOx", "xxOOx", "xxxxx", "-----"}, Player::Black, "foreign stone"},
  };
  for (const Case& c : cases)
    for (KoRule rule : {KoRule::Simple, KoRule::Situational}) {
      const GoProblem p = shape(c.rows, c.to_move, rule);
      EXPECT_NE(with_rule(p), Outcome::Disproven) << c.why;
      EXPECT_EQ(with_rule(p), without_rule(p)) << c.why;
    }
  // White lives there by the plain rules.
  EXPECT_EQ(plain_value(shape(cases[1].rows, Player::Black)), Outcome::Proven);
}

// Random positions reached by random play: wherever the rule decides one,
// the oracle without the rule agrees; and df-pn with the rule (which fires
// anywhere in its tree, zones on and off, tiny and larger tables) agrees
// with that oracle, its proofs verified.
TEST(GoEyes, RandomPositionsAgreeWithThePlainRules) {
  std::mt19937 random(5);
  int checked = 0, tries = 0, killer_to_move = 0, fired_count = 0, unsolved = 0;
  const int wanted = kSanitized ? 20 : 100;
  while (checked < wanted && tries < 400 * wanted) {
    ++tries;
    const auto rows = random_eye_shape(random, 1, 3);
    const KoRule rule = std::array{KoRule::Simple, KoRule::Situational, KoRule::Positional}[random() % 3];
    GoProblem p = shape(rows, random() % 2 ? Player::Black : Player::White, rule);
    p.seki_is_life = random() % 4 != 0;
    p.targets = {p.white[random() % p.white.size()]};
    GoProblem plain = p;
    plain.eye_rules = false;
    plain.relevance_zones = false;
    // Random play until the rule decides a position the plain rules do not.
    auto fired = play_until_the_rule_decides(random, p, plain);
    if (!fired) continue;
    const GoGame& game = fired->game;
    const GoGame& plain_game = fired->plain;
    const std::vector<GoGame::Move>& line = fired->line;
    ++fired_count;
    Limits limits;
    limits.max_nodes = 50'000;
    const auto exact = Minimax<GoGame>(plain_game, Player::White, limits).solve();
    if (!exact.solved()) {
      ++unsolved;
      continue;
    }
    ASSERT_EQ(game.evaluate(Player::White), exact.outcome) << game.to_text() << "rule " << to_string(rule);
    // The search from a few moves earlier, where the rule fires inside.
    GoGame start_plain(plain);
    const std::size_t start = line.size() - std::min<std::size_t>(line.size(), 3);
    for (std::size_t i = 0; i < start; ++i) start_plain.play(line[i]);
    const auto start_value = Minimax<GoGame>(start_plain, Player::White, limits).solve();
    if (!start_value.solved()) continue;
    killer_to_move += game.to_move() == Player::Black;
    expect_search_agrees(p, line, start, start_value.outcome);
    if (::testing::Test::HasFatalFailure()) return;
    ++checked;
  }
  EXPECT_EQ(checked, wanted) << "after " << tries << " tries: " << fired_count << " fired, the oracle gave up on "
                             << unsolved;
  EXPECT_GT(killer_to_move, 0);
  EXPECT_LT(killer_to_move, checked);
  std::printf("eye rule: %d positions decided by the rule (%d with the killer to move), %d tries\n", checked,
              killer_to_move, tries);
}

}  // namespace
}  // namespace dfpn::games
