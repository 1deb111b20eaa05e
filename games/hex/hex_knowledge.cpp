#include "games/hex/hex_knowledge.h"
#include "games/hex/hex_connection_proof.h"
#include "games/hex/hex_resistance.h"

#include <algorithm>
#include <array>
#include <climits>
#include <span>
#include <tuple>
#include <utility>

#include <boost/container/static_vector.hpp>

namespace dfpn::games {
namespace {


// What lies next to a cell in ring direction k: a cell's colour, an edge
// (the colour of its owner), or for the two off-board corner neighbours
// that touch both kinds of edge, "empty" (the cautious reading).
std::uint8_t ring_value(const HexCells& cells, int size, int row, int col, int k) {
  const int r = row + kRingRows[std::size_t(k)], c = col + kRingCols[std::size_t(k)];
  const bool off_row = r < 0 || r >= size, off_col = c < 0 || c >= size;
  if (off_row && off_col) return kEmpty;
  if (off_row) return kBlack;
  if (off_col) return kWhite;
  return cells[std::size_t(r * size + c)];
}

// Whether a stone of colour `z` on the cell could connect anything for z:
// every two non-opponent neighbours must already be linked around the cell
// (consecutive, or joined by z stones in between), and they must form one
// arc (two arcs are joined only through the cell).
bool useless_for(const std::array<std::uint8_t, 6>& ring, std::uint8_t z) {
  const std::uint8_t opp = z == kBlack ? kWhite : kBlack;
  int non_opp = 0, arcs = 0;
  for (int k = 0; k < 6; ++k) {
    const bool here = ring[std::size_t(k)] != opp;
    non_opp += here;
    arcs += here && ring[std::size_t((k + 5) % 6)] == opp;
  }
  if (non_opp == 0) return true;
  if (arcs > 1) return false;
  // Linked going forward from i to j (exclusive interior all z)?
  auto linked_forward = [&](int i, int j) {
    for (int k = (i + 1) % 6; k != j; k = (k + 1) % 6)
      if (ring[std::size_t(k)] != z) return false;
    return true;
  };
  for (int i = 0; i < 6; ++i) {
    if (ring[std::size_t(i)] == opp) continue;
    for (int j = i + 1; j < 6; ++j) {
      if (ring[std::size_t(j)] == opp) continue;
      if (!linked_forward(i, j) && !linked_forward(j, i)) return false;
    }
  }
  return true;
}

// Dead: useless to both sides. Fill-in asks this of every empty cell again
// after each fill, so the answer for each of the 4^6 rings (two bits per
// neighbour) is worked out once.
bool is_dead(const HexCells& cells, int size, int cell) {
  // Per board size, each cell's ring: the neighbour's index, or -1 minus
  // ring_value's reading of what lies off the board there.
  using Ring = std::array<std::int16_t, 6>;
  static const std::array<std::vector<Ring>, HexGame::kMaxSize + 1> rings = [] {
    std::array<std::vector<Ring>, HexGame::kMaxSize + 1> table;
    for (int n = 1; n <= HexGame::kMaxSize; ++n) {
      const HexCells empty(std::size_t(n * n), kEmpty);
      for (int at = 0; at < n * n; ++at) {
        Ring ring{};
        for (int k = 0; k < 6; ++k) {
          const int r = at / n + kRingRows[std::size_t(k)], c = at % n + kRingCols[std::size_t(k)];
          const bool on_board = r >= 0 && r < n && c >= 0 && c < n;
          ring[std::size_t(k)] = std::int16_t(on_board ? r * n + c : -1 - ring_value(empty, n, at / n, at % n, k));
        }
        table[std::size_t(n)].push_back(ring);
      }
    }
    return table;
  }();
  static const std::array<bool, 1 << 12> dead_ring = [] {
    std::array<bool, 1 << 12> table{};
    for (unsigned code = 0; code < table.size(); ++code) {
      std::array<std::uint8_t, 6> ring{};
      for (unsigned k = 0; k < 6; ++k) ring[k] = std::uint8_t((code >> (2 * k)) & 3u);
      table[code] = useless_for(ring, kBlack) && useless_for(ring, kWhite);
    }
    return table;
  }();
  const Ring& ring = rings[std::size_t(size)][std::size_t(cell)];
  unsigned code = 0;
  for (unsigned k = 0; k < 6; ++k)
    code |= unsigned(ring[k] >= 0 ? cells[std::size_t(ring[k])] : -1 - ring[k]) << (2 * k);
  return dead_ring[code];
}

}  // namespace


CellSet dead_cells(const HexCells& cells, int size) {
  CellSet dead;
  for (int cell = 0; cell < size * size; ++cell)
    if (cells[std::size_t(cell)] == kEmpty && is_dead(cells, size, cell)) dead.insert(cell);
  return dead;
}

namespace {

// Whether the adjacent empty cells a and b are captured by colour z: an
// opponent stone on either would be dead once z holds the other.
bool captured_pair(HexCells& cells, int size, int a, int b, std::uint8_t z) {
  cells[std::size_t(b)] = z;
  const bool a_dies = is_dead(cells, size, a);
  cells[std::size_t(b)] = kEmpty;
  if (!a_dies) return false;
  cells[std::size_t(a)] = z;
  const bool b_dies = is_dead(cells, size, b);
  cells[std::size_t(a)] = kEmpty;
  return b_dies;
}

}  // namespace

CellSet captured_by_playing(HexCells& cells, int size, int cell, std::uint8_t colour) {
  CellSet out;
  const int r = cell / size, c = cell % size;
  cells[std::size_t(cell)] = colour;
  for (std::size_t k = 0; k < 6; ++k) {
    const std::size_t next = (k + 1) % 6;
    const int ar = r + kRingRows[k], ac = c + kRingCols[k], br = r + kRingRows[next], bc = c + kRingCols[next];
    if (ar < 0 || ar >= size || ac < 0 || ac >= size || br < 0 || br >= size || bc < 0 || bc >= size) continue;
    const int a = ar * size + ac, b = br * size + bc;
    if (cells[std::size_t(a)] != kEmpty || cells[std::size_t(b)] != kEmpty) continue;
    // Disjoint pairs only: each intrusion is answered in its own pair.
    if (out.contains(a) || out.contains(b)) continue;
    if (captured_pair(cells, size, a, b, colour)) out.insert(a), out.insert(b);
  }
  cells[std::size_t(cell)] = kEmpty;
  return out;
}

namespace {

// Fill-in's tests are local: whether a cell is dead depends only on its six
// neighbours, whether a pair is captured only on the two cells'. So a test
// that failed is made again only after a fill next to it. The passes keep a
// full rescan's index order and skip only tests whose answer cannot have
// changed, so the fill is the same.
class FillTodo {
 public:
  // Every test to make (a fresh board), or none yet.
  FillTodo(int size, bool all) : size_(size) {
    if (!all) return;
    for (int cell = 0; cell < size * size; ++cell) dead_.insert(cell), pairs_.insert(cell), pair_ks_[std::size_t(cell)] = 7;
  }
  // A fill on `cell`: its neighbours' dead tests, and the tests of the
  // pairs a neighbour belongs to, are to be made again.
  void filled(int cell) {
    const int r = cell / size_, c = cell % size_;
    for (std::size_t k = 0; k < 6; ++k) {
      const int nr = r + kRingRows[k], nc = c + kRingCols[k];
      if (nr < 0 || nr >= size_ || nc < 0 || nc >= size_) continue;
      const int x = nr * size_ + nc;
      dead_.insert(x);
      // Pairs are kept at their first cell (in index order); x is the
      // first of its pairs with later cells and the k-th later cell of
      // the cells before it.
      mark_pairs(x, 7);
      for (std::size_t j = 0; j < 3; ++j) {
        const int fr = nr - kLaterRows[j], fc = nc - kLaterCols[j];
        if (fr >= 0 && fr < size_ && fc >= 0 && fc < size_) mark_pairs(fr * size_ + fc, 1u << j);
      }
    }
  }
  int next_dead(int from) const { return dead_.next(from); }
  void dead_tested(int cell) { dead_.erase(cell); }
  int next_pair_start(int from) const { return pairs_.next(from); }
  // The pairs (a, a's k-th later cell) to test, as bits k; now tested.
  unsigned take_pairs(int a) {
    pairs_.erase(a);
    return std::exchange(pair_ks_[std::size_t(a)], 0u);
  }

