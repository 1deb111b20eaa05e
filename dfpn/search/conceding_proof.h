// Rules proofs for monotone games, built by solving with game knowledge.
//
// A solver that uses knowledge (Hex virtual connections, pruned moves) ends
// its search where the knowledge decides, so its table is no rules proof;
// and a rules proof that answers every defence everywhere is far too large
// for a 7x7 Hex opening. Concessions (dfpn/base/game.h) close the gap.
//
// A *proof set* of a position won for W is a set S of empty cells such that
// W still wins when the loser is given every other empty cell. Built
// bottom-up, as in Benzene's depth-first Hex solver:
//   * a position won by the rules needs nothing: S = {};
//   * where W is to move and plays w into Y: S = S(Y) + w;
//   * where the loser is to move, start from the knowledge's guess (the
//     carrier of W's connection), then prove the loser's every move m in S
//     and add S(m) + m, until every move in S is answered (a fixpoint: S
//     only grows, and it is finite). The node concedes every empty cell
//     outside S; the loser's moves there need no answer.
// Sets nest (a child's set lies in its parent's), so a subproof built for
// a position also holds wherever it is reached with more loser stones
// outside its set, and subproofs are shared by transposition. More than
// that: a position X with the same winner's stones as a proven Y, and no
// loser stone inside Y's set S, is the same position as Y once everything
// outside S is conceded, so X gets Y's moves under a wider concession
// ("covered" positions: one answer for the loser's many irrelevant moves).
//
// Where the knowledge can certify its verdict (dfpn/base/game.h: a Hex virtual
// connection with its derivation), the position is a certified leaf, its
// proof set the certificate's support: the connection is checked once as a
// lemma instead of unfolded move by move. Where the loser is to move, the
// winner's semi connections certify every defence outside their supports:
// only the defences inside all of them get answers.
//
// The winning moves come from the knowledge: its hint where it decides the
// position, else the table of the solve that found the result, else a new
// df-pn search on that table. The knowledge game and the rules game walk in
// step; only the rules game's moves and concessions enter the proof, which
// verify_proof() then checks by the rules alone.
//
// A proof may also be put together from parts built apart (job-level
// search, parallel/jobs/): with a frontier, positions past it are built by
// someone else as a part — a subproof with its root's proof set, which is
// all a parent needs of a child — and grafted in; the builder walks only the
// positions before the frontier, with the winning moves its table names.
#pragma once

#include <algorithm>
#include <chrono>
#include <concepts>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "dfpn/search/dfpn.h"
#include "dfpn/base/game.h"
#include "dfpn/base/proof_hooks.h"
#include "dfpn/base/proof.h"
#include "dfpn/base/random.h"

namespace dfpn {

// A conceding proof of a position with its root's proof set (see above),
// and whether it cites certificates (then it is not reused under an extra
// winner stone).
template <class Move>
struct ConcedingPart {
  Proof<Move> proof;
  std::vector<Move> proof_set;  // sorted
  bool certified = false;
};

template <Game Rules, Game Knowledge, class Table = tt::TranspositionTable>
  requires kCanConcede<Rules> && std::same_as<MoveOf<Rules>, MoveOf<Knowledge>>
class ConcedingProofBuilder {
 public:
  using Move = MoveOf<Rules>;

  struct Stats {
    std::uint64_t positions = 0;  // distinct positions in the proof
    std::uint64_t searches = 0;   // df-pn searches run for a winning move
    std::uint64_t search_nodes = 0;  // the nodes those searches expanded
    double search_s = 0;             // and the time they took
    std::uint64_t conceded = 0;   // cells conceded over all nodes
    std::uint64_t covered = 0;    // positions that took a proven position's moves
    std::uint64_t certified = 0;  // certified leaves
    std::uint64_t defence_certified = 0;  // loser nodes with defence certificates
  };

