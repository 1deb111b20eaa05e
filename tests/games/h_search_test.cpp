// H-search: the connections it builds, the edge templates it starts
// from, and its bounds and threats, checked by the rules.
#include "games/hex/h_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "games/hex/edge_templates.h"
#include "games/hex/hex_connection_proof.h"
#include "support/hex_positions.h"
#include "support/hex_rules_solver.h"

namespace {

using namespace dfpn;
using namespace dfpn::games;
using namespace dfpn::testing;


// An edge template placed on a 13x13 board, the side's stones on the
// anchor, the template's stones and a straight line from the anchor to the
// far edge (its only cells next to the anchor's row are the anchor and a
// neighbour of it, so the line joins nothing the anchor would not), the
// opponent's on every other cell outside the carrier; the opponent to
// move. The side wins exactly when the anchor reaches the template's edge
// through the carrier. The placement maps offsets as H-search does: mirror
// about the anchor's axis, turn towards the second edge, transpose for
// White. `left_out`: a carrier cell given to the opponent (-1: none).
constexpr int kBoard = 13, kAlong = 6;
HexGame template_board(const EdgeTemplate& t, bool mirrored, int edge, Player side, int left_out = -1) {
  const int row = edge == 0 ? t.depth : kBoard - 1 - t.depth;
  auto at = [&](int r, int c) {
    return static_cast<HexGame::Move>(side == Player::Black ? r * kBoard + c : c * kBoard + r);
  };
  auto place = [&](const EdgeTemplate::Offset& o) {
    int dr = o[0], dc = mirrored ? -o[1] - o[0] : o[1];
    if (edge == 1) dr = -dr, dc = -dc;
    return at(row + dr, kAlong + dc);
  };
  HexGame g(kBoard);
  std::vector<bool> carrier(kBoard * kBoard, false), own(kBoard * kBoard, false);
  for (int i = 0; i < t.cell_count; ++i)
    if (i != left_out) carrier[place(t.carrier[std::size_t(i)])] = true;
  for (int i = 0; i < t.stone_count; ++i) own[place(t.stones[std::size_t(i)])] = true;
  for (int r = edge == 0 ? row : 0; r <= (edge == 0 ? kBoard - 1 : row); ++r) own[at(r, kAlong)] = true;
  for (int cell = 0; cell < kBoard * kBoard; ++cell)
    if (own[std::size_t(cell)]) g.place(static_cast<HexGame::Move>(cell), side);
    else if (!carrier[std::size_t(cell)]) g.place(static_cast<HexGame::Move>(cell), opponent(side));
  g.set_to_move(opponent(side));
  return g;
}

// An edge-to-edge connection of `side` in g holds by the rules: with the
// opponent on every empty cell outside `carrier` and to move (after the
// side plays `key`, for a semi; key < 0 for a full), the side connects.
void expect_connection_by_rules(const HexGame& g, Player side, const CellSet& carrier, int key) {
  const int size = g.size();
  HexGame check(size);
  for (int i = 0; i < size * size; ++i) {
    const auto m = static_cast<HexGame::Move>(i);
    if (g.stone(m)) check.place(m, *g.stone(m));
    else if (!carrier.contains(i)) check.place(m, opponent(side));
  }
  if (key >= 0) check.place(static_cast<HexGame::Move>(key), side);
  check.set_to_move(opponent(side));
  EXPECT_TRUE(rules_prove(check, side)) << "key " << key << "\n" << check.to_text();
}

// Analyses random positions on 3x3 to 5x5 boards (`trials` a size) with
// `knobs`: each decision must agree with the rules and, if asked, its proof
// set must hold. Returns how many positions were decided.
int decisions_agree_with_rules(std::mt19937& rng, const HexKnowledge& knobs, int trials, bool proof_sets) {
  int decided = 0;
  for (int size : {3, 4, 5}) {
    HexRulesSolver exact;
    for (int t = 0; t < trials; ++t) {
      // As in ClaimsAgreeWithTheRulesOnRandomPositions: the rules solver
      // is slow on 5x5 boards with few stones.
      const int stones = size == 5 ? 11 + int(rng() % 7) : int(rng() % std::uint32_t(size * size - 1));
      HexGame g = random_position(rng, size, stones, knobs);
      if (g.winner()) continue;
      const auto a = analyse(g, knobs);
      if (!a.winner) continue;
      ++decided;
      EXPECT_EQ(*a.winner == g.to_move(), exact.mover_wins(g)) << g.to_text();
      if (proof_sets) {
        EXPECT_TRUE(proof_set_holds(g, a.proof_set, *a.winner, exact)) << g.to_text();
      }
    }
  }
  return decided;
}

TEST(HSearch, BridgesAndEdgeTemplatesMakeFullConnections) {
  HexKnowledge knobs;
  // b2 on 3x3 reaches both edges by two-cell templates: Black is connected
  // whoever moves.
  const HexGame centre = position(3, "b2", "", Player::White);
  const auto vcs = h_search(cells_of(centre), 3, Player::Black, knobs);
  ASSERT_FALSE(vcs.edge_fulls.empty());
  const auto a = analyse(centre, knobs);
  ASSERT_TRUE(a.winner.has_value());
  EXPECT_EQ(*a.winner, Player::Black);
  // The carrier never includes the stones.
  EXPECT_FALSE(a.winning_carrier.contains(cell(centre, "b2")));

  // c3 on 5x5 is on the third row from both edges: a ziggurat (template
  // IIIa) to each, with disjoint carriers, is a full edge-to-edge connection.
  const HexGame zig = position(5, "c3", "", Player::White);
  EXPECT_FALSE(h_search(cells_of(zig), 5, Player::Black, knobs).edge_fulls.empty());
  // The same stone on 7x7 is four rows from the far edge: no connection.
  const HexGame far = position(7, "c3", "", Player::White);
  EXPECT_TRUE(h_search(cells_of(far), 7, Player::Black, knobs).edge_fulls.empty());
}

// Each template's connection holds by the rules alone (Black towards its
// first edge; the other placements are symmetries of the board).
TEST(HSearch, EdgeTemplatesConnectByTheRules) {
  // Under the sanitizers IVa and one template of two stones (the same code
  // checks each); the Release run checks every entry.
  const std::size_t checked = kSanitized ? 2 : kEdgeTemplates.size();
  for (const EdgeTemplate& t : std::span(kEdgeTemplates).first(checked))
    EXPECT_TRUE(rules_prove(template_board(t, false, 0, Player::Black), Player::Black))
        << template_board(t, false, 0, Player::Black).to_text();
}

TEST(HSearch, EdgeTemplatesHaveNoSlackCell) {
  // A rules-only solve per carrier cell (about 10 s in Release): a property
  // of the data, checked in the Release run; the sanitizers see the same
  // code above.
  if (kSanitized) GTEST_SKIP() << "minimality is checked in the Release build";
  for (const EdgeTemplate& t : kEdgeTemplates)
    for (int left_out = 0; left_out < t.cell_count; ++left_out) {
      const HexGame g = template_board(t, false, 0, Player::Black, left_out);
      EXPECT_FALSE(rules_prove(g, Player::Black)) << "slack cell " << left_out << "\n" << g.to_text();
    }
}

// H-search finds every template in every placement (mirrored, towards
// either edge, for either side) and certifies a connection the checker
// accepts: with the opponent everywhere outside the carrier it has nothing
// else to build from.
TEST(HSearch, CertifiesEveryEdgeTemplateInEveryPlacement) {
  HexKnowledge knobs;
  for (const EdgeTemplate& t : kEdgeTemplates)
    for (const bool mirrored : {false, true})
      for (const int edge : {0, 1})
        for (const Player side : {Player::Black, Player::White}) {
          const HexGame g = template_board(t, mirrored, edge, side);
          const HexCells cells = cells_of(g);
          const auto certificate = certify_edge_connection(cells, kBoard, side, knobs, false);
          ASSERT_TRUE(certificate.has_value()) << g.to_text();
          const auto why = check_connection(cells, kBoard, false, *certificate);
          EXPECT_FALSE(why.has_value()) << *why << "\n" << g.to_text();
        }
}

// H-search uses the fourth-row template IVa towards every edge of both sides, in both
// orientations. On 7x7 the template's first row spans the whole board, so
// it fits at one cell per orientation and edge: Black b4/c4 (top), f4/e4 (bottom); White d2/d3 (left),
// d6/d5 (right) by transposition. The stone's way to the other edge is a
// straight line of the side's stones.
TEST(HSearch, AppliesTheFourthRowTemplateTowardsEveryEdge) {
  struct Case {
    const char* stone;
    Player side;
    int step;  // towards the other edge: +1 or -1 rows (Black) or columns (White)
  };
  const Case cases[] = {{"b4", Player::Black, 1},  {"c4", Player::Black, 1},  {"f4", Player::Black, -1},
                        {"e4", Player::Black, -1}, {"d2", Player::White, 1},  {"d3", Player::White, 1},
                        {"d6", Player::White, -1}, {"d5", Player::White, -1}};
  HexKnowledge knobs;
  for (const Case& c : cases) {
    HexGame g(7);
    const int stone = *g.parse_move(c.stone), row = stone / 7, col = stone % 7;
    for (int k = 0; k <= 3; ++k) {
      const int r = c.side == Player::Black ? row + k * c.step : row, cc = c.side == Player::White ? col + k * c.step : col;
      g.place(static_cast<HexGame::Move>(r * 7 + cc), c.side);
    }
    g.set_to_move(opponent(c.side));
    const auto vcs = h_search(cells_of(g), 7, c.side, knobs);
    ASSERT_FALSE(vcs.edge_fulls.empty()) << c.stone;
    // And the connection is real: with every cell outside its carrier the
    // opponent's and the opponent to move, the rules give the side the win
    // (about 2 s a case: Release only, the sanitizers run the code above).
    if (kSanitized) continue;
    HexGame check(7);
    for (int i = 0; i < 49; ++i) {
      const auto m = static_cast<HexGame::Move>(i);
      if (g.stone(m)) check.place(m, *g.stone(m));
      else if (!vcs.edge_fulls.front().contains(i)) check.place(m, opponent(c.side));
    }
    check.set_to_move(opponent(c.side));
    EXPECT_TRUE(rules_prove(check, c.side)) << c.stone << "\n" << check.to_text();
  }
}

// From a 7x7 search (a1 b6): Black to move wins with b2, which joins a1 to
// the c2-g2 group, whose connection to row 7 needs two semis through the
// group and back combined by the OR rule. H-search used to keep only the
// first full the OR rule found, and a pair's full list shut out newcomers
// once at capacity; the narrow full was lost and the position stayed open.
TEST(HSearch, KeepsTheNarrowFullsTheOrRuleFinds) {
  HexKnowledge knobs;
  const HexGame g = position(7, "a1 c2 d2 e2 f2 g2 e4 f4 c6", "c1 d1 e1 f1 g1 e3 c5 e5 b6", Player::Black);
  const auto a = analyse(g, knobs);
  ASSERT_TRUE(a.winner);
  EXPECT_EQ(*a.winner, Player::Black);
  HexGame after = g;
  after.play(static_cast<HexGame::Move>(cell(g, "b2")));
  const auto vcs = h_search(cells_of(after), 7, Player::Black, knobs);
  ASSERT_FALSE(vcs.edge_fulls.empty());
  if (kSanitized) return;
  // The connection holds by the rules: White owns every cell outside it.
  HexGame check(7);
  for (int i = 0; i < 49; ++i) {
    const auto m = static_cast<HexGame::Move>(i);
    if (after.stone(m)) check.place(m, *after.stone(m));
    else if (!vcs.edge_fulls.front().contains(i)) check.place(m, Player::White);
  }
  check.set_to_move(Player::White);
  EXPECT_TRUE(rules_prove(check, Player::Black)) << check.to_text();
}

// The AND rule through an edge (HexKnowledge::and_over_edges, off by
// default): on open 8x8 positions most connections it builds pass through
// an edge, so leaving it out builds far fewer; with it on, what the
// knowledge decides on small boards still agrees with the rules.
TEST(HSearch, AndOverEdgesBuildsMostConnectionsAndStaysSound) {
  std::mt19937 rng(11);
  HexKnowledge without, with;
  with.and_over_edges = true;
  long built_without = 0, built_with = 0;
  for (int t = 0; t < 12; ++t) {
    const HexGame g = random_position(rng, 8, 4 + int(rng() % 12), without);
    const HexCells cells = cells_of(g);
    for (const Player side : {Player::Black, Player::White}) {
      built_without += h_search(cells, 8, side, without).connections;
      built_with += h_search(cells, 8, side, with).connections;
    }
  }
  std::printf("8x8 connections: %ld without the AND through edges, %ld with\n", built_without, built_with);
  EXPECT_LT(3 * built_without, built_with);
  EXPECT_GT(decisions_agree_with_rules(rng, with, 60, false), 20);
}

// Must-play intersects every edge-to-edge semi H-search builds, not just
// the few its bounded list keeps: with room for two semis per pair, it still
// reports several, and each holds by the rules
// (the side plays the key and connects with the opponent holding every cell
// outside the carrier).
TEST(HSearch, EdgeSemisBeyondTheListStillNarrowMustPlay) {
  std::mt19937 rng(5);
  HexKnowledge knobs;
  knobs.max_semis_per_pair = knobs.max_edge_semis_per_pair = 2;  // the fewest that still make bridges
  int beyond = 0, checked = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const int size = 5 + int(rng() % 3);
    const HexGame g = random_position(rng, size, 3 + int(rng() % 8), knobs);
    if (g.winner()) continue;
    const Player side = opponent(g.to_move());
    const VirtualConnections vcs = h_search(cells_of(g), size, side, knobs);
    if (!vcs.edge_fulls.empty() || vcs.edge_semis.size() <= 2) continue;
    ++beyond;
    for (const auto& [key, carrier] : vcs.edge_semis) {
      // The rules' check grows exponentially with the carrier: one of 21
      // cells took a minute, those of 19 four seconds.
      if (kSanitized || checked >= 60 || carrier.size() > 20) continue;
      ++checked;
      expect_connection_by_rules(g, side, carrier, key);
    }
  }
  EXPECT_GT(beyond, 5);
}

