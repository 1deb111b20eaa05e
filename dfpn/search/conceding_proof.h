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
#include <memory>
#include <mutex>
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
    // The work of several builders (a team's) added up; positions are the
    // whole proof's, counted apart.
    Stats& operator+=(const Stats& s) {
      searches += s.searches;
      search_nodes += s.search_nodes;
      search_s += s.search_s;
      conceded += s.conceded;
      covered += s.covered;
      certified += s.certified;
      defence_certified += s.defence_certified;
      return *this;
    }
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
    const Lock held = lock();
    constexpr std::size_t kMapNode = 48, kBucket = sizeof(void*);
    return store_->proof.nodes.capacity() * sizeof(typename Proof<Move>::Node) +
           store_->proof.edges.capacity() * sizeof(typename Proof<Move>::Edge) +
           (store_->proof.conceded.capacity() + store_->set_cells.capacity()) * sizeof(Move) +
           store_->proof.defence_certificates.capacity() * sizeof(std::uint32_t) + store_->certificate_bytes +
           store_->built.capacity() * sizeof(Covered) +
           (store_->memo.size() + store_->covers.size() + store_->certificate_index.size()) * kMapNode +
           (store_->memo.bucket_count() + store_->covers.bucket_count() + store_->certificate_index.bucket_count()) *
               kBucket;
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

  // Building on several threads (parallel/parallel_proof.h): builders
  // that join() a master share its store, so each finds what the others
  // proved in its memo and covers. The master's loser nodes with fewer
  // than `depth` loser moves above them tell plan(at, moves) the defences
  // they will answer, in that order, so that team mates can build them
  // ahead (build_below()); before it builds a position at most `depth`
  // loser moves deep, the master calls claim(hash), which returns once no
  // team mate is building it. finish() returns once they have all stopped.
  struct Team {
    int depth = 0;
    std::function<void(const std::vector<Move>& at, const std::vector<Move>& moves)> plan;
    std::function<void(std::uint64_t hash)> claim;
    std::function<void()> finish;
  };
  void set_team(Team team) { team_ = std::move(team); }
  void join(const ConcedingProofBuilder& master) { store_ = master.store_; }

  // A proof of `claim` for the attacker, or nullopt (see failure()).
  std::optional<Proof<Move>> build(Outcome claim) {
    start_ = std::chrono::steady_clock::now();
    if (!start(claim)) return std::nullopt;
    {
      const Lock held = lock();
      store_->proof = {};
      store_->proof.winner = winner_;
      store_->memo.clear();
      store_->set_cells.clear();
      store_->covers.clear();
      store_->built.clear();
      store_->certificate_index.clear();
      store_->certificate_bytes = 0;
    }
    const auto root = visit();
    if (team_.finish) team_.finish();
    if (!root) return std::nullopt;
    const Lock held = lock();
    keep_reachable(root->node);
    stats_.positions = store_->proof.nodes.size();
    const auto root_set = cells_of(root->proof_set);
    root_set_.assign(root_set.begin(), root_set.end());
    root_certified_ = root->certified;
    return std::move(store_->proof);
  }

  // For a team mate, while the master builds: proves the position `path`
  // leads to from the root into the shared store (false: see failure()).
  bool build_below(const std::vector<Move>& path, Outcome claim) {
    // Time limits and progress count from the team mate's first position.
    if (start_ == std::chrono::steady_clock::time_point{}) start_ = std::chrono::steady_clock::now();
    const Stats before = stats_;
    if (!start(claim)) return false;
    stats_ = before;  // a team mate's statistics add up over its positions
    for (const Move& m : path) enter(m);
    const bool built = visit().has_value();
    for (auto m = path.rbegin(); m != path.rend(); ++m) leave(*m);
    return built;
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
    const Lock held = lock();
    Stats s = stats_;
    s.positions = std::max<std::uint64_t>(s.positions, store_->proof.nodes.size());  // the proof leaves with build()
    return s;
  }
  double seconds() const { return elapsed_s(); }

 private:
  using Cells = std::vector<Move>;  // sorted
  using Edge = typename Proof<Move>::Edge;
  // A proof set stored once in the store's set_cells (sets never change once built),
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
  // With the lock held (the cells move when another set is stored).
  std::span<const Move> cells_of(SetRef set) const { return {store_->set_cells.data() + set.begin, set.size}; }
  Cells copy_of(SetRef set) const {
    const Lock held = lock();
    const auto cells = cells_of(set);
    return Cells(cells.begin(), cells.end());
  }
  SetRef store(const Cells& set) {
    const Lock held = lock();
    const SetRef ref{static_cast<std::uint32_t>(store_->set_cells.size()), static_cast<std::uint32_t>(set.size())};
    store_->set_cells.insert(store_->set_cells.end(), set.begin(), set.end());
    return ref;
  }
  // Proven positions with one cover key, in the order they were proven:
  // [first, last] of a chain through Covered::next in the store's built.
  struct Covered {
    Built built;
    std::uint32_t next = kNone;
  };
  struct CoverChain {
    std::uint32_t first, last;
  };
  static constexpr std::uint32_t kNone = 0xFFFFFFFF;
  // What the build makes and remembers: one per build, shared by the
  // builders of a team. Every access holds the mutex (recursive: a step
  // that takes it may call others that do); the searches and position
  // analyses, where the time goes, run outside it.
  struct Store {
    std::recursive_mutex mutex;
    Proof<Move> proof;
    std::unordered_map<std::uint64_t, Built> memo;
    std::vector<Move> set_cells;  // the proof sets (SetRef)
    // Proven positions by their winner's stones (added since the root)
    // and side to move, for cover().
    std::unordered_map<std::uint64_t, CoverChain> covers;
    std::vector<Covered> built;
    std::unordered_multimap<std::size_t, std::uint32_t> certificate_index;  // text hash -> index
    std::size_t certificate_bytes = 0;  // the certificates' texts
  };
  using Lock = std::unique_lock<std::recursive_mutex>;
  Lock lock() const { return Lock(store_->mutex); }
  void add_cover(const Built& built) {
    const Lock held = lock();
    const auto index = static_cast<std::uint32_t>(store_->built.size());
    store_->built.push_back({built});
    const auto [it, fresh] = store_->covers.try_emplace(cover_key(), CoverChain{index, index});
    if (!fresh) store_->built[std::exchange(it->second.last, index)].next = index;
  }

  std::optional<Built> recall(std::uint64_t key) const {
    const Lock held = lock();
    if (auto it = store_->memo.find(key); it != store_->memo.end()) return it->second;
    return std::nullopt;
  }

  std::optional<Built> visit() {
    const std::uint64_t key = rules_.hash();
    // A team mate may be building it: claim() returns when it is done.
    if (team_.claim && loser_moves_ <= team_.depth) team_.claim(key);
    if (auto built = recall(key)) return built;
    if (auto covered = cover()) return remember(key, std::move(*covered));
    if (const auto full = over_bounds()) return give_up(*full);
    if (out_of_time()) return give_up(stop_reason());
    if (const Outcome o = rules_.evaluate(attacker_); o != Outcome::Unknown) {
      if (o != win_) return give_up("a line ends in a loss for " + std::string(to_string(winner_)));
      return remember(key, {add_node({}, {}), {}});
    }
    if (frontier_.here && !frontier_.here(path_)) {
      auto part = frontier_.part(path_, win_);
      if (!part) return give_up("a part past the frontier could not be built");
      if (part->proof.winner != winner_) return give_up("a part past the frontier proves the other side's win");
      Built built{graft(std::move(part->proof)), store(part->proof_set), part->certified};
      add_cover(built);
      return remember(key, built);
    }
    if constexpr (kHasCertificates<Knowledge> && kChecksCertificates<Rules>) {
      if (auto c = certificates_ ? knowledge_.certificate(winner_) : std::nullopt) {
        Cells set = std::move(c->support);
        std::sort(set.begin(), set.end());
        const std::uint32_t node = add_node({}, {});
        const std::uint32_t text = intern(std::move(c->text));
        {
          const Lock held = lock();
          store_->proof.nodes[node].certificate = text;
        }
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
    const Lock held = lock();
    if (auto b = cover_by(cover_key(), std::nullopt)) return b;
    // Or one with a winner's stone less, outside its set: here that cell is
    // the winner's instead of conceded, which only helps the winner.
    for (const Move& extra : winner_stones_)
      if (auto b = cover_by(cover_key() ^ stone_key(extra), extra)) return b;
    return std::nullopt;
  }
  std::optional<Built> cover_by(std::uint64_t key, std::optional<Move> extra) {
    const auto it = store_->covers.find(key);
    if (it == store_->covers.end()) return std::nullopt;
    for (std::uint32_t at = it->second.first; at != kNone; at = store_->built[at].next) {
      const Built y = store_->built[at].built;
      const auto y_set = cells_of(y.proof_set);
      if (intersects(y_set, loser_stones_)) continue;
      if (extra && std::binary_search(y_set.begin(), y_set.end(), *extra)) continue;
      // A certificate names the winner's groups by their stones: an extra
      // stone may merge two of them, which the certificate does not expect.
      if (extra && y.certified) continue;
      const auto y_node = store_->proof.nodes[y.node];
      MoveListOf<Rules> legal;
      rules_.generate_moves(legal);
      Cells conceded;
      for (const Move& m : legal)
        if (!std::binary_search(y_set.begin(), y_set.end(), m)) conceded.push_back(m);
      const auto edges = store_->proof.edges_of(y.node);
      ++stats_.covered;
      stats_.conceded += conceded.size();
      const std::uint32_t node = add_node(std::vector<Edge>(edges.begin(), edges.end()), conceded);
      store_->proof.nodes[node].certificate = y_node.certificate;
      store_->proof.nodes[node].first_defence_certificate = y_node.first_defence_certificate;
      store_->proof.nodes[node].defence_certificate_count = y_node.defence_certificate_count;
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
      Cells set = copy_of(child->proof_set);
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
    if (team_.plan && loser_moves_ < team_.depth) plan_team(set, needs_answer);
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
      unite(set, copy_of(child->proof_set));
    }
    Cells conceded;
    for (const Move& m : legal)
      if (!std::binary_search(set.begin(), set.end(), m)) conceded.push_back(m);
    stats_.conceded += conceded.size();
    const Lock held = lock();
    const std::uint32_t node = add_node(edges, conceded);
    if (!certificates.empty()) {
      auto& defences = store_->proof.defence_certificates;
      store_->proof.nodes[node].first_defence_certificate = static_cast<std::uint32_t>(defences.size());
      store_->proof.nodes[node].defence_certificate_count = static_cast<std::uint32_t>(certificates.size());
      defences.insert(defences.end(), certificates.begin(), certificates.end());
      ++stats_.defence_certified;
    }
    return Built{node, store(set), certified};
  }

  // Tells the team which defences the loser node will answer first: those
  // in its set that need answers, in order (answers may add more).
  template <class NeedsAnswer>
  void plan_team(const Cells& set, NeedsAnswer needs_answer) {
    std::vector<Move> moves;
    for (const Move& m : set)
      if (needs_answer(m)) moves.push_back(m);
    if (!moves.empty()) team_.plan(path_, moves);
  }

  // Appends a part built elsewhere; its certificates' texts join this
  // proof's, each stored once. The index its root got.
  std::uint32_t graft(Proof<Move> part) {
    const Lock held = lock();
    return append_proof(std::move(part), store_->proof, [this](std::string text) { return intern(std::move(text)); });
  }

  // Why the proof may not grow: it has too many positions or takes too
  // much memory (nullopt: neither).
  std::optional<std::string> over_bounds() const {
    const Lock held = lock();
    const std::size_t positions = store_->proof.nodes.size();
    if (positions >= max_nodes_) return "the proof would have more than " + std::to_string(max_nodes_) + " positions";
    if (max_bytes_ == 0 || bytes() < max_bytes_) return std::nullopt;
    return "the proof would take more than " +
           (max_bytes_ >= (std::size_t{1} << 20) ? std::to_string(max_bytes_ >> 20) + " MiB"
                                                  : std::to_string(max_bytes_ >> 10) + " KiB") +
           " (" + std::to_string(positions) + " positions so far)";
  }

  // Sets up a build of `claim` from this builder's root; false if there
  // is nothing to build.
  bool start(Outcome claim) {
    failure_.clear();
    if (claim == Outcome::Unknown) {
      give_up("nothing to prove for an unknown result");
      return false;
    }
    if (rules_.hash() != knowledge_.hash()) {
      give_up("the rules and knowledge games are not at one position");
      return false;
    }
    winner_ = claim == Outcome::Proven ? attacker_ : opponent(attacker_);
    win_ = claim;
    winner_stones_key_ = 0;
    winner_stones_.clear();
    loser_stones_.clear();
    loser_moves_ = 0;
    stats_ = {};
    path_.clear();
    return true;
  }

  // The index of a certificate's text, each text stored once.
  std::uint32_t intern(std::string text) {
    const Lock held = lock();
    const std::size_t hash = std::hash<std::string>{}(text);
    for (auto [it, end] = store_->certificate_index.equal_range(hash); it != end; ++it)
      if (store_->proof.certificates[it->second] == text) return it->second;
    const auto index = static_cast<std::uint32_t>(store_->proof.certificates.size());
    store_->certificate_bytes += sizeof(std::string) + text.capacity();
    store_->proof.certificates.push_back(std::move(text));
    store_->certificate_index.emplace(hash, index);
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
    enter(m);
    auto child = visit();
    leave(m);
    return child;
  }
  // The stones each side has added since the root: the winner's as an
  // order-free key, the loser's as a sorted set.
  void enter(const Move& m) {
    const bool winner_moves = rules_.to_move() == winner_;
    insert(winner_moves ? winner_stones_ : loser_stones_, m);
    if (winner_moves) winner_stones_key_ ^= stone_key(m);
    else ++loser_moves_;
    rules_.play(m);
    knowledge_.play(m);
    path_.push_back(m);
  }
  void leave(const Move& m) {
    path_.pop_back();
    knowledge_.undo();
    rules_.undo();
    const bool winner_moved = rules_.to_move() == winner_;
    Cells& stones = winner_moved ? winner_stones_ : loser_stones_;
    stones.erase(std::lower_bound(stones.begin(), stones.end(), m));
    if (winner_moved) winner_stones_key_ ^= stone_key(m);
    else --loser_moves_;
  }
  static std::uint64_t stone_key(const Move& m) { return mix64(std::hash<Move>{}(m) + 1); }

  std::uint32_t add_node(const std::vector<Edge>& edges, const Cells& conceded) {
    const Lock held = lock();
    typename Proof<Move>::Node n;
    n.first_edge = static_cast<std::uint32_t>(store_->proof.edges.size());
    n.edge_count = static_cast<std::uint32_t>(edges.size());
    n.first_conceded = static_cast<std::uint32_t>(store_->proof.conceded.size());
    n.conceded_count = static_cast<std::uint32_t>(conceded.size());
    store_->proof.edges.insert(store_->proof.edges.end(), edges.begin(), edges.end());
    store_->proof.conceded.insert(store_->proof.conceded.end(), conceded.begin(), conceded.end());
    store_->proof.nodes.push_back(n);
    return static_cast<std::uint32_t>(store_->proof.nodes.size() - 1);
  }

  Built remember(std::uint64_t key, Built built) {
    const Lock held = lock();
    store_->memo.emplace(key, built);
    return built;
  }

  // Only the nodes the root reaches, the root first (the proof format
  // wants it there; children are added before their parents). The rest
  // were built for a winning move tried in vain, or by a team mate for a
  // defence the proof did not come to need.
  void keep_reachable(std::uint32_t root) {
    Proof<Move>& proof = store_->proof;
    std::vector<std::uint32_t> index(proof.nodes.size(), kNone);
    std::vector<std::uint32_t> order{root};
    index[root] = 0;
    for (std::size_t at = 0; at < order.size(); ++at)
      for (const Edge& e : proof.edges_of(order[at]))
        if (index[e.child] == kNone) {
          index[e.child] = static_cast<std::uint32_t>(order.size());
          order.push_back(e.child);
        }
    Proof<Move> kept;
    kept.winner = proof.winner;
    kept.certificates = std::move(proof.certificates);
    kept.defence_certificates = std::move(proof.defence_certificates);
    kept.nodes.reserve(order.size());
    for (const std::uint32_t old : order) {
      auto node = proof.nodes[old];
      node.first_edge = static_cast<std::uint32_t>(kept.edges.size());
      node.first_conceded = static_cast<std::uint32_t>(kept.conceded.size());
      for (const Edge& e : proof.edges_of(old)) kept.edges.push_back({e.move, index[e.child]});
      const auto conceded = proof.conceded_of(old);
      kept.conceded.insert(kept.conceded.end(), conceded.begin(), conceded.end());
      kept.nodes.push_back(node);
    }
    proof = std::move(kept);
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
      p.nodes = stats().positions;
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
           " (" + std::to_string(stats().positions) + " positions built)";
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
  bool certificates_ = true;
  Frontier frontier_;
  Team team_;

  Player winner_ = Player::Black;
  Outcome win_ = Outcome::Proven;  // the winner's result, in the attacker's view
  std::shared_ptr<Store> store_ = std::make_shared<Store>();
  std::uint64_t winner_stones_key_ = 0;
  int loser_moves_ = 0;  // on the path from the root
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
