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

// Neighbours in cyclic order around a cell: each is adjacent to the next.
constexpr std::array<int, 6> kRingRows = {-1, -1, 0, 1, 1, 0};
constexpr std::array<int, 6> kRingCols = {0, 1, 1, 0, -1, -1};

constexpr std::uint8_t kEmpty = 0, kBlack = 1, kWhite = 2;
std::uint8_t colour_of(Player p) { return p == Player::Black ? kBlack : kWhite; }

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

// Dead: useless to both sides.
bool is_dead(const HexCells& cells, int size, int cell) {
  const int r = cell / size, c = cell % size;
  std::array<std::uint8_t, 6> ring{};
  for (int k = 0; k < 6; ++k) ring[std::size_t(k)] = ring_value(cells, size, r, c, k);
  return useless_for(ring, kBlack) && useless_for(ring, kWhite);
}

}  // namespace

HexCells cells_of(const HexGame& game) {
  const int n = game.size();
  HexCells cells(std::size_t(n * n), kEmpty);
  for (int i = 0; i < n * n; ++i)
    if (const auto s = game.stone(static_cast<HexGame::Move>(i))) cells[std::size_t(i)] = colour_of(*s);
  return cells;
}

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

FillIn fill_in(HexCells& cells, int size, bool captured, unsigned sides, std::uint8_t dead_colour) {
  FillIn out;
  const int count = size * size;
  for (bool changed = true; changed;) {
    changed = false;
    for (int cell = 0; cell < count; ++cell) {
      if (cells[std::size_t(cell)] != kEmpty || !is_dead(cells, size, cell)) continue;
      cells[std::size_t(cell)] = dead_colour;  // either colour: it does not matter
      out.dead.insert(cell);
      changed = true;
    }
    if (!captured) continue;
    for (int a = 0; a < count; ++a) {
      if (cells[std::size_t(a)] != kEmpty) continue;
      const int r = a / size, c = a % size;
      // Each unordered adjacent pair once: the neighbours after a in index order.
      constexpr std::array<int, 3> kRows = {0, 1, 1}, kCols = {1, -1, 0};
      for (std::size_t k = 0; k < 3 && cells[std::size_t(a)] == kEmpty; ++k) {
        const int nr = r + kRows[k], nc = c + kCols[k];
        if (nr >= size || nc < 0 || nc >= size) continue;
        const int b = nr * size + nc;
        if (cells[std::size_t(b)] != kEmpty) continue;
        for (int side = 0; side < 2; ++side) {
          if (!(sides >> side & 1u)) continue;
          const std::uint8_t z = side == 0 ? kBlack : kWhite;
          if (!captured_pair(cells, size, a, b, z)) continue;
          cells[std::size_t(a)] = cells[std::size_t(b)] = z;
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

namespace {

// The side's stones in groups; its two edges are groups too (first and
// second edge), and stones touching an edge belong to that edge's group.
struct Groups {
  std::vector<int> of;  // per cell: group id or -1
  int count = 0;
  int first_edge = 0, second_edge = 1;
};

Groups find_groups(const HexCells& cells, int n, Player side) {
  const std::uint8_t z = colour_of(side);
  Groups g;
  g.of.assign(std::size_t(n * n), -1);
  g.count = 2;
  std::vector<int> stack;
  auto flood = [&](int start, int id) {
    g.of[std::size_t(start)] = id;
    stack.push_back(start);
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      const int r = cell / n, c = cell % n;
      for (int k = 0; k < 6; ++k) {
        const int nr = r + kRingRows[std::size_t(k)], nc = c + kRingCols[std::size_t(k)];
        if (nr < 0 || nc < 0 || nr >= n || nc >= n) continue;
        const int next = nr * n + nc;
        if (cells[std::size_t(next)] == z && g.of[std::size_t(next)] < 0) g.of[std::size_t(next)] = id, stack.push_back(next);
      }
    }
  };
  for (int i = 0; i < n; ++i) {
    const int first = side == Player::Black ? i : i * n;                   // row 1 / column a
    const int second = side == Player::Black ? (n - 1) * n + i : i * n + n - 1;
    if (cells[std::size_t(first)] == z && g.of[std::size_t(first)] < 0) flood(first, g.first_edge);
    if (cells[std::size_t(second)] == z && g.of[std::size_t(second)] < 0) flood(second, g.second_edge);
  }
  for (int cell = 0; cell < n * n; ++cell)
    if (cells[std::size_t(cell)] == z && g.of[std::size_t(cell)] < 0) flood(cell, g.count++);
  return g;
}

}  // namespace

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

namespace {

// H-search over nodes: empty cells (id = cell) and groups (id = n² + group).
// Connections are kept per pair (bounded, so lookups are short) and per
// node (the fulls, which the AND rule walks). The buffers are reused across
// calls on a thread: a search runs this for every position it expands.
template <class Set>
class HSearch {
 public:
  static constexpr int kMaxFulls = HexKnowledge::kMostFullsPerPair, kMaxSemis = HexKnowledge::kMostSemisPerPair;

  HSearch(const HexCells& cells, int n, Player side, const HexKnowledge& knobs, bool record = false)
      : cells_(cells), n_(n), knobs_(knobs), groups_(find_groups(cells, n, side)), black_(side == Player::Black),
        record_(record),
        max_fulls_(std::clamp(knobs.max_fulls_per_pair, 1, kMaxFulls)),
        max_semis_(std::clamp(knobs.max_semis_per_pair, 1, kMaxSemis)),
        max_edge_fulls_(std::clamp(knobs.max_edge_fulls_per_pair, 1, kMaxFulls)),
        max_edge_semis_(std::clamp(knobs.max_edge_semis_per_pair, 1, kMaxSemis)), s_(scratch()) {
    node_count_ = n * n + groups_.count;
    s_.fulls_of.resize(std::size_t(node_count_));
    for (auto& list : s_.fulls_of) list.clear();
    s_.semis_of.resize(std::size_t(node_count_));
    for (auto& list : s_.semis_of) list.clear();
    s_.pair_slot.assign(std::size_t(node_count_ * node_count_), -1);
    s_.pairs.clear();
    s_.queue.clear();
    s_.derivations.clear();
    s_.parent_ids.clear();
    s_.pair_ids.clear();
    s_.edge_semis.clear();
    edge_meet_ = Set::all_below(n * n);
    first_edge_ = group_node(groups_.first_edge);
    second_edge_ = group_node(groups_.second_edge);
  }

  // When the edges are connected (for certificates, which need just one
  // connection): never, by a full, or by a full or a semi.
  enum class StopAt { Never, EdgeFull, EdgeSemi };

  VirtualConnections run(bool links, StopAt stop = StopAt::Never, bool threats = false) {
    add_adjacencies();
    if (knobs_.edge_templates) add_edge_templates();
    auto edges_connected = [&] {
      const Pair* pair = find_pair(first_edge_, second_edge_);
      return pair && (pair->fulls > 0 || (stop == StopAt::EdgeSemi && pair->semis > 0));
    };
    for (std::size_t next = 0; next < s_.queue.size() && built_ < knobs_.max_connections; ++next) {
      if (stop != StopAt::Never && edges_connected()) break;
      const Pending p = s_.queue[next];
      if (p.key < 0) {
        and_rule(p.a, p.b, p.carrier, p.id);
        and_rule(p.b, p.a, p.carrier, p.id);
        semis_through_group(p.a, p.b, p.carrier, p.id, s_.semis_of, -1);
        semis_through_group(p.b, p.a, p.carrier, p.id, s_.semis_of, -1);
      } else {
        semis_through_group(p.a, p.b, p.carrier, p.id, s_.fulls_of, p.key);
        semis_through_group(p.b, p.a, p.carrier, p.id, s_.fulls_of, p.key);
      }
    }
    VirtualConnections out;
    out.connections = built_;
    if (const Pair* pair = find_pair(first_edge_, second_edge_)) {
      for (int i = 0; i < pair->fulls; ++i) out.edge_fulls.push_back(CellSet(pair->full[std::size_t(i)]));
      for (int i = 0; i < pair->semis; ++i)
        out.edge_semis.emplace_back(pair->semi_key[std::size_t(i)], CellSet(pair->semi[std::size_t(i)]));
    }
    // Then the ones kept apart (keep_edge_semi) that the list no longer holds.
    const std::size_t listed = out.edge_semis.size();
    for (const EdgeSemi& e : s_.edge_semis) {
      const CellSet carrier(e.carrier);
      if (std::none_of(out.edge_semis.begin(), out.edge_semis.begin() + std::ptrdiff_t(listed),
                       [&](const auto& semi) { return semi.second == carrier; }))
        out.edge_semis.emplace_back(e.key, carrier);
    }
    if (links) out.full_links = full_links();
    if (threats) out.threat_moves = threat_moves();
    return out;
  }

 private:
  // A node's connections of one kind seen from that node, as parallel
  // arrays: the AND rule scans the carriers of every full at a node for each
  // new full there (a few hundred thousand per analysis on 7x7), and
  // rejects nearly nine in ten on the carrier alone.
  struct Halves {
    std::vector<Set> carrier;
    std::vector<int> other;
    std::vector<int> key;  // a semi's key (unused for fulls)
    std::vector<int> id;   // its derivation (when recording)
    std::size_t size() const { return other.size(); }
    void clear() {
      carrier.clear();
      other.clear();
      key.clear();
      id.clear();
    }
    void push(int other_end, int semi_key, const Set& c, int derivation) {
      carrier.push_back(c);
      other.push_back(other_end);
      key.push_back(semi_key);
      if (derivation >= 0) id.push_back(derivation);  // recording: every entry has one
    }
  };
  struct Pair {
    int fulls = 0, semis = 0;
    // The slot of each list's widest carrier once the list is full (see
    // admit): it turns away every newcomer at least that wide without a
    // walk, which on crowded 8x8 boards is most of them.
    std::int8_t widest_full = 0, widest_semi = 0;
    std::array<Set, kMaxFulls> full;
    std::array<Set, kMaxSemis> semi;
    std::array<int, kMaxSemis> semi_key;
  };
  // A pair's derivations, slot by slot (recording only; kept apart so the
  // pairs stay compact when not recording).
  struct PairIds {
    std::array<int, kMaxFulls> full;
    std::array<int, kMaxSemis> semi;
  };
  struct Pending {  // a new full (key < 0) or semi connection
    int a, b, key, id;
    Set carrier;
  };
  // How a connection was built (recorded only for certificates).
  struct Derivation {
    int a, b, key;
    ConnectionRule rule;
    int first_parent, parents;  // a range of Scratch::parent_ids
    Set carrier;
  };
  struct EdgeSemi {
    int key, id;
    Set carrier;
  };
  struct Scratch {
    std::vector<Halves> fulls_of;
    std::vector<Halves> semis_of;  // only at groups (AND through a stone)
    std::vector<int> pair_slot;
    std::vector<Pair> pairs;
    std::vector<Pending> queue;
    std::vector<Derivation> derivations;
    std::vector<int> parent_ids;
    std::vector<PairIds> pair_ids;
    // Edge-to-edge semis kept apart from the bounded pair list: each one
    // that shrank the common part of all edge semis when it was built.
    std::vector<EdgeSemi> edge_semis;
  };
  static Scratch& scratch() {
    thread_local Scratch s;
    return s;
  }

  public:
  // After run() with recording: the steps that build the smallest edge-to-
  // edge full (or, with `semi_ok` and no full, the smallest semi).
  std::optional<ConnectionCertificate> certificate(Player side, bool semi_ok) const {
    const int slot = s_.pair_slot[std::size_t(index(first_edge_, second_edge_))];
    if (slot < 0 || !record_) return std::nullopt;
    const Pair& pair = s_.pairs[std::size_t(slot)];
    int best = -1;
    auto consider = [&](int id) {
      if (best < 0 || s_.derivations[std::size_t(id)].carrier.size() < s_.derivations[std::size_t(best)].carrier.size())
        best = id;
    };
    const PairIds& ids = s_.pair_ids[std::size_t(slot)];
    for (int i = 0; i < pair.fulls; ++i) consider(ids.full[std::size_t(i)]);
    if (best < 0 && semi_ok)
      for (int i = 0; i < pair.semis; ++i) consider(ids.semi[std::size_t(i)]);
    if (best < 0) return std::nullopt;
    return certificate_of(best, side);
  }

  // After run() with recording: every edge-to-edge semi connection, as
  // (carrier, derivation id for certificate_of()).
  std::vector<std::pair<CellSet, int>> edge_semis() const {
    std::vector<std::pair<CellSet, int>> out;
    const int slot = s_.pair_slot[std::size_t(index(first_edge_, second_edge_))];
    if (slot < 0 || !record_) return out;
    const Pair& pair = s_.pairs[std::size_t(slot)];
    for (int i = 0; i < pair.semis; ++i) {
      const int id = s_.pair_ids[std::size_t(slot)].semi[std::size_t(i)];
      out.emplace_back(CellSet(s_.derivations[std::size_t(id)].carrier), id);
    }
    for (const EdgeSemi& e : s_.edge_semis) out.emplace_back(CellSet(e.carrier), e.id);
    return out;
  }

  // The steps that build derivation `id`: a post-order over the derivation
  // DAG, parts before what they build.
  ConnectionCertificate certificate_of(int id_wanted, Player side) const {
    const std::vector<int> ends = node_ends();
    auto end_of = [&](int node) { return node < n_ * n_ ? node : ends[std::size_t(node)]; };
    ConnectionCertificate out;
    out.side = side;
    std::vector<int> step_of(s_.derivations.size(), -1);
    std::vector<std::pair<int, bool>> stack = {{id_wanted, false}};
    while (!stack.empty()) {
      const auto [id, expanded] = stack.back();
      stack.pop_back();
      if (step_of[std::size_t(id)] >= 0) continue;
      const Derivation& d = s_.derivations[std::size_t(id)];
      if (!expanded) {
        stack.push_back({id, true});
        for (int k = 0; k < d.parents; ++k) stack.push_back({s_.parent_ids[std::size_t(d.first_parent + k)], false});
        continue;
      }
      ConnectionStep step;
      step.rule = d.rule;
      step.a = end_of(d.a);
      step.b = end_of(d.b);
      step.key = d.key;
      step.carrier = CellSet(d.carrier);
      for (int k = 0; k < d.parents; ++k) step.parents.push_back(step_of[std::size_t(s_.parent_ids[std::size_t(d.first_parent + k)])]);
      step_of[std::size_t(id)] = int(out.steps.size());
      out.steps.push_back(std::move(step));
    }
    return out;
  }

 private:
  private:
  // Every pair of nodes with a full connection, as cells (a group by one
  // of its stones) or edges.
  // Per node: a cell (the empty cell, a stone of the group) or an edge.
  std::vector<int> node_ends() const {
    std::vector<int> end(std::size_t(node_count_), -3);
    for (int cell = 0; cell < n_ * n_; ++cell) {
      if (cells_[std::size_t(cell)] == kEmpty) end[std::size_t(cell)] = cell;
      else if (const int g = groups_.of[std::size_t(cell)]; g >= 0) end[std::size_t(group_node(g))] = cell;
    }
    end[std::size_t(first_edge_)] = VirtualConnections::kFirstEdge;
    end[std::size_t(second_edge_)] = VirtualConnections::kSecondEdge;
    return end;
  }
  std::vector<std::array<int, 2>> full_links() const {
    const std::vector<int> end = node_ends();
    std::vector<std::array<int, 2>> out;
    for (int a = 0; a < node_count_; ++a) {
      const Halves& at = s_.fulls_of[std::size_t(a)];
      for (std::size_t i = 0; i < at.size(); ++i)
        if (const int b = at.other[i]; b > a) out.push_back({end[std::size_t(a)], end[std::size_t(b)]});
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  // Empty cells where a full from one edge and a semi from the other meet
  // with disjoint carriers: played, they leave an edge-to-edge semi.
  CellSet threat_moves() const {
    CellSet out;
    auto meet = [](const Pair* fulls, const Pair* semis) {
      if (!fulls || !semis) return false;
      for (int i = 0; i < fulls->fulls; ++i)
        for (int j = 0; j < semis->semis; ++j)
          if (!fulls->full[std::size_t(i)].intersects(semis->semi[std::size_t(j)])) return true;
      return false;
    };
    for (int cell = 0; cell < n_ * n_; ++cell) {
      if (cells_[std::size_t(cell)] != kEmpty) continue;
      const Pair* to_first = find_pair(first_edge_, cell);
      const Pair* to_second = find_pair(cell, second_edge_);
      if (meet(to_first, to_second) || meet(to_second, to_first)) out.insert(cell);
    }
    return out;
  }

  int group_node(int group) const { return n_ * n_ + group; }
  bool is_cell(int node) const { return node < n_ * n_; }
  int index(int a, int b) const { return a < b ? a * node_count_ + b : b * node_count_ + a; }

  // The pair's lists, if it has any connection yet.
  const Pair* find_pair(int a, int b) const {
    const int slot = s_.pair_slot[std::size_t(index(a, b))];
    return slot < 0 ? nullptr : &s_.pairs[std::size_t(slot)];
  }

  Pair& pair(int a, int b) {
    int& slot = s_.pair_slot[std::size_t(index(a, b))];
    if (slot < 0) {
      slot = int(s_.pairs.size());
      s_.pairs.emplace_back();
      if (record_) s_.pair_ids.emplace_back();
    }
    return s_.pairs[std::size_t(slot)];
  }

  // The node a cell belongs to for this side: itself if empty, its group if
  // a stone of the side, none (-1) if the opponent's.
  int node_of(int cell) const {
    if (cells_[std::size_t(cell)] == kEmpty) return cell;
    const int g = groups_.of[std::size_t(cell)];
    return g >= 0 ? group_node(g) : -1;
  }

  void add_adjacencies() {
    for (int cell = 0; cell < n_ * n_; ++cell) {
      if (cells_[std::size_t(cell)] != kEmpty) continue;
      const int r = cell / n_, c = cell % n_;
      for (int k = 0; k < 6; ++k) {
        const int nr = r + kRingRows[std::size_t(k)], nc = c + kRingCols[std::size_t(k)];
        const bool off = nr < 0 || nr >= n_ || nc < 0 || nc >= n_;
        const int other = off ? edge_beside(nr, nc) : node_of(nr * n_ + nc);
        if (other >= 0 && other != cell) add_full(cell, other, Set{}, ConnectionRule::Adjacent, {});
      }
    }
  }

  // The fourth-row template from every empty cell or stone of the side
  // three rows from one of its edges, in both orientations, where its
  // carrier is empty and on the board.
  void add_edge_templates() {
    for (int edge = 0; edge < 2; ++edge) {
      const int depth = edge == 0 ? 3 : n_ - 4;  // the row (column for White) three from the edge
      if (depth < 0 || depth >= n_) continue;
      const int edge_node = group_node(edge == 0 ? groups_.first_edge : groups_.second_edge);
      for (int mirrored = 0; mirrored < 2; ++mirrored) {
        // The carrier as (row, column) offsets on this board: mirrored about
        // the stone's axis, turned towards the edge, transposed for White
        // (whose edges are columns).
        std::array<std::pair<int, int>, kFourthRowTemplate.size()> offsets;
        for (std::size_t i = 0; i < offsets.size(); ++i) {
          const int template_row = kFourthRowTemplate[i][0], template_col = kFourthRowTemplate[i][1];
          int dr = template_row, dc = mirrored ? -template_col - template_row : template_col;
          if (edge == 1) dr = -dr, dc = -dc;
          offsets[i] = black_ ? std::pair{dr, dc} : std::pair{dc, dr};
        }
        for (int along = 0; along < n_; ++along) {
          const int row = black_ ? depth : along, col = black_ ? along : depth;
          const int anchor = node_of(row * n_ + col);
          if (anchor < 0) continue;
          Set carrier;
          bool fits = true;
          for (const auto& [dr, dc] : offsets) {
            const int r = row + dr, c = col + dc;
            if (r < 0 || r >= n_ || c < 0 || c >= n_ || cells_[std::size_t(r * n_ + c)] != kEmpty) {
              fits = false;
              break;
            }
            carrier.insert(r * n_ + c);
          }
          if (fits) add_full(anchor, edge_node, carrier, ConnectionRule::Template, {}, row * n_ + col);
        }
      }
    }
  }

  // The side's edge group next to an off-board position, or -1.
  int edge_beside(int r, int c) const {
    const bool off_row = r < 0 || r >= n_, off_col = c < 0 || c >= n_;
    if (off_row && off_col) return -1;
    if (black_ && off_row) return group_node(r < 0 ? groups_.first_edge : groups_.second_edge);
    if (!black_ && off_col) return group_node(c < 0 ? groups_.first_edge : groups_.second_edge);
    return -1;
  }

  bool ends_outside(int a, int b, const Set& carrier) const {
    return a != b && !(is_cell(a) && carrier.contains(a)) && !(is_cell(b) && carrier.contains(b));
  }

  // A pair's list keeps connections none of which holds another's carrier.
  // When it is full, a smaller newcomer takes the place of the widest: a
  // list filled early with wide carriers (often ones that loop through a
  // group and back) would otherwise shut out the narrow ones the OR and AND
  // rules need. What leaves the list stays valid and stays in the per-node
  // lists; only the pair stops comparing against it. Stores the newcomer
  // and returns its slot, or -1 if it is not needed.
  static int admit(std::span<Set> list, int& count, int capacity, std::int8_t& widest, const Set& carrier) {
    if (too_wide(list, count, capacity, widest, carrier)) return -1;
    for (int i = 0; i < count; ++i)
      if (list[std::size_t(i)].subset_of(carrier)) return -1;
    const int slot = count < capacity ? count++ : widest;
    list[std::size_t(slot)] = carrier;
    if (count == capacity) widest = widest_of(list, count);
    return slot;
  }
  // Whether a full list turns `carrier` away on width alone (it takes only
  // a carrier narrower than its widest).
  static bool too_wide(std::span<const Set> list, int count, int capacity, std::int8_t widest, const Set& carrier) {
    return count == capacity && carrier.size() >= list[std::size_t(widest)].size();
  }
  // The slot of the widest carrier (the first, on ties).
  static std::int8_t widest_of(std::span<const Set> list, int count) {
    int w = 0;
    for (int i = 1; i < count; ++i)
      if (list[std::size_t(i)].size() > list[std::size_t(w)].size()) w = i;
    return std::int8_t(w);
  }

  PairIds& ids_of(int a, int b) { return s_.pair_ids[std::size_t(s_.pair_slot[std::size_t(index(a, b))])]; }
  int id_at(const Halves& halves, std::size_t i) const { return record_ ? halves.id[i] : -1; }

  // The derivation's index, or -1 when not recording. `anchor_cell`: the
  // cell a template hangs from (a group's end is otherwise any stone).
  int record(int a, int b, int key, const Set& carrier, ConnectionRule rule, std::span<const int> parents,
             int anchor_cell = -1) {
    if (!record_) return -1;
    s_.derivations.push_back({a, b, key, rule, int(s_.parent_ids.size()), int(parents.size()), carrier});
    if (anchor_cell >= 0) s_.derivations.back().a = anchor_cell;  // a cell, not a node (see certificate())
    s_.parent_ids.insert(s_.parent_ids.end(), parents.begin(), parents.end());
    return int(s_.derivations.size()) - 1;
  }

  void add_full(int a, int b, const Set& carrier, ConnectionRule rule, std::initializer_list<int> parents,
                int anchor_cell = -1) {
    add_full(a, b, carrier, rule, std::span<const int>(parents.begin(), parents.size()), anchor_cell);
  }
  void add_full(int a, int b, const Set& carrier, ConnectionRule rule, std::span<const int> parents,
                int anchor_cell = -1) {
    if (!ends_outside(a, b, carrier)) return;
    Pair& p = pair(a, b);
    const int slot = admit(p.full, p.fulls, fulls_capacity(a, b), p.widest_full, carrier);
    if (slot < 0) return;
    const int id = record(a, b, -1, carrier, rule, parents, anchor_cell);
    if (record_) ids_of(a, b).full[std::size_t(slot)] = id;
    ++built_;
    s_.fulls_of[std::size_t(a)].push(b, -1, carrier, id);
    s_.fulls_of[std::size_t(b)].push(a, -1, carrier, id);
    s_.queue.push_back({a, b, -1, id, carrier});
  }

  void add_semi(int a, int b, int key, const Set& carrier, int left, int right) {
    if (!ends_outside(a, b, carrier)) return;
    Pair& p = pair(a, b);
    if (is_edge_pair(a, b)) keep_edge_semi(a, b, key, carrier, left, right);
    const int capacity = semis_capacity(a, b);
    if (too_wide(p.semi, p.semis, capacity, p.widest_semi, carrier)) return;  // before the walk over the fulls
    for (int i = 0; i < p.fulls; ++i)
      if (p.full[std::size_t(i)].subset_of(carrier)) return;
    const int slot = admit(p.semi, p.semis, capacity, p.widest_semi, carrier);
    if (slot < 0) return;
    ++built_;
    const std::array<int, 2> parts = {left, right};
    const int id = record(a, b, key, carrier, ConnectionRule::And, parts);
    p.semi_key[std::size_t(slot)] = key;
    if (record_) ids_of(a, b).semi[std::size_t(slot)] = id;
    if (!is_cell(a)) s_.semis_of[std::size_t(a)].push(b, key, carrier, id);
    if (!is_cell(b)) s_.semis_of[std::size_t(b)].push(a, key, carrier, id);
    s_.queue.push_back({a, b, key, id, carrier});
    // OR rule: semis whose carriers share nothing make a full. Search the
    // subsets that contain the new semi, taking a semi only if it shrinks
    // the intersection (so at most a carrier's size deep), and keep every
    // full found, not just the first: the first often runs through a cell
    // that another combination avoids, and a later AND needs that one.
    Carriers others;
    Ids other_ids;
    for (int i = 0; i < p.semis; ++i)
      if (i != slot) others.push_back(p.semi[std::size_t(i)]), other_ids.push_back(record_ ? ids_of(a, b).semi[std::size_t(i)] : -1);
    Unions found;
    Ids chosen = {id};
    or_steps_ = 0;
    Meets meet_below(others.size() + 1);
    for (std::size_t i = 0; i < others.size(); ++i) meet_below[i + 1] = i == 0 ? others[0] : meet_below[i] & others[i];
    if (can_clear(carrier, meet_below, int(others.size())))
      or_combine(others, other_ids, meet_below, int(others.size()), carrier, carrier, chosen, found);
    for (const auto& [union_carrier, parts] : found)  // `p` is not used after
      add_full(a, b, union_carrier, ConnectionRule::Or, std::span<const int>(parts.data(), parts.size()));
  }

  // Whether the AND rule joins connections at `middle` (HexKnowledge::and_over_edges).
  bool joins_at(int middle) const {
    return knobs_.and_over_edges || (middle != first_edge_ && middle != second_edge_);
  }
  bool touches_edge(int a, int b) const {
    return a == first_edge_ || a == second_edge_ || b == first_edge_ || b == second_edge_;
  }
  // A pair's list capacities (HexKnowledge: wider where an end is an edge).
  int fulls_capacity(int a, int b) const { return touches_edge(a, b) ? max_edge_fulls_ : max_fulls_; }
  int semis_capacity(int a, int b) const { return touches_edge(a, b) ? max_edge_semis_ : max_semis_; }
  bool is_edge_pair(int a, int b) const {
    return (a == first_edge_ && b == second_edge_) || (a == second_edge_ && b == first_edge_);
  }
  // Must-play is the common part of all the opponent's edge semis, so every
  // edge semi that shrinks it counts, even one the bounded list turns away
  // or later trades for a narrower carrier.
  void keep_edge_semi(int a, int b, int key, const Set& carrier, int left, int right) {
    if (edge_meet_.subset_of(carrier)) return;
    edge_meet_ &= carrier;
    const std::array<int, 2> parts = {left, right};
    const int id = record(a, b, key, carrier, ConnectionRule::And, parts);
    s_.edge_semis.push_back({key, id, carrier});
  }

  using Carriers = boost::container::static_vector<Set, kMaxSemis>;
  using Ids = boost::container::static_vector<int, kMaxSemis>;
  using Unions = boost::container::static_vector<std::pair<Set, Ids>, kMaxFulls>;
  using Meets = boost::container::static_vector<Set, kMaxSemis + 1>;
  // Adds to `out` (up to a pair's fulls) the unions of the subsets of
  // `semis` below `limit` that, with the intersection `common` (and union
  // `all`) so far, reach an empty intersection; with each, the semis used
  // (`chosen` so far). `meet_below[i]`: the intersection of semis[0..i). A
  // branch that cannot clear its intersection is not entered (nor charged
  // to the effort bound): most pairs' semis share their key's neighbourhood,
  // so most searches end at once.
  static bool can_clear(const Set& common, const Meets& meet_below, int limit) {
    return limit > 0 && !common.intersects(meet_below[std::size_t(limit)]);
  }
  void or_combine(const Carriers& semis, const Ids& ids, const Meets& meet_below, int limit, const Set& common,
                  const Set& all, Ids& chosen, Unions& out) {
    for (int i = 0; i < limit && int(out.size()) < max_fulls_; ++i) {
      const Set& other = semis[std::size_t(i)];
      if (common.subset_of(other)) continue;
      const Set next = common & other;
      if (!next.empty() && !can_clear(next, meet_below, i)) continue;
      if (++or_steps_ > kMaxOrSteps) return;
      chosen.push_back(ids[std::size_t(i)]);
      if (next.empty()) out.emplace_back(all | other, chosen);
      else or_combine(semis, ids, meet_below, i, next, all | other, chosen, out);
      chosen.pop_back();
    }
  }

  // AND rule through a stone group: a full and a semi meeting at one of the
  // side's groups, with disjoint carriers, make a semi between their other
  // ends, with the semi's key. The new connection is (x, group) with
  // `carrier`; `halves` are the group's connections of the other kind, and
  // `key` the new connection's key if it is a semi (else -1: the key is the
  // other half's). add_semi may grow the lists: index them, never hold a
  // reference into one.
  void semis_through_group(int x, int group, const Set& carrier, int id, const std::vector<Halves>& halves, int key) {
    if (is_cell(group) || !joins_at(group)) return;
    const std::size_t count = halves[std::size_t(group)].size();
    for (std::size_t i = 0; i < count; ++i) {
      const Halves& at_group = halves[std::size_t(group)];
      const int other = at_group.other[i];
      const Set other_carrier = at_group.carrier[i];
      if (!joinable(x, other, carrier, other_carrier)) continue;
      if (built_ >= knobs_.max_connections) return;
      add_semi(x, other, key >= 0 ? key : at_group.key[i], carrier | other_carrier, id, id_at(at_group, i));
    }
  }
  // Two connections (x, middle) with carrier c1 and (middle, y) with c2 can
  // be joined: different ends, disjoint carriers, neither end inside the
  // other's carrier.
  bool joinable(int x, int y, const Set& c1, const Set& c2) const {
    if (y == x || c1.intersects(c2)) return false;
    return !(is_cell(x) && c2.contains(x)) && !(is_cell(y) && c1.contains(y));
  }

  // AND rule at `middle`: the full (x, middle) with carrier `c1` and every
  // full (middle, y) with a disjoint carrier not touching x.
  void and_rule(int x, int middle, const Set& c1, int id) {
    if (!joins_at(middle)) return;
    // New connections never have `middle` as an end, so its list does not
    // change while it is walked. `blocked`: the cells a second carrier must
    // avoid (c1, and x itself when x is a cell).
    const Halves& at_middle = s_.fulls_of[std::size_t(middle)];
    Set blocked = c1;
    if (is_cell(x)) blocked.insert(x);
    const std::size_t count = at_middle.size();
    for (std::size_t i = 0; i < count; ++i) {
      const Set& c2 = at_middle.carrier[i];
      if (c2.intersects(blocked)) continue;
      const int y = at_middle.other[i];
      if (y == x || (is_cell(y) && c1.contains(y))) continue;
      if (built_ >= knobs_.max_connections) return;
      Set carrier = c1 | c2;
      if (is_cell(middle)) {
        carrier.insert(middle);
        add_semi(x, y, middle, carrier, id, id_at(at_middle, i));
      } else {
        add_full(x, y, carrier, ConnectionRule::And, {id, id_at(at_middle, i)});
      }
    }
  }


  const HexCells& cells_;
  int n_;
  const HexKnowledge& knobs_;
  Groups groups_;
  bool black_;
  bool record_;
  int max_fulls_, max_semis_, max_edge_fulls_, max_edge_semis_;
  Scratch& s_;
  int node_count_ = 0;
  int built_ = 0;
  int first_edge_ = -1, second_edge_ = -1;  // the side's edges as nodes
  Set edge_meet_;  // the common part of the edge semis in s_.edge_semis
  // OR-rule effort bound per new semi (the subsets of up to kMaxSemis
  // semis). Per semi, not per call: a call-wide budget ran out on crowded
  // pairs and then left every later pair without ORs. 64 decides as many
  // random 7x7 positions as 4096 does, at less cost.
  static constexpr int kMaxOrSteps = 64;
  int or_steps_ = 0;
};

}  // namespace

VirtualConnections h_search(const HexCells& cells, int size, Player side, const HexKnowledge& knobs, bool links,
                            bool threats) {
  auto search = [&]<class Set>(Set) {
    return HSearch<Set>(cells, size, side, knobs).run(links, HSearch<Set>::StopAt::Never, threats);
  };
  // The narrowest cell set that holds the board.
  if (size * size <= BasicCellSet<1>::kCapacity) return search(BasicCellSet<1>{});
  if (size * size <= BasicCellSet<2>::kCapacity) return search(BasicCellSet<2>{});
  return search(CellSet{});
}

std::optional<ConnectionCertificate> certify_edge_connection(const HexCells& cells, int size, Player side,
                                                             const HexKnowledge& knobs, bool side_to_move) {
  auto certify = [&]<class Set>(Set) {
    HSearch<Set> search(cells, size, side, knobs, /*record=*/true);
    search.run(false, side_to_move ? HSearch<Set>::StopAt::EdgeSemi : HSearch<Set>::StopAt::EdgeFull);
    return search.certificate(side, side_to_move);
  };
  if (size * size <= BasicCellSet<1>::kCapacity) return certify(BasicCellSet<1>{});
  if (size * size <= BasicCellSet<2>::kCapacity) return certify(BasicCellSet<2>{});
  return certify(CellSet{});
}

std::vector<ConnectionCertificate> certify_edge_semis(const HexCells& cells, int size, Player side,
                                                      const HexKnowledge& knobs) {
  auto certify = [&]<class Set>(Set) {
    HSearch<Set> search(cells, size, side, knobs, /*record=*/true);
    search.run(false);
    const auto semis = search.edge_semis();
    std::vector<ConnectionCertificate> chosen;
    if (semis.empty()) return chosen;
    // Greedy: the smallest carrier, then whichever semi shrinks the common
    // part most, until none does. The opponent must play in the common part.
    auto smaller = [](const auto& a, const auto& b) { return a.first.size() < b.first.size(); };
    const auto first = std::min_element(semis.begin(), semis.end(), smaller);
    CellSet common = first->first;
    chosen.push_back(search.certificate_of(first->second, side));
    while (!common.empty()) {
      const std::pair<CellSet, int>* best = nullptr;
      int best_left = 0;
      for (const auto& semi : semis) {
        const int left = (common & semi.first).size();
        if (left == common.size()) continue;  // shrinks nothing
        if (!best || left < best_left || (left == best_left && smaller(semi, *best))) best = &semi, best_left = left;
      }
      if (!best) break;
      common &= best->first;
      chosen.push_back(search.certificate_of(best->second, side));
    }
    return chosen;
  };
  if (size * size <= BasicCellSet<1>::kCapacity) return certify(BasicCellSet<1>{});
  if (size * size <= BasicCellSet<2>::kCapacity) return certify(BasicCellSet<2>{});
  return certify(CellSet{});
}

int two_distance_potential(const HexCells& cells, int n, Player side) {
  const std::uint8_t z = colour_of(side);
  const Groups groups = find_groups(cells, n, side);
  // Extended neighbours of each empty cell: empty cells next to it directly
  // or through one of the side's groups, and the edges it reaches so. The
  // lists are per-thread scratch that keeps its capacity: this runs for
  // every move ordered and every fresh leaf (df-pn+), so it must not
  // allocate.
  struct Scratch {
    std::vector<std::vector<int>> next, group_cells;
    std::vector<std::array<bool, 2>> touches_edge;
    std::vector<int> d[2], settled_neighbours, queue;
  };
  thread_local Scratch s;
  constexpr int kFar = 1 << 20;
  const int cells_count = n * n;
  s.next.resize(std::size_t(cells_count));
  for (auto& list : s.next) list.clear();
  s.group_cells.resize(std::size_t(groups.count));  // empty cells next to each group
  for (auto& list : s.group_cells) list.clear();
  s.touches_edge.assign(std::size_t(cells_count), std::array<bool, 2>{false, false});
  auto& next = s.next;
  auto& touches_edge = s.touches_edge;
  for (int cell = 0; cell < cells_count; ++cell) {
    if (cells[std::size_t(cell)] != kEmpty) continue;
    const int r = cell / n, c = cell % n;
    for (int k = 0; k < 6; ++k) {
      const int nr = r + kRingRows[std::size_t(k)], nc = c + kRingCols[std::size_t(k)];
      const bool off_row = nr < 0 || nr >= n, off_col = nc < 0 || nc >= n;
      if (off_row || off_col) {
        if (off_row && off_col) continue;
        if (side == Player::Black && off_row) touches_edge[std::size_t(cell)][nr < 0 ? 0 : 1] = true;
        if (side == Player::White && off_col) touches_edge[std::size_t(cell)][nc < 0 ? 0 : 1] = true;
        continue;
      }
      const int other = nr * n + nc;
      if (cells[std::size_t(other)] == kEmpty) next[std::size_t(cell)].push_back(other);
      else if (cells[std::size_t(other)] == z) s.group_cells[std::size_t(groups.of[std::size_t(other)])].push_back(cell);
    }
  }
  for (int g = 0; g < groups.count; ++g) {
    auto& list = s.group_cells[std::size_t(g)];
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    for (int a : list) {
      if (g == groups.first_edge) touches_edge[std::size_t(a)][0] = true;
      if (g == groups.second_edge) touches_edge[std::size_t(a)][1] = true;
      for (int b : list)
        if (a != b) next[std::size_t(a)].push_back(b);
    }
  }
  // Breadth first from the cells touching the edge (distance 1): a cell's
  // distance is one more than its second-nearest neighbour's (a neighbour
  // listed twice counts twice), so it is settled when the second of its
  // neighbours is, and cells are settled in order of distance.
  auto distances = [&](int edge, std::vector<int>& d) {
    d.assign(std::size_t(cells_count), kFar);
    s.settled_neighbours.assign(std::size_t(cells_count), 0);
    s.queue.clear();
    for (int cell = 0; cell < cells_count; ++cell)
      if (cells[std::size_t(cell)] == kEmpty && touches_edge[std::size_t(cell)][std::size_t(edge)])
        d[std::size_t(cell)] = 1, s.queue.push_back(cell);
    for (std::size_t head = 0; head < s.queue.size(); ++head) {
      const int cell = s.queue[head];
      for (int o : next[std::size_t(cell)]) {
        if (d[std::size_t(o)] != kFar) continue;
        if (++s.settled_neighbours[std::size_t(o)] == 2) {
          d[std::size_t(o)] = d[std::size_t(cell)] + 1;
          s.queue.push_back(o);
        }
      }
    }
  };
  distances(0, s.d[0]);
  distances(1, s.d[1]);
  int best = kFar;
  for (int cell = 0; cell < cells_count; ++cell)
    if (cells[std::size_t(cell)] == kEmpty) best = std::min(best, s.d[0][std::size_t(cell)] + s.d[1][std::size_t(cell)]);
  return std::min(best, kFar);
}

namespace {

// Drops every candidate d that some kept candidate c dominates: after the
// mover plays c, d is dead or captured for the mover (only the mover's
// fill-in counts: the opponent's would add opponent stones, and the
// comparison with playing d rests on the mover having more stones). A
// dropped move never drops others, so each dropped move is dominated by a
// kept one (domination is transitive).
void drop_dominated(const HexCells& cells, int n, Player mover, const HexKnowledge& knobs, HexAnalysis& out) {
  const std::uint8_t z = colour_of(mover);
  const unsigned side = mover == Player::Black ? 1u : 2u;
  CellSet dropped;
  HexCells after;
  out.moves.for_each([&](int c) {
    if (dropped.contains(c)) return;
    after = cells;
    after[std::size_t(c)] = z;
    const FillIn f = fill_in(after, n, knobs.captured_cells, side, z);
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
    VirtualConnections mine = h_search(cells, n, mover, knobs, links, threats_first);
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
    VirtualConnections theirs = h_search(cells, n, other, knobs, links);
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

  if (knobs.ordering && knobs.order_by == HexKnowledge::Order::Circuit) {
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
    out.moves.for_each([&](int cell) {
      cells[std::size_t(cell)] = colour_of(mover);
      const int mine = two_distance_potential(cells, n, mover);
      cells[std::size_t(cell)] = colour_of(other);
      const int theirs = two_distance_potential(cells, n, other);
      cells[std::size_t(cell)] = kEmpty;
      scored.emplace_back(mine + theirs, from_centre(cell), static_cast<std::uint16_t>(cell));
    });
    std::stable_sort(scored.begin(), scored.end());
    for (const auto& [score, centre, cell] : scored) out.order.push_back(cell);
  }
  // Threats first: a move after which the mover has an edge semi leaves
  // the opponent only its must-play, so its subtree is small (7x7 and 8x8
  // measurements in docs/benchmarks.md, session 23).
  if (threats_first && !out.mover_threats.empty())
    std::stable_partition(out.order.begin(), out.order.end(),
                          [&](std::uint16_t cell) { return out.mover_threats.contains(cell); });
  return out;
}

}  // namespace dfpn::games
