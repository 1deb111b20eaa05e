// Best-first proof-number search (Allis), the reference algorithm.
//
// The search graph lives in memory: each iteration walks from the root to the
// most-proving node (OR: child of least pn, AND: child of least dn, first on
// ties), expands it, and updates the numbers of every ancestor whose numbers
// may change, through all parents.
//
// The graph (dfpn/search/best_first_graph.h) merges transpositions unless
// the game can repeat positions. Memory is bounded by Limits::memory_bytes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/limits.h"
#include "dfpn/base/proof.h"
#include "dfpn/base/result.h"
#include "dfpn/search/best_first_graph.h"
#include "dfpn/search/principal_variation.h"

namespace dfpn {

struct PnsOptions {
  // PN² (Breuker): expanding a first-level node runs a second-level PNS from
  // it, bounded by the first level's size (at most this many nodes); its
  // root's children keep the numbers it found and its tree is discarded.
  // 0 = plain PNS.
  std::uint64_t second_level_max = 0;
};

// Budget of a second-level search: as large as the first level has grown
// (Breuker's PN²), between 1 and `cap` nodes.
inline std::uint64_t second_level_budget(std::uint64_t first_level_size, std::uint64_t cap) {
  return std::clamp<std::uint64_t>(first_level_size, 1, cap);
}

template <Game G>
class ProofNumberSearch {
 public:
  using Move = MoveOf<G>;
  struct NodeNumbers {
    Numbers numbers{};
  };
  using Graph = BestFirstGraph<Move, NodeNumbers>;
  using NodeId = typename Graph::NodeId;
  using Edge = typename Graph::Edge;
  using Node = typename Graph::Node;

  ProofNumberSearch(const G& game, Player attacker, Limits limits = {}, PnsOptions options = {})
      : root_game_(game), attacker_(attacker), limits_(std::move(limits)), options_(options),
        nodes_(!may_repeat(game)) {}

  // Positions on the path above the root (games that repeat): reaching one
  // ends the line by the repetition rule, as if the search had come from there.
  void set_path_prefix(std::unordered_set<std::uint64_t> prefix) { prefix_ = std::move(prefix); }

  // After solve(): the root's moves with the numbers found for them.
  std::vector<std::pair<Move, Numbers>> root_children() const {
    std::vector<std::pair<Move, Numbers>> out;
    for (const Edge& e : nodes_[0].children) out.emplace_back(e.move, nodes_[e.child].numbers);
    return out;
  }

  SolveResult<Move> solve() {
    Budget budget(limits_);
    budget_ = &budget;
    SolveResult<Move> result;
    G game = root_game_;
    nodes_.clear();
    expansions_ = 0;
    new_node(game, {});

    while (!nodes_[0].numbers.solved()) {
      if (budget.exhausted(expansions_)) break;
      if (memory_used() > limits_.memory_bytes) {
        budget.stop_for(StopReason::Memory);
        break;
      }
      const NodeId mpn = select_most_proving(game);
      expand(game, mpn);
      rewind(game);
      update_ancestors(mpn);
      if (budget.progress_due()) budget.report(progress(budget));
    }

    budget_ = nullptr;
    result.outcome = nodes_[0].numbers.outcome();
    result.reason = result.solved() ? StopReason::None : budget.reason();
    result.nodes = expansions_;
    result.time_s = budget.elapsed_s();
    result.principal_variation = principal_variation();
    result.best_move = best_move();
    result.stats = {{"graph_nodes", double(nodes_.size())},
                    {"memory_bytes", double(memory_used())}};
    if (options_.second_level_max > 0) {
      result.nodes += second_level_nodes_;
      result.stats.emplace_back("first_level_expansions", double(expansions_));
      result.stats.emplace_back("second_level_expansions", double(second_level_nodes_));
    }
    return result;
  }

