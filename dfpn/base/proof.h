// Proofs as explicit move graphs, their extraction, and an independent verifier.
//
// A proof of "side W wins" is a graph over positions: where W is to move it
// holds one move, where the other side is to move it holds every legal move,
// and every leaf is settled by the rules (evaluate(), no legal moves, or a
// repetition that favours W). Subtrees reached by transposition are shared,
// so proofs on DAGs stay small.
//
// In monotone games (dfpn/base/game.h, kCanConcede) a node may also concede
// cells: the loser gets them as stones before the node is checked, and the
// node then answers only the loser's moves on the cells left. Conceding
// proofs are built by dfpn/search/conceding_proof.h.
//
// A leaf may instead carry a certificate (dfpn/base/game.h, kChecksCertificates):
// a lemma the rules game checks by itself, such as a Hex virtual connection
// given as its derivation, so the proof need not unfold it move by move.
// Where the loser is to move, a node may list defence certificates
// (kHasDefenceCertificates): a defence the node does not answer must lead to
// a position where one of them holds.
//
// The verifier replays a proof with the game's rules alone: it trusts no
// table and no search state, so it catches bugs in any solver.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stop_token>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/proof_hooks.h"

namespace dfpn {

template <class Move>
struct Proof {
  struct Edge {
    Move move;
    std::uint32_t child;
  };
  struct Node {
    std::uint32_t first_edge = 0;  // edges [first_edge, first_edge + edge_count)
    std::uint32_t edge_count = 0;
    std::uint32_t first_conceded = 0;  // conceded [first_conceded, + conceded_count)
    std::uint32_t conceded_count = 0;
    std::uint32_t certificate = kNoCertificate;  // index into certificates, for a certified leaf
    // Loser to move: certificates [first_defence_certificate, + count) one
    // of which holds after each defence without an edge.
    std::uint32_t first_defence_certificate = 0;
    std::uint32_t defence_certificate_count = 0;
  };
  static constexpr std::uint32_t kNoCertificate = 0xFFFFFFFF;

  Player winner = Player::Black;  // the side whose win this graph proves
  std::vector<Node> nodes;        // nodes[0] is the root
  std::vector<Edge> edges;
  std::vector<Move> conceded;     // cells given to the loser, per node
  std::vector<std::string> certificates;  // lemmas of certified leaves, then defence certificates
  std::vector<std::uint32_t> defence_certificates;  // per node: indices into certificates