  // `rules` and `knowledge` are the same position; `table` is the one the
  // solve used (its entries are `attacker`'s view), `options` its options.
  ConcedingProofBuilder(Rules rules, Knowledge knowledge, Player attacker, Table& table, Limits limits = {},
                        DfpnOptions options = {})
      : rules_(std::move(rules)), knowledge_(std::move(knowledge)), attacker_(attacker), table_(table),
        limits_(std::move(limits)), options_(options) {
    // The progress callback reports the build; the searches it runs stay quiet.
    progress_ = std::exchange(limits_.on_progress, {});
  }

  void set_max_nodes(std::size_t n) { max_nodes_ = n; }
  // The most memory the proof and the builder's records may take; the
  // builder gives up before bytes() passes it. 0: no bound.
  void set_max_bytes(std::size_t bytes) { max_bytes_ = bytes; }
  // What the proof and the records take now (estimated: hash maps by
  // their entries and buckets, with the allocator's overhead).
  std::size_t bytes() const {
    constexpr std::size_t kMapNode = 48, kBucket = sizeof(void*);
    return proof_.nodes.capacity() * sizeof(typename Proof<Move>::Node) +
           proof_.edges.capacity() * sizeof(typename Proof<Move>::Edge) +
           (proof_.conceded.capacity() + set_cells_.capacity()) * sizeof(Move) +
           proof_.defence_certificates.capacity() * sizeof(std::uint32_t) + certificate_bytes_ +
           built_.capacity() * sizeof(Covered) +
           (memo_.size() + covers_.size() + certificate_index_.size()) * kMapNode +
           (memo_.bucket_count() + covers_.bucket_count() + certificate_index_.bucket_count()) * kBucket;
  }

  // Where the proof is put together from parts: here(path) says whether
  // the position `path` leads to from the root is built here; part(path,
  // claim) builds one that is not, elsewhere (nullopt if it cannot). Built
  // here, a winner's position takes the moves the table names and never
  // searches: whoever solved it holds the rest.
  struct Frontier {
    std::function<bool(const std::vector<Move>&)> here;
    std::function<std::optional<ConcedingPart<Move>>(const std::vector<Move>&, Outcome)> part;
  };
  void set_frontier(Frontier frontier) { frontier_ = std::move(frontier); }
  // Certified leaves on (the default) or off (every leaf a rules terminal).
  void set_certificates(bool on) { certificates_ = on; }

  // A proof of `claim` for the attacker, or nullopt (see failure()).
  std::optional<Proof<Move>> build(Outcome claim) {
    if (claim == Outcome::Unknown) return give_up("nothing to prove for an unknown result");
    if (rules_.hash() != knowledge_.hash()) return give_up("the rules and knowledge games are not at one position");
    start_ = std::chrono::steady_clock::now();
    winner_ = claim == Outcome::Proven ? attacker_ : opponent(attacker_);
    win_ = claim;
    proof_ = {};
    certificate_index_.clear();
    certificate_bytes_ = 0;
    proof_.winner = winner_;
    memo_.clear();
    covers_.clear();
    built_.clear();
    set_cells_.clear();
    winner_stones_key_ = 0;
    winner_stones_.clear();
    loser_stones_.clear();
    failure_.clear();
    stats_ = {};
    path_.clear();
    const auto root = visit();
    if (!root) return std::nullopt;
    put_root_first(root->node);
    stats_.positions = proof_.nodes.size();
    const auto root_set = cells_of(root->proof_set);
    root_set_.assign(root_set.begin(), root_set.end());
    root_certified_ = root->certified;
    return std::move(proof_);
  }

  // build(), with the root's proof set: a part for a frontier elsewhere.
  std::optional<ConcedingPart<Move>> build_part(Outcome claim) {
    auto proof = build(claim);
    if (!proof) return std::nullopt;
    return ConcedingPart<Move>{std::move(*proof), root_set_, root_certified_};
  }