  // The later neighbours in index order: (r, c+1), (r+1, c-1), (r+1, c).
  static constexpr std::array<int, 3> kLaterRows = {0, 1, 1}, kLaterCols = {1, -1, 0};

 private:
  void mark_pairs(int a, unsigned ks) {
    pair_ks_[std::size_t(a)] |= ks;
    pairs_.insert(a);
  }
  int size_;
  CellSet dead_, pairs_;
  std::array<std::uint8_t, HexGame::kMaxCells> pair_ks_{};
};

FillIn fill_in(HexCells& cells, int size, bool captured, unsigned sides, std::uint8_t dead_colour, FillTodo& todo) {
  FillIn out;
  auto fill = [&](int cell, std::uint8_t colour) {
    cells[std::size_t(cell)] = colour;
    todo.filled(cell);
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (int cell = todo.next_dead(0); cell >= 0; cell = todo.next_dead(cell + 1)) {
      todo.dead_tested(cell);
      if (cells[std::size_t(cell)] != kEmpty || !is_dead(cells, size, cell)) continue;
      fill(cell, dead_colour);  // either colour: it does not matter
      out.dead.insert(cell);
      changed = true;
    }
    if (!captured) continue;
    for (int a = todo.next_pair_start(0); a >= 0; a = todo.next_pair_start(a + 1)) {
      const unsigned ks = todo.take_pairs(a);
      const int r = a / size, c = a % size;
      for (std::size_t k = 0; k < 3 && cells[std::size_t(a)] == kEmpty; ++k) {
        if (!(ks >> k & 1u)) continue;
        const int nr = r + FillTodo::kLaterRows[k], nc = c + FillTodo::kLaterCols[k];
        if (nr >= size || nc < 0 || nc >= size) continue;
        const int b = nr * size + nc;
        if (cells[std::size_t(b)] != kEmpty) continue;
        for (int side = 0; side < 2; ++side) {
          if (!(sides >> side & 1u)) continue;
          const std::uint8_t z = side == 0 ? kBlack : kWhite;
          if (!captured_pair(cells, size, a, b, z)) continue;
          fill(a, z);
          fill(b, z);
          out.captured[side].insert(a);
          out.captured[side].insert(b);
          changed = true;
          break;
        }
      }
    }
  }
  return out;
}

}  // namespace

FillIn fill_in(HexCells& cells, int size, bool captured, unsigned sides, std::uint8_t dead_colour) {
  FillTodo todo(size, /*all=*/true);
  return fill_in(cells, size, captured, sides, dead_colour, todo);
}

FillIn fill_in_after(HexCells& cells, int size, int move, bool captured, unsigned sides, std::uint8_t dead_colour) {
  FillTodo todo(size, /*all=*/false);
  todo.filled(move);
  return fill_in(cells, size, captured, sides, dead_colour, todo);
}

CellSet shrink_proof_set(const HexCells& cells, int size, Player winner, const CellSet& set, bool captured) {
  // The winner wins the board where the loser holds every empty cell
  // outside `set`. Fill-in preserves that board's value, and what it fills
  // for the loser (dead cells in the loser's colour, the loser's captured
  // pairs) the loser may as well hold: those cells are not needed.
  const Player loser = opponent(winner);
  const std::uint8_t z = colour_of(loser);
  HexCells conceded = cells;
  for (int i = 0; i < size * size; ++i)
    if (conceded[std::size_t(i)] == kEmpty && !set.contains(i)) conceded[std::size_t(i)] = z;
  const FillIn f = fill_in(conceded, size, captured, loser == Player::Black ? 1u : 2u, z);
  return set - f.dead - f.captured[loser == Player::Black ? 0 : 1];
}


CellSet stones_in_play(const HexCells& cells, int n, Player side, const CellSet& set) {
  const Groups groups = find_groups(cells, n, side);
  std::vector<bool> in_play(std::size_t(groups.count), false);
  set.for_each([&](int cell) {
    const int r = cell / n, c = cell % n;
    for (int k = 0; k < 6; ++k) {
      const int nr = r + kRingRows[std::size_t(k)], nc = c + kRingCols[std::size_t(k)];
      if (nr < 0 || nc < 0 || nr >= n || nc >= n) continue;
      if (const int g = groups.of[std::size_t(nr * n + nc)]; g >= 0) in_play[std::size_t(g)] = true;
    }
  });
  // An edge's group is every stone joined to that edge: the chain either
  // leaves the edge through it (then it is next to the set) or not at all.
  CellSet out;
  for (int cell = 0; cell < n * n; ++cell)
    if (const int g = groups.of[std::size_t(cell)]; g >= 0 && in_play[std::size_t(g)]) out.insert(cell);
  return out;
}


int two_distance_potential(const HexCells& cells, int n, Player side) {
  // Per-thread buffers: df-pn+ asks this for every fresh leaf. (after(-1)
  // never calls back here.)
  thread_local TwoDistanceAfter board;
  board.reset(cells, n, side);
  return board.after(-1);
}

void TwoDistanceAfter::reset(const HexCells& cells, int n, Player side) {
  cells_ = &cells;
  n_ = n;
  side_ = side;
  groups_ = find_groups(cells, n, side);
  const std::uint8_t z = colour_of(side);
  const std::size_t count = std::size_t(n * n);
  direct_.resize(count);
  via_.resize(count);
  direct_count_.assign(count, 0);
  via_count_.assign(count, 0);
  touches_edge_.assign(count, {false, false});
  group_first_.assign(std::size_t(groups_.count) + 1, 0);
  for (int cell = 0; cell < n * n; ++cell) {
    if (cells[std::size_t(cell)] != kEmpty) continue;
    const int r = cell / n, c = cell % n;
    for (int k = 0; k < 6; ++k) {
      const int nr = r + kRingRows[std::size_t(k)], nc = c + kRingCols[std::size_t(k)];
      const bool off_row = nr < 0 || nr >= n, off_col = nc < 0 || nc >= n;
      if (off_row || off_col) {
        if (off_row && off_col) continue;
        if (side == Player::Black && off_row) touches_edge_[std::size_t(cell)][nr < 0 ? 0 : 1] = true;
        if (side == Player::White && off_col) touches_edge_[std::size_t(cell)][nc < 0 ? 0 : 1] = true;
        continue;
      }
      const int other = nr * n + nc;
      if (cells[std::size_t(other)] == kEmpty) {
        direct_[std::size_t(cell)][direct_count_[std::size_t(cell)]++] = other;
      } else if (cells[std::size_t(other)] == z) {
        const int g = groups_.of[std::size_t(other)];
        auto& via = via_[std::size_t(cell)];
        std::uint8_t& seen = via_count_[std::size_t(cell)];
        if (std::find(via.begin(), via.begin() + seen, g) != via.begin() + seen) continue;
        via[seen++] = g;
        ++group_first_[std::size_t(g) + 1];
        if (g == groups_.first_edge) touches_edge_[std::size_t(cell)][0] = true;
        if (g == groups_.second_edge) touches_edge_[std::size_t(cell)][1] = true;
      }
    }
  }
  for (int g = 0; g < groups_.count; ++g) group_first_[std::size_t(g) + 1] += group_first_[std::size_t(g)];
  group_cells_.resize(std::size_t(group_first_.back()));
  fill_.assign(group_first_.begin(), group_first_.end() - 1);  // each group's next free place
  for (int cell = 0; cell < n * n; ++cell)  // in cell order: each group's list comes out sorted
    for (int i = 0; i < via_count_[std::size_t(cell)]; ++i)
      group_cells_[std::size_t(fill_[std::size_t(via_[std::size_t(cell)][std::size_t(i)])]++)] = cell;
}

// The stone on `c` joins the groups next to it into one, M, which is the
// edge's group if c lies on an edge row or joins the edge's group; then
// every group of that edge is M too (find_groups gives all of them the
// edge's id). M's empty neighbours are c's and those of the groups it
// joins; a cell next to any of them counts M once. Every other group keeps
// its neighbours, less c. A move that joins both edges (the edge groups'
// ids then depend on find_groups' scan order) is worked out from scratch.
int TwoDistanceAfter::after(int c) const {
  const int n = n_, count = n * n;
  const bool black = side_ == Player::Black;
  const int line = c < 0 ? -1 : black ? c / n : c % n;  // the row (column for White) across the side's edges
  struct Scratch {
    std::vector<std::uint8_t> joined;  // per group: part of M
    std::vector<std::uint8_t> in_m;    // per cell: an empty neighbour of M
    std::vector<int> m_cells, d[2], settled_neighbours, queue;
  };
  thread_local Scratch s;
  s.joined.assign(std::size_t(groups_.count), 0);
  bool touches[2] = {line == 0, line == n - 1};
  for (int i = 0; c >= 0 && i < via_count_[std::size_t(c)]; ++i) {
    const int g = via_[std::size_t(c)][std::size_t(i)];
    s.joined[std::size_t(g)] = 1;
    if (g == groups_.first_edge) touches[0] = true;
    if (g == groups_.second_edge) touches[1] = true;
  }
  if (touches[0] && touches[1]) {
    HexCells played = *cells_;
    played[std::size_t(c)] = colour_of(side_);
    return two_distance_potential(played, n, side_);
  }
  const int m_edge = touches[0] ? 0 : touches[1] ? 1 : -1;
  if (m_edge >= 0) s.joined[std::size_t(m_edge == 0 ? groups_.first_edge : groups_.second_edge)] = 1;
  s.in_m.assign(std::size_t(count), 0);
  s.m_cells.clear();
  auto add_to_m = [&](int cell) {
    if (cell == c || s.in_m[std::size_t(cell)]) return;
    s.in_m[std::size_t(cell)] = 1;
    s.m_cells.push_back(cell);
  };
  for (int i = 0; c >= 0 && i < direct_count_[std::size_t(c)]; ++i) add_to_m(direct_[std::size_t(c)][std::size_t(i)]);
  for (int g = 0; g < groups_.count; ++g)
    if (s.joined[std::size_t(g)])
      for (int k = group_first_[std::size_t(g)]; k < group_first_[std::size_t(g) + 1]; ++k)
        add_to_m(group_cells_[std::size_t(k)]);

  constexpr int kFar = 1 << 20;
  auto distances = [&](int edge, std::vector<int>& d) {
    d.assign(std::size_t(count), kFar);
    s.settled_neighbours.assign(std::size_t(count), 0);
    s.queue.clear();
    for (int cell = 0; cell < count; ++cell) {
      if ((*cells_)[std::size_t(cell)] != kEmpty || cell == c) continue;
      // (Next to a joined edge group is next to M, which is then that edge's.)
      if (touches_edge_[std::size_t(cell)][std::size_t(edge)] || (s.in_m[std::size_t(cell)] && m_edge == edge))
        d[std::size_t(cell)] = 1, s.queue.push_back(cell);
    }
    for (std::size_t head = 0; head < s.queue.size(); ++head) {
      const int cell = s.queue[head];
      auto reach = [&](int o) {
        if (o == c || d[std::size_t(o)] != kFar) return;
        if (++s.settled_neighbours[std::size_t(o)] == 2) {
          d[std::size_t(o)] = d[std::size_t(cell)] + 1;
          s.queue.push_back(o);
        }
      };
      for (int i = 0; i < direct_count_[std::size_t(cell)]; ++i) reach(direct_[std::size_t(cell)][std::size_t(i)]);
      for (int i = 0; i < via_count_[std::size_t(cell)]; ++i) {
        const int g = via_[std::size_t(cell)][std::size_t(i)];
        if (s.joined[std::size_t(g)]) continue;  // M, below
        for (int k = group_first_[std::size_t(g)]; k < group_first_[std::size_t(g) + 1]; ++k)
          if (const int o = group_cells_[std::size_t(k)]; o != cell) reach(o);
      }
      if (s.in_m[std::size_t(cell)])
        for (const int o : s.m_cells)
          if (o != cell) reach(o);
    }
  };
  distances(0, s.d[0]);
  distances(1, s.d[1]);
  int best = kFar;
  for (int cell = 0; cell < count; ++cell)
    if ((*cells_)[std::size_t(cell)] == kEmpty && cell != c)
      best = std::min(best, s.d[0][std::size_t(cell)] + s.d[1][std::size_t(cell)]);
  return std::min(best, kFar);
}

namespace {

// Drops every candidate d that some kept candidate c dominates: after the
// mover plays c, d is dead or captured for the mover (only the mover's
// fill-in counts: the opponent's would add opponent stones, and the
// comparison with playing d rests on the mover having more stones). A
// dropped move never drops others, so each dropped move is dominated by a
// kept one (domination is transitive). `cells` is the position after its
// fill-in, a fixpoint of it, so after c only c's neighbourhood is tested.
void drop_dominated(const HexCells& cells, int n, Player mover, const HexKnowledge& knobs, HexAnalysis& out) {
  const std::uint8_t z = colour_of(mover);
  const unsigned side = mover == Player::Black ? 1u : 2u;
  CellSet dropped;
  HexCells after;
  out.moves.for_each([&](int c) {
    if (dropped.contains(c)) return;
    after = cells;
    after[std::size_t(c)] = z;
    const FillIn f = fill_in_after(after, n, c, knobs.captured_cells, side, z);
    CellSet dominated = f.all() & out.moves;
    dominated.erase(c);
    dominated -= dropped;
    dominated.for_each([&](int d) { out.dominators.emplace_back(std::uint16_t(d), std::uint16_t(c)); });
    dropped |= dominated;
  });
  out.dominated = dropped.size();
  out.moves -= dropped;
}

// Drops every candidate c that is vulnerable for the mover: some empty
// neighbour k (the killer) such that after the mover's stone on c and the
// opponent's on k, c is dead. Playing c then gains nothing the opponent's
// reply does not take back: if c wins, the mover also wins the position
// with the opponent holding c and k, and any move winning there wins here,
// with fewer stones against it. Followed down, a winning move that is not
// vulnerable exists, or every move wins (docs/design.md, *Vulnerable
// cells*), so at least one candidate must stay: when all are vulnerable,
// none is dropped.
void drop_vulnerable(HexCells& cells, int n, Player mover, HexAnalysis& out) {
  const std::uint8_t z = colour_of(mover), opp = colour_of(opponent(mover));
  CellSet vulnerable;
  std::vector<std::pair<std::uint16_t, std::uint16_t>> killers;
  out.moves.for_each([&](int c) {
    const int r = c / n, col = c % n;
    cells[std::size_t(c)] = z;
    for (int k = 0; k < 6; ++k) {
      const int kr = r + kRingRows[std::size_t(k)], kc = col + kRingCols[std::size_t(k)];
      if (kr < 0 || kc < 0 || kr >= n || kc >= n) continue;
      const int killer = kr * n + kc;
      if (cells[std::size_t(killer)] != kEmpty) continue;
      cells[std::size_t(killer)] = opp;
      const bool dies = is_dead(cells, n, c);
      cells[std::size_t(killer)] = kEmpty;
      if (dies) {
        vulnerable.insert(c);
        killers.emplace_back(std::uint16_t(c), std::uint16_t(killer));
        break;
      }
    }
    cells[std::size_t(c)] = kEmpty;
  });
  if (vulnerable.empty() || (out.moves - vulnerable).empty()) return;
  out.moves -= vulnerable;
  out.vulnerable = vulnerable;
  out.killers = std::move(killers);
}

}  // namespace

namespace {

// A half turn maps cell i to n*n-1-i and keeps each side's edges. On a
// position it maps onto itself, m and its image have equal values.
void drop_symmetric(const HexGame& game, HexAnalysis& out) {
  const int last = game.size() * game.size() - 1;
  for (int i = 0; i < last - i; ++i)
    if (game.stone(HexGame::Move(i)) != game.stone(HexGame::Move(last - i))) return;
  CellSet kept = out.moves;
  out.moves.for_each([&](int cell) {
    if (last - cell < cell && kept.contains(last - cell)) {
      kept.erase(cell);
      out.mirrored.insert(cell);
      ++out.symmetric;
    }
  });
  out.moves = kept;
}

// Strategy stealing: a position that a colour-swapping reflection maps
// onto itself is won by the side to move, and so is one where the side to
// move has extra stones beyond such a position (docs/design.md, "Strategy
// stealing"). So a move m loses when the mover's stones with m are the
// image of some of the opponent's. Both reflections that swap the sides'
// edges keep Hex adjacency: the transpose, (r, c) -> (c, r), and the
// anti-transpose, (r, c) -> (n-1-c, n-1-r). The stones are the rules'
// (fill-in is not part of the position). A losing move is dropped unless
// it is the last one left.
void drop_self_mirroring(const HexGame& game, HexAnalysis& out) {
  const int n = game.size();
  const Player mover = game.to_move();
  CellSet mine, theirs;
  for (int cell = 0; cell < n * n; ++cell)
    if (const auto stone = game.stone(HexGame::Move(cell))) (*stone == mover ? mine : theirs).insert(cell);
  if (mine.size() >= theirs.size()) return;
  for (const bool anti : {false, true}) {
    auto image = [&](const CellSet& cells) {  // both maps are their own inverses
      CellSet out_cells;
      cells.for_each([&](int cell) {
        const int r = cell / n, c = cell % n;
        out_cells.insert(anti ? (n - 1 - c) * n + (n - 1 - r) : c * n + r);
      });
      return out_cells;
    };
    if (!image(mine).subset_of(theirs)) continue;
    (image(theirs) & out.moves).for_each([&](int move) {
      if (out.moves.size() == 1) return;
      out.moves.erase(move);
      out.stolen.insert(move);
    });
  }
}

// The union of some of the semis' carriers whose intersection is `meet`
// (the intersection of them all): the smallest carrier, then greedily the
// one that leaves the fewest cells of the running intersection.
CellSet union_of_semis_meeting_in(const std::vector<std::pair<int, CellSet>>& semis, const CellSet& meet) {
  auto by_size = [](const auto& a, const auto& b) { return a.second.size() < b.second.size(); };
  CellSet common = std::min_element(semis.begin(), semis.end(), by_size)->second;
  CellSet all = common;
  while (common != meet) {
    const CellSet* best = nullptr;
    int best_left = INT_MAX;
    for (const auto& [key, carrier] : semis) {
      const int left = (common & carrier).size();
      if (left < best_left || (left == best_left && carrier.size() < best->size())) best = &carrier, best_left = left;
    }
    if (best_left == common.size()) break;  // cannot happen when `meet` is their intersection
    common &= *best;
    all |= *best;
  }
  return all;
}

CellSet smallest(const std::vector<CellSet>& carriers) {
  return *std::min_element(carriers.begin(), carriers.end(),
                           [](const CellSet& a, const CellSet& b) { return a.size() < b.size(); });
}
}  // namespace

HexAnalysis analyse(const HexGame& game, const HexKnowledge& knobs) {
  HexAnalysis out;
  const int n = game.size();
  HexCells cells = cells_of(game);
  const HexCells stones = cells;  // before fill-in
  const Player mover = game.to_move(), other = opponent(mover);
  if (const auto w = game.winner()) {
    out.winner = w;  // connected by stones: the proof set is empty
    return out;
  }
  // Fill in dead and captured cells until nothing changes (each fill can
  // kill or capture neighbours).
  if (knobs.dead_cells) {
    const FillIn filled_in = fill_in(cells, n, knobs.captured_cells);
    out.dead = filled_in.dead;
    out.captured[0] = filled_in.captured[0];
    out.captured[1] = filled_in.captured[1];
  }
  // A decision's proof set: the connection's carrier, the winner's
  // captured cells and the dead ones. Dead and captured cells stay so when
  // stones are added (a dead cell's colour decides no completion of the
  // board), so the same fill-in is valid when the loser holds every other
  // empty cell, and the connection (which needs only its carrier) stands.
  auto decide = [&](Player winner, const CellSet& carrier) {
    out.winner = winner;
    out.winning_carrier = carrier;
    out.proof_set = carrier | out.dead | out.captured[winner == Player::Black ? 0 : 1];
    if (knobs.refutation && knobs.shrink_proofs && knobs.dead_cells)
      out.proof_set = shrink_proof_set(stones, n, winner, out.proof_set, knobs.captured_cells);
  };
  if (!out.dead.empty() || !out.captured[0].empty() || !out.captured[1].empty()) {
    HexGame filled_game(n);
    for (int i = 0; i < n * n; ++i)
      if (cells[std::size_t(i)] != kEmpty) filled_game.place(static_cast<HexGame::Move>(i), cells[std::size_t(i)] == kBlack ? Player::Black : Player::White);
    if (const auto w = filled_game.winner()) {
      decide(*w, {});
      return out;
    }
  }
  CellSet empties;
  for (int i = 0; i < n * n; ++i)
    if (cells[std::size_t(i)] == kEmpty) empties.insert(i);
  out.moves = empties;

  // Full connections as extra wires of the circuits (circuit ordering).
  std::array<std::vector<std::array<int, 2>>, 2> links_of;  // Black [0], White [1]
  const bool links = knobs.ordering && knobs.order_by == HexKnowledge::Order::Circuit;
  const bool threats_first = knobs.ordering && knobs.threats_first;
  if (knobs.virtual_connections) {
    // Captured sets in H-search near the root only (HexKnowledge::captured_and_stones).
    const int occupied = int(std::count_if(cells.begin(), cells.end(), [](std::uint8_t c) { return c != kEmpty; }));
    HexKnowledge h_knobs = knobs;
    h_knobs.captured_and = knobs.captured_and || (knobs.captured_and_stones > 0 && occupied <= knobs.captured_and_stones);
    VirtualConnections mine = h_search(cells, n, mover, h_knobs, links, threats_first);
    if (!mine.edge_fulls.empty() || !mine.edge_semis.empty()) {
      // The smallest carrier: a rules proof of the win needs its cells.
      if (!mine.edge_fulls.empty()) {
        decide(mover, smallest(mine.edge_fulls));
      } else {
        const auto& [key, carrier] = *std::min_element(
            mine.edge_semis.begin(), mine.edge_semis.end(),
            [](const auto& a, const auto& b) { return a.second.size() < b.second.size(); });
        decide(mover, carrier);
        out.winning_key = key;
      }
      return out;
    }
    VirtualConnections theirs = h_search(cells, n, other, h_knobs, links);
    if (!theirs.edge_fulls.empty()) {
      decide(other, smallest(theirs.edge_fulls));
      return out;
    }
    out.mover_threats = mine.threat_moves;
    links_of[mover == Player::Black ? 0 : 1] = std::move(mine.full_links);
    links_of[mover == Player::Black ? 1 : 0] = std::move(theirs.full_links);
    if (knobs.must_play && !theirs.edge_semis.empty()) {
      CellSet must = empties;
      for (const auto& [key, carrier] : theirs.edge_semis) must &= carrier;
      // A few semis that already cut the mover down to `must` are reason
      // enough; the fewer cells they cover, the smaller the proof sets
      // built on them (and the more siblings those refute).
      const CellSet reason = union_of_semis_meeting_in(theirs.edge_semis, must);
      if (must.empty()) {
        // Whatever the mover plays misses some semi; its key then wins.
        decide(other, reason);
        return out;
      }
      out.moves = must;
      out.threats = reason;
      for (const auto& [key, carrier] : theirs.edge_semis)
        if (out.threat.empty() || carrier.size() < out.threat.size()) out.threat = carrier;
    }
  }

  if (knobs.dead_cells && knobs.vulnerable) drop_vulnerable(cells, n, mover, out);
  if (knobs.dead_cells && knobs.domination) drop_dominated(cells, n, mover, knobs, out);
  if (knobs.symmetry) drop_symmetric(game, out);
  if (knobs.strategy_stealing) drop_self_mirroring(game, out);

  if (knobs.ordering && out.moves.size() == 1) {
    // Nothing to order: skip the circuits (docs/benchmarks.md, "no
    // circuits where one move is left").
    out.moves.for_each([&](int cell) { out.order.push_back(static_cast<std::uint16_t>(cell)); });
  } else if (knobs.ordering && knobs.order_by == HexKnowledge::Order::Circuit) {
    const CircuitEvaluation circuit = evaluate_circuit(cells, n, links_of);
    std::vector<std::pair<double, std::uint16_t>> scored;
    out.moves.for_each([&](int cell) { scored.emplace_back(-circuit.flow_sum(cell), static_cast<std::uint16_t>(cell)); });
    std::stable_sort(scored.begin(), scored.end());
    for (const auto& [score, cell] : scored) out.order.push_back(cell);
  } else if (knobs.ordering) {
    // A cell matters to both sides when both sides' potentials improve most
    // by taking it: score each move by the potentials after playing it.
    // Potentials are small integers, so many moves tie (on an open board
    // whole diagonals do); ties go to the cell nearer the centre, which
    // serves both of a side's edges, rather than to the cell index.
    auto from_centre = [n](int cell) {
      const int dr = 2 * (cell / n) - (n - 1), dc = 2 * (cell % n) - (n - 1);  // doubled offsets
      return std::abs(dr) + std::abs(dc) + std::abs(dr + dc);  // hex distance, times 4
    };
    std::vector<std::tuple<int, int, std::uint16_t>> scored;
    const TwoDistanceAfter mine(cells, n, mover), theirs(cells, n, other);
    out.moves.for_each([&](int cell) {
      scored.emplace_back(mine.after(cell) + theirs.after(cell), from_centre(cell), static_cast<std::uint16_t>(cell));
    });
    std::stable_sort(scored.begin(), scored.end());
    for (const auto& [score, centre, cell] : scored) out.order.push_back(cell);
  }
  // Threats first: a move after which the mover has an edge semi leaves
  // the opponent only its must-play, so its subtree is small.
  if (threats_first && !out.mover_threats.empty())
    std::stable_partition(out.order.begin(), out.order.end(),
                          [&](std::uint16_t cell) { return out.mover_threats.contains(cell); });
  return out;
}

}  // namespace dfpn::games