  std::size_t size() const { return nodes.size(); }
  std::span<const Edge> edges_of(std::uint32_t node) const {
    const Node& n = nodes[node];
    return {edges.data() + n.first_edge, n.edge_count};
  }
  std::span<const Move> conceded_of(std::uint32_t node) const {
    const Node& n = nodes[node];
    return {conceded.data() + n.first_conceded, n.conceded_count};
  }
  const std::string* certificate_of(std::uint32_t node) const {
    const std::uint32_t c = nodes[node].certificate;
    return c == kNoCertificate || c >= certificates.size() ? nullptr : &certificates[c];
  }
  std::span<const std::uint32_t> defence_certificates_of(std::uint32_t node) const {
    const Node& n = nodes[node];
    return {defence_certificates.data() + n.first_defence_certificate, n.defence_certificate_count};
  }
};

// Appends `part` to `whole` and returns the index its root got there: for
// proofs put together from parts built apart (job-level search).
// `add_certificate(text)` files each of the part's certificate texts in
// `whole` and gives its index there (a builder that stores each text once
// passes its own); by default the texts are appended.
template <class Move, class AddCertificate>
std::uint32_t append_proof(Proof<Move> part, Proof<Move>& whole, AddCertificate add_certificate) {
  std::vector<std::uint32_t> index;
  index.reserve(part.certificates.size());
  for (auto& text : part.certificates) index.push_back(add_certificate(std::move(text)));
  const auto nodes = std::uint32_t(whole.nodes.size()), edges = std::uint32_t(whole.edges.size());
  const auto conceded = std::uint32_t(whole.conceded.size());
  const auto defences = std::uint32_t(whole.defence_certificates.size());
  for (auto node : part.nodes) {
    node.first_edge += edges;
    node.first_conceded += conceded;
    if (node.certificate != Proof<Move>::kNoCertificate) node.certificate = index[node.certificate];
    node.first_defence_certificate += defences;
    whole.nodes.push_back(node);
  }
  for (auto edge : part.edges) whole.edges.push_back({edge.move, edge.child + nodes});
  whole.conceded.insert(whole.conceded.end(), part.conceded.begin(), part.conceded.end());
  for (std::uint32_t d : part.defence_certificates) whole.defence_certificates.push_back(index[d]);
  return nodes;
}
template <class Move>
std::uint32_t append_proof(Proof<Move> part, Proof<Move>& whole) {
  return append_proof(std::move(part), whole, [&whole](std::string text) {
    whole.certificates.push_back(std::move(text));
    return std::uint32_t(whole.certificates.size() - 1);
  });
}

// The most positions build_proof() gives a proof before it gives up.
inline constexpr std::size_t kMaxProofNodes = 5'000'000;

struct VerifyResult {
  bool ok = false;
  std::string error;            // empty when ok; names the line of moves that fails
  std::size_t positions = 0;    // positions checked
  std::size_t certificates = 0; // certified leaves and defences checked
  bool stopped = false;          // a stop request cut the check short: neither valid nor invalid
};

namespace detail {

// A certificate as the verifier read it (kParsesCertificates), by index.
template <class G, bool = kParsesCertificates<G>>
struct ParsedCertificate {};
template <class G>
struct ParsedCertificate<G, true> {
  std::uint32_t index = 0xFFFFFFFF;
  std::string error;  // why the text is no certificate
  std::optional<typename G::Certificate> certificate;
};

template <Game G>
class ProofChecker {
 public:
  using Move = MoveOf<G>;

  ProofChecker(G& game, const Proof<Move>& proof, Player attacker, std::stop_token stop = {},
               std::function<void(std::size_t)> on_positions = {})
      : game_(game), proof_(proof), attacker_(attacker), repeats_(may_repeat(game)), stop_(std::move(stop)),
        on_positions_(std::move(on_positions)) {}

  VerifyResult run() {
    VerifyResult r;
    if (proof_.nodes.empty()) {
      r.error = "empty proof";
      return r;
    }
    r.ok = check(0);
    r.error = error_;
    r.stopped = stopped_;
    r.positions = positions_;
    r.certificates = certified_;
    return r;
  }

 private:
  Outcome winner_outcome() const {
    return proof_.winner == attacker_ ? Outcome::Proven : Outcome::Disproven;
  }

  bool fail(const std::string& what) {
    std::string line;
    for (const Move& m : line_) line += (line.empty() ? "" : " ") + game_.move_to_string(m);
    error_ = what + " after moves [" + line + "]";
    return false;
  }

  bool check(std::uint32_t node) {
    if (++positions_ % 256 == 0) {
      if (stop_.stop_requested()) {
        error_ = "stopped before the proof was checked";
        stopped_ = true;
        return false;
      }
      if (on_positions_ && positions_ % kPositionsPerReport == 0) on_positions_(positions_);
    }
    if (node >= proof_.nodes.size()) return fail("edge to missing node " + std::to_string(node));
    if (proof_.nodes[node].conceded_count == 0) return check_position(node);
    if constexpr (!kCanConcede<G>) {
      return fail("this game cannot concede cells (it is not monotone)");
    } else {
      if (repeats_) return fail("concessions in a game with repetitions");
      const std::uint64_t key = game_.hash();
      if (verified_.contains(Visit{node, key})) return true;
      // The loser takes every listed cell that is still free (a cell taken
      // already stays as it is: more stones for the loser only make the
      // check harder for the proof).
      MoveListOf<G> legal;
      game_.generate_moves(legal);
      int placed = 0;
      for (const Move& cell : proof_.conceded_of(node)) {
        if (std::find(legal.begin(), legal.end(), cell) == legal.end()) continue;
        game_.concede(cell, opponent(proof_.winner));
        ++placed;
      }
      const bool ok = check_position(node);
      for (int i = 0; i < placed; ++i) game_.undo();
      return ok && remember(node, key);
    }
  }

