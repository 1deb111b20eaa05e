// Go problems in SGF: stones, targets, region, rules terms and the
// kill-all goal read back as written; malformed files are refused.
#include "games/go/go_sgf.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "games/go/go.h"
#include "games/sgf/sgf.h"
#include "support/go_problems.h"

namespace dfpn::games {
namespace {

GoProblem problem_of(const std::vector<std::string>& rows, Player to_move = Player::Black) {
  return go_problem_from_diagram(rows, to_move);
}

using testing::kill_all;

TEST(GoSgf, ReadsStonesTargetsRegionAndMoves) {
  const auto root = sgf::parse("(;FF[4]GM[1]SZ[5]AB[ea][eb][ac:ec]AW[ca][da][ab:db]TR[da]MA[aa:ba]PL[B];B[ba])");
  GoGame g = go_from_sgf(root, GoProblem{});
  EXPECT_EQ(g.defender(), Player::White);
  EXPECT_EQ(g.at(1, 0), Point::Black);
  EXPECT_EQ(g.to_move(), Player::White);
  EXPECT_TRUE(g.in_region(0, 0));
  EXPECT_FALSE(g.in_region(2, 2));
  for (const char* bad : {"(;GM[1]SZ[5]AB[zz]TR[aa])", "(;GM[1]SZ[5]AB[aa])", "(;GM[11]SZ[5])",
                          "(;GM[1]SZ[5]AB[aa]TR[aa]MA[bb];B[cc])", "(;GM[1]SZ[1]AB[aa]TR[aa])"}) {
    EXPECT_THROW(go_from_sgf(sgf::parse(bad), GoProblem{}), GoSgfError) << bad;
  }
}

TEST(GoSgf, WrittenPositionsReadBackWithTheirRules) {
  GoProblem p = problem_of({"...Ox", "OOOOx", "xxxxx", "-----", "-----"}, Player::White);
  p.seki_is_life = false;
  p.black_may_take_ko = false;
  GoGame g(p);
  g.play(g.point(0, 0));  // White plays; Black to move
  const std::string text = sgf::write(go_to_sgf(g));
  const auto root = sgf::parse(text);
  const GoProblem settings = go_settings_from_sgf(root);
  EXPECT_FALSE(settings.seki_is_life);
  EXPECT_FALSE(settings.black_may_take_ko);
  EXPECT_TRUE(settings.white_may_take_ko);
  const GoGame back = go_from_sgf(root, settings);
  EXPECT_EQ(back.hash(), g.hash()) << text;
  EXPECT_EQ(back.to_text(), g.to_text());
  EXPECT_FALSE(back.seki_is_life());
  EXPECT_EQ(back.ko_rule(), KoRule::Simple);
  GoProblem superko = p;
  superko.ko_rule = KoRule::Situational;
  EXPECT_EQ(go_settings_from_sgf(sgf::parse(sgf::write(go_to_sgf(GoGame(superko))))).ko_rule, KoRule::Situational);
  GoGame with_history(superko);
  with_history.play(with_history.point(0, 0));
  EXPECT_THROW(go_to_sgf(with_history), std::logic_error);  // earlier boards cannot be stated
  EXPECT_THROW(go_settings_from_sgf(sgf::parse("(;GM[1]KORULE[japanese])")), GoSgfError);

  // History a problem cannot state is refused, not silently dropped.
  GoGame passed = g;
  passed.play(GoGame::kPass);
  EXPECT_THROW(go_to_sgf(passed), std::logic_error);
  EXPECT_THROW(go_settings_from_sgf(sgf::parse("(;GM[1]SEKI[maybe])")), GoSgfError);
}

TEST(GoSgf, KillAllProblemsCarryTheGoal) {
  GoProblem p = kill_all({"x...x", "xxxxx", "x.o.x", "x...x", "xxxxx"}, Player::Black);
  const GoGame g(p);
  const sgf::Node root = go_to_sgf(g);
  ASSERT_TRUE(root.find("LIVEANY"));
  EXPECT_FALSE(root.find("TR"));
  const GoGame back = go_from_sgf(root, go_settings_from_sgf(root));
  EXPECT_TRUE(back.kill_all());
  EXPECT_EQ(back.defender(), Player::White);
  sgf::Node bad = root;
  for (auto& property : bad.properties)
    if (property.id == "LIVEANY") property.values = {"X"};
  EXPECT_THROW(go_settings_from_sgf(bad), GoSgfError);
}

}  // namespace
}  // namespace dfpn::games
