// Hex positions for the knowledge tests: setups from cell lists, random
// open positions, a rules-only check, and narrow H-search settings.
#pragma once

#include <random>
#include <string>

#include "dfpn/search/dfpn.h"
#include "games/hex/hex.h"
#include "games/hex/hex_knowledge.h"
#include "support/sanitized.h"
#include "tt/table.h"

#include <gtest/gtest.h>

namespace dfpn::testing {

using games::HexGame;
using games::HexKnowledge;

// Setup from cell lists ("a1 b2"), then the side to move.
inline HexGame position(int size, const std::string& black, const std::string& white, Player to_move) {
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

inline int cell(const HexGame& g, const std::string& name) { return *g.parse_move(name); }

// Whether `winner` wins `g` by the rules alone (df-pn on the plain game).
inline bool rules_prove(const HexGame& g, Player winner) {
  auto table = tt::TranspositionTable::with_entries(1 << 20);
  DepthFirstPns<HexGame> search(g, winner, table, Limits{}, DfpnOptions{});
  const auto r = search.solve();
  EXPECT_TRUE(r.solved());
  return r.outcome == Outcome::Proven;
}

// Random positions, most of them left open by the knowledge (as above).
inline HexGame random_position(std::mt19937& rng, int size, int stones, const HexKnowledge& knobs) {
  HexGame g(size);
  for (int placed = 0; placed < stones; ++placed) {
    HexGame::MoveList moves;
    g.generate_moves(moves);
    if (moves.empty() || g.winner()) break;
    bool played = false;
    for (int attempt = 0; attempt < 8 && !played; ++attempt) {
      g.play(moves[rng() % moves.size()]);
      if (!games::analyse(g, knobs).winner) played = true;
      else g.undo();
    }
    if (!played) g.play(moves[rng() % moves.size()]);
  }
  return g;
}

// Knowledge with a narrow H-search, for the tests of learnt proof sets: the
// full H-search decides most of these positions outright, leaving the
// search (and so the learning) little to do.
inline HexKnowledge narrow_h_search(int fulls_per_pair, int semis_per_pair) {
  HexKnowledge knobs;
  knobs.max_fulls_per_pair = knobs.max_edge_fulls_per_pair = fulls_per_pair;
  knobs.max_semis_per_pair = knobs.max_edge_semis_per_pair = semis_per_pair;
  return knobs;
}

}  // namespace dfpn::testing