  // Checks the node at the game's position (after its concession, if any).
  bool check_position(std::uint32_t node) {
    const std::uint64_t key = game_.hash();
    const auto& n = proof_.nodes[node];
    if (std::uint64_t{n.first_edge} + n.edge_count > proof_.edges.size() ||
        std::uint64_t{n.first_defence_certificate} + n.defence_certificate_count > proof_.defence_certificates.size())
      return fail("a node's edges or certificates lie outside the proof");
    const auto edges = proof_.edges_of(node);

    if (repeats_) {
      if (on_path_.contains(key)) {
        if (!edges.empty()) return fail("repeated position has moves");
        if (repetition_outcome(game_, attacker_) != winner_outcome())
          return fail("repetition does not favour the winner");
        return true;
      }
    } else if (verified_.contains(Visit{node, key})) {
      return true;
    }

    if (const std::string* certificate = proof_.certificate_of(node)) {
      if constexpr (!kChecksCertificates<G>) {
        return fail("this game cannot check certificates");
      } else {
        if (!edges.empty()) return fail("a certified leaf has moves");
        if (const auto why = certificate_fails(proof_.nodes[node].certificate)) return fail("certificate: " + *why);
        ++certified_;
        return remember(node, key);
      }
    }

    const Outcome settled = game_.evaluate(attacker_);
    if (settled != Outcome::Unknown) {
      if (settled != winner_outcome()) return fail("terminal position is lost for the winner");
      // A conceding proof may reach a shared subproof with more of the
      // winner's stones, in a position already won: its moves are not needed.
      if (!edges.empty() && !shares_across_concessions_) return fail("terminal position has moves");
      return remember(node, key);
    }

    MoveListOf<G> legal;
    game_.generate_moves(legal);
    const bool winner_to_move = game_.to_move() == proof_.winner;
    if (legal.empty()) {
      if (winner_to_move) return fail("winner to move has no legal move");
      if (!edges.empty()) return fail("position without legal moves has edges");
      return remember(node, key);
    }
    if (!(winner_to_move ? check_winner_move(node, edges, legal) : check_defences(node, edges, legal))) return false;

    if (repeats_) on_path_.insert(key);
    for (const auto& e : edges) {
      if (shares_across_concessions_ && std::find(legal.begin(), legal.end(), e.move) == legal.end()) continue;
      line_.push_back(e.move);
      game_.play(e.move);
      const bool ok = check(e.child);
      game_.undo();
      if (!ok) return false;
      line_.pop_back();
    }
    if (repeats_) on_path_.erase(key);
    return remember(node, key);
  }

  // The winner's node: one legal move.
  template <class Edges>
  bool check_winner_move(std::uint32_t node, const Edges& edges, const MoveListOf<G>& legal) {
    if (proof_.nodes[node].defence_certificate_count > 0) return fail("defence certificates where the winner moves");
    if (edges.size() != 1) return fail("winner's node must have exactly one move");
    if (std::find(legal.begin(), legal.end(), edges[0].move) == legal.end())
      return fail("illegal move " + game_.move_to_string(edges[0].move));
    return true;
  }