  const std::string& failure() const { return failure_; }
  // What the last build did; positions counts those built so far when it
  // gave up (a proof that grows too slowly shows here).
  Stats stats() const {
    Stats s = stats_;
    s.positions = std::max<std::uint64_t>(s.positions, proof_.nodes.size());  // the proof leaves with build()
    return s;
  }
  double seconds() const { return elapsed_s(); }

 private:
  using Cells = std::vector<Move>;  // sorted
  using Edge = typename Proof<Move>::Edge;
  // A proof set stored once in set_cells_ (sets never change once built),
  // so the memo, the covers and covered positions share it: a large proof
  // holds millions of these.
  struct SetRef {
    std::uint32_t begin = 0, size = 0;
  };
  struct Built {
    std::uint32_t node;
    SetRef proof_set;
    // Certificates at the node or below: they name the winner's groups by
    // their stones, so the subproof must not be reused where an extra
    // winner stone may merge groups.
    bool certified = false;
  };
  std::span<const Move> cells_of(SetRef set) const { return {set_cells_.data() + set.begin, set.size}; }
  SetRef store(const Cells& set) {
    const SetRef ref{static_cast<std::uint32_t>(set_cells_.size()), static_cast<std::uint32_t>(set.size())};
    set_cells_.insert(set_cells_.end(), set.begin(), set.end());
    return ref;
  }
  // Proven positions with one cover key, in the order they were proven:
  // [first, last] of a chain through Covered::next in built_.
  struct Covered {
    Built built;
    std::uint32_t next = kNone;
  };
  struct CoverChain {
    std::uint32_t first, last;
  };
  static constexpr std::uint32_t kNone = 0xFFFFFFFF;
  void add_cover(const Built& built) {
    const auto index = static_cast<std::uint32_t>(built_.size());
    built_.push_back({built});
    const auto [it, fresh] = covers_.try_emplace(cover_key(), CoverChain{index, index});
    if (!fresh) built_[std::exchange(it->second.last, index)].next = index;
  }

  std::optional<Built> visit() {
    const std::uint64_t key = rules_.hash();
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    if (auto covered = cover()) return remember(key, std::move(*covered));
    if (proof_.nodes.size() >= max_nodes_)
      return give_up("the proof would have more than " + std::to_string(max_nodes_) + " positions");
    if (max_bytes_ > 0 && bytes() >= max_bytes_)
      return give_up("the proof would take more than " +
                     (max_bytes_ >= (std::size_t{1} << 20) ? std::to_string(max_bytes_ >> 20) + " MiB"
                                                            : std::to_string(max_bytes_ >> 10) + " KiB") +
                     " (" + std::to_string(proof_.nodes.size()) + " positions so far)");
    if (out_of_time()) return give_up(stop_reason());
    if (const Outcome o = rules_.evaluate(attacker_); o != Outcome::Unknown) {
      if (o != win_) return give_up("a line ends in a loss for " + std::string(to_string(winner_)));
      return remember(key, {add_node({}, {}), {}});
    }
    if (frontier_.here && !frontier_.here(path_)) {
      auto part = frontier_.part(path_, win_);
      if (!part) return give_up("a part past the frontier could not be built");
      if (part->proof.winner != winner_) return give_up("a part past the frontier proves the other side's win");
      Built built{append_proof(part->proof, proof_), store(part->proof_set), part->certified};
      add_cover(built);
      return remember(key, built);
    }
    if constexpr (kHasCertificates<Knowledge> && kChecksCertificates<Rules>) {
      if (auto c = certificates_ ? knowledge_.certificate(winner_) : std::nullopt) {
        Cells set = std::move(c->support);
        std::sort(set.begin(), set.end());
        const std::uint32_t node = add_node({}, {});
        proof_.nodes[node].certificate = intern(std::move(c->text));
        ++stats_.certified;
        Built built{node, store(set), true};
        add_cover(built);
        return remember(key, built);
      }
    }
    MoveListOf<Rules> legal;
    rules_.generate_moves(legal);
    if (legal.empty()) {
      if (rules_.to_move() == winner_) return give_up("the winner has no move");
      return remember(key, {add_node({}, {}), {}});
    }
    std::optional<Built> built = rules_.to_move() == winner_ ? winner_node() : loser_node(legal);
    if (!built) return std::nullopt;
    add_cover(*built);
    return remember(key, *built);
  }

