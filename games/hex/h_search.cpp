#include "games/hex/h_search.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <span>
#include <type_traits>
#include <utility>

#include <boost/container/static_vector.hpp>

#include "games/hex/edge_templates.h"
#include "games/hex/hex_connection_proof.h"

namespace dfpn::games {

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
        max_edge_semis_(std::clamp(knobs.max_edge_semis_per_pair, 1, kMaxSemis)), s_(scratch()), cell_nodes_(n * n),
        max_connections_(knobs.max_connections) {
    node_count_ = n * n + groups_.count;
    s_.fulls_of.resize(std::size_t(node_count_));
    for (auto& list : s_.fulls_of) list.clear();
    s_.semis_of.resize(std::size_t(node_count_));
    for (auto& list : s_.semis_of) list.clear();
    open_pairs(std::size_t(node_count_ * node_count_));
    s_.linked.assign(std::size_t(node_count_ * node_count_ + 63) / 64, 0);
    s_.queue.clear();
    s_.derivations.clear();
    s_.parent_ids.clear();
    s_.pair_ids.clear();
    s_.edge_semis.clear();
    edge_meet_ = Set::all_below(n * n);
    if (knobs.captured_and && !record) {  // else nothing reads s_.captured
      s_.captured.assign(std::size_t(node_count_), Set{});
      HexCells board = cells;
      const std::uint8_t colour = side == Player::Black ? kBlack : kWhite;
      for (int cell = 0; cell < n * n; ++cell)
        if (cells[std::size_t(cell)] == kEmpty) {
          const CellSet cap = captured_by_playing(board, n, cell, colour);
          if (!cap.empty()) s_.captured[std::size_t(cell)] = Set(cap), any_captured_ = true;
        }
    }
    first_edge_ = group_node(groups_.first_edge);
    second_edge_ = group_node(groups_.second_edge);
    edge_pair_ = index(first_edge_, second_edge_);
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
    for (std::size_t next = 0; next < s_.queue.size() && built_ < max_connections_; ++next) {
      if (stop != StopAt::Never && edges_connected()) break;
      const Pending p = s_.queue[next];
      if (p.key < 0) {
        and_rule(p.a, p.b, p.carrier, p.id, p.older_fulls[1]);
        and_rule(p.b, p.a, p.carrier, p.id, p.older_fulls[0]);
        semis_through_group(p.a, p.b, p.carrier, p.id, s_.semis_of, -1, p.older_semis[1]);
        semis_through_group(p.b, p.a, p.carrier, p.id, s_.semis_of, -1, p.older_semis[0]);
      } else {
        semis_through_group(p.a, p.b, p.carrier, p.id, s_.fulls_of, p.key, p.older_fulls[1]);
        semis_through_group(p.b, p.a, p.carrier, p.id, s_.fulls_of, p.key, p.older_fulls[0]);
      }
    }
    VirtualConnections out;
    out.connections = built_;
    if (const Pair* pair = find_pair(first_edge_, second_edge_)) {
      for (const Set& full : fulls_in(*pair)) out.edge_fulls.push_back(CellSet(full));
      const std::span<const Set> semis = semis_in(*pair);
      for (int i = 0; i < pair->semis; ++i) out.edge_semis.emplace_back(semi_key(*pair, i), CellSet(semis[std::size_t(i)]));
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
    // The arrays only grow (they serve every call on the thread); the
    // first `count` entries are this call's.
    std::vector<Set> carrier;
    std::vector<int> other;
    std::vector<int> key;  // a semi's key (unused for fulls)
    std::vector<int> id;   // its derivation (-1 when not recording)
    std::size_t count = 0;
    std::size_t size() const { return count; }
    void clear() { count = 0; }
    void push(int other_end, int semi_key, const Set& c, int derivation) {
      if (count == other.size()) [[unlikely]] grow();
      carrier[count] = c;
      other[count] = other_end;
      key[count] = semi_key;
      id[count] = derivation;
      ++count;
    }
    [[gnu::noinline]] void grow() {
      const std::size_t room = std::max<std::size_t>(64, 2 * other.size());
      carrier.resize(room);
      other.resize(room);
      key.resize(room);
      id.resize(room);
    }
  };
  // A pair of nodes, in a dense array by index(a, b): where its lists are,
  // how many each holds, and the width from which each turns a newcomer
  // away (its widest carrier's size once full). One load answers the
  // width test and finds the lists. The lists, its fulls then its semis,
  // lie in Scratch::lists from `at` (counted in kUnit carriers), with room
  // for as many of each as the pair may hold (more where an end is an
  // edge): packed so, each pair's lists take only the cache lines they
  // need, and a fixed room per pair spread them over more than twice the
  // memory.
  struct Pair {
    static constexpr std::uint8_t kOpen = 255;  // wider than any carrier
    // Up to 128 cells at most 130 nodes have connections (the empty cells,
    // the side's groups, each on at least one cell that is not empty, and
    // the two edges): 8,385 pairs of at most 48 carriers each, fewer than
    // 2^16 units.
    using At = std::conditional_t<(Set::kCapacity <= 128), std::uint16_t, std::uint32_t>;
    static constexpr At kNoLists = std::numeric_limits<At>::max();
    At at = kNoLists;
    std::int8_t fulls = 0, semis = 0;
    std::uint8_t full_gate = kOpen, semi_gate = kOpen;
    std::int8_t full_room = 0, semi_room = 0;
  };
  static_assert(Set::kCapacity > 128 || sizeof(Pair) == 8);
  static constexpr std::size_t kUnit = 8;  // Pair::at counts carriers in these
  // A pair's derivations, slot by slot, by its Pair::at (recording only;
  // kept apart so the pairs stay compact when not recording).
  struct PairIds {
    std::array<int, kMaxFulls> full;
    std::array<int, kMaxSemis> semi;
  };
  // A new full (key < 0) or semi connection, with how many fulls and semis
  // its ends a and b had before it: the rules join it only with those, so
  // each two connections are joined once, when the later is taken from the
  // queue (the earlier did not see it), not twice.
  struct Pending {
    int a, b, key, id;
    Set carrier;
    std::array<int, 2> older_fulls, older_semis;  // at a [0] and at b [1]
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
    std::vector<Pair> pairs;  // by index(a, b)
    // A bit per pair index: whether the pair holds a full (full_links).
    std::vector<std::uint64_t> linked;
    std::vector<Set> lists;  // the pairs' carriers (Pair)
    std::vector<int> keys;   // a semi's key, beside its carrier in `lists`
    std::vector<Pending> queue;
    std::vector<Derivation> derivations;
    std::vector<int> parent_ids;
    std::vector<PairIds> pair_ids;
    // Edge-to-edge semis kept apart from the bounded pair list: each one
    // that shrank the common part of all edge semis when it was built.
    std::vector<EdgeSemi> edge_semis;
    // Per node: the cells the side captures by playing it (empty cells only).
    std::vector<Set> captured;
    std::vector<std::uint32_t> picked;  // and_rule_at's
  };
  // Every pair without lists and with open gates. A fill with a small
  // entry is a loop of small stores; doubling copies are memmoves.
  void open_pairs(std::size_t count) {
    std::vector<Pair>& pairs = s_.pairs;
    pairs.resize(count);
    pairs[0] = Pair{};
    for (std::size_t done = 1; done < count; done *= 2)
      std::copy_n(pairs.begin(), std::min(done, count - done), pairs.begin() + std::ptrdiff_t(done));
  }
  static Scratch& scratch() {
    thread_local Scratch s;
    return s;
  }

  public:
  // After run() with recording: the steps that build the smallest edge-to-
  // edge full (or, with `semi_ok` and no full, the smallest semi).
  std::optional<ConnectionCertificate> certificate(Player side, bool semi_ok) const {
    const Pair* const edges = find_pair(first_edge_, second_edge_);
    if (!edges || !record_) return std::nullopt;
    const Pair& pair = *edges;
    int best = -1;
    auto consider = [&](int id) {
      if (best < 0 || s_.derivations[std::size_t(id)].carrier.size() < s_.derivations[std::size_t(best)].carrier.size())
        best = id;
    };
    const PairIds& ids = ids_of(pair);
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
    const Pair* const pair = find_pair(first_edge_, second_edge_);
    if (!pair || !record_) return out;
    for (int i = 0; i < pair->semis; ++i) {
      const int id = ids_of(*pair).semi[std::size_t(i)];
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
  // In the order of their index (by a, then b), as a walk over every
  // pair would give them; the bits skip the pairs without a full.
  std::vector<std::array<int, 2>> full_links() const {
    const std::vector<int> end = node_ends();
    std::vector<std::array<int, 2>> out;
    for (std::size_t w = 0; w < s_.linked.size(); ++w)
      for (std::uint64_t bits = s_.linked[w]; bits; bits &= bits - 1) {
        const int at = int(w * 64) + std::countr_zero(bits), a = at / node_count_, b = at % node_count_;
        out.push_back({end[std::size_t(a)], end[std::size_t(b)]});
      }
    return out;
  }

  // Empty cells where a full from one edge and a semi from the other meet
  // with disjoint carriers: played, they leave an edge-to-edge semi.
  CellSet threat_moves() const {
    CellSet out;
    auto meet = [&](const Pair* fulls, const Pair* semis) {
      if (!fulls || !semis) return false;
      for (const Set& full : fulls_in(*fulls))
        for (const Set& semi : semis_in(*semis))
          if (!full.intersects(semi)) return true;
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

  int group_node(int group) const { return cell_nodes_ + group; }
  const Set& captured_of(int node) const { return s_.captured[std::size_t(node)]; }
  // The ends' captured sets that `meet` reaches into (the OR's carrier
  // takes those whole: an intrusion there is answered in its pair).
  Set captured_meeting(const Set& meet, int a, int b) const {
    Set out;
    if (meet.intersects(captured_of(a))) out |= captured_of(a);
    if (meet.intersects(captured_of(b))) out |= captured_of(b);
    return out;
  }
  Set captured_meeting(const Set& meet) const { return captured_meeting(meet, or_a_, or_b_); }
  bool is_cell(int node) const { return node < cell_nodes_; }
  int index(int a, int b) const { return a < b ? a * node_count_ + b : b * node_count_ + a; }

  // The pair's lists, if it has any connection yet.
  const Pair* find_pair(int a, int b) const {
    const Pair& p = s_.pairs[std::size_t(index(a, b))];
    return p.at == Pair::kNoLists ? nullptr : &p;
  }
  // A pair's fulls and semis, and the room for them (valid until the next
  // pair is made: `lists` may move).
  static std::size_t first(const Pair& p) { return std::size_t(p.at) * kUnit; }
  std::span<const Set> fulls_in(const Pair& p) const { return {s_.lists.data() + first(p), std::size_t(p.fulls)}; }
  std::span<const Set> semis_in(const Pair& p) const {
    return {s_.lists.data() + first(p) + std::size_t(p.full_room), std::size_t(p.semis)};
  }
  std::span<Set> room_for_fulls(const Pair& p) { return {s_.lists.data() + first(p), std::size_t(p.full_room)}; }
  std::span<Set> room_for_semis(const Pair& p) {
    return {s_.lists.data() + first(p) + std::size_t(p.full_room), std::size_t(p.semi_room)};
  }
  int& semi_key(const Pair& p, int slot) { return s_.keys[first(p) + std::size_t(p.full_room + slot)]; }

  // A pair's lists take the next room in `lists` when it first needs them,
  // reusing the room of earlier calls (nothing reads a list beyond its
  // count, so it needs no clearing); the room is a whole number of units.
  // The test is inlined where H-search spends its time; making lists is not.
  Pair& pair_at(int a, int b) { return s_.pairs[std::size_t(index(a, b))]; }
  Pair& with_lists(Pair& p, int a, int b) {
    if (p.at == Pair::kNoLists) [[unlikely]] make_lists(p, a, b);
    return p;
  }
  [[gnu::noinline]] void make_lists(Pair& p, int a, int b) {
    const bool edge = touches_edge(a, b);  // wider lists (HexKnowledge)
    p.at = typename Pair::At(lists_used_ / kUnit);
    p.full_room = std::int8_t(edge ? max_edge_fulls_ : max_fulls_);
    p.semi_room = std::int8_t(edge ? max_edge_semis_ : max_semis_);
    lists_used_ += (std::size_t(p.full_room + p.semi_room) + kUnit - 1) / kUnit * kUnit;
    if (s_.lists.size() < lists_used_) s_.lists.resize(lists_used_), s_.keys.resize(lists_used_);
    if (record_) s_.pair_ids.resize(lists_used_ / kUnit);
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

  // The edge templates (edge_templates.h) from every empty cell or stone of
  // the side, towards both of its edges, wherever they fit.
  void add_edge_templates() {
    const std::uint8_t own_colour = black_ ? kBlack : kWhite;
    Set own, empty;
    for (int cell = 0; cell < n_ * n_; ++cell) {
      if (cells_[std::size_t(cell)] == own_colour) own.insert(cell);
      else if (cells_[std::size_t(cell)] == kEmpty) empty.insert(cell);
    }
    const int edge_nodes[2] = {group_node(groups_.first_edge), group_node(groups_.second_edge)};
    for (const TemplatePlacement& t : template_placements(n_, black_)) {
      if (!t.stones.subset_of(own) || !t.carrier.subset_of(empty)) continue;
      if (const int anchor = node_of(t.anchor); anchor >= 0)
        add_full(anchor, edge_nodes[t.edge], t.carrier, ConnectionRule::Template, {}, t.anchor);
    }
  }
  // A template's placement on the board (for_each_edge_template_placement):
  // its anchor, its edge, the side's stones it needs and its carrier.
  // Listed by anchor, edge and the table's order, the order in which the
  // searches add the connections.
  struct TemplatePlacement {
    int anchor, edge;
    Set stones, carrier;
  };
  // The placements on an n x n board for one side, made once per board
  // size on a thread.
  static const std::vector<TemplatePlacement>& template_placements(int n, bool black) {
    struct Made {
      int n = -1;
      std::vector<TemplatePlacement> placements;
    };
    thread_local std::array<Made, 2> made;
    Made& m = made[black ? 0 : 1];
    if (m.n == n) return m.placements;
    m.n = n;
    m.placements.clear();
    for (int cell = 0; cell < n * n; ++cell)
      for (int edge = 0; edge < 2; ++edge) {
        for_each_edge_template_placement(n, black, cell, edge,
                                         [&](std::span<const int> stones, std::span<const int> carrier) {
                                           TemplatePlacement t{.anchor = cell, .edge = edge, .stones = {}, .carrier = {}};
                                           for (const int c : stones) t.stones.insert(c);
                                           for (const int c : carrier) t.carrier.insert(c);
                                           m.placements.push_back(t);
                                         });
      }
    return m.placements;
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
  // lists; only the pair stops comparing against it. A newcomer is needed
  // if it is narrower than the pair's gate and not covered (add_full_to,
  // add_semi_outside); place() stores it.
  // Whether one of the first `count` carriers of `list` lies inside `carrier`.
  static bool covered(std::span<const Set> list, int count, const Set& carrier) {
    for (int i = 0; i < count; ++i)
      if (list[std::size_t(i)].subset_of(carrier)) return true;
    return false;
  }
  // Stores a newcomer that passed those tests; returns its slot. In a full
  // list it takes the place of the first carrier as wide as the gate (the
  // widest).
  static int place(std::span<Set> list, std::int8_t& count, std::uint8_t& gate, const Set& carrier) {
    const int capacity = int(list.size());
    int slot = 0;
    if (count < capacity) slot = count++;
    else while (list[std::size_t(slot)].size() != gate) ++slot;
    list[std::size_t(slot)] = carrier;
    if (count == capacity) {
      int widest = 0;
      for (int i = 0; i < count; ++i) widest = std::max(widest, list[std::size_t(i)].size());
      gate = std::uint8_t(widest);
    }
    return slot;
  }

  PairIds& ids_of(const Pair& p) { return s_.pair_ids[p.at]; }
  const PairIds& ids_of(const Pair& p) const { return s_.pair_ids[p.at]; }

  // The derivation's index, or -1 when not recording. `anchor_cell`: the
  // cell a template hangs from (a group's end is otherwise any stone).
  int record(int a, int b, int key, const Set& carrier, ConnectionRule rule, std::span<const int> parents,
             int anchor_cell = -1) {
    return record_ ? recorded(a, b, key, carrier, rule, parents, anchor_cell) : -1;
  }
  [[gnu::noinline]] int recorded(int a, int b, int key, const Set& carrier, ConnectionRule rule,
                                 std::span<const int> parents, int anchor_cell) {
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
    add_full_to(a, b, with_lists(pair_at(a, b), a, b), carrier, rule, parents, anchor_cell);
  }
  // A full whose ends lie outside its carrier, for the pair `p` (with its
  // lists): the tests inlined where the OR rule finds fulls (most of which
  // a narrower full of the pair covers), keeping one not.
  [[gnu::always_inline]] void add_full_to(int a, int b, Pair& p, const Set& carrier, ConnectionRule rule,
                                          std::span<const int> parents, int anchor_cell = -1) {
    if (carrier.size() >= p.full_gate || covered(fulls_in(p), p.fulls, carrier)) return;
    keep_full(a, b, p, carrier, rule, parents, anchor_cell);
  }
  [[gnu::noinline]] void keep_full(int a, int b, Pair& p, const Set& carrier, ConnectionRule rule,
                                   std::span<const int> parents, int anchor_cell) {
    if (p.fulls == 0) {
      const auto at = std::size_t(&p - s_.pairs.data());  // the pair's index
      s_.linked[at / 64] |= std::uint64_t{1} << (at % 64);
    }
    const int slot = place(room_for_fulls(p), p.fulls, p.full_gate, carrier);
    // A full with nothing in its carrier (adjacent ends) is inside every
    // later carrier: close both gates, so that later connections of the
    // pair are turned away without reaching its lists.
    if (carrier.empty()) p.full_gate = p.semi_gate = 0;
    const int id = record(a, b, -1, carrier, rule, parents, anchor_cell);
    if (record_) ids_of(p).full[std::size_t(slot)] = id;
    ++built_;
    const auto older = older_at(a, b);
    s_.fulls_of[std::size_t(a)].push(b, -1, carrier, id);
    s_.fulls_of[std::size_t(b)].push(a, -1, carrier, id);
    s_.queue.push_back({a, b, -1, id, carrier, older.first, older.second});
  }

  // How many fulls and semis the nodes a and b hold now (Pending).
  std::pair<std::array<int, 2>, std::array<int, 2>> older_at(int a, int b) const {
    return {{int(s_.fulls_of[std::size_t(a)].size()), int(s_.fulls_of[std::size_t(b)].size())},
            {int(s_.semis_of[std::size_t(a)].size()), int(s_.semis_of[std::size_t(b)].size())}};
  }

  // A semi whose ends lie outside its carrier (the AND rule's joins make
  // no other). The tests that turn most newcomers away are inlined where
  // the AND rule makes them (a call per newcomer cost more than the
  // tests); keeping one is not.
  [[gnu::always_inline]] void add_semi_outside(int a, int b, int key, const Set& carrier, int left, int right) {
    const int at = index(a, b);
    if (at == edge_pair_) [[unlikely]] keep_edge_semi(a, b, key, carrier, left, right);
    Pair& p = s_.pairs[std::size_t(at)];
    if (carrier.size() >= p.semi_gate) return;  // before the walk over the fulls
    with_lists(p, a, b);
    // A narrower semi turns most newcomers away, so the semis are asked
    // first (either order admits the same).
    if (covered(semis_in(p), p.semis, carrier) || covered(fulls_in(p), p.fulls, carrier)) return;
    keep_semi(a, b, key, carrier, left, right, p);
  }
  [[gnu::noinline]] void keep_semi(int a, int b, int key, const Set& carrier, int left, int right, Pair& p) {
    const int slot = place(room_for_semis(p), p.semis, p.semi_gate, carrier);
    ++built_;
    const std::array<int, 2> parts = {left, right};
    const int id = record(a, b, key, carrier, ConnectionRule::And, parts);
    semi_key(p, slot) = key;
    if (record_) ids_of(p).semi[std::size_t(slot)] = id;
    const auto older = older_at(a, b);
    if (!is_cell(a)) s_.semis_of[std::size_t(a)].push(b, key, carrier, id);
    if (!is_cell(b)) s_.semis_of[std::size_t(b)].push(a, key, carrier, id);
    s_.queue.push_back({a, b, key, id, carrier, older.first, older.second});
    if (any_captured_) or_rule<true>(a, b, p, slot, carrier, id);
    else or_rule<false>(a, b, p, slot, carrier, id);  // the common case, kept lean
  }

  // OR rule: semis whose carriers share nothing make a full. Search the
  // subsets that contain the new semi (`carrier`, in `slot`), taking a semi
  // only if it shrinks the intersection (so at most a carrier's size deep),
  // and keep every full found, not just the first: the first often runs
  // through a cell that another combination avoids, and a later AND needs
  // that one. Most new semis share a cell with every other semi of their
  // pair: test that on the pair's list before copying it for the search
  // (inlined where a semi is kept, as most calls end there). With captured
  // sets, the ends' captured cells may stay in the intersection: an
  // intrusion there is answered in its pair and leaves a dead stone.
  template <bool kCaptured>
  [[gnu::always_inline]] void or_rule(int a, int b, Pair& p, int slot, const Set& carrier, int id) {
    Set cap;
    if constexpr (kCaptured) {
      cap = captured_of(a) | captured_of(b);
      or_a_ = a, or_b_ = b;
    }
    if (p.semis < 2) {
      if constexpr (kCaptured) {
        if (!cap.empty() && carrier.subset_of(cap)) {
          const std::array<int, 1> part = {id};
          add_full(a, b, carrier | cap, ConnectionRule::Or, part);
        }
      }
      return;
    }
    const std::span<const Set> semis = semis_in(p);
    // The new semi is semis[slot]: this is its intersection with the others.
    Set meet = semis[0];
    for (int i = 1; i < p.semis; ++i) meet &= semis[std::size_t(i)];
    if (!cleared<kCaptured>(meet, cap)) return;
    Carriers others;
    Ids other_ids;
    Meets meet_below = {Set{}};  // meet_below[0] is never read
    for (int i = 0; i < p.semis; ++i) {
      if (i == slot) continue;
      const Set& other = semis[std::size_t(i)];
      meet_below.push_back(others.empty() ? other : meet_below.back() & other);
      others.push_back(other);
      other_ids.push_back(record_ ? ids_of(p).semi[std::size_t(i)] : -1);
    }
    Unions found;
    Ids chosen = {id};
    or_steps_ = 0;
    if (kCaptured && carrier.subset_of(cap)) found.emplace_back(carrier | captured_meeting(carrier, a, b), chosen);
    else if (can_clear<kCaptured>(carrier, meet_below, int(others.size()), cap))
      or_combine<kCaptured>(others, other_ids, meet_below, int(others.size()), carrier, carrier, cap, chosen, found);
    for (const auto& [union_carrier, parts] : found) {
      const std::span<const int> used(parts.data(), parts.size());
      // Without captured cells a union's ends lie outside it, as they lie
      // outside every semi's carrier; an end's captured cells may hold the
      // other end.
      if constexpr (kCaptured) add_full(a, b, union_carrier, ConnectionRule::Or, used);
      else add_full_to(a, b, p, union_carrier, ConnectionRule::Or, used);
    }
  }

  // Whether the AND rule joins connections at `middle` (HexKnowledge::and_over_edges).
  bool joins_at(int middle) const {
    return knobs_.and_over_edges || (middle != first_edge_ && middle != second_edge_);
  }
  bool touches_edge(int a, int b) const {
    return a == first_edge_ || a == second_edge_ || b == first_edge_ || b == second_edge_;
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
  // Whether an intersection is cleared: empty, or (with captured sets)
  // inside the ends' captured cells.
  template <bool kCaptured>
  static bool cleared(const Set& meet, const Set& cap) {
    if constexpr (kCaptured) return meet.subset_of(cap);
    else return meet.empty();
  }
  template <bool kCaptured>
  static bool can_clear(const Set& common, const Meets& meet_below, int limit, const Set& cap) {
    return limit > 0 && cleared<kCaptured>(common & meet_below[std::size_t(limit)], cap);
  }
  template <bool kCaptured>
  void or_combine(const Carriers& semis, const Ids& ids, const Meets& meet_below, int limit, const Set& common,
                  const Set& all, const Set& cap, Ids& chosen, Unions& out) {
    for (int i = 0; i < limit && int(out.size()) < max_fulls_; ++i) {
      const Set& other = semis[std::size_t(i)];
      if (common.subset_of(other)) continue;
      const Set next = common & other;
      const bool done = cleared<kCaptured>(next, cap);
      if (!done && !can_clear<kCaptured>(next, meet_below, i, cap)) continue;
      if (++or_steps_ > kMaxOrSteps) return;
      chosen.push_back(ids[std::size_t(i)]);
      if (done) {
        // The parts are read only for a derivation (recording).
        if constexpr (kCaptured) out.emplace_back(all | other | captured_meeting(next), record_ ? chosen : Ids{});
        else out.emplace_back(all | other, record_ ? chosen : Ids{});
      } else {
        or_combine<kCaptured>(semis, ids, meet_below, i, next, all | other, cap, chosen, out);
      }
      chosen.pop_back();
    }
  }

  // AND rule through a stone group: a full and a semi meeting at one of the
  // side's groups, with disjoint carriers, make a semi between their other
  // ends, with the semi's key. The new connection is (x, group) with
  // `new_carrier`; `halves` are the group's connections of the other kind,
  // the first `older` of them built before it, and `key` the new
  // connection's key if it is a semi (else -1: the key is the other
  // half's). What is added has neither end at the group, so the group's
  // lists do not change while they are walked (as in and_rule_at).
  void semis_through_group(int x, int group, const Set& new_carrier, int id, const std::vector<Halves>& halves,
                           int key, int older) {
    // Most ends are cells: that test is inlined in the queue's loop, the walk is not.
    if (!is_cell(group) && joins_at(group)) walk_group(x, group, new_carrier, id, halves, key, older);
  }
  [[gnu::noinline]] void walk_group(int x, int group, const Set& new_carrier, int id, const std::vector<Halves>& halves,
                                    int key, int older) {
    const Halves& at_group = halves[std::size_t(group)];
    const Set* const carriers = at_group.carrier.data();
    const int* const others = at_group.other.data();
    const int* const ids = at_group.id.data();
    const Set carrier = new_carrier;
    const auto count = std::size_t(older);
    for (std::size_t i = 0; i < count; ++i) {
      const int other = others[i];
      const Set other_carrier = carriers[i];
      Set joined = carrier | other_carrier;
      if (!joinable(x, other, carrier, other_carrier) &&
          !(any_captured_ && joinable_through_captured(x, other, carrier, other_carrier, joined)))
        continue;
      if (built_ >= max_connections_) return;
      // Joinable: neither end lies in the other's carrier, nor in its own.
      add_semi_outside(x, other, key >= 0 ? key : at_group.key[i], joined, id, ids[i]);
    }
  }
  // Two connections (x, middle) with carrier c1 and (middle, y) with c2 can
  // be joined: different ends, disjoint carriers, neither end inside the
  // other's carrier.
  bool joinable(int x, int y, const Set& c1, const Set& c2) const {
    if (y == x || c1.intersects(c2)) return false;
    return !(is_cell(x) && c2.contains(x)) && !(is_cell(y) && c1.contains(y));
  }

  // Whether (x, middle) with c1 and (middle, y) with c2, not joinable, join
  // when their shared cells are captured by x or y; then `joined` takes the
  // captured sets.
  [[gnu::noinline]] bool joinable_through_captured(int x, int y, const Set& c1, const Set& c2, Set& joined) const {
    if (y == x) return false;
    const Set cap = captured_of(x) | captured_of(y);
    if (!(c1 & c2).subset_of(cap)) return false;
    joined |= cap;
    return !(is_cell(x) && joined.contains(x)) && !(is_cell(y) && joined.contains(y));
  }

  // AND rule at `middle`: the full (x, middle) with carrier `c1` and every
  // older full (middle, y) (the first `older` in its list) with a disjoint
  // carrier not touching x (or, with captured sets, sharing only captured
  // cells).
  void and_rule(int x, int middle, const Set& c1, int id, int older) {
    if (!joins_at(middle)) return;
    if (any_captured_) and_rule_at<true>(x, middle, c1, id, older);
    else and_rule_at<false>(x, middle, c1, id, older);  // the common case, kept lean
  }
  template <bool kCaptured>
  void and_rule_at(int x, int middle, const Set& new_carrier, int id, int older) {
    // New connections never have `middle` as an end, so its list does not
    // change while it is walked: its arrays are read through pointers taken
    // once, and the new carrier is a local copy, so that the walk (which
    // turns away nearly nine in ten on the carrier alone) reloads nothing
    // after each add. `blocked`: the cells a second carrier must avoid (c1,
    // and x itself when x is a cell).
    const Halves& at_middle = s_.fulls_of[std::size_t(middle)];
    const Set* const carriers = at_middle.carrier.data();
    const int* const others = at_middle.other.data();
    const int* const ids = at_middle.id.data();
    const Set c1 = new_carrier;
    const bool x_is_cell = is_cell(x), middle_is_cell = is_cell(middle);
    Set blocked = c1;
    if (x_is_cell) blocked.insert(x);
    const auto count = std::size_t(older);
    // Joins the older full i, the union of the carriers being `carrier`;
    // false once the effort bound is reached.
    auto join = [&](std::size_t i, Set carrier) {
      const int y = others[i];
      if (y == x || (is_cell(y) && carrier.contains(y))) return true;
      if (built_ >= max_connections_) return false;
      if (middle_is_cell) {
        carrier.insert(middle);
        add_semi_outside(x, y, middle, carrier, id, ids[i]);  // neither end is in `carrier`
      } else {
        add_full(x, y, carrier, ConnectionRule::And, {id, ids[i]});
      }
      return true;
    };
    if constexpr (kCaptured) {
      const Set cap_ends = captured_of(x) | captured_of(middle);  // and a semi's key
      for (std::size_t i = 0; i < count; ++i) {
        const Set c2 = carriers[i];
        Set carrier;
        if (!c2.intersects(blocked)) {
          carrier = c1 | c2;
        } else {
          // Benzene's captured-set AND: the carriers may share cells the
          // ends capture; the union then reserves all of those.
          if (x_is_cell && c2.contains(x)) continue;
          const Set cap = cap_ends | captured_of(others[i]);
          if (!(c1 & c2).subset_of(cap)) continue;
          carrier = c1 | c2 | cap;
          if ((middle_is_cell && carrier.contains(middle)) || (x_is_cell && carrier.contains(x))) continue;
        }
        if (!join(i, carrier)) return;
      }
    } else {
      // The fulls whose carriers avoid `blocked`, gathered first in order:
      // a branch per full, taken about once in ten and not in a pattern,
      // was mispredicted often.
      std::uint32_t* const picked = picks(count);
      std::size_t found = 0;
      for (std::size_t i = 0; i < count; ++i) {
        picked[found] = std::uint32_t(i);
        found += !carriers[i].intersects(blocked);
      }
      for (std::size_t k = 0; k < found; ++k)
        if (!join(picked[k], c1 | carriers[picked[k]])) return;
    }
  }
  // Room for `count` indices (and_rule_at; nothing it calls walks again).
  std::uint32_t* picks(std::size_t count) {
    if (s_.picked.size() < count) s_.picked.resize(std::max<std::size_t>(count, 2 * s_.picked.size()));
    return s_.picked.data();
  }

  const HexCells& cells_;
  int n_;
  const HexKnowledge& knobs_;
  Groups groups_;
  bool black_;
  bool record_;
  int max_fulls_, max_semis_, max_edge_fulls_, max_edge_semis_;
  Scratch& s_;
  // Read on every step, kept here rather than computed or reached through
  // knobs_ (which the compiler must reload after every store).
  int cell_nodes_;  // n², the first group's node
  int max_connections_;
  int node_count_ = 0;
  std::size_t lists_used_ = 0;  // the carriers of s_.lists this call has taken
  int built_ = 0;
  int first_edge_ = -1, second_edge_ = -1;  // the side's edges as nodes
  int edge_pair_ = -1;  // their pair's index
  Set edge_meet_;  // the common part of the edge semis in s_.edge_semis
  // OR-rule effort bound per new semi (the subsets of up to kMaxSemis
  // semis). Per semi, not per call: a call-wide budget ran out on crowded
  // pairs and then left every later pair without ORs. 64 decides as many
  // random 7x7 positions as 4096 does, at less cost.
  static constexpr int kMaxOrSteps = 64;
  int or_steps_ = 0;
  bool any_captured_ = false;
  int or_a_ = -1, or_b_ = -1;  // the pair the OR search combines for
};

// f(Set{}) with the narrowest cell set that holds a board of `size`.
template <class F>
auto with_narrowest_set(int size, F f) {
  if (size * size <= BasicCellSet<1>::kCapacity) return f(BasicCellSet<1>{});
  if (size * size <= BasicCellSet<2>::kCapacity) return f(BasicCellSet<2>{});
  return f(CellSet{});
}

}  // namespace

VirtualConnections h_search(const HexCells& cells, int size, Player side, const HexKnowledge& knobs, bool links,
                            bool threats) {
  auto search = [&]<class Set>(Set) {
    return HSearch<Set>(cells, size, side, knobs).run(links, HSearch<Set>::StopAt::Never, threats);
  };
  return with_narrowest_set(size, search);
}

std::optional<ConnectionCertificate> certify_edge_connection(const HexCells& cells, int size, Player side,
                                                             const HexKnowledge& knobs, bool side_to_move) {
  auto certify = [&]<class Set>(Set) {
    HSearch<Set> search(cells, size, side, knobs, /*record=*/true);
    search.run(false, side_to_move ? HSearch<Set>::StopAt::EdgeSemi : HSearch<Set>::StopAt::EdgeFull);
    return search.certificate(side, side_to_move);
  };
  return with_narrowest_set(size, certify);
}

namespace {

// Greedy: the smallest carrier, then whichever semi shrinks the common
// part most, until none does. The opponent must play in the common part.
template <class Search>
std::vector<ConnectionCertificate> chosen_edge_semis(const Search& search, Player side) {
  const auto semis = search.edge_semis();
  std::vector<ConnectionCertificate> chosen;
  if (semis.empty()) return chosen;
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
}

}  // namespace

std::vector<ConnectionCertificate> certify_edge_semis(const HexCells& cells, int size, Player side,
                                                      const HexKnowledge& knobs) {
  auto certify = [&]<class Set>(Set) {
    HSearch<Set> search(cells, size, side, knobs, /*record=*/true);
    search.run(false);
    return chosen_edge_semis(search, side);
  };
  return with_narrowest_set(size, certify);
}

EdgeCertificates certify_edge_full_or_semis(const HexCells& cells, int size, Player side, const HexKnowledge& knobs) {
  auto certify = [&]<class Set>(Set) {
    HSearch<Set> search(cells, size, side, knobs, /*record=*/true);
    search.run(false, HSearch<Set>::StopAt::EdgeFull);
    EdgeCertificates out;
    out.full = search.certificate(side, /*semi_ok=*/false);
    if (!out.full) out.semis = chosen_edge_semis(search, side);
    return out;
  };
  return with_narrowest_set(size, certify);
}

}  // namespace dfpn::games