  // The loser's node: every legal defence answered, or met by a certificate.
  template <class Edges>
  bool check_defences(std::uint32_t node, const Edges& edges, const MoveListOf<G>& legal) {
    const auto defence_certificates = proof_.defence_certificates_of(node);
    for (const Move& m : legal) {
      const bool covered = std::any_of(edges.begin(), edges.end(), [&](const auto& e) { return e.move == m; });
      if (covered) continue;
      if (defence_certificates.empty()) return fail("defence " + game_.move_to_string(m) + " is not answered");
      if (!certified_after(m, defence_certificates))
        return fail("defence " + game_.move_to_string(m) + " is neither answered nor met by a certificate");
    }
    // A conceding proof may reach a shared subproof where the loser already
    // holds cells it answers defences on; those are skipped. Elsewhere every
    // edge must be a legal move.
    if (!shares_across_concessions_)
      for (const auto& e : edges)
        if (std::find(legal.begin(), legal.end(), e.move) == legal.end())
          return fail("an answered defence is not a legal move");
    return true;
  }

  // Whether one of the certificates holds after the loser plays `m`.
  bool certified_after(const Move& m, std::span<const std::uint32_t> certificates) {
    if constexpr (!kChecksCertificates<G>) {
      return false;
    } else {
      ScopedMove played(game_, m);
      for (const std::uint32_t c : certificates) {
        if (c >= proof_.certificates.size()) return false;
        if (!certificate_fails(c)) {
          ++certified_;
          return true;
        }
      }
      return false;
    }
  }

  // Why certificate `c` does not hold here, or nothing. A game that can
  // reads each text once into a small cache (direct-mapped by index: the
  // check meets certificates in about the order the builder made them).
  std::optional<std::string> certificate_fails(std::uint32_t c) {
    const std::string& text = proof_.certificates[c];
    if constexpr (!kParsesCertificates<G>) {
      return game_.check_certificate(text, proof_.winner);
    } else {
      if (parsed_.empty()) parsed_.resize(std::min<std::size_t>(kParsedSlots, proof_.certificates.size()));
      Parsed& slot = parsed_[c % parsed_.size()];
      if (slot.index != c) {
        slot.index = c;
        slot.error.clear();
        slot.certificate = G::parse_certificate(text, slot.error);
      }
      if (!slot.certificate) return slot.error;
      return game_.check_certificate(*slot.certificate, proof_.winner);
    }
  }

  bool remember(std::uint32_t node, std::uint64_t key) {
    // With repetitions a subtree's validity depends on the path: no memo.
    if (!repeats_) verified_.insert(Visit{node, key});
    return true;
  }

  struct Visit {
    std::uint32_t node;
    std::uint64_t key;
    bool operator==(const Visit&) const = default;
  };
  struct VisitHash {
    std::size_t operator()(const Visit& v) const { return v.key * 31 + v.node; }
  };

  G& game_;
  const Proof<Move>& proof_;
  Player attacker_;
  bool repeats_;
  std::stop_token stop_;
  // Told the positions checked so far, every kPositionsPerReport of them
  // (a large proof takes minutes).
  static constexpr std::size_t kPositionsPerReport = 1 << 16;
  std::function<void(std::size_t)> on_positions_;
  bool stopped_ = false;
  std::unordered_set<Visit, VisitHash> verified_;
  using Parsed = ParsedCertificate<G>;
  static constexpr std::size_t kParsedSlots = 4096;
  std::vector<Parsed> parsed_;
  std::unordered_set<std::uint64_t> on_path_;
  std::vector<Move> line_;
  std::string error_;
  std::size_t positions_ = 0;
  std::size_t certified_ = 0;
  // Conceding proofs share subproofs between positions that differ
  // outside the subproof's cells (dfpn/search/conceding_proof.h), so a subproof
  // may list moves that are not needed or not legal where it is reached.
  bool shares_across_concessions_ = !proof_.conceded.empty();
};

}  // namespace detail

// Checks that `proof` shows the claimed outcome for `attacker` from the game's
// current position. The game is returned unchanged.
// A stop request ends the check early, as not verified. `on_positions`, if
// set, hears the count of positions checked now and then.
template <Game G>
VerifyResult verify_proof(G game, const Proof<MoveOf<G>>& proof, Player attacker, Outcome claim,
                          std::stop_token stop = {}, std::function<void(std::size_t)> on_positions = {}) {
  if (claim == Outcome::Unknown) return {false, "nothing to verify for an unknown result", 0};
  const Player expected_winner = claim == Outcome::Proven ? attacker : opponent(attacker);
  if (proof.winner != expected_winner) return {false, "proof is for the other side", 0};
  return detail::ProofChecker<G>(game, proof, attacker, std::move(stop), std::move(on_positions)).run();
}

namespace detail {

// build_proof's walk (see there).
template <Game G, class Cursor, class Choose, class Descend>
class ProofBuilder {
 public:
  using Move = MoveOf<G>;
  using Edge = typename Proof<Move>::Edge;