// A threat move leaves the side an edge-to-edge semi: H-search after the
// move finds one (or a full) again. Open random 7x7 positions, the side to
// move; and the ordering puts the threats first.
TEST(HSearch, ThreatMovesLeaveAnEdgeSemi) {
  std::mt19937 rng(3);
  const HexKnowledge knobs;
  int threats = 0, confirmed = 0, open = 0, ordered = 0, with_threats = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const HexGame g = random_position(rng, 7, 4 + int(rng() % 8), knobs);
    const HexAnalysis a = analyse(g, knobs);
    if (a.winner) continue;
    HexCells cells = cells_of(g);
    const Player side = g.to_move();
    const CellSet found = h_search(cells, 7, side, knobs, false, /*threats=*/true).threat_moves;
    found.for_each([&](int c) {
      ++threats;
      EXPECT_EQ(cells[std::size_t(c)], 0);
      cells[std::size_t(c)] = side == Player::Black ? 1 : 2;
      const VirtualConnections after = h_search(cells, 7, side, knobs);
      confirmed += !after.edge_semis.empty() || !after.edge_fulls.empty();
      cells[std::size_t(c)] = 0;
    });
    // The analysis's order (on the board after fill-in): its threats among
    // the moves come before the other moves.
    ++open;
    const CellSet kept = a.mover_threats & a.moves;
    std::size_t i = 0;
    while (i < a.order.size() && kept.contains(a.order[i])) ++i;
    ordered += int(i) == kept.size();
    with_threats += !kept.empty();
  }
  EXPECT_GT(threats, 50);
  // Bounded lists may lose a connection after the move; nearly all hold.
  EXPECT_GE(confirmed * 10, threats * 9) << confirmed << " of " << threats;
  EXPECT_EQ(ordered, open);
  EXPECT_GT(with_threats, 5);
}

}  // namespace

