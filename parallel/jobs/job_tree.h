// The master's proof-number tree of a job-level search (job.h). Nodes are
// positions reached by a move path from the root; a tree, not a graph, so a
// position's value never depends on another path (Go's superko history is
// exact). A leaf is either fresh, or busy with a job, or grown: a job's
// answer that does not solve its position adds the children the worker saw,
// with the numbers its table holds for them.
//
// Jobs go to the most-proving leaf that no job is working on: the usual
// descent (least pn below the attacker's turns, least dn below the
// defender's), skipping subtrees whose every open leaf is busy. That is the
// virtual-number rule of job-level PNS in its simplest form: a busy leaf is
// as if infinitely costly to the next job, and counts with its last known
// numbers everywhere else.
//
// Answers cannot depend on the number of workers: a solved leaf is a fact
// about its position (the worker's table holds only path-independent facts,
// and the job's path is played out on the worker), and the tree combines
// facts by the AND/OR rule alone.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "dfpn/base/proof.h"
#include "dfpn/base/types.h"
#include "parallel/jobs/job.h"

namespace dfpn::jobs {

template <class Move>
class JobTree {
 public:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

  // Widening as df-pn's (DfpnOptions): at each node the mover's number and
  // the next job come from the first k children not yet lost for the mover,
  // in the order the worker listed them (the game's move order), k =
  // max(2, base + ceil(factor * open)); the other number sums them all.
  // Without it the tree would send jobs to every move the workers' df-pn
  // never looked at, each looking as cheap as {1, 1}.
  struct Widening {
    std::uint32_t base = 0;
    double factor = 0;
    bool on() const { return base > 0 || factor > 0; }
  };

  // `budget`: expansions per job; a job that ends before its position was
  // expanded is issued again with twice the budget.
  explicit JobTree(std::uint64_t budget, Widening widening = {})
      : budget_(std::max<std::uint64_t>(1, budget)), widening_(widening) {
    nodes_.emplace_back();
  }

  // The next job, or nullopt when the root is solved or every open leaf is
  // busy (wait for an answer).
  std::optional<Job<Move>> next_job() {
    std::uint32_t n = 0;
    while (true) {
      Node& node = nodes_[n];
      if (node.numbers.solved() || node.blocked) return std::nullopt;
      if (node.children.empty()) break;
      n = best_open_child(node);
    }
    Node& leaf = nodes_[n];
    leaf.busy = true;
    const std::uint64_t id = ++issued_;
    in_flight_.emplace(id, n);
    update_upwards(n);
    return Job<Move>{id, path_to(n), budget_ << std::min<std::uint32_t>(leaf.short_jobs, 20)};
  }

  // A job's answer. Answers to jobs this tree no longer waits for (given up
  // with abandon()) are ignored: the job was issued again.
  void complete(const JobResult<Move>& r) {
    const auto found = in_flight_.find(r.id);
    if (found == in_flight_.end()) {
      ++ignored_;
      return;
    }
    const std::uint32_t n = found->second;
    in_flight_.erase(found);
    ++completed_;
    nodes_searched_ += r.nodes;
    Node& leaf = nodes_[n];
    leaf.busy = false;
    leaf.attacker_to_move = r.attacker_to_move;
    leaf.solver = r.worker;
    if (!r.numbers.solved() && !r.children.empty()) {
      for (const auto& c : r.children) {
        Node child;
        child.parent = n;
        child.move = c.move;
        child.numbers = c.numbers;
        child.attacker_to_move = c.attacker_to_move;
        child.solver = r.worker;
        nodes_[n].children.push_back(std::uint32_t(nodes_.size()));
        nodes_.push_back(child);
      }
    } else {
      leaf.numbers = r.numbers;
      leaf.winning_move = r.best_move;
      if (!r.numbers.solved()) ++leaf.short_jobs;
    }
    update_upwards(n);
  }