  // A proven position with this one's winner's stones and side to move
  // whose set holds none of this one's loser stones: conceding everything
  // outside its set makes the two the same, so its moves serve here.
  std::optional<Built> cover() {
    if (auto b = cover_by(cover_key(), std::nullopt)) return b;
    // Or one with a winner's stone less, outside its set: here that cell is
    // the winner's instead of conceded, which only helps the winner.
    for (const Move& extra : winner_stones_)
      if (auto b = cover_by(cover_key() ^ stone_key(extra), extra)) return b;
    return std::nullopt;
  }
  std::optional<Built> cover_by(std::uint64_t key, std::optional<Move> extra) {
    const auto it = covers_.find(key);
    if (it == covers_.end()) return std::nullopt;
    for (std::uint32_t at = it->second.first; at != kNone; at = built_[at].next) {
      const Built y = built_[at].built;
      const auto y_set = cells_of(y.proof_set);
      if (intersects(y_set, loser_stones_)) continue;
      if (extra && std::binary_search(y_set.begin(), y_set.end(), *extra)) continue;
      // A certificate names the winner's groups by their stones: an extra
      // stone may merge two of them, which the certificate does not expect.
      if (extra && y.certified) continue;
      const auto y_node = proof_.nodes[y.node];
      MoveListOf<Rules> legal;
      rules_.generate_moves(legal);
      Cells conceded;
      for (const Move& m : legal)
        if (!std::binary_search(y_set.begin(), y_set.end(), m)) conceded.push_back(m);
      const auto edges = proof_.edges_of(y.node);
      ++stats_.covered;
      stats_.conceded += conceded.size();
      const std::uint32_t node = add_node(std::vector<Edge>(edges.begin(), edges.end()), conceded);
      proof_.nodes[node].certificate = y_node.certificate;
      proof_.nodes[node].first_defence_certificate = y_node.first_defence_certificate;
      proof_.nodes[node].defence_certificate_count = y_node.defence_certificate_count;
      return Built{node, y.proof_set, y.certified};
    }
    return std::nullopt;
  }
  std::uint64_t cover_key() const {
    return winner_stones_key_ ^ (rules_.to_move() == winner_ ? 0x9E3779B97F4A7C15ull : 0);
  }

  // One winning move, the first candidate whose subproof closes.
  std::optional<Built> winner_node() {
    std::vector<Move> tried;
    auto attempt = [&](const Move& m) -> std::optional<Built> {
      if (std::find(tried.begin(), tried.end(), m) != tried.end()) return std::nullopt;
      tried.push_back(m);
      const auto child = play_and_visit(m);
      if (!child) return std::nullopt;
      const auto child_set = cells_of(child->proof_set);
      Cells set(child_set.begin(), child_set.end());
      insert(set, m);
      return Built{add_node({Edge{m, child->node}}, {}), store(set), child->certified};
    };
    for (const Move& m : known_winning_moves()) {
      if (auto b = attempt(m)) return b;
      if (stopped_) return std::nullopt;
    }
    if (frontier_.here) return give_up("the table names no winning move before the frontier");
    if (const auto m = search_winning_move()) {
      if (auto b = attempt(*m)) return b;
    }
    // A search cut short by a stop found nothing, which proves nothing.
    if (stopped_) return give_up(stop_reason());
    std::string line;
    for (const Move& m : path_) line += (line.empty() ? "" : " ") + rules_.move_to_string(m);
    return give_up("no winning move found for " + std::string(to_string(winner_)) + " after [" + line + "]");
  }