// Captured sets (HexKnowledge::captured_and): the cells a side captures by
// playing a cell may lie in both parts of an AND, or in the common part of
// an OR, when they belong to the new connection's ends or the AND's key.
TEST(HSearch, CapturedSetsFindSoundConnectionsTheBareRulesMiss) {
  // Playing b2 on 7x7 captures b1 and c1 for Black (the bridge to its
  // edge); a cell in the middle captures nothing on an empty board.
  HexGame empty(7);
  HexCells cells = cells_of(empty);
  CellSet edge_pair;
  edge_pair.insert(cell(empty, "b1"));
  edge_pair.insert(cell(empty, "c1"));
  EXPECT_EQ(captured_by_playing(cells, 7, cell(empty, "b2"), 1), edge_pair);
  EXPECT_TRUE(captured_by_playing(cells, 7, cell(empty, "d4"), 1).empty());

  // After Black c4 and White e3, Black (to move) has an edge-to-edge semi
  // through b5 that needs them (Benzene's H-search finds it too); without
  // them the position stays open.
  HexKnowledge plain, captured, near_root;
  plain.captured_and_stones = 0;
  captured.captured_and = true;
  const HexGame c4e3 = position(7, "c4", "e3", Player::Black);
  EXPECT_FALSE(analyse(c4e3, plain).winner.has_value());
  const auto a = analyse(c4e3, captured);
  ASSERT_TRUE(a.winner.has_value());
  EXPECT_EQ(*a.winner, Player::Black);
  // By default the rule is used in positions of at most three stones: c4 e3
  // has two, and is decided; with the bound below two it is not.
  const auto by_default = analyse(c4e3, near_root);
  ASSERT_TRUE(by_default.winner.has_value());
  EXPECT_EQ(*by_default.winner, Player::Black);
  near_root.captured_and_stones = 1;
  EXPECT_FALSE(analyse(c4e3, near_root).winner.has_value());

  // Every edge-to-edge connection the rule adds holds by the rules: with the
  // opponent on every cell outside the carrier and to move (after the key,
  // for a semi), the side still connects.
  std::mt19937 rng(17);
  int added = 0, checked = 0;
  for (int trial = 0; trial < 400 && checked < (kSanitized ? 10 : 80); ++trial) {
    const int size = 5 + int(rng() % 3);
    const HexGame g = random_position(rng, size, 4 + int(rng() % 10), plain);
    if (g.winner()) continue;
    const HexCells board = cells_of(g);
    for (const Player side : {Player::Black, Player::White}) {
      const VirtualConnections before = h_search(board, size, side, plain);
      const VirtualConnections after = h_search(board, size, side, captured);
      auto known = [&](const CellSet& carrier, int key) {
        if (key < 0) return std::find(before.edge_fulls.begin(), before.edge_fulls.end(), carrier) != before.edge_fulls.end();
        return std::find(before.edge_semis.begin(), before.edge_semis.end(), std::pair{key, carrier}) != before.edge_semis.end();
      };
      std::vector<std::pair<int, CellSet>> fresh;  // (key or -1, carrier)
      for (const CellSet& c : after.edge_fulls)
        if (!known(c, -1)) fresh.emplace_back(-1, c);
      for (const auto& [key, c] : after.edge_semis)
        if (!known(c, key)) fresh.emplace_back(key, c);
      added += int(fresh.size());
      for (const auto& [key, carrier] : fresh) {
        if (carrier.size() > 16) continue;  // the rules solver's reach
        ++checked;
        expect_connection_by_rules(g, side, carrier, key);
      }
    }
  }
  std::printf("captured sets: %d edge connections added, %d checked by the rules\n", added, checked);
  EXPECT_GT(checked, kSanitized ? 5 : 40);
}

// The same rule inside the analysis: every decision it makes on random small
// boards agrees with the rules, and its proof set holds.
TEST(HSearch, CapturedSetDecisionsAgreeWithTheRules) {
  std::mt19937 rng(23);
  HexKnowledge knobs;
  knobs.captured_and = true;
  EXPECT_GT(decisions_agree_with_rules(rng, knobs, kSanitized ? 40 : 120, true), kSanitized ? 10 : 40);
}
