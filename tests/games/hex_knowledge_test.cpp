// Hex knowledge: dead cells, H-search connections, must-play, and the
// solver on HexKnowledgeGame against an exact rules-only solver.
#include "games/hex/hex_knowledge.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "dfpn/search/dfpn.h"
#include "games/hex/hex_knowledge_game.h"
#include "support/hex_rules_solver.h"
#include "tt/table.h"

namespace {

using namespace dfpn;
using namespace dfpn::games;

// Setup from cell lists ("a1 b2"), then the side to move.
HexGame position(int size, const std::string& black, const std::string& white, Player to_move) {
  HexGame g(size);
  auto put = [&](const std::string& cells, Player colour) {
    std::size_t start = 0;
    while (start < cells.size()) {
      std::size_t end = cells.find(' ', start);
      if (end == std::string::npos) end = cells.size();
      if (end > start) g.place(*g.parse_move(cells.substr(start, end - start)), colour);
      start = end + 1;
    }
  };
  put(black, Player::Black);
  put(white, Player::White);
  g.set_to_move(to_move);
  return g;
}

int cell(const HexGame& g, const std::string& name) { return *g.parse_move(name); }

using RulesSolver = dfpn::testing::HexRulesSolver;
using dfpn::testing::proof_set_holds;

TEST(HexKnowledge, DeadCellPatterns) {
  // c2 on 4x4: neighbours (ring) c1 d1 d2 c3 b3 b2. Four black in a row
  // (c1 d1 d2 c3) and the rest anything: useless to both sides.
  HexGame g = position(4, "c1 d1 d2 c3", "", Player::White);
  EXPECT_TRUE(dead_cells(cells_of(g), 4).contains(cell(g, "c2")));
  // Three black (c1 d1 d2), one empty (c3), two white (b3 b2): dead too.
  g = position(4, "c1 d1 d2", "b3 b2", Player::Black);
  EXPECT_TRUE(dead_cells(cells_of(g), 4).contains(cell(g, "c2")));
  // Black c1 and c3 with white d1 d2 between: black at c2 joins c1 to c3.
  g = position(4, "c1 c3", "d1 d2", Player::Black);
  EXPECT_FALSE(dead_cells(cells_of(g), 4).contains(cell(g, "c2")));
  // An empty board has no dead cells.
  EXPECT_TRUE(dead_cells(cells_of(HexGame(5)), 5).empty());
}

TEST(HexKnowledge, BridgesAndEdgeTemplatesMakeFullConnections) {
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

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

// Whether `winner` wins `g` by the rules alone (df-pn on the plain game).
bool rules_prove(const HexGame& g, Player winner) {
  auto table = tt::TranspositionTable::with_entries(1 << 20);
  DepthFirstPns<HexGame> search(g, winner, table, Limits{}, DfpnOptions{});
  const auto r = search.solve();
  EXPECT_TRUE(r.solved());
  return r.outcome == Outcome::Proven;
}

// The fourth-row template, checked by the rules alone: on a 10x10 board a
// Black stone on d4 with rows 5-10 Black (so only the top edge is in
// question) and every cell of rows 1-4 outside the carrier White. With
// White to move, Black connects; with any one carrier cell White instead,
// White cuts (the carrier is minimal, so none of it is slack).
bool black_connects_through(const std::vector<std::pair<int, int>>& carrier) {
  constexpr int kSize = 10, kRow = 3, kCol = 3;
  HexGame g(kSize);
  for (int r = 0; r < kSize; ++r)
    for (int c = 0; c < kSize; ++c) {
      const bool in_carrier = std::find(carrier.begin(), carrier.end(), std::pair{r - kRow, c - kCol}) != carrier.end();
      if (r > kRow || (r == kRow && c == kCol)) g.place(static_cast<HexGame::Move>(r * kSize + c), Player::Black);
      else if (!in_carrier) g.place(static_cast<HexGame::Move>(r * kSize + c), Player::White);
    }
  g.set_to_move(Player::White);
  return rules_prove(g, Player::Black);
}

std::vector<std::pair<int, int>> fourth_row_carrier() {
  std::vector<std::pair<int, int>> carrier;
  for (const auto& [row, col] : kFourthRowTemplate) carrier.emplace_back(row, col);
  return carrier;
}

TEST(HexKnowledge, FourthRowTemplateConnectsByTheRules) { EXPECT_TRUE(black_connects_through(fourth_row_carrier())); }

TEST(HexKnowledge, FourthRowTemplateHasNoSlackCell) {
  // Nineteen rules-only solves (about 7 s in Release): a property of the
  // data, checked in the Release run; the sanitizers see the same code above.
  if (kSanitized) GTEST_SKIP() << "minimality is checked in the Release build";
  const auto carrier = fourth_row_carrier();
  for (std::size_t left_out = 0; left_out < carrier.size(); ++left_out) {
    auto smaller = carrier;
    smaller.erase(smaller.begin() + std::ptrdiff_t(left_out));
    EXPECT_FALSE(black_connects_through(smaller)) << "slack cell " << carrier[left_out].first << ","
                                                  << carrier[left_out].second;
  }
}

// H-search uses the template towards every edge of both sides, in both
// orientations. On 7x7 the template's first row spans the whole board, so
// it fits at one cell per orientation and edge: Black b4/c4 (top), f4/e4 (bottom); White d2/d3 (left),
// d6/d5 (right) by transposition. The stone's way to the other edge is a
// straight line of the side's stones.
TEST(HexKnowledge, HSearchAppliesTheFourthRowTemplateTowardsEveryEdge) {
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
TEST(HexKnowledge, HSearchKeepsTheNarrowFullsTheOrRuleFinds) {
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

TEST(HexKnowledge, MustPlayKeepsTheMoverInsideTheOpponentsCarriers) {
  HexKnowledge knobs;
  // 4x4, Black b2 c3 with White to move: Black threatens to connect; White's
  // moves are cut down to the intersection of Black's semi carriers.
  const HexGame g = position(4, "b2", "", Player::White);
  const auto a = analyse(g, knobs);
  if (!a.winner) {
    EXPECT_LT(a.moves.size(), 15);
    EXPECT_FALSE(a.moves.contains(cell(g, "d4")));
  }
}

TEST(HexKnowledge, VulnerableMovesAreDroppedWithTheirKiller) {
  HexKnowledge knobs;
  knobs.virtual_connections = false;  // keep the position open
  knobs.domination = false;           // d3 and c4 dominate d4 as well
  // 4x4, White a1 b1, Black to move. Black's stone in the corner d4 (it
  // touches Black's bottom edge and White's right one) is dead once White
  // answers d3: it then joins only c4 to an edge c4 touches anyway.
  const HexGame g = position(4, "", "a1 b1", Player::Black);
  const auto a = analyse(g, knobs);
  ASSERT_FALSE(a.winner);
  EXPECT_TRUE(a.vulnerable.contains(cell(g, "d4")));
  EXPECT_FALSE(a.moves.contains(cell(g, "d4")));
  const auto killer = std::find_if(a.killers.begin(), a.killers.end(),
                                   [&](const auto& k) { return k.first == cell(g, "d4"); });
  ASSERT_NE(killer, a.killers.end());
  EXPECT_EQ(killer->second, cell(g, "d3"));
  // The killer's claim by the dead-cell test: with White on d3, d4 is dead.
  EXPECT_TRUE(dead_cells(cells_of(position(4, "", "a1 b1 d3", Player::Black)), 4).contains(cell(g, "d4")));
  // Off, nothing is dropped as vulnerable.
  knobs.vulnerable = false;
  const auto off = analyse(g, knobs);
  EXPECT_TRUE(off.vulnerable.empty());
  EXPECT_TRUE(off.moves.contains(cell(g, "d4")));
}

// A position the half turn maps onto itself keeps one move of each image
// pair, and still a winning one (checked by the rules up to 4x4); other
// positions lose nothing to symmetry. The positions: random symmetric
// stone pairs (the empty boards are decided by the knowledge at once).
TEST(HexKnowledge, SymmetricPositionsKeepOneMoveOfEachImagePair) {
  std::mt19937 rng(11);
  int checked = 0, dropped = 0;
  for (const int size : {4, 5, 6}) {
    RulesSolver exact;
    const int last = size * size - 1;
    for (int trial = 0, found = 0; trial < 400 && found < 12; ++trial) {
      HexGame g(size);
      const int pairs = 1 + int(rng() % std::uint32_t(size));
      for (int p = 0; p < pairs; ++p) {
        const int c = int(rng() % std::uint32_t(last + 1));
        if (g.stone(HexGame::Move(c)) || g.stone(HexGame::Move(last - c))) continue;
        const Player colour = rng() % 2 ? Player::Black : Player::White;
        g.place(HexGame::Move(c), colour);
        g.place(HexGame::Move(last - c), colour);
      }
      g.set_to_move(rng() % 2 ? Player::Black : Player::White);
      if (g.winner()) continue;
      HexKnowledge off;
      off.symmetry = false;
      const auto with = analyse(g, HexKnowledge{});
      const auto without = analyse(g, off);
      if (with.winner || without.moves.size() < 2) continue;
      ++found;
      ++checked;
      without.moves.for_each([&](int m) {
        // Every dropped move's image is kept.
        if (!with.moves.contains(m)) {
          EXPECT_TRUE(with.moves.contains(last - m)) << m << "\n" << g.to_text();
        }
      });
      EXPECT_EQ(with.moves.size() + with.symmetric, without.moves.size());
      dropped += with.symmetric;
      if (size > 4 || !exact.mover_wins(g)) continue;  // the rules solver is quick up to 4x4
      bool kept_a_win = false;
      with.moves.for_each([&](int m) {
        g.play(static_cast<HexGame::Move>(m));
        kept_a_win |= !exact.mover_wins(g);
        g.undo();
      });
      EXPECT_TRUE(kept_a_win) << g.to_text();
    }
  }
  EXPECT_GE(checked, 12);
  EXPECT_GT(dropped, checked);  // about half of each position's moves
  const auto asymmetric = analyse(position(5, "a1", "", Player::White), HexKnowledge{});
  EXPECT_EQ(asymmetric.symmetric, 0);
}

// Fill-in preserves the value: on random positions, the board with every
// dead and captured cell filled has the same exact value as the original.
// (Domination rests on the same fill-in; the claims test below checks that
// the moves it keeps still contain a win.)
TEST(HexKnowledge, FillInPreservesTheValue) {
  std::mt19937 rng(11);
  int with_captured = 0, with_dead = 0;
  for (int size : {4, 5}) {
    RulesSolver exact;
    for (int t = 0; t < (size == 4 ? 300 : 120); ++t) {
      HexGame g(size);
      const int stones = size == 4 ? 3 + int(rng() % 8) : 11 + int(rng() % 6);
      for (int s = 0; s < stones && !g.winner(); ++s) {
        HexGame::MoveList moves;
        g.generate_moves(moves);
        g.play(moves[rng() % moves.size()]);
      }
      if (g.winner()) continue;
      HexCells cells = cells_of(g);
      const FillIn f = fill_in(cells, size, true);
      if (f.all().empty()) continue;
      with_dead += !f.dead.empty();
      with_captured += !(f.captured[0].empty() && f.captured[1].empty());
      HexGame filled(size);
      for (int i = 0; i < size * size; ++i)
        if (cells[std::size_t(i)] != 0)
          filled.place(static_cast<HexGame::Move>(i), cells[std::size_t(i)] == 1 ? Player::Black : Player::White);
      filled.set_to_move(g.to_move());
      const bool original = exact.mover_wins(g);
      bool after = false;
      if (const auto w = filled.winner()) after = *w == g.to_move();
      else after = exact.mover_wins(filled);
      EXPECT_EQ(original, after) << "fill-in changed the value\n" << g.to_text() << "\nfilled\n" << filled.to_text();
    }
  }
  EXPECT_GT(with_dead, 20);
  EXPECT_GT(with_captured, 20);
}

// Every claim the knowledge makes is checked against the rules: winners it
// declares, and that the moves it keeps contain a winning move whenever the
// mover can win.
TEST(HexKnowledge, ClaimsAgreeWithTheRulesOnRandomPositions) {
  std::mt19937 rng(7);
  HexKnowledge knobs;
  int decided = 0, open = 0, pruned = 0, vulnerable_dropped = 0;
  for (int size : {3, 4, 5, 6}) {
    RulesSolver exact;
    const int trials = size == 6 ? 80 : size == 5 ? 150 : 300;
    for (int t = 0; t < trials; ++t) {
      // Every third trial without must-play, so that the inferior-cell
      // pruning (vulnerable moves above all) meets more than the few cells
      // must-play leaves.
      knobs.must_play = t % 3 != 2;
      HexGame g(size);
      const int cells = size * size;
      const int stones = size == 6 ? 22 + int(rng() % 4) : size == 5 ? 11 + int(rng() % 7) : int(rng() % std::uint32_t(cells - 1));
      // Random stones, preferring moves that leave the position open (the
      // knowledge decides most random positions at once, and the pruning
      // is only exercised on open ones); every fourth trial is plain random.
      const bool steer = t % 4 != 0;
      int placed = 0;
      for (; placed < stones; ++placed) {
        HexGame::MoveList moves;
        g.generate_moves(moves);
        if (moves.empty()) break;
        // Try the moves in a random order until one leaves the position open.
        std::shuffle(moves.begin(), moves.end(), rng);
        bool played = false;
        for (std::size_t i = 0; i < moves.size() && steer && !played; ++i) {
          g.play(moves[i]);
          if (!analyse(g, knobs).winner) played = true;
          else g.undo();
        }
        if (!played) g.play(moves[rng() % moves.size()]);
      }
      if (g.winner()) continue;
      const Player mover = g.to_move();
      const bool mover_wins = exact.mover_wins(g);
      const auto a = analyse(g, knobs);
      if (a.winner) {
        ++decided;
        EXPECT_EQ(*a.winner == mover, mover_wins) << g.to_text();
        continue;
      }
      ++open;
      if (a.moves.size() < cells - placed) ++pruned;
      if (!a.vulnerable.empty()) ++vulnerable_dropped;
      if (!mover_wins) continue;
      bool kept_a_win = false;
      a.moves.for_each([&](int c) {
        g.play(static_cast<HexGame::Move>(c));
        kept_a_win |= !exact.mover_wins(g);
        g.undo();
      });
      EXPECT_TRUE(kept_a_win) << "every winning move pruned\n" << g.to_text();
    }
  }
  std::printf("decided %d, open %d, pruned %d, vulnerable moves dropped in %d\n", decided, open, pruned,
              vulnerable_dropped);
  EXPECT_GT(decided, 100);      // the knowledge does decide positions
  EXPECT_GT(open, 40);          // enough open positions to check the pruning on (H-search decides most)
  EXPECT_GT(pruned, open / 2);  // and it does prune moves
  EXPECT_GT(vulnerable_dropped, 0);  // vulnerable moves among them (domination takes most)
}

// Random positions, most of them left open by the knowledge (as above).
HexGame random_position(std::mt19937& rng, int size, int stones, const HexKnowledge& knobs) {
  HexGame g(size);
  for (int placed = 0; placed < stones; ++placed) {
    HexGame::MoveList moves;
    g.generate_moves(moves);
    if (moves.empty() || g.winner()) break;
    bool played = false;
    for (int attempt = 0; attempt < 8 && !played; ++attempt) {
      g.play(moves[rng() % moves.size()]);
      if (!analyse(g, knobs).winner) played = true;
      else g.undo();
    }
    if (!played) g.play(moves[rng() % moves.size()]);
  }
  return g;
}

// The AND rule through an edge (HexKnowledge::and_over_edges, off by
// default): on open 8x8 positions most connections it builds pass through
// an edge, so leaving it out builds far fewer; with it on, what the
// knowledge decides on small boards still agrees with the rules.
TEST(HexKnowledge, AndOverEdgesBuildsMostConnectionsAndStaysSound) {
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
  int decided = 0;
  for (int size : {3, 4, 5}) {
    RulesSolver exact;
    for (int t = 0; t < 60; ++t) {
      // As in ClaimsAgreeWithTheRulesOnRandomPositions: the rules solver
      // is slow on 5x5 boards with few stones.
      const int stones = size == 5 ? 11 + int(rng() % 7) : int(rng() % std::uint32_t(size * size - 1));
      HexGame g = random_position(rng, size, stones, with);
      if (g.winner()) continue;
      const auto a = analyse(g, with);
      if (!a.winner) continue;
      ++decided;
      EXPECT_EQ(*a.winner == g.to_move(), exact.mover_wins(g)) << g.to_text();
    }
  }
  EXPECT_GT(decided, 20);
}

// Must-play intersects every edge-to-edge semi H-search builds, not just
// the few its bounded list keeps: with room for two semis per pair, it still
// reports several, and each holds by the rules
// (the side plays the key and connects with the opponent holding every cell
// outside the carrier).
TEST(HexKnowledge, EdgeSemisBeyondTheListStillNarrowMustPlay) {
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
      if (kSanitized || checked >= 60) continue;
      ++checked;
      HexGame check(size);
      for (int i = 0; i < size * size; ++i) {
        const auto m = static_cast<HexGame::Move>(i);
        if (g.stone(m)) check.place(m, *g.stone(m));
        else if (!carrier.contains(i)) check.place(m, opponent(side));
      }
      check.place(static_cast<HexGame::Move>(key), side);
      check.set_to_move(opponent(side));
      EXPECT_TRUE(rules_prove(check, side)) << "key " << key << "\n" << check.to_text();
    }
  }
  EXPECT_GT(beyond, 5);
}

// A threat move leaves the side an edge-to-edge semi: H-search after the
// move finds one (or a full) again. Open random 7x7 positions, the side to
// move; and the ordering puts the threats first.
TEST(HexKnowledge, ThreatMovesLeaveAnEdgeSemi) {
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

TEST(HexKnowledge, ProofSetsOfDecisionsHoldByTheRules) {
  std::mt19937 rng(11);
  HexKnowledge knobs, unshrunk;
  unshrunk.shrink_proofs = false;
  int checked = 0, smaller = 0, shrunk = 0, flipped_any = 0;
  for (int size : {3, 4, 5, 6}) {
    RulesSolver exact;
    for (int t = 0; t < 200; ++t) {
      const int cells = size * size;
      // At most ~14 empty cells, for the exact solver (before concessions).
      const int fewest = std::max(1, cells - 14);
      HexGame g = random_position(rng, size, fewest + int(rng() % std::uint32_t(cells - 1 - fewest)), knobs);
      if (g.winner()) continue;
      // A decided position, or one move into an open one (as df-pn sees them).
      for (int step = 0; step < 2 && !analyse(g, knobs).winner; ++step) {
        HexGame::MoveList moves;
        g.generate_moves(moves);
        g.play(moves[rng() % moves.size()]);
      }
      const auto a = analyse(g, knobs);
      if (!a.winner || g.winner()) continue;
      ++checked;
      HexGame::MoveList empty;
      g.generate_moves(empty);
      smaller += a.proof_set.size() < int(empty.size());
      EXPECT_TRUE(proof_set_holds(g, a.proof_set, *a.winner, exact)) << g.to_text();
      // Shrinking only ever takes cells out.
      const CellSet before = analyse(g, unshrunk).proof_set;
      EXPECT_TRUE(a.proof_set.subset_of(before)) << g.to_text();
      shrunk += a.proof_set.size() < before.size();
      // The winner's stones out of play may go to the loser: the set holds.
      const CellSet in_play = stones_in_play(cells_of(g), size, *a.winner, a.proof_set);
      HexGame flipped(size);
      for (int cell = 0; cell < cells; ++cell) {
        const auto stone = g.stone(static_cast<HexGame::Move>(cell));
        if (!stone) continue;
        const bool out_of_play = *stone == *a.winner && !in_play.contains(cell);
        flipped.place(static_cast<HexGame::Move>(cell), out_of_play ? opponent(*a.winner) : *stone);
        flipped_any += out_of_play;
      }
      flipped.set_to_move(g.to_move());
      EXPECT_TRUE(proof_set_holds(flipped, a.proof_set, *a.winner, exact)) << g.to_text() << flipped.to_text();
    }
  }
  std::printf("checked %d proof sets, %d smaller than the empty cells, %d shrunk; %d stones out of play\n", checked,
              smaller, shrunk, flipped_any);
  EXPECT_GT(checked, 200);
  EXPECT_GT(smaller, checked / 2);  // the sets do leave cells out
  EXPECT_GT(shrunk, checked / 20);  // and shrinking takes more out
  EXPECT_GT(flipped_any, checked / 4);  // and the winner's stones out of play were given away
}

// Knowledge with a narrow H-search, for the tests of learnt proof sets: the
// full H-search decides most of these positions outright, leaving the
// search (and so the learning) little to do.
HexKnowledge narrow_h_search(int fulls_per_pair, int semis_per_pair) {
  HexKnowledge knobs;
  knobs.max_fulls_per_pair = knobs.max_edge_fulls_per_pair = fulls_per_pair;
  knobs.max_semis_per_pair = knobs.max_edge_semis_per_pair = semis_per_pair;
  return knobs;
}

// Every proof set df-pn made the game learn (won and lost nodes) holds by
// the rules: solve, then walk the positions near the root and check each
// set the game has, decided by the analysis or learnt from the search.
TEST(HexKnowledge, LearntProofSetsHoldByTheRules) {
  int learnt = 0, decided = 0;
  auto walk = [&](auto& self, HexKnowledgeGame& game, HexGame& rules, const tt::TranspositionTable& table,
                  int depth, RulesSolver& exact) -> void {
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
    RulesSolver exact;
    for (int t = 0; t < 16; ++t) {
      HexGame rules(size);
      if (size == 4) rules.play(static_cast<HexGame::Move>(t));  // every opening
      else rules = random_position(rng, size, 10 + int(rng() % 4), HexKnowledge{});
      if (rules.winner()) continue;
      HexKnowledgeGame game(rules, narrow_h_search(1, 2));
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

// Every set learnt while solving 6x6 openings, checked by the rules as it
// is learnt (those of up to 13 cells: the exact solver's reach).
TEST(HexKnowledge, ProofSetsLearntOnSixBySixHoldByTheRules) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  GTEST_SKIP() << "a 6x6 solve is slow under a sanitizer; the 4x4/5x5 test runs the same code";
#endif
  RulesSolver exact;
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
TEST(HexKnowledge, SolverAgreesWithTheRulesOnEveryOpening) {
  std::vector<HexKnowledge> settings = {HexKnowledge{}, HexKnowledge::none()};
  HexKnowledge dead_only = HexKnowledge::none();
  dead_only.dead_cells = true;
  HexKnowledge vc_only = HexKnowledge::none();
  vc_only.virtual_connections = vc_only.must_play = true;
  settings.push_back(dead_only);
  settings.push_back(vc_only);
  for (int size : {2, 3, 4}) {
    RulesSolver exact;
    for (int first = 0; first < size * size; ++first) {
      HexGame g(size);
      g.play(static_cast<HexGame::Move>(first));
      const bool white_wins = exact.mover_wins(g);
      for (const auto& knobs : settings) {
        // 4x4 without knowledge is slow and the rules tests cover it.
        if (size == 4 && !knobs.virtual_connections) continue;
        for (bool heuristic : {false, true}) {
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

}  // namespace
