// Proof-set search PSS(P,D) (Müller, TR 01-09): best-first search that backs
// up proof and disproof *sets* instead of numbers, so a frontier node shared
// by several paths of a DAG is counted once. P and D bound the explicit parts
// of proof and disproof sets (dfpn/search/truncated_set.h): PSS(0,0) is exactly PNS,
// PSS(∞,∞) plain PSS.
//
//   frontier:   pset = dset = {n};  proved: pset = ∅, dset = {}∞ (and vice versa)
//   OR node:    pset = min of the children's psets, dset = union of their dsets
//   AND node:   pset = union of the psets,          dset = min of the dsets
//
// Selection (SelectMPN): a node in the root's pset ∩ dset is most promising
// (every unproven node's sets intersect, Theorem 1). Truncation may hide the
// intersection; then walk down as PNS does (OR: the child whose pset the node
// took, AND: the child whose dset), checking for an intersection at each
// node. After an expansion, ancestors are updated through a FIFO queue over
// all parents. The graph is PNS's (dfpn/search/best_first_graph.h): games
// that repeat keep a tree.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <unordered_map>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/limits.h"
#include "dfpn/base/proof.h"
#include "dfpn/base/result.h"
#include "dfpn/search/best_first_graph.h"
#include "dfpn/search/truncated_set.h"

namespace dfpn {

struct PssOptions {
  std::size_t proof_k = TruncatedSet::kUnbounded;     // P
  std::size_t disproof_k = TruncatedSet::kUnbounded;  // D
  bool heuristic_weights = false;  // section 5: h(n) from the game's initial numbers
};

template <Game G>
class ProofSetSearch {
 public:
  using Move = MoveOf<G>;
  struct NodeSets {
    TruncatedSet pset = TruncatedSet::empty();
    TruncatedSet dset = TruncatedSet::empty();
    std::optional<Move> move_from_parent;  // along parents.front(), for replaying a path
  };
  using Graph = BestFirstGraph<Move, NodeSets>;
  using NodeId = typename Graph::NodeId;
  using Edge = typename Graph::Edge;
  using Node = typename Graph::Node;

  ProofSetSearch(const G& game, Player attacker, Limits limits = {}, PssOptions options = {})
      : root_game_(game), attacker_(attacker), limits_(std::move(limits)), options_(options),
        nodes_(!may_repeat(game)) {}

  SolveResult<Move> solve() {
    Budget budget(limits_);
    nodes_.clear();
    expansions_ = 0;
    set_elements_ = 0;
    G game = root_game_;
    new_node(game, std::nullopt, std::nullopt);
    while (!solved(0)) {
      if (budget.exhausted(expansions_)) break;
      if (memory_used() > limits_.memory_bytes) {
        budget.stop_for(StopReason::Memory);
        break;
      }
      const NodeId mpn = select_most_promising();
      play_path_to(game, mpn);
      expand(game, mpn);
      while (played_ > 0) game.undo(), --played_;
      update_ancestors(mpn);
    }
    SolveResult<Move> result;
    result.outcome = outcome(0);
    result.reason = result.solved() ? StopReason::None : budget.reason();
    result.nodes = expansions_;
    result.time_s = budget.elapsed_s();
    for (const Edge& e : nodes_[0].children)
      if (wins_for_mover(0, e.child)) {
        result.best_move = e.move;
        break;
      }
    if (result.best_move) result.principal_variation.push_back(*result.best_move);
    result.stats = {{"graph_nodes", double(nodes_.size())}, {"memory_bytes", double(memory_used())}};
    return result;
  }

  std::optional<Proof<Move>> proof() const {
    const Outcome claim = nodes_.empty() ? Outcome::Unknown : outcome(0);
    if (claim == Outcome::Unknown) return std::nullopt;
    return build_proof(
        root_game_, attacker_, claim, NodeId{0},
        [&](G&, const NodeId& id) {
          std::vector<Move> winning;
          for (const Edge& e : nodes_[id].children)
            if (wins_for_mover(id, e.child)) winning.push_back(e.move);
          return winning;
        },
        [&](G&, const NodeId& id, const Move& m) -> std::optional<NodeId> {
          for (const Edge& e : nodes_[id].children)
            if (e.move == m) return e.child;
          return std::nullopt;
        });
  }

  const std::vector<Node>& nodes() const { return nodes_.nodes(); }
  const std::vector<std::uint64_t>& expansion_order() const { return expansion_order_; }
  void record_expansion_order(bool on) { record_order_ = on; }

 private:
  bool solved(NodeId id) const { return nodes_[id].pset.is_empty() || nodes_[id].dset.is_empty(); }
  Outcome outcome(NodeId id) const {
    return nodes_[id].pset.is_empty()   ? Outcome::Proven
           : nodes_[id].dset.is_empty() ? Outcome::Disproven
                                        : Outcome::Unknown;
  }
  bool wins_for_mover(NodeId parent, NodeId child) const {
    return nodes_[parent].is_or ? nodes_[child].pset.is_empty() : nodes_[child].dset.is_empty();
  }