  ProofBuilder(G game, Player attacker, Outcome claim, Choose& choose, Descend& descend, std::size_t max_nodes)
      : game_(std::move(game)), attacker_(attacker), claim_(claim), choose_(choose), descend_(descend),
        max_nodes_(max_nodes), repeats_(may_repeat(game_)) {
    proof_.winner = claim == Outcome::Proven ? attacker : opponent(attacker);
  }

  void set_path_above(std::span<const std::uint64_t> above) {
    if (repeats_) on_path_.insert(above.begin(), above.end());
  }

  std::optional<Proof<Move>> build(const Cursor& root) {
    const auto root_index = visit(root);
    // The root is always created first: index 0 (it is shared with no earlier node).
    if (!root_index || too_large_ || *root_index != 0) return std::nullopt;
    return std::move(proof_);
  }

 private:
  // The proof node of the game's position; nullopt if it has none.
  std::optional<std::uint32_t> visit(const Cursor& cursor) {
    const std::uint64_t key = game_.hash();
    if (repeats_ && on_path_.contains(key)) {
      if (repetition_outcome(game_, attacker_) != claim_) return std::nullopt;
      return add_leaf();
    }
    if (!repeats_) {
      if (auto it = shared_.find(key); it != shared_.end()) return it->second;
    }
    if (proof_.nodes.size() >= max_nodes_) {
      too_large_ = true;
      return std::nullopt;
    }
    if (const Outcome o = game_.evaluate(attacker_); o != Outcome::Unknown) {
      if (o != claim_) return std::nullopt;
      return share(key, add_leaf());
    }
    MoveListOf<G> legal;
    game_.generate_moves(legal);
    if (game_.to_move() != proof_.winner || legal.empty()) {
      // The loser answers with everything (no moves at all: the mover loses,
      // which is right only if the mover is the loser).
      if (legal.empty() && game_.to_move() == proof_.winner) return std::nullopt;
      return expand(cursor, key, std::vector<Move>(legal.begin(), legal.end()));
    }
    for (const Move& m : choose_(game_, cursor)) {
      if (auto index = expand(cursor, key, {m})) return index;
      if (too_large_) return std::nullopt;
    }
    return std::nullopt;
  }

  // Expands one node with the given moves; nullopt (and nothing added) if
  // any child fails.
  std::optional<std::uint32_t> expand(const Cursor& cursor, std::uint64_t key, const std::vector<Move>& moves) {
    const Checkpoint start = checkpoint();
    const std::uint32_t index = add_leaf();
    std::vector<Edge> edges;
    if (repeats_) on_path_.insert(key);
    for (const Move& m : moves) {
      std::optional<Cursor> next = descend_(game_, cursor, m);
      std::optional<std::uint32_t> child;
      if (next) {
        ScopedMove<G> played(game_, m);
        child = visit(*next);
      }
      if (!child) break;
      edges.push_back({m, *child});
    }
    if (repeats_) on_path_.erase(key);
    if (edges.size() != moves.size()) {
      roll_back(start);
      return std::nullopt;
    }
    proof_.nodes[index].first_edge = static_cast<std::uint32_t>(proof_.edges.size());
    proof_.nodes[index].edge_count = static_cast<std::uint32_t>(edges.size());
    proof_.edges.insert(proof_.edges.end(), edges.begin(), edges.end());
    return share(key, index);
  }

