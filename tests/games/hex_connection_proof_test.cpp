// Connection certificates: every edge-to-edge connection H-search finds
// comes with a derivation the independent checker accepts (and whose
// carrier the rules confirm on small boards); corrupted certificates are
// rejected.
#include "games/hex/hex_connection_proof.h"
#include "games/hex/h_search.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <random>

#include "support/hex_rules_solver.h"

namespace {

using namespace dfpn;
using namespace dfpn::games;
using dfpn::testing::HexRulesSolver;

// Random stones, alternating, stopping before anyone connects by stones.
HexGame random_position(std::mt19937& rng, int size, int stones) {
  HexGame g(size);
  for (int placed = 0; placed < stones; ++placed) {
    HexGame::MoveList moves;
    g.generate_moves(moves);
    if (moves.empty()) break;
    g.play(moves[rng() % moves.size()]);
    if (g.winner()) {
      g.undo();
      break;
    }
  }
  return g;
}

// Many more Black stones than White ones, so that Black has edge-to-edge
// connections on big boards too.
HexGame lopsided_position(std::mt19937& rng, int size) {
  HexGame g(size);
  const int black = size * size / 3, white = black / 4;
  for (int i = 0; i < black + white; ++i) {
    const auto cell = static_cast<HexGame::Move>(rng() % std::uint32_t(size * size));
    if (g.stone(cell)) continue;
    g.concede(cell, i < black ? Player::Black : Player::White);
    if (g.winner()) {
      g.undo();
      break;
    }
  }
  g.set_to_move(rng() % 2 ? Player::Black : Player::White);
  return g;
}

// The side still connects by the rules when its opponent holds every empty
// cell outside `carrier`.
bool carrier_holds(HexGame g, const CellSet& carrier, Player side, HexRulesSolver& exact) {
  HexGame::MoveList empty;
  g.generate_moves(empty);
  for (const auto c : empty)
    if (!carrier.contains(c)) g.concede(c, opponent(side));
  return exact.mover_wins(g) == (g.to_move() == side);
}

// With and without the AND rule through an edge (HexKnowledge::and_over_edges).
TEST(HexConnectionProof, EveryEdgeConnectionHSearchFindsIsCertified) {
  std::mt19937 rng(5);
  HexKnowledge knobs;
  int certified = 0, semis = 0, by_the_rules = 0, big_boards = 0, widest = 0;
  std::size_t compact_bytes = 0, full_bytes = 0;
  // Up to 8x8 carriers fit one word, up to 11x11 two, beyond that six.
  for (const bool over_edges : {false, true}) {
    knobs.and_over_edges = over_edges;
    for (const int size : {2, 3, 4, 5, 7, 8, 9, 11, 13}) {
      HexRulesSolver exact;
      const int trials = size <= 9 ? 60 : size == 11 ? 3 : 1;  // H-search on the big boards is slow
      knobs.max_connections = size <= 9 ? HexKnowledge{}.max_connections : 80000;  // else it stops short of the edges
      for (int trial = 0; trial < trials; ++trial) {
        const HexGame g = size <= 9 ? random_position(rng, size, int(rng() % std::uint32_t(size * size / 2 + 1)))
                                    : lopsided_position(rng, size);
        if (g.winner()) continue;
        const HexCells cells = cells_of(g);
        for (const Player side : {Player::Black, Player::White}) {
          if (size > 9 && side == Player::White) continue;  // the lopsided positions are Black's
          const bool to_move = side == g.to_move();
          const VirtualConnections vcs = h_search(cells, size, side, knobs);
          const bool wins = !vcs.edge_fulls.empty() || (to_move && !vcs.edge_semis.empty());
          const auto certificate = certify_edge_connection(cells, size, side, knobs, to_move);
          ASSERT_EQ(certificate.has_value(), wins) << g.to_text();
          if (!certificate) continue;
          ++certified;
          big_boards += size > 8;
          widest += size > 11;
          semis += certificate->steps.back().semi();
          const auto why = check_connection(cells, size, to_move, *certificate);
          EXPECT_FALSE(why.has_value()) << *why << "\n" << g.to_text();
          // Both text forms read back to certificates the checker accepts:
          // the compact one by deriving what it leaves out.
          std::string error;
          const auto back = parse_certificate(to_text(*certificate), error);
          ASSERT_TRUE(back) << error;
          EXPECT_EQ(to_text(*back), to_text(*certificate));
          EXPECT_FALSE(check_connection(cells, size, to_move, *back).has_value()) << to_text(*back);
          const std::string full = to_text(*certificate, CertificateText::Full);
          const auto full_back = parse_certificate(full, error);
          ASSERT_TRUE(full_back) << error;
          EXPECT_EQ(to_text(*full_back, CertificateText::Full), full);
          EXPECT_FALSE(check_connection(cells, size, to_move, *full_back).has_value()) << full;
          compact_bytes += to_text(*certificate).size(), full_bytes += full.size();
          if (size <= 4) {
            ++by_the_rules;
            EXPECT_TRUE(carrier_holds(g, certificate->steps.back().carrier, side, exact)) << g.to_text();
          }
        }
      }
    }
  }
  std::printf("certified %d connections (%d semis, %d beyond 8x8, %d on 13x13), %d also by the rules; text %zu bytes "
              "compact, %zu full\n",
              certified, semis, big_boards, widest, by_the_rules, compact_bytes, full_bytes);
  EXPECT_LT(compact_bytes, full_bytes);
  EXPECT_GT(certified, 150);
  EXPECT_GT(semis, 10);
  EXPECT_GT(by_the_rules, 40);
  EXPECT_GT(big_boards, 4);  // carriers of two words
  EXPECT_GT(widest, 0);      // and of six
}

// A 5x5 position won for Black (White to move) through bridges: its
// certificate has Or steps (each bridge is two semis) and And steps.
struct Example {
  HexGame game{5};
  HexCells cells;
  ConnectionCertificate certificate;
};
Example bridge_example() {
  Example e;
  for (const char* cell : {"b2", "c3", "c4"}) e.game.place(*e.game.parse_move(cell), Player::Black);
  e.game.set_to_move(Player::White);
  e.cells = cells_of(e.game);
  e.certificate = *certify_edge_connection(e.cells, 5, Player::Black, HexKnowledge{}, false);
  return e;
}

TEST(HexConnectionProof, CorruptedCertificatesAreRejected) {
  const Example e = bridge_example();
  ASSERT_FALSE(check_connection(e.cells, 5, false, e.certificate).has_value());
  const auto& steps = e.certificate.steps;
  int or_step = -1;
  for (std::size_t i = 0; i < steps.size(); ++i)
    if (steps[i].rule == ConnectionRule::Or) or_step = int(i);
  ASSERT_GE(or_step, 0) << "the example needs an Or step";

  {  // A cell missing from an Or step's carrier.
    ConnectionCertificate bad = e.certificate;
    auto& carrier = bad.steps[std::size_t(or_step)].carrier;
    int first = -1;
    carrier.for_each([&](int c) { if (first < 0) first = c; });
    carrier.erase(first);
    EXPECT_TRUE(check_connection(e.cells, 5, false, bad).has_value());
  }
  {  // An Or of one semi.
    ConnectionCertificate bad = e.certificate;
    bad.steps[std::size_t(or_step)].parents.resize(1);
    EXPECT_TRUE(check_connection(e.cells, 5, false, bad).has_value());
  }
  {  // The opponent holds a cell of the final carrier.
    HexCells cells = e.cells;
    int first = -1;
    steps.back().carrier.for_each([&](int c) { if (first < 0) first = c; });
    cells[std::size_t(first)] = 2;
    EXPECT_TRUE(check_connection(cells, 5, false, e.certificate).has_value());
  }
  {  // Stopping before the edges are joined.
    ConnectionCertificate bad = e.certificate;
    bad.steps.resize(1);
    EXPECT_TRUE(check_connection(e.cells, 5, false, bad).has_value());
  }
  {  // An adjacency between cells that are not neighbours.
    ConnectionCertificate bad = e.certificate;
    bad.steps.insert(bad.steps.begin(), ConnectionStep{ConnectionRule::Adjacent, 0, 24, -1, {}, {}});
    for (auto& step : bad.steps)
      for (int& p : step.parents) ++p;
    EXPECT_TRUE(check_connection(e.cells, 5, false, bad).has_value());
  }
  {  // The certificate of one side does not hold for the other.
    ConnectionCertificate bad = e.certificate;
    bad.side = Player::White;
    EXPECT_TRUE(check_connection(e.cells, 5, false, bad).has_value());
  }
}

// The compact text states only an And's or Or's parents: wrong parents are
// caught when the checker derives the rest, as wrong carriers are in the
// full form.
TEST(HexConnectionProof, CompactStepsWithWrongPartsAreRejected) {
  const Example e = bridge_example();
  std::string error;
  const auto compact = parse_certificate(to_text(e.certificate), error);
  ASSERT_TRUE(compact) << error;
  ASSERT_FALSE(check_connection(e.cells, 5, false, *compact).has_value());
  const auto& steps = compact->steps;
  int and_step = -1, or_step = -1;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    ASSERT_EQ(steps[i].derived, steps[i].rule == ConnectionRule::And || steps[i].rule == ConnectionRule::Or);
    if (steps[i].rule == ConnectionRule::And) and_step = int(i);
    if (steps[i].rule == ConnectionRule::Or) or_step = int(i);
  }
  ASSERT_GE(and_step, 0);
  ASSERT_GE(or_step, 0);
  const std::size_t last = steps.size() - 1;
  int rejected = 0, tried = 0;
  // Other parents for the last step (which joins the two edges), one And
  // and one Or: most break the rule or no longer join the edges (a few may
  // still make a connection, which the checker then rightly accepts).
  for (const int at : {int(last), and_step, or_step}) {
    for (int p = 0; p < at; ++p)
      for (int q = 0; q < at; ++q) {
        ConnectionCertificate bad = *compact;
        auto& parents = bad.steps[std::size_t(at)].parents;
        const std::vector<int> chosen = {p, q};
        std::vector<int> sorted_old = parents, sorted_new = chosen;
        std::sort(sorted_old.begin(), sorted_old.end());
        std::sort(sorted_new.begin(), sorted_new.end());
        if (sorted_old == sorted_new) continue;
        parents = chosen;
        ++tried;
        rejected += check_connection(e.cells, 5, false, bad).has_value();
      }
  }
  EXPECT_GT(tried, 20);
  EXPECT_GT(rejected, tried / 2);
  {  // An And of parts that share no end.
    ConnectionCertificate bad = *compact;
    bad.steps.push_back(ConnectionStep{ConnectionRule::Adjacent, 0, 1, -1, {}, {}});
    bad.steps.push_back(ConnectionStep{ConnectionRule::Adjacent, 23, 24, -1, {}, {}});
    ConnectionStep join{ConnectionRule::And, 0, 0, -1, {}, {int(bad.steps.size()) - 2, int(bad.steps.size()) - 1}};
    join.derived = true;
    bad.steps.push_back(join);
    EXPECT_TRUE(check_connection(e.cells, 5, false, bad).has_value());
  }
  {  // Only And and Or steps may leave their ends to the checker.
    ConnectionCertificate bad = *compact;
    bad.steps.front().derived = true;
    EXPECT_TRUE(check_connection(e.cells, 5, false, bad).has_value());
  }
}

