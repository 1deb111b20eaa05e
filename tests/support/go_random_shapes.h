// Random small Go positions for checking a terminal rule against the plain
// rules (tests/games/go_eye_test.cpp, go_miai_test.cpp).
#pragma once

#include <algorithm>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "dfpn/base/proof.h"
#include "dfpn/search/dfpn.h"
#include "games/go/go.h"
#include "tt/table.h"

namespace dfpn::testing {

// A 5x5 diagram: an eye space of `min_points` to `max_points` empty points
// walled by white stones (each wall point white with odds `white_walls` in
// 20, else black), the rest random, with a few empty points outside the
// region (liberties nobody fills) and few inside (so the oracle stays small).
inline std::vector<std::string> random_eye_shape(std::mt19937& random, int min_points, int max_points,
                                                 int white_walls = 20) {
  std::vector<std::string> rows(5, std::string(5, ' '));
  auto cell = [&](int c, int r) -> char& { return rows[std::size_t(r)][std::size_t(c)]; };
  auto inside = [](int c, int r) { return c >= 0 && c < 5 && r >= 0 && r < 5; };
  constexpr int kSteps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  int c0 = int(random() % 5), r0 = int(random() % 5);
  cell(c0, r0) = 'e';
  const int target = min_points + int(random() % unsigned(max_points - min_points + 1));
  for (int grown = 1, guard = 0; grown < target && guard < 30; ++guard) {
    const auto* step = kSteps[random() % 4];
    if (!inside(c0 + step[0], r0 + step[1])) continue;
    c0 += step[0];
    r0 += step[1];
    if (cell(c0, r0) == ' ') {
      cell(c0, r0) = 'e';
      ++grown;
    }
  }
  for (int r = 0; r < 5; ++r)
    for (int c = 0; c < 5; ++c) {
      if (cell(c, r) == 'e') continue;
      bool walls_the_eye = false;
      for (const auto& step : kSteps)
        walls_the_eye |= inside(c + step[0], r + step[1]) && cell(c + step[0], r + step[1]) == 'e';
      const auto roll = int(random() % 20);
      if (walls_the_eye) cell(c, r) = roll < white_walls ? 'o' : 'x';
      else cell(c, r) = roll < 9 ? 'x' : roll < 14 ? 'o' : roll < 17 ? '.' : '-';
    }
  for (auto& row : rows) std::replace(row.begin(), row.end(), 'e', '.');
  return rows;
}

// A game of `problem` and one of `plain` (the same position with the rule
// off) after random moves, played until `problem`'s game decides a position
// the plain rules leave open; nullopt if the problem is no position (a block
// without liberties) or that did not happen within 40 plies.
struct RuleFired {
  games::GoGame game, plain;
  std::vector<games::GoGame::Move> line;  // the moves played
};
inline std::optional<RuleFired> play_until_the_rule_decides(std::mt19937& random, const games::GoProblem& problem,
                                                           const games::GoProblem& plain) {
  std::optional<RuleFired> fired;
  try {
    fired.emplace(RuleFired{games::GoGame(problem), games::GoGame(plain), {}});
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
  for (int ply = 0; ply < 40 && fired->plain.evaluate(Player::White) == Outcome::Unknown; ++ply) {
    if (fired->game.evaluate(Player::White) != Outcome::Unknown) return fired;
    games::GoGame::MoveList moves;
    fired->game.generate_moves(moves);
    const games::GoGame::Move m = moves[random() % moves.size()];
    fired->game.play(m);
    fired->plain.play(m);
    fired->line.push_back(m);
  }
  return std::nullopt;
}

// df-pn from `problem` after the first `start` moves of `line`, with zones
// on and off, at a tiny and a large table: `expected` for White, with a
// proof that verifies.
inline void expect_search_agrees(const games::GoProblem& problem, const std::vector<games::GoGame::Move>& line,
                                 std::size_t start, Outcome expected) {
  for (bool zones : {true, false})
    for (std::size_t entries : {std::size_t{8}, std::size_t{1} << 12}) {
      games::GoProblem q = problem;
      q.relevance_zones = zones;
      games::GoGame g(q);
      for (std::size_t i = 0; i < start; ++i) g.play(line[i]);
      auto table = tt::TranspositionTable::with_entries(entries);
      Limits bounded;
      bounded.max_nodes = 2'000'000;
      DepthFirstPns<games::GoGame> search(g, Player::White, table, bounded, DfpnOptions{});
      const auto r = search.solve();
      ASSERT_EQ(r.outcome, expected) << g.to_text() << "ko rule " << to_string(q.ko_rule) << " zones " << zones
                                     << " entries " << entries;
      const auto proof = search.proof();
      ASSERT_TRUE(proof);
      EXPECT_TRUE(verify_proof(g, *proof, Player::White, r.outcome).ok);
    }
}

}  // namespace dfpn::testing