  // A job that will not be answered (its worker was lost): its leaf is open
  // again, and the next job may take it.
  void abandon(std::uint64_t id) {
    const auto found = in_flight_.find(id);
    if (found == in_flight_.end()) return;
    const std::uint32_t n = found->second;
    in_flight_.erase(found);
    ++abandoned_;
    nodes_[n].busy = false;
    update_upwards(n);
  }

  // Jobs in flight that no longer matter: a position above theirs is
  // solved, so no answer of theirs can change the root. Their workers may
  // stop them (their answers are still taken, harmlessly).
  std::vector<std::uint64_t> irrelevant_jobs() const {
    std::vector<std::uint64_t> out;
    for (const auto& [id, leaf] : in_flight_)
      for (std::uint32_t n = nodes_[leaf].parent; n != kNone; n = nodes_[n].parent)
        if (nodes_[n].numbers.solved()) {
          out.push_back(id);
          break;
        }
    return out;
  }

  Numbers root() const { return nodes_[0].numbers; }
  bool solved() const { return nodes_[0].numbers.solved(); }
  // The root's winning move, when it is solved for the side to move.
  std::optional<Move> best_move() const {
    const Node& root = nodes_[0];
    if (root.winning_move) return root.winning_move;  // solved by one job
    for (std::uint32_t c : root.children) {
      const Numbers cn = nodes_[c].numbers;
      if ((root.attacker_to_move && root.numbers.proven() && cn.proven()) ||
          (!root.attacker_to_move && root.numbers.disproven() && cn.disproven()))
        return nodes_[c].move;
    }
    return std::nullopt;
  }
  // The proof of the solved root for a rules game (every move listed where
  // the loser is to move): the tree's top, down to the leaves that settled
  // it, joined to the leaves' own proofs. prove_leaf(path, worker) gives a
  // leaf's proof on its path (worker: whose table knows it; -1 if none), or
  // nullopt, and then so does this. `attacker`: the side the numbers are for.
  template <class ProveLeaf>
  std::optional<Proof<Move>> proof(Player attacker, ProveLeaf prove_leaf) const {
    if (!solved()) return std::nullopt;
    const bool attacker_wins = nodes_[0].numbers.proven();
    Proof<Move> out;
    out.winner = attacker_wins ? attacker : opponent(attacker);
    std::vector<Move> path;
    if (!add_to_proof(0, attacker_wins, path, prove_leaf, out)) return std::nullopt;
    return out;
  }

  // The tree as plain records, for a checkpoint: parents before children,
  // the root first; what jobs are in flight is not kept (their leaves are
  // open again on restore) nor which worker solved what (a restored run
  // has new workers).
  struct Record {
    std::uint32_t parent = kNone;
    Move move{};
    Numbers numbers{};
    bool attacker_to_move = true;
    std::uint32_t short_jobs = 0;
    std::optional<Move> winning_move;
  };
  std::vector<Record> records() const {
    std::vector<Record> out;
    out.reserve(nodes_.size());
    for (const Node& n : nodes_) out.push_back({n.parent, n.move, n.numbers, n.attacker_to_move, n.short_jobs, n.winning_move});
    return out;
  }
  // A tree from records(), with the expansions already spent; nullopt if
  // they do not form one (a parent after its child, or no root).
  static std::optional<JobTree> restore(std::uint64_t budget, Widening widening, const std::vector<Record>& records,
                                        std::uint64_t nodes_searched) {
    if (records.empty() || records[0].parent != kNone) return std::nullopt;
    JobTree tree(budget, widening);
    tree.nodes_.clear();
    for (std::size_t i = 0; i < records.size(); ++i) {
      const Record& r = records[i];
      if (i > 0 && r.parent >= i) return std::nullopt;
      Node n;
      n.parent = r.parent;
      n.move = r.move;
      n.numbers = r.numbers;
      n.attacker_to_move = r.attacker_to_move;
      n.short_jobs = r.short_jobs;
      n.winning_move = r.winning_move;
      if (i > 0) tree.nodes_[r.parent].children.push_back(std::uint32_t(i));
      tree.nodes_.push_back(std::move(n));
    }
    for (std::size_t i = tree.nodes_.size(); i-- > 0;)  // children first: the numbers as the rule gives them
      if (!tree.nodes_[i].children.empty()) tree.nodes_[i].numbers = tree.combine(tree.nodes_[i]);
    tree.nodes_searched_ = nodes_searched;
    return tree;
  }