TEST(HexConnectionProof, AnEdgeSemiWinsOnlyForTheSideToMove) {
  // 3x3, Black b2: a semi to each edge (two bridges' worth), a full? No:
  // with White to move it is Black's semi at best; certify it for Black to
  // move and check it with White to move.
  HexGame g(3);
  g.place(*g.parse_move("b1"), Player::Black);
  g.set_to_move(Player::Black);
  const HexCells cells = cells_of(g);
  const auto certificate = certify_edge_connection(cells, 3, Player::Black, HexKnowledge{}, true);
  ASSERT_TRUE(certificate.has_value());
  if (certificate->steps.back().semi()) {
    EXPECT_FALSE(check_connection(cells, 3, true, *certificate).has_value());
    EXPECT_TRUE(check_connection(cells, 3, false, *certificate).has_value());
  }
}

// Text that is not a certificate is refused with a reason, never trusted.
TEST(HexConnectionProof, MalformedTextIsRejected) {
  for (const char* text : {"", "X;A 0 -1 -1 - -", "B", "B;A 0", "B;A 0 -1 -1", "B;N 0 -1", "B;T 0 -1", "B;O",
                           "B;A 0 -1;N 1,0", "B;A 0 -1;N 0,x", "B;A 0 -1;O 0,", "B;A 0 -1 -1 - - 7", "B;Q 0 -1 -1 - -",
                           "B;A 0 -1 -1 1,,2 -", "B;A x -1 -1 - -", "B;N 0 -1 -1 - 0", "B;A 0 -1 -1 400 -",
                           "B;A 0 -1 -1 - -;", "B;A  0 -1 -1 - -", "B;A 0 -3 -1 - -", "B;A 0 -1 -1 1, -",
                           "B;A 0 -1 -1 ,1 -", "B;A 0 -1 -1 3- -", "B;A 0 -1 -1 - -1", "B;A 0 -1 -1 - -;N",
                           "B;AN 0 -1 -1 - -", "B;A 0 -1 -1 - - ", "B;A 0 -1 -1 2x -", ";A 0 -1 -1 - -"}) {
    std::string error;
    EXPECT_FALSE(parse_certificate(text, error).has_value()) << "'" << text << "'";
    EXPECT_FALSE(error.empty()) << "'" << text << "'";
  }
  std::string error;
  EXPECT_TRUE(parse_certificate("B;A 0 -1 -1 - -;A 0 -2 -1 - -;N -1 -2 -1 - 0,1", error).has_value()) << error;
  EXPECT_TRUE(parse_certificate("B;A 0 -1;A 0 -2;N 0,1", error).has_value()) << error;
  EXPECT_TRUE(parse_certificate("B;A 0 -1;A 0 -2 -1 - -;N -1 -2 -1 - 0,1;T 5 -2 1,2,3;O 2,2", error).has_value())
      << error;
}