  std::uint32_t add_leaf() {
    proof_.nodes.push_back({});
    return static_cast<std::uint32_t>(proof_.nodes.size() - 1);
  }
  // Transpositions share a node, unless the game can repeat.
  std::uint32_t share(std::uint64_t key, std::uint32_t index) {
    if (!repeats_) shared_.emplace(key, index), shared_log_.push_back(key);
    return index;
  }

  // Takes back everything added after a checkpoint.
  struct Checkpoint {
    std::size_t nodes, edges, shared;
  };
  Checkpoint checkpoint() const { return {proof_.nodes.size(), proof_.edges.size(), shared_log_.size()}; }
  void roll_back(const Checkpoint& c) {
    proof_.nodes.resize(c.nodes);
    proof_.edges.resize(c.edges);
    while (shared_log_.size() > c.shared) {
      shared_.erase(shared_log_.back());
      shared_log_.pop_back();
    }
  }

  G game_;
  Player attacker_;
  Outcome claim_;  // the winner's outcome
  Choose& choose_;
  Descend& descend_;
  std::size_t max_nodes_;
  bool repeats_;
  Proof<Move> proof_;
  std::unordered_map<std::uint64_t, std::uint32_t> shared_;
  std::vector<std::uint64_t> shared_log_;  // insertion order, for taking back
  std::unordered_set<std::uint64_t> on_path_;
  bool too_large_ = false;
};

}  // namespace detail

// Builds a proof graph by walking the game from its current position.
//
// `choose(game, cursor)` lists candidate winning moves, best first, where the
// winner is to move; every legal move is followed where the loser is to move.
// A candidate whose subtree fails (a repetition or terminal that does not
// favour the winner, or no candidate below) is taken back and the next one
// tried. On games without repetitions a correct solver's first candidate
// always works; with repetitions a move that wins from the position as a root
// may lead back to the path, so the builder may need a later one.
// The cursor is the caller's handle on its own search state (a node id, the
// path of hashes, or nothing); `descend(game, cursor, move)` moves it to the
// child (`game` is still at the parent). Transpositions are shared unless the
// game can repeat. Returns nullopt if no proof is found or it would exceed
// `max_nodes`.
// `above`: in games that repeat, the positions (by hash) on the path to the
// root, which end a line by the repetition rule as the root's own path does.
template <Game G, class Cursor, class Choose, class Descend>
std::optional<Proof<MoveOf<G>>> build_proof(G game, Player attacker, Outcome claim, Cursor root,
                                            Choose&& choose, Descend&& descend,
                                            std::size_t max_nodes = kMaxProofNodes,
                                            std::span<const std::uint64_t> above = {}) {
  detail::ProofBuilder<G, Cursor, Choose, Descend> builder(std::move(game), attacker, claim, choose, descend,
                                                           max_nodes);
  builder.set_path_above(above);
  return builder.build(root);
}

// The same for solvers that find moves from the position alone.
template <Game G, class Choose>
std::optional<Proof<MoveOf<G>>> build_proof(G game, Player attacker, Outcome claim,
                                            Choose&& choose, std::size_t max_nodes = kMaxProofNodes) {
  struct NoCursor {};
  return build_proof(
      std::move(game), attacker, claim, NoCursor{},
      [&](G& g, const NoCursor&) { return choose(g); },
      [](G&, const NoCursor&, const MoveOf<G>&) { return std::optional<NoCursor>(NoCursor{}); },
      max_nodes);
}

}  // namespace dfpn
