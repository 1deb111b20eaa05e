// Edge templates: a cell (the anchor: an empty cell or a stone) with a few
// of its side's stones nearby is connected to the side's edge whoever moves
// first, as long as a set of cells (the carrier) is empty. H-search starts
// from them because its rules cannot build them from adjacencies; the proof
// checker accepts a connection that matches one. The table is data, so each
// entry is checked by the rules alone in the tests (h_search_test.cpp):
// with the opponent on every cell outside the carrier and to move, the
// anchor's group still reaches the edge, and no carrier cell is slack.
//
// Offsets are (row, column) from the anchor towards Black's first edge
// (rows up are negative); the anchor lies `depth` rows from the edge. A
// placement on a board may mirror the template about the anchor's axis,
// turn it towards the second edge and transpose it for White (whose edges
// are columns).
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace dfpn::games {

struct EdgeTemplate {
  using Offset = std::array<std::int8_t, 2>;
  static constexpr int kMostStones = 1, kMostCells = 20;
  std::int8_t depth;  // rows between the anchor and the edge
  std::int8_t stone_count;
  std::array<Offset, kMostStones> stones;  // the side's stones besides the anchor
  std::int8_t cell_count;
  std::array<Offset, kMostCells> carrier;
};

// The fourth-row template IVa (one stone, nineteen cells) and the fourth-row
// templates of two stones that H-search does not build from it: found by
// exact search (greedy removal of cells from a wide region while the
// connection holds), keeping the minimal carriers H-search misses.
inline constexpr std::array<EdgeTemplate, 12> kEdgeTemplates = {{
    // IVa.
    {3, 0, {}, 19, {{{-3, -1}, {-3, 0}, {-3, 1}, {-3, 2}, {-3, 3}, {-3, 4}, {-3, 5},
                     {-2, -1}, {-2, 0}, {-2, 1}, {-2, 2}, {-2, 3}, {-2, 4},
                     {-1, -1}, {-1, 0}, {-1, 1}, {-1, 2}, {-1, 3},
                     {0, 1}}}},
    // Two stones side by side on the fourth row.
    {3, 1, {{{0, 1}}}, 10, {{{-3, 0}, {-3, 1}, {-3, 2}, {-3, 3}, {-2, 0}, {-2, 1}, {-2, 2},
                            {-1, 0}, {-1, 1}, {-1, 2}}}},
    // Two stones on the fourth row with one cell between.
    {3, 1, {{{0, 2}}}, 16, {{{-3, 0}, {-3, 1}, {-3, 2}, {-3, 3}, {-3, 4}, {-3, 5},
                            {-2, 0}, {-2, 1}, {-2, 2}, {-2, 3}, {-2, 4},
                            {-1, 0}, {-1, 1}, {-1, 2}, {-1, 3}, {0, 1}}}},
    {3, 1, {{{0, 2}}}, 18, {{{-3, 0}, {-3, 1}, {-3, 2}, {-3, 3}, {-3, 5}, {-3, 6},
                            {-2, 0}, {-2, 1}, {-2, 2}, {-2, 3}, {-2, 4}, {-2, 5},
                            {-1, 0}, {-1, 1}, {-1, 2}, {-1, 3}, {-1, 4}, {0, 1}}}},
    // Two cells between.
    {3, 1, {{{0, 3}}}, 18, {{{-3, 0}, {-3, 1}, {-3, 2}, {-3, 3}, {-3, 4}, {-3, 5},
                            {-2, 0}, {-2, 1}, {-2, 2}, {-2, 3}, {-2, 4},
                            {-1, 0}, {-1, 1}, {-1, 2}, {-1, 3}, {-1, 4}, {0, 1}, {0, 2}}}},
    // A fourth-row stone with a third-row stone nearby.
    {3, 1, {{{-1, -2}}}, 15, {{{-3, -1}, {-3, 0}, {-3, 1}, {-3, 2}, {-3, 3},
                              {-2, -2}, {-2, -1}, {-2, 0}, {-2, 1}, {-2, 2},
                              {-1, -1}, {-1, 0}, {-1, 1}, {0, -2}, {0, -1}}}},
    {3, 1, {{{-1, -1}}}, 10, {{{-3, 0}, {-3, 1}, {-3, 2}, {-3, 3}, {-2, 0}, {-2, 1}, {-2, 2},
                              {-1, 0}, {-1, 1}, {0, -1}}}},
    {3, 1, {{{-1, 0}}}, 13, {{{-3, 1}, {-3, 2}, {-3, 3}, {-3, 4}, {-3, 5},
                             {-2, 1}, {-2, 2}, {-2, 3}, {-2, 4},
                             {-1, 1}, {-1, 2}, {-1, 3}, {0, 1}}}},
    {3, 1, {{{-1, 1}}}, 13, {{{-3, -2}, {-3, -1}, {-3, 0}, {-3, 1}, {-3, 2},
                             {-2, -2}, {-2, -1}, {-2, 0}, {-2, 1},
                             {-1, -2}, {-1, -1}, {-1, 0}, {0, -1}}}},
    {3, 1, {{{-1, 2}}}, 10, {{{-3, 0}, {-3, 1}, {-3, 2}, {-3, 3}, {-2, 0}, {-2, 1}, {-2, 2},
                             {-1, 0}, {-1, 1}, {0, 1}}}},
    {3, 1, {{{-1, 3}}}, 15, {{{-3, 0}, {-3, 1}, {-3, 2}, {-3, 3}, {-3, 4},
                             {-2, 0}, {-2, 1}, {-2, 2}, {-2, 3}, {-2, 4},
                             {-1, 0}, {-1, 1}, {-1, 2}, {0, 1}, {0, 2}}}},
    {3, 1, {{{-1, 3}}}, 16, {{{-3, 2}, {-3, 3}, {-3, 4}, {-3, 5}, {-3, 6},
                             {-2, 1}, {-2, 2}, {-2, 3}, {-2, 4}, {-2, 5},
                             {-1, 0}, {-1, 1}, {-1, 2}, {-1, 4}, {0, 1}, {0, 2}}}},
}};

// Calls f(stone cells, carrier cells) for every placement of a template on
// an n x n board with its anchor on `anchor` (a cell) towards `edge` (0:
// the side's first edge, 1: its second) that lies on the board, in the
// table's order. `black`: the side (White's templates are transposed).
template <class F>
void for_each_edge_template_placement(int n, bool black, int anchor, int edge, F&& f) {
  const int row = black ? anchor / n : anchor % n, col = black ? anchor % n : anchor / n;
  const int depth = edge == 0 ? row : n - 1 - row;
  // (dr, dc) in the template's frame to a board cell, or -1 off the board.
  auto place = [&](const EdgeTemplate::Offset& o, bool mirrored) {
    int dr = o[0], dc = mirrored ? -o[1] - o[0] : o[1];
    if (edge == 1) dr = -dr, dc = -dc;
    const int r = row + dr, c = col + dc;
    if (r < 0 || c < 0 || r >= n || c >= n) return -1;
    return black ? r * n + c : c * n + r;
  };
  std::array<int, EdgeTemplate::kMostStones> stones{};
  std::array<int, EdgeTemplate::kMostCells> cells{};
  for (const EdgeTemplate& t : kEdgeTemplates) {
    if (t.depth != depth) continue;
    for (int mirrored = 0; mirrored < 2; ++mirrored) {
      bool on_board = true;
      for (int i = 0; i < t.stone_count && on_board; ++i)
        on_board = (stones[std::size_t(i)] = place(t.stones[std::size_t(i)], mirrored != 0)) >= 0;
      for (int i = 0; i < t.cell_count && on_board; ++i)
        on_board = (cells[std::size_t(i)] = place(t.carrier[std::size_t(i)], mirrored != 0)) >= 0;
      if (on_board)
        f(std::span<const int>(stones.data(), std::size_t(t.stone_count)),
          std::span<const int>(cells.data(), std::size_t(t.cell_count)));
    }
  }
}

// Calls f(carrier cells) for those placements where the template's stones
// are the side's (own(cell)) and its carrier is empty (empty(cell)).
template <class Own, class Empty, class F>
void for_each_edge_template(int n, bool black, int anchor, int edge, Own&& own, Empty&& empty, F&& f) {
  for_each_edge_template_placement(n, black, anchor, edge,
                                   [&](std::span<const int> stones, std::span<const int> carrier) {
                                     for (const int cell : stones)
                                       if (!own(cell)) return;
                                     for (const int cell : carrier)
                                       if (!empty(cell)) return;
                                     f(carrier);
                                   });
}

}  // namespace dfpn::games