  // The proof (or disproof) of a solved root, read off the search graph.
  // Below nodes that PN²'s second level solved, helper searches fill in.
  std::optional<Proof<Move>> proof() {
    const Outcome claim = nodes_.empty() ? Outcome::Unknown : nodes_[0].numbers.outcome();
    if (claim == Outcome::Unknown) return std::nullopt;
    const bool attacker_wins = claim == Outcome::Proven;
    struct Cursor {
      ProofNumberSearch* search;
      NodeId id;
    };
    std::deque<std::unique_ptr<ProofNumberSearch>> helpers;
    // A cursor whose node has children: a helper search replaces a node
    // that was solved without being expanded.
    auto expanded = [&](G& game, Cursor c) -> std::optional<Cursor> {
      if (c.search->nodes_[c.id].expanded) return c;
      auto& helper =
          helpers.emplace_back(std::make_unique<ProofNumberSearch>(game, attacker_, limits_.for_follow_up()));
      if (!nodes_.merges_transpositions()) helper->set_path_prefix(c.search->nodes_.path_above(c.id, c.search->prefix_));
      if (helper->solve().outcome != claim) return std::nullopt;
      return Cursor{helper.get(), 0};
    };
    return build_proof(
        root_game_, attacker_, claim, Cursor{this, 0},
        [&](G& game, const Cursor& at) {
          std::vector<Move> winning;
          if (auto c = expanded(game, at))
            for (const Edge& e : c->search->nodes_[c->id].children) {
              const Numbers n = c->search->nodes_[e.child].numbers;
              if (attacker_wins ? n.proven() : n.disproven()) winning.push_back(e.move);
            }
          return winning;
        },
        [&](G& game, const Cursor& at, const Move& m) -> std::optional<Cursor> {
          auto c = expanded(game, at);
          if (!c) return std::nullopt;
          for (const Edge& e : c->search->nodes_[c->id].children)
            if (e.move == m) return Cursor{c->search, e.child};
          return std::nullopt;
        });
  }

  const std::vector<Node>& nodes() const { return nodes_.nodes(); }
  // Order in which positions (by hash) were expanded; used to compare algorithms.
  const std::vector<std::uint64_t>& expansion_order() const { return expansion_order_; }
  void record_expansion_order(bool on) { record_order_ = on; }

 private:
  std::size_t memory_used() const { return nodes_.memory_used() + spilled_edges_ * sizeof(Edge); }

  NodeId new_node(const G& game, std::optional<NodeId> parent) {
    const NodeId id = nodes_.add(game.hash(), game.to_move() == attacker_, parent);
    nodes_[id].numbers = Numbers::of(game.evaluate(attacker_));
    return id;
  }

  // Walks down from the root, playing moves on `game`, to the most-proving leaf.
  NodeId select_most_proving(G& game) {
    NodeId id = 0;
    while (nodes_[id].expanded) {
      const Node& n = nodes_[id];
      const Edge* best = nullptr;
      for (const Edge& e : n.children) {
        const Numbers c = nodes_[e.child].numbers;
        if (!best || (n.is_or ? c.pn < nodes_[best->child].numbers.pn
                              : c.dn < nodes_[best->child].numbers.dn))
          best = &e;
      }
      game.play(best->move);
      path_.push_back(id);
      id = best->child;
    }
    return id;
  }

  void rewind(G& game) {
    for (std::size_t i = 0; i < path_.size(); ++i) game.undo();
    path_.clear();
  }

  void expand(G& game, NodeId id) {
    ++expansions_;
    if (record_order_) expansion_order_.push_back(nodes_[id].key);
    MoveListOf<G> moves;
    game.generate_moves(moves);
    order_moves(game, moves, attacker_);
    std::vector<std::pair<Move, Numbers>> second_level;
    if (options_.second_level_max > 0) second_level = search_second_level(game, id);
    for (const Move& m : moves) {
      game.play(m);
      const std::uint64_t key = game.hash();
      const std::optional<NodeId> known = nodes_.find(key);
      const bool created = !known;
      const NodeId child = known ? *known : new_node(game, id);
      if (known) nodes_[child].parents.push_back(id);
      else if (!nodes_.merges_transpositions() && nodes_.on_path(id, key, &prefix_))
        nodes_[child].numbers = Numbers::of(repetition_outcome(game, attacker_));
      // Second-level numbers only for new nodes: a shared one has other
      // parents whose numbers would go stale.
      if (created && !nodes_[child].numbers.solved()) {
        for (const auto& [move, numbers] : second_level)
          if (move == m) nodes_[child].numbers = numbers;
      }
      game.undo();
      nodes_[id].children.push_back({m, child});
    }
    if (nodes_[id].children.size() > 4) spilled_edges_ += nodes_[id].children.size();
    nodes_[id].expanded = true;
  }