  // Where a path from the root lies in the tree: whether it is a node, an
  // expanded one (its children are in the tree too), and which worker's
  // table knows it (-1 if none).
  struct Place {
    bool in_tree = false;
    bool expanded = false;
    int worker = -1;
  };
  Place locate(const std::vector<Move>& path) const {
    std::uint32_t n = 0;
    for (const Move& m : path) {
      const auto& children = nodes_[n].children;
      const auto next = std::find_if(children.begin(), children.end(), [&](std::uint32_t c) { return nodes_[c].move == m; });
      if (next == children.end()) return {};
      n = *next;
    }
    return {true, !nodes_[n].children.empty(), nodes_[n].solver};
  }
  // Calls visit(path, numbers) for every node the tree has solved.
  template <class Visit>
  void visit_solved(Visit visit) const {
    std::vector<Move> path;
    visit_solved(0, path, visit);
  }

  std::size_t size() const { return nodes_.size(); }
  std::size_t busy() const { return in_flight_.size(); }
  std::uint64_t issued() const { return issued_; }
  std::uint64_t completed() const { return completed_; }
  std::uint64_t abandoned() const { return abandoned_; }
  std::uint64_t ignored() const { return ignored_; }
  std::uint64_t nodes_searched() const { return nodes_searched_; }

 private:
  struct Node {
    std::uint32_t parent = kNone;
    Move move{};
    Numbers numbers{};
    bool attacker_to_move = true;  // the root's is set by its first answer
    bool busy = false;             // a job is working on this leaf
    bool blocked = false;          // busy, or every open child blocked
    std::uint32_t short_jobs = 0;  // answers that came back before the leaf was expanded
    std::optional<Move> winning_move;  // named by the job that solved the leaf
    int solver = -1;                   // the worker whose table knows it
    std::vector<std::uint32_t> children;
  };

  // The child a job should go below: open (unsolved, not blocked), least
  // pn at the attacker's turn, least dn at the defender's; first on ties.
  // Inside the widening window first; past it only when every child in it
  // is busy (more workers than the window holds: speculative work).
  std::uint32_t best_open_child(const Node& node) const {
    const std::size_t window = window_end(node);
    std::uint32_t best = kNone;
    for (std::size_t i = 0; i < node.children.size(); ++i) {
      if (i == window && best != kNone) break;
      const std::uint32_t c = node.children[i];
      const Node& child = nodes_[c];
      if (child.numbers.solved() || child.blocked) continue;
      if (best == kNone) {
        best = c;
        continue;
      }
      const Numbers a = child.numbers, b = nodes_[best].numbers;
      if (node.attacker_to_move ? a.pn < b.pn : a.dn < b.dn) best = c;
    }
    return best;
  }

  // Whether a child is lost for the side to move at `node`.
  static bool lost_for_mover(const Node& node, Numbers child) {
    return node.attacker_to_move ? child.disproven() : child.proven();
  }
  // One past the last child of the widening window (all, without widening).
  std::size_t window_end(const Node& node) const {
    if (!widening_.on()) return node.children.size();
    std::size_t open = 0;
    for (std::uint32_t c : node.children) open += !lost_for_mover(node, nodes_[c].numbers);
    const std::size_t wanted =
        std::max<std::size_t>(2, widening_.base + std::size_t(std::ceil(widening_.factor * double(open))));
    std::size_t seen = 0;
    for (std::size_t i = 0; i < node.children.size(); ++i)
      if (!lost_for_mover(node, nodes_[node.children[i]].numbers) && ++seen == wanted) return i + 1;
    return node.children.size();
  }