  // Every loser move in the proof set answered; the rest conceded.
  std::optional<Built> loser_node(const MoveListOf<Rules>& legal) {
    auto is_legal = [&](const Move& m) { return std::find(legal.begin(), legal.end(), m) != legal.end(); };
    Cells set;
    if constexpr (kHasProofHint<Knowledge>) {
      for (const Move& m : knowledge_.proof_hint(winner_).support)
        if (is_legal(m)) set.push_back(m);
      std::sort(set.begin(), set.end());
      set.erase(std::unique(set.begin(), set.end()), set.end());
    }
    // Defence certificates: a defence outside one of their supports leads
    // to a position where that certificate holds, so only the defences
    // inside all of them need answers.
    std::vector<Cells> supports;
    std::vector<std::uint32_t> certificates;
    if constexpr (kHasDefenceCertificates<Knowledge> && kChecksCertificates<Rules>) {
      if (certificates_) {
        for (auto& c : knowledge_.defence_certificates(winner_)) {
          Cells support;
          for (const Move& m : c.support)
            if (is_legal(m)) support.push_back(m);
          std::sort(support.begin(), support.end());
          if (supports.empty()) set.clear();  // the supports replace the hint
          unite(set, support);
          supports.push_back(std::move(support));
          certificates.push_back(intern(std::move(c.text)));
        }
      }
    }
    auto needs_answer = [&](const Move& m) {
      return std::all_of(supports.begin(), supports.end(),
                         [&](const Cells& s) { return std::binary_search(s.begin(), s.end(), m); });
    };
    bool certified = !certificates.empty();
    std::vector<Edge> edges;
    auto answered = [&](const Move& m) {
      return std::any_of(edges.begin(), edges.end(), [&](const Edge& e) { return e.move == m; });
    };
    for (;;) {
      std::optional<Move> next;
      for (const Move& m : set)
        if (!answered(m) && needs_answer(m)) {
          next = m;
          break;
        }
      // A set must hold at least one move (unless certificates meet every defence).
      if (!next && edges.empty() && supports.empty()) next = first_defence(legal);
      if (!next) break;
      const auto child = play_and_visit(*next);
      if (!child) return std::nullopt;
      certified = certified || child->certified;
      edges.push_back({*next, child->node});
      insert(set, *next);
      unite(set, cells_of(child->proof_set));
    }
    Cells conceded;
    for (const Move& m : legal)
      if (!std::binary_search(set.begin(), set.end(), m)) conceded.push_back(m);
    stats_.conceded += conceded.size();
    const std::uint32_t node = add_node(edges, conceded);
    if (!certificates.empty()) {
      proof_.nodes[node].first_defence_certificate = static_cast<std::uint32_t>(proof_.defence_certificates.size());
      proof_.nodes[node].defence_certificate_count = static_cast<std::uint32_t>(certificates.size());
      proof_.defence_certificates.insert(proof_.defence_certificates.end(), certificates.begin(), certificates.end());
      ++stats_.defence_certified;
    }
    return Built{node, store(set), certified};
  }

  // The index of a certificate's text, each text stored once.
  std::uint32_t intern(std::string text) {
    const std::size_t hash = std::hash<std::string>{}(text);
    for (auto [it, end] = certificate_index_.equal_range(hash); it != end; ++it)
      if (proof_.certificates[it->second] == text) return it->second;
    const auto index = static_cast<std::uint32_t>(proof_.certificates.size());
    certificate_bytes_ += sizeof(std::string) + text.capacity();
    proof_.certificates.push_back(std::move(text));
    certificate_index_.emplace(hash, index);
    return index;
  }

