// Hex knowledge: dead and captured cells, fill-in, domination, vulnerable
// cells, symmetry, must-play and proof sets, checked by the rules.
#include "games/hex/hex_knowledge.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "support/hex_positions.h"
#include "support/hex_rules_solver.h"

namespace {

using namespace dfpn;
using namespace dfpn::games;
using namespace dfpn::testing;


// The two-distance by its definition, as a fixed point: a cell next to the
// edge (directly or through one of the side's groups) is at 1; any other
// empty cell is one more than its second-nearest neighbour, counting an
// empty cell once for being next to it and once for each of the side's
// groups both are next to.
int two_distance_by_definition(const HexCells& cells, int n, Player side) {
  const Groups groups = find_groups(cells, n, side);
  const int count = n * n, far = 1 << 20;
  auto near = [&](int a, int b) {
    const int dr = b / n - a / n, dc = b % n - a % n;
    return (dr == 0 && std::abs(dc) == 1) || (dc == 0 && std::abs(dr) == 1) || (dr == 1 && dc == -1) ||
           (dr == -1 && dc == 1);
  };
  auto groups_next_to = [&](int a) {
    std::vector<int> out;
    for (int b = 0; b < count; ++b)
      if (near(a, b) && groups.of[std::size_t(b)] >= 0 && cells[std::size_t(b)] == colour_of(side))
        out.push_back(groups.of[std::size_t(b)]);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  };
  auto on_edge = [&](int a, int edge) {
    const int line = side == Player::Black ? a / n : a % n;
    const std::vector<int> g = groups_next_to(a);
    return line == (edge == 0 ? 0 : n - 1) ||
           std::count(g.begin(), g.end(), edge == 0 ? groups.first_edge : groups.second_edge) > 0;
  };
  int best = far;
  std::vector<int> d[2];
  for (int edge = 0; edge < 2; ++edge) {
    d[edge].assign(std::size_t(count), far);
    for (int a = 0; a < count; ++a)
      if (cells[std::size_t(a)] == kEmpty && on_edge(a, edge)) d[edge][std::size_t(a)] = 1;
    for (bool changed = true; changed;) {
      changed = false;
      for (int a = 0; a < count; ++a) {
        if (cells[std::size_t(a)] != kEmpty || on_edge(a, edge)) continue;
        std::vector<int> seen;
        const std::vector<int> ga = groups_next_to(a);
        for (int b = 0; b < count; ++b) {
          if (b == a || cells[std::size_t(b)] != kEmpty) continue;
          const std::vector<int> gb = groups_next_to(b);
          int times = near(a, b);
          for (int g : ga) times += int(std::count(gb.begin(), gb.end(), g));
          for (int t = 0; t < times; ++t) seen.push_back(d[edge][std::size_t(b)]);
        }
        std::sort(seen.begin(), seen.end());
        const int value = seen.size() >= 2 && seen[1] < far ? seen[1] + 1 : far;
        if (value < d[edge][std::size_t(a)]) d[edge][std::size_t(a)] = value, changed = true;
      }
    }
  }
  for (int a = 0; a < count; ++a)
    if (cells[std::size_t(a)] == kEmpty) best = std::min(best, d[0][std::size_t(a)] + d[1][std::size_t(a)]);
  return std::min(best, far);
}

// Move ordering's potentials after each move, worked out from the board's
// structure, are those of the definition on the board with the stone
// played, on random boards of every density (edge groups, merges, moves
// that join both edges).
TEST(HexKnowledge, TwoDistanceAfterEachMoveMatchesTheDefinition) {
  std::mt19937 rng(11);
  int compared = 0, both_edges = 0;
  for (int trial = 0; trial < 80; ++trial) {
    const int n = 3 + trial % 4;
    HexCells cells(std::size_t(n * n), kEmpty);
    const int stones = int(rng() % std::uint32_t(n * n * 3 / 4 + 1));
    for (int i = 0; i < stones; ++i) cells[rng() % cells.size()] = (rng() & 1u) ? kBlack : kWhite;
    for (const Player side : {Player::Black, Player::White}) {
      const TwoDistanceAfter after(cells, n, side);
      for (int c = 0; c < n * n; ++c) {
        if (cells[std::size_t(c)] != kEmpty) continue;
        HexCells played = cells;
        played[std::size_t(c)] = colour_of(side);
        ASSERT_EQ(after.after(c), two_distance_by_definition(played, n, side)) << "n " << n << " trial " << trial << " cell " << c;
        if (c % 5 == 0) {
          ASSERT_EQ(two_distance_potential(played, n, side), two_distance_by_definition(played, n, side));
        }
        ++compared;
        const Groups g = find_groups(played, n, side);
        both_edges += g.of[std::size_t(c)] >= 0 && std::count(g.of.begin(), g.of.end(), g.first_edge) > 0 &&
                      std::count(g.of.begin(), g.of.end(), g.second_edge) > 0;
      }
    }
  }
  EXPECT_GT(compared, 500);
  EXPECT_GT(both_edges, 0);
}

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

// Whether one of `moves` wins for the side to move, by the rules.
bool some_move_wins(HexGame& g, const CellSet& moves, HexRulesSolver& exact) {
  bool wins = false;
  moves.for_each([&](int m) {
    g.play(static_cast<HexGame::Move>(m));
    wins |= !exact.mover_wins(g);
    g.undo();
  });
  return wins;
}

// A position the half turn maps onto itself keeps one move of each image
// pair, and still a winning one (checked by the rules up to 4x4); other
// positions lose nothing to symmetry. The positions: random symmetric
// stone pairs (the empty boards are decided by the knowledge at once).
TEST(HexKnowledge, SymmetricPositionsKeepOneMoveOfEachImagePair) {
  std::mt19937 rng(11);
  int checked = 0, dropped = 0;
  for (const int size : {4, 5, 6}) {
    HexRulesSolver exact;
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
      EXPECT_TRUE(some_move_wins(g, with.moves, exact)) << g.to_text();
    }
  }
  EXPECT_GE(checked, 12);
  EXPECT_GT(dropped, checked);  // about half of each position's moves
  const auto asymmetric = analyse(position(5, "a1", "", Player::White), HexKnowledge{});
  EXPECT_EQ(asymmetric.symmetric, 0);
}