  // Numbers and blocked flags of `n` and every ancestor, after `n` changed.
  void update_upwards(std::uint32_t n) {
    while (n != kNone) {
      Node& node = nodes_[n];
      if (!node.children.empty()) {
        node.numbers = combine(node);
        node.blocked = std::all_of(node.children.begin(), node.children.end(), [&](std::uint32_t c) {
          return nodes_[c].numbers.solved() || nodes_[c].blocked;
        });
      } else {
        node.blocked = node.busy;
      }
      n = node.parent;
    }
  }

  // The AND/OR rule: at the attacker's turn pn is the least and dn the sum
  // of the children's; at the defender's, the other way round. The least
  // comes from the widening window only (a won child past it still counts).
  Numbers combine(const Node& node) const {
    const std::size_t window = window_end(node);
    ProofNumber least = kInfinity, sum = 0;
    for (std::size_t i = 0; i < node.children.size(); ++i) {
      const Numbers cn = nodes_[node.children[i]].numbers;
      const ProofNumber mover = node.attacker_to_move ? cn.pn : cn.dn;
      if (i < window || mover == 0) least = std::min(least, mover);
      sum = saturating_add(sum, node.attacker_to_move ? cn.dn : cn.pn);
    }
    return node.attacker_to_move ? Numbers{least, sum} : Numbers{sum, least};
  }

  // Adds node n's part of the proof (its index is the next node's) and
  // returns whether it could. Edges of a node are contiguous: its children
  // are added first, then its edges.
  template <class ProveLeaf>
  bool add_to_proof(std::uint32_t n, bool attacker_wins, std::vector<Move>& path, ProveLeaf& prove_leaf,
                    Proof<Move>& out) const {
    const Node& node = nodes_[n];
    auto won = [&](Numbers x) { return attacker_wins ? x.proven() : x.disproven(); };
    if (node.children.empty()) {
      const std::optional<Proof<Move>> leaf = prove_leaf(std::as_const(path), node.solver);
      if (!leaf || leaf->winner != out.winner) return false;
      append_proof(*leaf, out);
      return true;
    }
    const std::uint32_t index = std::uint32_t(out.nodes.size());
    out.nodes.emplace_back();
    const bool winner_to_move = node.attacker_to_move == attacker_wins;
    std::vector<typename Proof<Move>::Edge> edges;
    for (std::uint32_t c : node.children) {
      if (!won(nodes_[c].numbers)) {
        if (winner_to_move) continue;
        return false;  // the loser has a move the tree did not settle
      }
      edges.push_back({nodes_[c].move, std::uint32_t(out.nodes.size())});
      path.push_back(nodes_[c].move);
      const bool added = add_to_proof(c, attacker_wins, path, prove_leaf, out);
      path.pop_back();
      if (!added) return false;
      if (winner_to_move) break;  // one winning move is enough
    }
    if (edges.empty()) return false;
    out.nodes[index].first_edge = std::uint32_t(out.edges.size());
    out.nodes[index].edge_count = std::uint32_t(edges.size());
    out.edges.insert(out.edges.end(), edges.begin(), edges.end());
    return true;
  }

  template <class Visit>
  void visit_solved(std::uint32_t n, std::vector<Move>& path, Visit& visit) const {
    if (nodes_[n].numbers.solved()) visit(std::as_const(path), nodes_[n].numbers);
    for (std::uint32_t c : nodes_[n].children) {
      path.push_back(nodes_[c].move);
      visit_solved(c, path, visit);
      path.pop_back();
    }
  }

  std::vector<Move> path_to(std::uint32_t n) const {
    std::vector<Move> path;
    for (; n != 0; n = nodes_[n].parent) path.push_back(nodes_[n].move);
    std::reverse(path.begin(), path.end());
    return path;
  }

  std::uint64_t budget_;
  Widening widening_;
  std::vector<Node> nodes_;
  std::unordered_map<std::uint64_t, std::uint32_t> in_flight_;  // job id -> leaf
  std::uint64_t issued_ = 0, completed_ = 0, abandoned_ = 0, ignored_ = 0, nodes_searched_ = 0;
};

}  // namespace dfpn::jobs
