#include "games/go/go.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "dfpn/search/dfpn.h"
#include "dfpn/search/minimax.h"
#include "dfpn/search/pns.h"
#include "dfpn/base/proof.h"
#include "games/go/go_sgf.h"
#include "support/go_ghi_cases.h"
#include "support/go_problems.h"
#include "support/sanitized.h"
#include "tt/table.h"

namespace dfpn::games {
namespace {

using dfpn::testing::kSanitized;

GoProblem diagram(const std::vector<std::string>& rows, Player to_move = Player::Black) {
  return go_problem_from_diagram(rows, to_move);
}

GoGame::Move at(const GoGame& g, const char* vertex) { return *g.parse_move(vertex); }

bool is_legal(const GoGame& g, GoGame::Move m) {
  GoGame::MoveList moves;
  g.generate_moves(moves);
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

TEST(Go, VerticesSkipTheLetterI) {
  GoGame g(diagram({"Ox.......", ".........", ".........", ".........", ".........", ".........", ".........",
                    ".........", "........."}));
  EXPECT_EQ(g.move_to_string(g.point(0, 0)), "A9");
  EXPECT_EQ(g.move_to_string(g.point(8, 8)), "J1");
  EXPECT_EQ(at(g, "j1"), g.point(8, 8));
  EXPECT_EQ(g.parse_move("pass"), GoGame::kPass);
  EXPECT_FALSE(g.parse_move("I5"));
  EXPECT_FALSE(g.parse_move("A10"));
  EXPECT_FALSE(g.parse_move("A0"));
}

TEST(Go, CaptureAndSuicide) {
  // The white target B3 has one liberty, B2.
  GoGame g(diagram({"-x--",
                    "xOx-",
                    "-..-",
                    "----"}));
  EXPECT_EQ(g.evaluate(Player::Black), Outcome::Unknown);
  g.play(at(g, "B2"));
  EXPECT_EQ(g.at(1, 1), Point::Empty);  // captured
  EXPECT_EQ(g.evaluate(Player::Black), Outcome::Proven);  // black, the killer, wins
  EXPECT_EQ(g.evaluate(Player::White), Outcome::Disproven);

  // Suicide: White may not play A4, which has no liberty and captures nothing.
  GoGame s(diagram({".x--",
                    "x---",
                    "----",
                    "O---"}, Player::White));
  EXPECT_FALSE(is_legal(s, at(s, "A4")));
  s.set_to_move(Player::Black);
  EXPECT_TRUE(is_legal(s, at(s, "A4")));
}

TEST(Go, SimpleKoForbidsTheImmediateRecapture) {
  // Black captures at C3 (taking B3... the classic shape):
  //   A B C D
  // 4 - x o -
  // 3 x o . o
  // 2 - x o -
  GoGame g(diagram({"-xo-",
                    "xO.o",
                    "-xo-",
                    "----"}));
  const auto before = g.hash();
  ASSERT_TRUE(is_legal(g, at(g, "C3")));
  g.play(at(g, "C3"));  // captures the white target: the killer wins at once
  EXPECT_EQ(g.evaluate(Player::Black), Outcome::Proven);
  g.undo();
  EXPECT_EQ(g.hash(), before);

  // A ko not involving targets: the target is elsewhere.
  GoGame k(diagram({"-xo.",
                    "xo.o",
                    "-xo.",
                    "O..."}));
  k.play(at(k, "C3"));  // black takes the ko at B3
  EXPECT_EQ(k.at(1, 1), Point::Empty);
  EXPECT_FALSE(is_legal(k, at(k, "B3")));  // white may not retake at once
  const auto with_ko = k.hash();
  k.play(at(k, "D1"));  // white elsewhere
  k.play(at(k, "C1"));  // black elsewhere
  EXPECT_TRUE(is_legal(k, at(k, "B3")));  // now the ko may be taken back
  k.undo();
  k.undo();
  EXPECT_EQ(k.hash(), with_ko);
}

// Plays `moves` (alternating, Black first) on a setup board under `rule`;
// returns whether the last one is legal there.
bool last_move_legal(const std::vector<std::string>& rows, const std::vector<const char*>& moves, KoRule rule) {
  GoProblem p = diagram(rows);
  p.ko_rule = rule;
  GoGame g = GoGame::setup_board(p);
  for (std::size_t i = 0; i + 1 < moves.size(); ++i) {
    EXPECT_TRUE(is_legal(g, at(g, moves[i]))) << moves[i];
    g.play(at(g, moves[i]));
  }
  return is_legal(g, at(g, moves.back()));
}

TEST(Go, SuperkoForbidsRecreatingAnEarlierBoard) {
  // The last move recreates the board after the fifth, with Black to move
  // both times: allowed by the simple ko rule (it is not an immediate
  // recapture), forbidden by both superko rules.
  const std::vector<std::string> rows = {"xx.o", "x.xo", "xxoo", ".xo."};
  const std::vector<const char*> moves = {"A1", "D1", "C4", "D3", "D2", "C1", "D1", "C2", "D2", "D1", "D2"};
  EXPECT_TRUE(last_move_legal(rows, moves, KoRule::Simple));
  EXPECT_FALSE(last_move_legal(rows, moves, KoRule::Situational));
  EXPECT_FALSE(last_move_legal(rows, moves, KoRule::Positional));
}

TEST(Go, SituationalSuperkoComparesTheSideToMove) {
  // The last move recreates the board after the fifth move, but with the
  // other side to move: only positional superko forbids it.
  const std::vector<std::string> rows = {"x.xo", "xxoo", ".xo.", "xo.o"};
  const std::vector<const char*> moves = {"A2", "B4", "A2", "D2", "B2", "A1", "C1", "B1"};
  EXPECT_TRUE(last_move_legal(rows, moves, KoRule::Simple));
  EXPECT_TRUE(last_move_legal(rows, moves, KoRule::Situational));
  EXPECT_FALSE(last_move_legal(rows, moves, KoRule::Positional));
}

TEST(Go, UnderSuperkoTheHistoryIsPartOfThePosition) {
  // One board reached by two move orders: one position under the simple ko
  // rule, two under superko (they passed through different boards).
  for (KoRule rule : {KoRule::Simple, KoRule::Situational, KoRule::Positional}) {
    GoProblem p = diagram({"....", "....", "..O.", "...."});
    p.ko_rule = rule;
    GoGame a(p), b(p);
    for (const char* m : {"A4", "D1", "B4"}) a.play(at(a, m));
    for (const char* m : {"B4", "D1", "A4"}) b.play(at(b, m));
    EXPECT_EQ(a.to_text(), b.to_text());
    EXPECT_EQ(a.hash() == b.hash(), rule == KoRule::Simple) << to_string(rule);
    EXPECT_EQ(a.may_repeat(), rule == KoRule::Simple);
    const auto before = a.hash();
    a.play(GoGame::kPass);
    a.undo();
    EXPECT_EQ(a.hash(), before);
  }
  EXPECT_EQ(parse_ko_rule("positional"), KoRule::Positional);
  EXPECT_EQ(parse_ko_rule("superko"), std::nullopt);
}

TEST(Go, KoPermission) {
  GoProblem p = diagram({"-xo.",
                         "xo.o",
                         "-xo.",
                         "O..."});
  p.black_may_take_ko = false;
  GoGame g(p);
  EXPECT_FALSE(is_legal(g, at(g, "C3")));  // black may not take a ko
  EXPECT_TRUE(is_legal(g, at(g, "D1")));
}

TEST(Go, BensonTwoEyesLiveOneEyeDoesNot) {
  // White in the corner with two separate eyes (A5, C5): alive.
  GoGame alive(diagram({".O.Ox",
                        "OOOOx",
                        "xxxxx",
                        "-----",
                        "-----"}));
  EXPECT_TRUE(alive.targets_alive());
  EXPECT_EQ(alive.evaluate(Player::White), Outcome::Proven);
  // One two-point eye (A5, B5): not unconditionally alive. (With White to
  // move under the simple ko rule the small-eye rule leaves it open too.)
  GoGame one_eye(diagram({"..OOx",
                          "OOOOx",
                          "xxxxx",
                          "-----",
                          "-----"},
                         Player::White));
  EXPECT_FALSE(one_eye.targets_alive());
  EXPECT_EQ(one_eye.evaluate(Player::White), Outcome::Unknown);
  // A three-point eye is one healthy region: not unconditionally alive either.
  GoGame big(diagram({"...Ox",
                      "OOOOx",
                      "xxxxx",
                      "-----",
                      "-----"}));
  EXPECT_FALSE(big.targets_alive());
}

TEST(Go, TwoPassesEndTheGameBySekiRule) {
  GoProblem p = diagram({"..OOx",
                         "OOOOx",
                         "xxxxx",
                         "-----",
                         "-----"});
  GoGame live(p);
  live.play(GoGame::kPass);
  EXPECT_EQ(live.evaluate(Player::White), Outcome::Unknown);
  live.play(GoGame::kPass);
  EXPECT_EQ(live.evaluate(Player::White), Outcome::Proven);  // seki counts as life: white survived
  p.seki_is_life = false;
  GoGame dead(p);
  dead.play(GoGame::kPass);
  dead.play(GoGame::kPass);
  EXPECT_EQ(dead.evaluate(Player::White), Outcome::Disproven);
}

TEST(Go, TheKillerMustCaptureEveryTargetStone) {
  // Two target stones: A5 can be captured at B5; E1 cannot (its liberties
  // lie outside the region). Taking A5 alone does not win (as in the public
  // task files: the killer wins by capturing the crucial stones, all of them).
  GoGame g(diagram({"O.x--",
                    "xx---",
                    "-----",
                    "-----",
                    "----O"}));
  g.play(at(g, "B5"));
  EXPECT_EQ(g.at(0, 0), Point::Empty);
  EXPECT_EQ(g.evaluate(Player::Black), Outcome::Unknown);
  g.play(GoGame::kPass);
  g.play(GoGame::kPass);
  EXPECT_EQ(g.evaluate(Player::White), Outcome::Proven);  // E1 survived
}

TEST(Go, MovesStayInTheRegion) {
  GoGame g(diagram({"..OOx",
                    "OOOOx",
                    "xxxxx",
                    "-----",
                    "-----"}));
  GoGame::MoveList moves;
  g.generate_moves(moves);
  std::vector<std::string> names;
  for (auto m : moves) names.push_back(g.move_to_string(m));
  EXPECT_EQ(names, (std::vector<std::string>{"A5", "B5", "pass"}));  // not the empty points marked '-'

}

TEST(Go, BadProblemsAreRejected) {
  EXPECT_THROW(GoGame(diagram({"...", "...", "..."})), std::invalid_argument);        // no targets
  EXPECT_THROW(GoGame(diagram({"XO.", "...", "..."})), std::invalid_argument);        // both colours
  EXPECT_THROW(GoGame(diagram({"X--", "---", "---"})), std::invalid_argument);        // empty region
  EXPECT_THROW(GoGame(diagram({"Xo.", "o..", "..."})), std::invalid_argument);        // no liberties
  GoProblem off = diagram({"X..", "...", "..."});
  off.black.emplace_back(5, 5);
  EXPECT_THROW(GoGame{off}, std::invalid_argument);
}

// Small enclosed problems, every algorithm against the exact oracle, both
// sides to move, both goals, seki as life or death, ko permissions.
TEST(GoOracle, SmallProblemsAgreeWithTheOracle) {
  const std::vector<std::vector<std::string>> shapes = {
      {"...Ox", "OOOOx", "xxxxx", "-----", "-----"},   // straight three: first to play decides
      {"....x", "OOOOx", "xxxxx", "-----", "-----"},   // straight four: lives
      {"..OOx", "OOOOx", "xxxxx", "-----", "-----"},   // two-point eye: dies
      {"...Ox", "O.OOx", "OOOxx", "xxxx-", "-----"},   // bent shape in the corner
      {".xOOx", "..OOx", "OOOxx", "xxxx-", "-----"},   // a black stone inside the eye space
      {"x.o.x", ".O.Ox", "OOOOx", "xxxxx", "-----"},   // ko-ish shape on the edge
      {"..O.x", "x.OOx", "OOOxx", "xxxx-", "-----"},
  };
  int checked = 0;
  for (const auto& shape : shapes) {
    for (Player to_move : {Player::Black, Player::White})
      for (bool seki_is_life : {true, false})
        for (int ko = 0; ko < 4; ++ko) {
          GoProblem p = diagram(shape, to_move);
          p.seki_is_life = seki_is_life;
          p.black_may_take_ko = ko & 1;
          p.white_may_take_ko = ko & 2;
          const GoGame game(p);
          for (Player prover : {Player::Black, Player::White}) {
            GoProblem plain = p;  // the oracle plays by the rules alone
            plain.eye_rules = false;
            const auto exact = Minimax<GoGame>(GoGame(plain), prover, Limits{}).solve();
            ASSERT_TRUE(exact.solved());
            auto table = tt::TranspositionTable::with_entries(1 << 12);
            DepthFirstPns<GoGame> dfpn(game, prover, table, Limits{}, DfpnOptions{});
            const auto r = dfpn.solve();
            EXPECT_EQ(r.outcome, exact.outcome) << shape[0] << " to_move " << int(to_move) << " prover " << int(prover);
            if (r.solved()) {
              const auto proof = dfpn.proof();
              ASSERT_TRUE(proof);
              EXPECT_TRUE(verify_proof(game, *proof, prover, r.outcome).ok);
            }
            ProofNumberSearch<GoGame> pns(game, prover, Limits{}, PnsOptions{});
            EXPECT_EQ(pns.solve().outcome, exact.outcome);
            DfpnOptions plus;
            plus.heuristic_init = true;
            auto table2 = tt::TranspositionTable::with_entries(1 << 12);
            EXPECT_EQ((DepthFirstPns<GoGame>(game, prover, table2, Limits{}, plus).solve().outcome), exact.outcome);
            ++checked;
          }
        }
  }
  EXPECT_EQ(checked, 7 * 2 * 2 * 4 * 2);
}

// The search guidance (--go-knowledge: the killer's null move, initial
// numbers by mobility, life at generation, reused replies) and the zones and
// eye rules, each alone, all and none, under superko: the same answers as the
// rules-only oracle, at a tiny and a large table, with checked proofs. The
// shapes keep a far region point, so the killer has a tenuki to try.
TEST(GoOracle, EveryKnowledgeSwitchAgreesWithTheOracle) {
  const std::vector<std::vector<std::string>> shapes = {
      {"...Ox", "OOOOx", "xxxxx", "-----", "---.."},   // straight three, two far points
      {"..OOx", "OOOOx", "xxxxx", "-----", "---.."},   // two-point eye
      {"...Ox", "O.OOx", "OOOxx", "xxxx-", "---.."},   // bent shape
      {"x.o.x", ".O.Ox", "OOOOx", "xxxxx", "---.."},   // ko-ish shape on the edge
  };
  std::vector<std::string> settings = {"none", "all"};
  {
    const std::string pieces = go_knowledge_pieces() + ",";
    for (std::size_t start = 0, end; (end = pieces.find(',', start)) != std::string::npos; start = end + 1)
      settings.push_back(pieces.substr(start, end - start));
  }
  int checked = 0;
  const std::size_t used = kSanitized ? 1 : shapes.size();  // the oracle under superko is slow there
  for (std::size_t s = 0; s < used; ++s)
    for (Player to_move : {Player::Black, Player::White})
      for (bool seki_is_life : {true, false}) {
        const auto& shape = shapes[s];
        GoProblem p = diagram(shape, to_move);
        p.ko_rule = KoRule::Situational;
        p.seki_is_life = seki_is_life;
        for (Player prover : {Player::Black, Player::White}) {
          GoProblem plain = p;
          parse_go_knowledge("none", plain);
          Limits oracle_limits;
          oracle_limits.memory_bytes = std::size_t{1} << 30;  // superko: the oracle walks a tree
          const auto exact = Minimax<GoGame>(GoGame(plain), prover, oracle_limits).solve();
          ASSERT_TRUE(exact.solved()) << shape[0];
          for (const std::string& knowledge : settings)
            for (std::size_t entries : {std::size_t{8}, std::size_t{1} << 12}) {
              GoProblem q = p;
              parse_go_knowledge(knowledge, q);
              const GoGame game(q);
              DfpnOptions options;
              options.heuristic_init = true;
              // Widening (kill-all's default, apps/dfpn/search_spec.h) at the large table.
              if (entries > 8) options.widen_base = 3, options.widen_factor = 0.25;
              auto table = tt::TranspositionTable::with_entries(entries);
              DepthFirstPns<GoGame> search(game, prover, table, Limits{}, options);
              const auto r = search.solve();
              ASSERT_EQ(r.outcome, exact.outcome) << shape[0] << " knowledge " << knowledge << " entries " << entries;
              const auto proof = search.proof();
              ASSERT_TRUE(proof);
              EXPECT_TRUE(verify_proof(game, *proof, prover, r.outcome).ok) << knowledge;
              ++checked;
            }
        }
      }
  EXPECT_EQ(checked, int(used) * 2 * 2 * 2 * int(settings.size()) * 2);
}

// A corner shape on a 9x9 board: white's targets top left, room elsewhere.
GoProblem corner_with_room(Player to_move) {
  GoProblem p = diagram({"...Ox....", "OOOOx....", "xxxxx....", ".........", ".........", ".........",
                         ".........", ".........", "........."},
                        to_move);
  p.ko_rule = KoRule::Situational;
  return p;
}

TEST(GoGuidance, TheKillersTenukiStartsAsItsMostPromisingMove) {
  GoProblem p = corner_with_room(Player::Black);  // black kills
  const Player defender = Player::White;
  GoGame game(p);
  game.play(at(game, "J1"));  // the farthest point from the targets, four empty neighbours
  EXPECT_EQ(game.initial_numbers(defender), (Numbers{1, 1}));
  game.undo();
  game.play(at(game, "A1"));  // far, but not the tenuki: dearer for the killer than a move by the targets
  const Numbers far = game.initial_numbers(defender);
  game.undo();
  game.play(at(game, "D6"));
  const Numbers near = game.initial_numbers(defender);
  EXPECT_GT(far.dn, near.dn);
  EXPECT_NE(far, (Numbers{1, 1}));
  p.null_moves_first = false;
  GoGame plain(p);
  plain.play(at(plain, "J1"));
  EXPECT_NE(plain.initial_numbers(defender), (Numbers{1, 1}));
}

// The top left white group encloses A9-C9, one eye; white B9 makes two,
// black B9 leaves none. The defender's number grows by 1 + 2 per eye
// missing, the killer's by 1 + eyes made.
TEST(GoGuidance, EyeNumbersCountTheDefendersEyes) {
  GoProblem p = corner_with_room(Player::Black);
  GoProblem q = p;
  q.eye_numbers = false;
  struct Case {
    const char* move;
    Player mover;
    ProofNumber defender_factor, killer_factor;
  };
  for (const Case& c : {Case{nullptr, Player::Black, 3, 2}, Case{"B9", Player::White, 1, 3}, Case{"B9", Player::Black, 5, 1}}) {
    GoGame with(p), without(q);
    for (GoGame* g : {&with, &without}) {
      g->set_to_move(c.mover);
      if (c.move) g->play(at(*g, c.move));
    }
    const Numbers a = with.initial_numbers(Player::White), b = without.initial_numbers(Player::White);
    EXPECT_EQ(a.pn, b.pn * c.defender_factor) << (c.move ? c.move : "start");
    EXPECT_EQ(a.dn, b.dn * c.killer_factor) << (c.move ? c.move : "start");
  }
}

TEST(GoGuidance, MobilityScalesTheNumberOfTheSideThatMustAnswer) {
  GoProblem p = corner_with_room(Player::Black);
  GoGame with(p);
  p.mobility_numbers = false;
  GoGame without(p);
  for (GoGame* g : {&with, &without}) g->play(at(*g, "D6"));  // white to move: black's pn sums over white's moves
  const Numbers a = with.initial_numbers(Player::Black), b = without.initial_numbers(Player::Black);
  // 81 points, 12 stones and the move: 68 empty points and the pass. (D6 is
  // near the targets: no distance penalty.)
  EXPECT_EQ(a.pn, b.pn * 69);
  EXPECT_EQ(a.dn, b.dn);
}

TEST(GoGuidance, AReplyThatRefutedASiblingIsTriedFirst) {
  GoProblem p = corner_with_room(Player::Black);
  GoGame game(p);
  game.play(at(game, "D6"));  // black's move...
  const GoGame::Move reply[] = {at(game, "F8")};
  game.learn_won(reply);  // ...refuted by white's F8 (as df-pn would report it)
  game.undo();
  game.play(at(game, "E6"));  // a sibling
  game.play(reply[0]);
  EXPECT_EQ(game.initial_numbers(Player::White).pn, 1u);
  game.undo();
  game.play(at(game, "G9"));
  EXPECT_GT(game.initial_numbers(Player::White).pn, 1u);
  p.reuse_replies = false;
  GoGame plain(p);
  plain.play(at(plain, "D6"));
  plain.learn_won(reply);
  plain.undo();
  plain.play(at(plain, "E6"));
  plain.play(reply[0]);
  EXPECT_GT(plain.initial_numbers(Player::White).pn, 1u);
}

TEST(GoOracle, KnowledgeTextIsChecked) {
  GoProblem p;
  parse_go_knowledge("mobility,nulls", p);
  EXPECT_TRUE(p.mobility_numbers && p.null_moves_first);
  EXPECT_FALSE(p.relevance_zones || p.eye_rules || p.life_at_generation || p.reuse_replies);
  parse_go_knowledge("all", p);
  EXPECT_TRUE(p.relevance_zones && p.eye_rules && p.life_at_generation && p.reuse_replies);
  EXPECT_THROW(parse_go_knowledge("zones,wings", p), std::invalid_argument);
  EXPECT_THROW(parse_go_knowledge("", p), std::invalid_argument);
}

// ---- Kill-all problems: the defender lives if any stone lives

using testing::kill_all;

// Kill-all: any defender stone's eyes count, and its blocks need not join.
// On top, white's stones enclose B5 and D5 (two eyes, three blocks); below,
// B5-D5 open onto C3 beside black stones (no eye).
TEST(GoKillAll, EyeNumbersCountTheEyesOfAnyDefenderStone) {
  struct Case {
    std::vector<std::string> rows;
    ProofNumber defender_factor, killer_factor;
  };
  for (const Case& c : {Case{{"o.o.o", "oo.oo", "xx.xx", ".....", "....."}, 1, 3},
                        Case{{"o...o", "oo.oo", "xx.xx", ".....", "....."}, 5, 1}}) {
    GoProblem p = kill_all(c.rows, Player::Black);
    GoProblem q = p;
    q.eye_numbers = false;
    const Numbers a = GoGame(p).initial_numbers(Player::White), b = GoGame(q).initial_numbers(Player::White);
    EXPECT_EQ(a.pn, b.pn * c.defender_factor) << c.rows[0];
    EXPECT_EQ(a.dn, b.dn * c.killer_factor) << c.rows[0];
  }
}

TEST(GoKillAll, AnAliveDefenderBlockWinsForTheDefender) {
  // White's upper group has two eyes; the lone white stone below is lost.
  const GoGame g(kill_all({".o.o.", "ooooo", "xxxxx", "x.o.x", "xxxxx"}, Player::Black));
  EXPECT_TRUE(g.targets_alive());
  EXPECT_EQ(g.evaluate(Player::White), Outcome::Proven);
  EXPECT_EQ(g.relevance_zone()->size(), 10u);  // the white group and its three eyes
}

TEST(GoKillAll, TheKillerOwningEveryPointWins) {
  // Black's wall has two eyes and touches every other point: the white
  // stone can never form an eye.
  const GoGame dead(kill_all({"x.x.x", "xxxxx", "x.o.x", "xxxxx", "-----"}, Player::White));
  EXPECT_FALSE(dead.targets_alive());
  EXPECT_EQ(dead.evaluate(Player::Black), Outcome::Proven);
  // Every point of a 2x3 space touches the wall: no eye can form there.
  const GoGame small(kill_all({"x.x.x", "xxxxx", "x...x", "x...x", "xxxxx"}, Player::White));
  EXPECT_EQ(small.evaluate(Player::Black), Outcome::Proven);
  // C2 in a 3x3 space touches no black stone: not decided yet.
  const GoGame open(kill_all({"x.x.x", "xxxxx", "x...x", "x...x", "x...x"}, Player::White));
  EXPECT_EQ(open.evaluate(Player::Black), Outcome::Unknown);
}

TEST(GoKillAll, TwoPassesLeaveTheDefenderAliveIfAStoneIsLeft) {
  GoGame g(kill_all({"x...x", "xxxxx", "x.o.x", "x...x", "xxxxx"}, Player::Black));
  g.play(GoGame::kPass);
  g.play(GoGame::kPass);
  EXPECT_EQ(g.evaluate(Player::White), Outcome::Proven);
  GoProblem strict = kill_all({"x...x", "xxxxx", "x.o.x", "x...x", "xxxxx"}, Player::Black);
  strict.seki_is_life = false;
  GoGame h(strict);
  h.play(GoGame::kPass);
  h.play(GoGame::kPass);
  EXPECT_EQ(h.evaluate(Player::Black), Outcome::Proven);
}

TEST(GoKillAll, TargetsAndKillAllDoNotMix) {
  GoProblem p = diagram({"x...x", "xxxxx", "x.O.x", "x...x", "xxxxx"}, Player::Black);
  p.live_any = Player::White;
  EXPECT_THROW(GoGame{p}, std::invalid_argument);
}

// Random tiny kill-all positions under each ko rule: df-pn (zones on and
// off, tiny and large tables, df-pn+) against the exact oracle, proofs
// verified. Positions the oracle cannot finish in its memory are skipped
// (counted: most finish).
TEST(GoKillAll, RandomPositionsAgreeWithTheOracle) {
  std::mt19937 random(2026);
  int checked = 0, skipped = 0;
  std::map<Player, std::array<int, 2>> wins;  // by winner, then whether White proved
  const int wanted = kSanitized ? 6 : 30;
  while (checked < wanted && checked + skipped < 4 * wanted) {
    const KoRule rule = std::array{KoRule::Simple, KoRule::Situational, KoRule::Positional}[random() % 3];
    std::vector<std::string> rows(4, std::string(4, '.'));
    for (auto& row : rows)
      for (char& c : row) {
        const auto roll = random() % 10;
        c = roll < 4 ? 'x' : roll < 7 ? 'o' : '.';  // about five empty points
      }
    GoProblem p = kill_all(rows, random() % 2 ? Player::Black : Player::White);
    // Play only where the board is empty now: points of captured stones stay
    // empty, so the games (and the oracle's work under superko) stay short.
    p.region.clear();
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 4; ++c)
        if (rows[std::size_t(r)][std::size_t(c)] == '.') p.region.emplace_back(c, r);
    if (p.region.empty()) continue;
    p.ko_rule = rule;
    p.seki_is_life = random() % 2;
    std::optional<GoGame> game;
    try {
      game.emplace(p);
    } catch (const std::invalid_argument&) {
      continue;  // a block without liberties
    }
    const Player prover = random() % 2 ? Player::Black : Player::White;
    Limits limits;
    limits.memory_bytes = std::size_t{256} << 20;
    limits.max_nodes = 200'000;  // captures can open the board: such positions are skipped
    GoProblem plain = p;
    plain.relevance_zones = false;
    const auto exact = Minimax<GoGame>(GoGame(plain), prover, limits).solve();
    if (!exact.solved()) {
      ++skipped;
      continue;
    }
    for (bool zones : {true, false})
      for (std::size_t entries : {std::size_t{8}, std::size_t{1} << 12})
        for (bool plus : {false, true}) {
          GoProblem q = p;
          q.relevance_zones = zones;
          const GoGame g(q);
          DfpnOptions options;
          options.heuristic_init = plus;
          if (plus) options.widen_base = 3, options.widen_factor = 0.25;  // kill-all's default search
          auto table = tt::TranspositionTable::with_entries(entries);
          Limits bounded;
          bounded.max_nodes = 2'000'000;
          DepthFirstPns<GoGame> search(g, prover, table, bounded, options);
          const auto r = search.solve();
          ASSERT_EQ(r.outcome, exact.outcome) << g.to_text() << "rule " << to_string(rule) << " zones " << zones
                                              << " entries " << entries << " plus " << plus << " nodes " << r.nodes
                                              << " oracle " << exact.nodes;
          const auto proof = search.proof();
          ASSERT_TRUE(proof);
          EXPECT_TRUE(verify_proof(g, *proof, prover, r.outcome).ok);
        }
    ++checked;
    ++wins[exact.outcome == Outcome::Proven ? prover : opponent(prover)][prover == Player::White];
  }
  EXPECT_EQ(checked, wanted) << "skipped " << skipped;
  // Both goals are reached, by either prover: the cases are not one-sided.
  EXPECT_GT(wins[Player::White][0] + wins[Player::White][1], 0);
  EXPECT_GT(wins[Player::Black][0] + wins[Player::Black][1], 0);
  std::printf("kill-all: %d positions (%d skipped), white lives in %d, black kills in %d\n", checked, skipped,
              wins[Player::White][0] + wins[Player::White][1], wins[Player::Black][0] + wins[Player::Black][1]);
}

// ---- Superko and the graph-history interaction (cases in tests/support/go_ghi_cases.h)
using testing::ghi_cases;
using testing::killer_wins_by_path;

TEST(GoGhi, OnePositionTwoHistoriesTwoValues) {
  for (const auto& c : ghi_cases()) {
    GoGame long_path = c.with_history(c.rule), short_path = c.with_short_history(c.rule);
    // One position: what a table without the history would key on.
    EXPECT_EQ(long_path.to_text(), short_path.to_text());
    EXPECT_EQ(long_path.to_move(), short_path.to_move());
    EXPECT_EQ(c.with_history(KoRule::Simple).hash(), c.with_short_history(KoRule::Simple).hash());
    // Two values, and two keys.
    EXPECT_NE(killer_wins_by_path(long_path), killer_wins_by_path(short_path)) << long_path.to_text();
    EXPECT_NE(long_path.hash(), short_path.hash());
  }
}

// One table for a search that meets the position with one history and then
// a search that meets it with the other (P with the long history, then the
// short history's position one move earlier; and the other way round): an
// entry of one must never answer for the other.
TEST(GoGhi, SolversSharingATableGiveEachHistoryItsValue) {
  int checked = 0;
  for (const auto& c : ghi_cases()) {
    const std::vector<std::pair<GoGame, GoGame>> orders = {
        {c.with_history(c.rule), c.with_short_history(c.rule, true)},
        {c.with_short_history(c.rule), c.with_history(c.rule, 1)}};
    for (const auto& [first, second] : orders) {
      for (Player prover : {Player::Black, Player::White}) {
        for (std::size_t entries : {std::size_t{16}, std::size_t{1} << 14}) {
          for (int variant = 0; variant < 3; ++variant) {  // df-pn, df-pn+, PDS
            DfpnOptions options;
            options.heuristic_init = variant == 1;
            options.iterative_deepening = variant == 2;
            if (variant == 2) options.epsilon = 0;
            auto table = tt::TranspositionTable::with_entries(entries);
            for (const GoGame* game : {&first, &second}) {
              GoGame scratch = *game;
              const bool killer_wins = killer_wins_by_path(scratch);
              const Outcome truth = (prover == game->killer()) == killer_wins ? Outcome::Proven : Outcome::Disproven;
              DepthFirstPns<GoGame> search(*game, prover, table, Limits{}, options);
              const auto r = search.solve();
              ASSERT_EQ(r.outcome, truth) << game->to_text() << " prover " << to_string(prover) << " entries "
                                          << entries << " variant " << variant;
              const auto proof = search.proof();
              ASSERT_TRUE(proof);
              EXPECT_TRUE(verify_proof(*game, *proof, prover, r.outcome).ok);
              if (variant == 0 && entries == 16) {
                EXPECT_EQ(ProofNumberSearch<GoGame>(*game, prover, Limits{}, PnsOptions{}).solve().outcome, truth);
              }
              ++checked;
            }
          }
        }
      }
    }
  }
  EXPECT_EQ(checked, 3 * 2 * 2 * 2 * 3 * 2);
}

}  // namespace
}  // namespace dfpn::games