  // The knowledge's strongest defence (its first move), else the first legal one.
  Move first_defence(const MoveListOf<Rules>& legal) {
    MoveListOf<Knowledge> moves;
    knowledge_.generate_moves(moves);
    order_moves(knowledge_, moves, attacker_);
    for (const Move& m : moves)
      if (std::find(legal.begin(), legal.end(), m) != legal.end()) return m;
    return legal.front();
  }

  // Moves that keep the win without a search: the knowledge's hint, then
  // children the table has solved for the winner.
  std::vector<Move> known_winning_moves() {
    std::vector<Move> moves;
    if constexpr (kHasProofHint<Knowledge>) {
      if (const auto m = knowledge_.proof_hint(winner_).winning_move) moves.push_back(*m);
    }
    MoveListOf<Knowledge> candidates;
    knowledge_.generate_moves(candidates);
    for (const Move& m : candidates) {
      ScopedMove<Knowledge> played(knowledge_, m);
      Outcome o = quick_evaluate(knowledge_, attacker_);
      tt::EntryData e;
      if (o == Outcome::Unknown && table_.probe(knowledge_.hash(), e)) o = e.numbers.outcome();
      if (o == win_) moves.push_back(m);
    }
    return moves;
  }

  // A df-pn search from here on the solve's table.
  std::optional<Move> search_winning_move() {
    Limits limits = limits_;
    if (limits.time_s > 0) {
      limits.time_s -= elapsed_s();
      if (limits.time_s <= 0) return std::nullopt;
    }
    const auto r = run_search(limits);
    if (r.outcome != win_) {
      if (!r.solved()) stopped_ = true;
      return std::nullopt;
    }
    if (r.best_move) return r.best_move;
    // Decided at the root by knowledge that names no move (the table then
    // holds nothing below it): search the moves one by one.
    MoveListOf<Knowledge> candidates;
    knowledge_.generate_moves(candidates);
    for (const Move& m : candidates) {
      ScopedMove<Knowledge> played(knowledge_, m);
      const auto c = run_search(limits);
      if (c.outcome == win_) return m;
      if (!c.solved()) {
        stopped_ = true;
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

  // One df-pn search from the knowledge game's position, counted.
  SolveResult<Move> run_search(const Limits& limits) {
    const auto start = std::chrono::steady_clock::now();
    DepthFirstPns<Knowledge, Table> search(knowledge_, attacker_, table_, limits, options_);
    auto r = search.solve();
    ++stats_.searches;
    stats_.search_nodes += r.nodes;
    stats_.search_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  }

  std::optional<Built> play_and_visit(const Move& m) {
    // The stones each side has added since the root: the winner's as an
    // order-free key, the loser's as a sorted set.
    const bool winner_moves = rules_.to_move() == winner_;
    Cells& stones = winner_moves ? winner_stones_ : loser_stones_;
    insert(stones, m);
    if (winner_moves) winner_stones_key_ ^= stone_key(m);
    rules_.play(m);
    knowledge_.play(m);
    path_.push_back(m);
    auto child = visit();
    path_.pop_back();
    knowledge_.undo();
    rules_.undo();
    if (winner_moves) winner_stones_key_ ^= stone_key(m);
    stones.erase(std::lower_bound(stones.begin(), stones.end(), m));
    return child;
  }
  static std::uint64_t stone_key(const Move& m) { return mix64(std::hash<Move>{}(m) + 1); }

  std::uint32_t add_node(const std::vector<Edge>& edges, const Cells& conceded) {
    typename Proof<Move>::Node n;
    n.first_edge = static_cast<std::uint32_t>(proof_.edges.size());
    n.edge_count = static_cast<std::uint32_t>(edges.size());
    n.first_conceded = static_cast<std::uint32_t>(proof_.conceded.size());
    n.conceded_count = static_cast<std::uint32_t>(conceded.size());
    proof_.edges.insert(proof_.edges.end(), edges.begin(), edges.end());
    proof_.conceded.insert(proof_.conceded.end(), conceded.begin(), conceded.end());
    proof_.nodes.push_back(n);
    return static_cast<std::uint32_t>(proof_.nodes.size() - 1);
  }

  Built remember(std::uint64_t key, Built built) {
    memo_.emplace(key, built);
    return built;
  }

  // Children are added before their parents, so the root comes last; the
  // proof format wants it first.
  void put_root_first(std::uint32_t root) {
    if (root == 0) return;
    std::swap(proof_.nodes[0], proof_.nodes[root]);
    for (auto& e : proof_.edges)
      e.child = e.child == 0 ? root : e.child == root ? 0 : e.child;
  }

  static void insert(Cells& set, const Move& m) {
    const auto at = std::lower_bound(set.begin(), set.end(), m);
    if (at == set.end() || *at != m) set.insert(at, m);
  }
  static bool intersects(std::span<const Move> a, const Cells& b) {
    auto i = a.begin();
    auto j = b.begin();
    while (i != a.end() && j != b.end()) {
      if (*i == *j) return true;
      if (*i < *j) ++i;
      else ++j;
    }
    return false;
  }
  static void unite(Cells& set, std::span<const Move> more) {
    Cells both;
    both.reserve(set.size() + more.size());
    std::set_union(set.begin(), set.end(), more.begin(), more.end(), std::back_inserter(both));
    set = std::move(both);
  }

  double elapsed_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  bool out_of_time() {
    if (++visits_ % 256 != 0) return stopped_;
    const double elapsed = elapsed_s();
    if (limits_.stop.stop_requested() || (limits_.time_s > 0 && elapsed >= limits_.time_s)) stopped_ = true;
    if (progress_ && elapsed >= next_progress_s_) {
      next_progress_s_ = elapsed + limits_.progress_interval_s;
      Progress p;
      p.building_proof = true;
      p.nodes = proof_.nodes.size();
      p.proof_bytes = bytes();
      p.elapsed_s = elapsed;
      progress_(p);
    }
    return stopped_;
  }

  // Why the builder stopped early: a stop request or the time limit, and
  // how far it got (a build of hours stopped tells what it had done).
  std::string stop_reason() const {
    return std::string(limits_.stop.stop_requested() ? "stopped before the proof was complete" : "out of time") +
           " (" + std::to_string(proof_.nodes.size()) + " positions built)";
  }

  std::nullopt_t give_up(std::string why) {
    if (failure_.empty()) failure_ = std::move(why);
    return std::nullopt;
  }

  Rules rules_;
  Knowledge knowledge_;
  Player attacker_;
  Table& table_;
  Limits limits_;
  DfpnOptions options_;
  std::size_t max_nodes_ = kMaxProofNodes;
  std::size_t max_bytes_ = 0;
  std::size_t certificate_bytes_ = 0;  // the certificates' texts
  bool certificates_ = true;
  Frontier frontier_;
  std::unordered_multimap<std::size_t, std::uint32_t> certificate_index_;  // text hash -> index

  Player winner_ = Player::Black;
  Outcome win_ = Outcome::Proven;  // the winner's result, in the attacker's view
  Proof<Move> proof_;
  std::unordered_map<std::uint64_t, Built> memo_;
  std::vector<Move> set_cells_;  // the proof sets (SetRef)
  // Proven positions by their winner's stones (added since the root) and
  // side to move, for cover().
  std::unordered_map<std::uint64_t, CoverChain> covers_;
  std::vector<Covered> built_;
  std::uint64_t winner_stones_key_ = 0;
  Cells winner_stones_, loser_stones_;
  std::vector<Move> path_;  // from the root to the position visited
  Cells root_set_;
  bool root_certified_ = false;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t visits_ = 0;
  std::function<void(const Progress&)> progress_;
  double next_progress_s_ = 0;
  bool stopped_ = false;
  std::string failure_;
  Stats stats_;
};

}  // namespace dfpn
