// Finds edge templates (games/hex/edge_templates.h) the way the table's
// were found: for an anchor `depth` rows from Black's first edge and each
// choice of extra stones near it, give the opponent one cell after another
// of a wide region while the anchor still reaches the edge (each check a
// df-pn solve with the knowledge); several removal orders give different
// minimal carriers. Prints each one, marked "new" when the knowledge with
// the current table cannot decide it (those are worth adding) and "known"
// otherwise. The table's entries are checked by the rules in
// tests/games/h_search_test.cpp, whatever found them.
//
//   edge_template_search [--depth D] [--stones 1|2] [--width W]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <utility>
#include <vector>

#include "dfpn/search/dfpn.h"
#include "games/hex/hex_knowledge.h"
#include "games/hex/hex_knowledge_game.h"
#include "tt/table.h"

namespace {

using namespace dfpn;
using namespace dfpn::games;
using Offset = std::pair<int, int>;  // (row, column) from the anchor, rows up negative

constexpr int kBoard = 13, kAlong = 6;

// The board of tests/games/h_search_test.cpp: Black on the anchor, the
// stones and a line from the anchor to the far edge, White on every other
// cell outside the region and to move.
HexGame board(int depth, const std::vector<Offset>& stones, const std::vector<Offset>& region) {
  HexGame g(kBoard);
  for (int r = 0; r < kBoard; ++r)
    for (int c = 0; c < kBoard; ++c) {
      const Offset o{r - depth, c - kAlong};
      const auto cell = static_cast<HexGame::Move>(r * kBoard + c);
      if (std::find(stones.begin(), stones.end(), o) != stones.end() || (r > depth && c == kAlong))
        g.place(cell, Player::Black);
      else if (std::find(region.begin(), region.end(), o) == region.end())
        g.place(cell, Player::White);
    }
  g.set_to_move(Player::White);
  return g;
}

bool connects(int depth, const std::vector<Offset>& stones, const std::vector<Offset>& region) {
  const HexGame g = board(depth, stones, region);
  if (const auto w = g.winner()) return *w == Player::Black;
  HexKnowledgeGame game(g);
  auto table = tt::TranspositionTable::with_entries(1 << 16);
  DepthFirstPns<HexKnowledgeGame> search(game, Player::Black, table);
  const auto r = search.solve();
  if (!r.solved()) {
    std::fprintf(stderr, "edge_template_search: a check was not solved\n");
    std::exit(1);
  }
  return r.outcome == Outcome::Proven;
}

// Whether the knowledge alone (fill-in, H-search with the current table)
// decides the connection.
bool known(int depth, const std::vector<Offset>& stones, const std::vector<Offset>& carrier) {
  const auto a = analyse(board(depth, stones, carrier), HexKnowledge{});
  return a.winner && *a.winner == Player::Black;
}

void print(const char* what, int depth, const std::vector<Offset>& stones, const std::vector<Offset>& carrier) {
  std::printf("%s depth %d stones", what, depth);
  for (std::size_t i = 1; i < stones.size(); ++i) std::printf(" {%d, %d}", stones[i].first, stones[i].second);
  std::printf(" carrier %zu:", carrier.size());
  for (const auto& [r, c] : carrier) std::printf(" {%d, %d}", r, c);
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  int depth = 3, extra = 1, width = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    int* knob = std::strcmp(argv[i], "--depth") == 0    ? &depth
                : std::strcmp(argv[i], "--stones") == 0 ? &extra
                : std::strcmp(argv[i], "--width") == 0  ? &width
                                                        : nullptr;
    if (!knob) {
      std::fprintf(stderr, "usage: edge_template_search [--depth D] [--stones 1|2] [--width W]\n");
      return 2;
    }
    *knob = std::atoi(argv[i + 1]);
  }
  if (depth < 1 || depth > 5 || extra < 1 || extra > 2 || width < 1 || width > 4) {
    std::fprintf(stderr, "edge_template_search: depth 1-5, stones 1-2, width 1-4\n");
    return 2;
  }
  // Extra stones on the anchor's row or the row nearer the edge. With one,
  // those left of the anchor on its row are mirror images of ones right of it.
  std::vector<Offset> near;
  for (int dr = -1; dr <= 0; ++dr)
    for (int dc = -3; dc <= 3; ++dc)
      if (dr != 0 || dc != 0) near.push_back({dr, dc});
  std::vector<std::vector<Offset>> choices;
  if (extra == 1) {
    choices.push_back({});
    for (const Offset& o : near)
      if (o.first != 0 || o.second > 0) choices.push_back({o});
  } else {
    for (std::size_t i = 0; i < near.size(); ++i)
      for (std::size_t j = i + 1; j < near.size(); ++j) choices.push_back({near[i], near[j]});
  }
  std::set<std::pair<std::vector<Offset>, std::vector<Offset>>> seen;
  for (const auto& more : choices) {
    std::vector<Offset> stones = {{0, 0}};
    stones.insert(stones.end(), more.begin(), more.end());
    // The region: rows from the edge to the anchor's, widening towards the
    // edge as the anchor's reach does.
    std::vector<Offset> region;
    for (int dr = -depth; dr <= 0; ++dr)
      for (int dc = -width; dc <= width - dr; ++dc)
        if (std::find(stones.begin(), stones.end(), Offset{dr, dc}) == stones.end()) region.push_back({dr, dc});
    if (!connects(depth, stones, region)) continue;
    // Removal orders: farthest from the anchor first, left to right, right to left.
    auto across = [](const Offset& o) { return 2 * o.second + o.first; };
    std::vector<std::vector<Offset>> orders(3, region);
    std::stable_sort(orders[0].begin(), orders[0].end(),
                     [&](const Offset& a, const Offset& b) { return std::abs(across(a)) > std::abs(across(b)); });
    std::stable_sort(orders[1].begin(), orders[1].end(),
                     [&](const Offset& a, const Offset& b) { return across(a) < across(b); });
    orders[2] = orders[1];
    std::reverse(orders[2].begin(), orders[2].end());
    for (const auto& order : orders) {
      std::vector<Offset> carrier = region;
      for (const Offset& o : order) {
        std::vector<Offset> less;
        for (const Offset& x : carrier)
          if (x != o) less.push_back(x);
        if (connects(depth, stones, less)) carrier = less;
      }
      std::sort(carrier.begin(), carrier.end());
      if (!seen.insert({stones, carrier}).second) continue;
      print(known(depth, stones, carrier) ? "known" : "new", depth, stones, carrier);
      std::fflush(stdout);
    }
  }
  return 0;
}