  // PN²: a bounded best-first search from the node being expanded; returns
  // the numbers of its root's children. Its tree is discarded.
  std::vector<std::pair<Move, Numbers>> search_second_level(const G& game, NodeId id) {
    Limits inner = limits_.for_nested(second_level_budget(nodes_.size(), options_.second_level_max),
                                      budget_->elapsed_s());
    inner.memory_bytes = limits_.memory_bytes;
    ProofNumberSearch<G> second(game, attacker_, inner);
    if (!nodes_.merges_transpositions()) second.set_path_prefix(nodes_.path_above(id, prefix_));
    second_level_nodes_ += second.solve().nodes;
    return second.root_children();
  }

  static Numbers combine(const Node& n, const Graph& nodes) {
    if (n.children.empty()) return n.is_or ? Numbers::disproven_node() : Numbers::proven_node();
    Numbers r = n.is_or ? Numbers{kInfinity, 0} : Numbers{0, kInfinity};
    for (const Edge& e : n.children) {
      const Numbers c = nodes[e.child].numbers;
      if (n.is_or) {
        r.pn = std::min(r.pn, c.pn);
        r.dn = saturating_add(r.dn, c.dn);
      } else {
        r.pn = saturating_add(r.pn, c.pn);
        r.dn = std::min(r.dn, c.dn);
      }
    }
    return r;
  }

  void update_ancestors(NodeId expanded) {
    work_.clear();
    work_.push_back(expanded);
    bool first = true;
    while (!work_.empty()) {
      const NodeId id = work_.back();
      work_.pop_back();
      Node& n = nodes_[id];
      const Numbers updated = combine(n, nodes_);
      if (!first && updated == n.numbers) continue;
      first = false;
      n.numbers = updated;
      for (NodeId p : n.parents) work_.push_back(p);
    }
  }

  // A move that wins for the side to move at the root, if it wins.
  std::optional<Move> best_move() const {
    const Node& root = nodes_[0];
    for (const Edge& e : root.children) {
      const Numbers c = nodes_[e.child].numbers;
      if (root.is_or ? c.proven() : c.disproven()) return e.move;
    }
    return std::nullopt;
  }

  // Solved root: winning moves and longest-looking resistance; otherwise the
  // current most-proving line.
  std::vector<Move> principal_variation() const {
    std::vector<Move> pv;
    NodeId id = 0;
    while (nodes_[id].expanded && pv.size() < 64) {
      const Node& n = nodes_[id];
      const Edge* pick = nullptr;
      for (const Edge& e : n.children)
        if (!pick || better_on_line(n.is_or, nodes_[e.child].numbers, nodes_[pick->child].numbers)) pick = &e;
      if (!pick) break;
      pv.push_back(pick->move);
      id = pick->child;
    }
    return pv;
  }

  Progress progress(const Budget& budget) const {
    Progress p;
    p.nodes = expansions_;
    p.elapsed_s = budget.elapsed_s();
    p.root = nodes_[0].numbers;
    G game = root_game_;
    for (const Move& m : principal_variation()) {
      p.best_line += (p.best_line.empty() ? "" : " ") + game.move_to_string(m);
      game.play(m);
    }
    return p;
  }

  G root_game_;
  Player attacker_;
  Limits limits_;
  PnsOptions options_;
  std::unordered_set<std::uint64_t> prefix_;
  std::uint64_t second_level_nodes_ = 0;
  Budget* budget_ = nullptr;  // the running solve's (a nested search's limits follow it)
  Graph nodes_;
  std::vector<NodeId> path_;
  std::vector<NodeId> work_;
  std::uint64_t expansions_ = 0;
  std::size_t spilled_edges_ = 0;
  bool record_order_ = false;
  std::vector<std::uint64_t> expansion_order_;
};

}  // namespace dfpn