// Strategy stealing, by the rules: a position that a colour-swapping
// reflection (transpose or anti-transpose) maps onto itself is won by the
// side to move, and the knowledge drops only moves after which the
// opponent's stones hold the image of the mover's -- which therefore lose.
// Positions: random pairs of a stone and its image in the other colour,
// then one to three more stones for one side (up to 4x4 for the exact
// values; 5x5 and 6x6 check only which moves are dropped).
bool holds_image_of(const HexGame& g, Player holder) {
  const int n = g.size();
  for (const bool anti : {false, true}) {
    bool holds = true;
    for (int r = 0; r < n && holds; ++r)
      for (int c = 0; c < n && holds; ++c) {
        const auto here = g.stone(HexGame::Move(r * n + c));
        const auto there = g.stone(HexGame::Move(anti ? (n - 1 - c) * n + (n - 1 - r) : c * n + r));
        if (here && *here != holder) holds = there && *there == holder;
      }
    if (holds) return true;
  }
  return false;
}

TEST(HexKnowledge, StrategyStealingDropsOnlyMovesThatLose) {
  std::mt19937 rng(23);
  int symmetric = 0, theorem_checks = 0, dropped = 0, exact_drops = 0;
  for (const int size : {3, 4, 5, 6}) {
    HexRulesSolver exact;
    for (int trial = 0; trial < (size == 4 ? 150 : 300); ++trial) {
      const bool anti = rng() % 2;
      auto image = [&](int cell) {
        const int r = cell / size, c = cell % size;
        return anti ? (size - 1 - c) * size + (size - 1 - r) : c * size + r;
      };
      HexGame g(size);
      const int pairs = int(rng() % std::uint32_t(size));
      for (int p = 0; p < pairs; ++p) {
        const int c = int(rng() % std::uint32_t(size * size));
        if (image(c) == c || g.stone(HexGame::Move(c)) || g.stone(HexGame::Move(image(c)))) continue;
        const Player colour = rng() % 2 ? Player::Black : Player::White;
        g.place(HexGame::Move(c), colour);
        g.place(HexGame::Move(image(c)), opponent(colour));
      }
      if (g.winner()) continue;
      const Player mover = rng() % 2 ? Player::Black : Player::White;
      g.set_to_move(mover);
      if (size <= 4) {
        ++symmetric;
        EXPECT_TRUE(exact.mover_wins(g)) << "the side to move loses its own mirror image\n" << g.to_text();
      }
      // More opponent stones: moves onto their images lose.
      const int extra = rng() % 4 ? 1 : 2;
      for (int e = 0; e < extra; ++e) {
        const int cell = int(rng() % std::uint32_t(size * size));
        if (!g.stone(HexGame::Move(cell))) g.place(HexGame::Move(cell), opponent(mover));
      }
      g.set_to_move(mover);
      if (g.winner()) continue;
      // The rule itself, whatever the analysis keeps: every move after
      // which the opponent holds the image of the mover's stones loses.
      if (size <= 4)
        for (int m = 0; m < size * size; ++m) {
          if (g.stone(HexGame::Move(m))) continue;
          g.play(HexGame::Move(m));
          if (holds_image_of(g, opponent(mover))) {
            ++theorem_checks;
            EXPECT_TRUE(g.winner() == opponent(mover) || exact.mover_wins(g)) << m << "\n" << g.to_text();
          }
          g.undo();
        }
      HexKnowledge on;
      on.strategy_stealing = true;
      const auto with = analyse(g, on);
      const auto without = analyse(g, HexKnowledge{});
      if (with.winner) continue;
      EXPECT_EQ(with.moves.size() + with.stolen.size(), without.moves.size()) << g.to_text();
      EXPECT_FALSE(with.moves.intersects(with.stolen));
      EXPECT_FALSE(with.moves.empty());
      with.stolen.for_each([&](int m) {
        ++dropped;
        g.play(static_cast<HexGame::Move>(m));
        EXPECT_TRUE(holds_image_of(g, opponent(mover))) << m << "\n" << g.to_text();
        if (size <= 4) {
          ++exact_drops;
          EXPECT_TRUE(exact.mover_wins(g)) << "a move dropped by strategy stealing wins\n" << g.to_text();
        }
        g.undo();
      });
      if (size <= 4 && exact.mover_wins(g)) {
        EXPECT_TRUE(some_move_wins(g, with.moves, exact)) << g.to_text();
      }
    }
  }
  std::printf("symmetric positions %d, losing moves by the rule %d, moves dropped %d (%d checked exactly)\n",
              symmetric, theorem_checks, dropped, exact_drops);
  EXPECT_GE(symmetric, 100);
  EXPECT_GE(theorem_checks, 200);
  EXPECT_GE(dropped, 40);  // checked above against the rule, which is checked exactly
  // Black's d5 on 8x8: White's e4 (its transpose) is dropped, and only it.
  HexKnowledge on;
  on.strategy_stealing = true;
  const auto d5 = analyse(position(8, "d5", "", Player::White), on);
  EXPECT_TRUE(d5.stolen.contains(3 * 8 + 4));
  EXPECT_EQ(d5.stolen.size(), 1);
}