// Undecided random positions of 4x4 to 7x7 (300 tries from `seed`):
// f(position, the side not to move, its cells).
template <class F>
void for_random_positions(std::uint32_t seed, F f) {
  std::mt19937 rng(seed);
  for (int trial = 0; trial < 300; ++trial) {
    const int size = 4 + int(rng() % 4);
    const HexGame g = random_position(rng, size, int(rng() % std::uint32_t(size * size / 2 + 1)));
    if (!g.winner()) f(g, opponent(g.to_move()), cells_of(g));
  }
}

// Defence certificates: with the opponent to move, a few of the side's edge
// semis, each valid once the side is to move, meeting where all the semis
// H-search finds meet (the must-play region).
TEST(HexConnectionProof, EdgeSemisForDefencesMeetWhereAllDo) {
  HexKnowledge knobs;
  int positions = 0, several = 0;
  for_random_positions(11, [&](const HexGame& g, Player side, const HexCells& cells) {
    const int size = g.size();
    const VirtualConnections vcs = h_search(cells, size, side, knobs);
    if (!vcs.edge_fulls.empty()) return;
    const auto chosen = certify_edge_semis(cells, size, side, knobs);
    ASSERT_EQ(chosen.empty(), vcs.edge_semis.empty()) << g.to_text();
    if (chosen.empty()) return;
    ++positions;
    several += chosen.size() > 1;
    CellSet all_meet = vcs.edge_semis.front().second, chosen_meet = chosen.front().steps.back().carrier;
    for (const auto& [key, carrier] : vcs.edge_semis) all_meet &= carrier;
    for (const auto& c : chosen) {
      EXPECT_TRUE(c.steps.back().semi());
      EXPECT_FALSE(check_connection(cells, size, /*side_to_move=*/true, c).has_value()) << g.to_text();
      EXPECT_TRUE(check_connection(cells, size, /*side_to_move=*/false, c).has_value()) << g.to_text();
      chosen_meet &= c.steps.back().carrier;
    }
    EXPECT_EQ(chosen_meet, all_meet) << g.to_text();
  });
  EXPECT_GT(positions, 20);
  EXPECT_GT(several, 3);
}

// One H-search for a loser's position gives what the two separate ones do:
// the full connection, else the defence semis.
TEST(HexConnectionProof, FullOrSemisFromOneSearchMatchTheTwoSearches) {
  HexKnowledge knobs;
  int fulls = 0, semis = 0;
  for_random_positions(23, [&](const HexGame& g, Player side, const HexCells& cells) {
    const int size = g.size();
    const auto both = certify_edge_full_or_semis(cells, size, side, knobs);
    const auto full = certify_edge_connection(cells, size, side, knobs, /*side_to_move=*/false);
    ASSERT_EQ(both.full.has_value(), full.has_value()) << g.to_text();
    if (full) {
      ++fulls;
      EXPECT_EQ(to_text(*both.full), to_text(*full));
      EXPECT_TRUE(both.semis.empty());
      return;
    }
    const auto separate = certify_edge_semis(cells, size, side, knobs);
    ASSERT_EQ(both.semis.size(), separate.size()) << g.to_text();
    for (std::size_t i = 0; i < separate.size(); ++i) EXPECT_EQ(to_text(both.semis[i]), to_text(separate[i]));
    semis += !separate.empty();
  });
  EXPECT_GT(fulls, 10);
  EXPECT_GT(semis, 10);
}

}  // namespace