  std::size_t memory_used() const {
    return nodes_.memory_used() + set_elements_ * sizeof(TruncatedSet::Element);
  }

  NodeId new_node(const G& game, std::optional<NodeId> parent, std::optional<Move> move) {
    const NodeId id = nodes_.add(game.hash(), game.to_move() == attacker_, parent);
    nodes_[id].move_from_parent = move;
    set_leaf(id, game.evaluate(attacker_), game);
    return id;
  }

  // Stores a set, keeping the count of explicit elements (for the memory
  // limit) up to date without walking the graph.
  void assign(TruncatedSet& slot, TruncatedSet value) {
    set_elements_ += value.elements().size();
    set_elements_ -= slot.elements().size();
    slot = std::move(value);
  }

  void set_leaf(NodeId id, Outcome o, const G& game) {
    Node& n = nodes_[id];
    if (o == Outcome::Proven) {
      assign(n.pset, TruncatedSet::empty());
      assign(n.dset, TruncatedSet::infinite());
    } else if (o == Outcome::Disproven) {
      assign(n.pset, TruncatedSet::infinite());
      assign(n.dset, TruncatedSet::empty());
    } else {
      Numbers h{1, 1};
      if (options_.heuristic_weights) h = initial_numbers(game, attacker_);
      assign(n.pset, TruncatedSet::single(id, options_.proof_k, h.pn));
      assign(n.dset, TruncatedSet::single(id, options_.disproof_k, h.dn));
    }
  }

  NodeId select_most_promising() const {
    NodeId id = 0;
    while (nodes_[id].expanded) {
      const Node& n = nodes_[id];
      if (auto common = TruncatedSet::common_node(n.pset, n.dset)) return *common;
      const Edge* next = nullptr;
      for (const Edge& e : n.children) {
        const Node& c = nodes_[e.child];
        if (n.is_or ? c.pset == n.pset : c.dset == n.dset) {
          next = &e;
          break;
        }
      }
      id = next->child;
    }
    return id;
  }

  // Replays moves from the root to `id` along first parents (every node's
  // first parent is older, so the chain ends at the root).
  void play_path_to(G& game, NodeId id) {
    std::vector<Move> moves;
    for (NodeId cur = id; !nodes_[cur].parents.empty(); cur = nodes_[cur].parents.front())
      moves.push_back(*nodes_[cur].move_from_parent);
    for (auto it = moves.rbegin(); it != moves.rend(); ++it) game.play(*it), ++played_;
  }

  void expand(G& game, NodeId id) {
    ++expansions_;
    if (record_order_) expansion_order_.push_back(nodes_[id].key);
    MoveListOf<G> moves;
    game.generate_moves(moves);
    order_moves(game, moves, attacker_);
    for (const Move& m : moves) {
      game.play(m);
      const std::optional<NodeId> known = nodes_.find(game.hash());
      const NodeId child = known ? *known : new_node(game, id, m);
      if (known) nodes_[child].parents.push_back(id);
      else if (!nodes_.merges_transpositions() && nodes_.on_path(id, nodes_[child].key))
        set_leaf(child, repetition_outcome(game, attacker_), game);
      game.undo();
      nodes_[id].children.push_back({m, child});
    }
    nodes_[id].expanded = true;
  }

  void recompute(NodeId id) {
    Node& n = nodes_[id];
    if (n.children.empty()) {  // no legal move: the mover loses
      set_leaf(id, n.is_or ? Outcome::Disproven : Outcome::Proven, root_game_);
      return;
    }
    // OR: pset = min, dset = union; AND: the other way round.
    TruncatedSet best = TruncatedSet::infinite();
    TruncatedSet all = TruncatedSet::empty();
    const std::size_t union_k = n.is_or ? options_.disproof_k : options_.proof_k;
    for (const Edge& e : n.children) {
      const Node& c = nodes_[e.child];
      const TruncatedSet& min_side = n.is_or ? c.pset : c.dset;
      const TruncatedSet& union_side = n.is_or ? c.dset : c.pset;
      if (TruncatedSet::precedes(min_side, best)) best = min_side;
      all = TruncatedSet::unite(all, union_side, union_k);
    }
    assign(n.is_or ? n.pset : n.dset, std::move(best));
    assign(n.is_or ? n.dset : n.pset, std::move(all));
  }

  void update_ancestors(NodeId expanded) {
    std::deque<NodeId> queue{expanded};
    while (!queue.empty()) {
      const NodeId id = queue.front();
      queue.pop_front();
      const TruncatedSet old_p = nodes_[id].pset, old_d = nodes_[id].dset;
      recompute(id);
      if (id != expanded && nodes_[id].pset == old_p && nodes_[id].dset == old_d) continue;
      for (NodeId p : nodes_[id].parents) queue.push_back(p);
    }
  }

  G root_game_;
  Player attacker_;
  Limits limits_;
  PssOptions options_;
  Graph nodes_;
  std::uint64_t expansions_ = 0;
  std::size_t set_elements_ = 0;  // explicit set elements in the graph
  int played_ = 0;
  bool record_order_ = false;
  std::vector<std::uint64_t> expansion_order_;
};

}  // namespace dfpn