// Fill-in preserves the value: on random positions, the board with every
// dead and captured cell filled has the same exact value as the original.
// (Domination rests on the same fill-in; the claims test below checks that
// the moves it keeps still contain a win.)
TEST(HexKnowledge, FillInPreservesTheValue) {
  std::mt19937 rng(11);
  int with_captured = 0, with_dead = 0;
  for (int size : {4, 5}) {
    HexRulesSolver exact;
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

// Fill-in as its definition reads: pass after pass over every cell (dead
// cells, then adjacent pairs a side captures, in index order) until a pass
// fills nothing. fill_in() and fill_in_after() skip tests whose answer
// cannot have changed; they must fill exactly what this fills.
FillIn rescanning_fill_in(HexCells& cells, int size, unsigned sides, std::uint8_t dead_colour) {
  auto dead = [&](int cell) { return dead_cells(cells, size).contains(cell); };
  auto captured_pair = [&](int a, int b, std::uint8_t z) {
    cells[std::size_t(b)] = z;
    const bool a_dies = dead(a);
    cells[std::size_t(b)] = kEmpty;
    cells[std::size_t(a)] = z;
    const bool b_dies = dead(b);
    cells[std::size_t(a)] = kEmpty;
    return a_dies && b_dies;
  };
  FillIn out;
  for (bool changed = true; changed;) {
    changed = false;
    for (int cell = 0; cell < size * size; ++cell)
      if (cells[std::size_t(cell)] == kEmpty && dead(cell))
        cells[std::size_t(cell)] = dead_colour, out.dead.insert(cell), changed = true;
    for (int a = 0; a < size * size; ++a) {
      const int r = a / size, c = a % size;
      const std::array<std::array<int, 2>, 3> later = {{{r, c + 1}, {r + 1, c - 1}, {r + 1, c}}};
      for (const auto& [br, bc] : later) {
        if (cells[std::size_t(a)] != kEmpty) break;
        if (br >= size || bc < 0 || bc >= size || cells[std::size_t(br * size + bc)] != kEmpty) continue;
        const int b = br * size + bc;
        for (int side = 0; side < 2; ++side) {
          const std::uint8_t z = side == 0 ? kBlack : kWhite;
          if (!(sides >> side & 1u) || !captured_pair(a, b, z)) continue;
          cells[std::size_t(a)] = cells[std::size_t(b)] = z;
          out.captured[side].insert(a), out.captured[side].insert(b), changed = true;
          break;
        }
      }
    }
  }
  return out;
}

void expect_same_fill(const FillIn& got, const HexCells& got_cells, const FillIn& want, const HexCells& want_cells,
                      const std::string& where) {
  EXPECT_TRUE(got.dead == want.dead && got.captured[0] == want.captured[0] && got.captured[1] == want.captured[1] &&
              got_cells == want_cells)
      << where;
}

TEST(HexKnowledge, FillInFillsWhatAFullRescanFills) {
  std::mt19937 rng(23);
  int filled_after_moves = 0, compared_after_moves = 0;
  for (int size : {3, 4, 5, 6, 8, 11}) {
    for (int t = 0; t < (kSanitized ? 10 : 40); ++t) {
      HexGame g(size);
      const int stones = int(rng() % std::uint32_t(size * size / 2 + 1));
      for (int s = 0; s < stones; ++s) {
        HexGame::MoveList moves;
        g.generate_moves(moves);
        if (moves.empty()) break;
        g.place(moves[rng() % moves.size()], rng() % 2 ? Player::Black : Player::White);
      }
      const unsigned sides = 1u + unsigned(rng() % 3);
      HexCells fixpoint = cells_of(g), reference = fixpoint;
      const FillIn want = rescanning_fill_in(reference, size, sides, kBlack);
      const FillIn got = fill_in(fixpoint, size, true, sides, kBlack);
      expect_same_fill(got, fixpoint, want, reference, g.to_text());
      // From the fixpoint, a stone on each empty cell in turn.
      for (int move = 0; move < size * size; ++move) {
        if (fixpoint[std::size_t(move)] != kEmpty) continue;
        const std::uint8_t z = rng() % 2 ? kBlack : kWhite;
        HexCells after = fixpoint;
        after[std::size_t(move)] = z;
        HexCells rescanned = after;
        const FillIn want_after = rescanning_fill_in(rescanned, size, sides, z);
        const FillIn got_after = fill_in_after(after, size, move, true, sides, z);
        expect_same_fill(got_after, after, want_after, rescanned, g.to_text() + " move " + std::to_string(move));
        ++compared_after_moves;
        filled_after_moves += !want_after.all().empty();
      }
    }
  }
  std::printf("fill-in after a move: %d compared, %d filled something\n", compared_after_moves, filled_after_moves);
  EXPECT_GT(compared_after_moves, kSanitized ? 500 : 2000);
  EXPECT_GT(filled_after_moves, kSanitized ? 50 : 200);  // the moves' fills are not all empty
}

// Every claim the knowledge makes is checked against the rules: winners it
// declares, and that the moves it keeps contain a winning move whenever the
// mover can win.
TEST(HexKnowledge, ClaimsAgreeWithTheRulesOnRandomPositions) {
  std::mt19937 rng(7);
  HexKnowledge knobs;
  int decided = 0, open = 0, pruned = 0, vulnerable_dropped = 0;
  for (int size : {3, 4, 5, 6}) {
    HexRulesSolver exact;
    // Under the sanitizers fewer positions (6x6 ones above all: their rules
    // solves are most of the time): the code paths are the same.
    const int trials = kSanitized ? (size == 6 ? 30 : size == 5 ? 100 : 200) : size == 6 ? 80 : size == 5 ? 150 : 300;
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
      EXPECT_TRUE(some_move_wins(g, a.moves, exact)) << "every winning move pruned\n" << g.to_text();
    }
  }
  std::printf("decided %d, open %d, pruned %d, vulnerable moves dropped in %d\n", decided, open, pruned,
              vulnerable_dropped);
  EXPECT_GT(decided, 100);      // the knowledge does decide positions
  EXPECT_GT(open, 40);          // enough open positions to check the pruning on (H-search decides most)
  EXPECT_GT(pruned, open / 2);  // and it does prune moves
  EXPECT_GT(vulnerable_dropped, 0);  // vulnerable moves among them (domination takes most)
}

TEST(HexKnowledge, ProofSetsOfDecisionsHoldByTheRules) {
  std::mt19937 rng(11);
  HexKnowledge knobs, unshrunk;
  unshrunk.shrink_proofs = false;
  int checked = 0, smaller = 0, shrunk = 0, flipped_any = 0;
  for (int size : {3, 4, 5, 6}) {
    HexRulesSolver exact;
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

}  // namespace
