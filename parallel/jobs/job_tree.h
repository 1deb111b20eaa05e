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
#include <vector>

#include "dfpn/base/types.h"
#include "parallel/jobs/job.h"

namespace dfpn::jobs {

template <class Move>
class JobTree {
 public:
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
    if (!r.numbers.solved() && !r.children.empty()) {
      for (const auto& c : r.children) {
        Node child;
        child.parent = n;
        child.move = c.move;
        child.numbers = c.numbers;
        child.attacker_to_move = c.attacker_to_move;
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
  std::size_t size() const { return nodes_.size(); }
  std::size_t busy() const { return in_flight_.size(); }
  std::uint64_t issued() const { return issued_; }
  std::uint64_t completed() const { return completed_; }
  std::uint64_t abandoned() const { return abandoned_; }
  std::uint64_t ignored() const { return ignored_; }
  std::uint64_t nodes_searched() const { return nodes_searched_; }

 private:
  static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  struct Node {
    std::uint32_t parent = kNone;
    Move move{};
    Numbers numbers{};
    bool attacker_to_move = true;  // the root's is set by its first answer
    bool busy = false;             // a job is working on this leaf
    bool blocked = false;          // busy, or every open child blocked
    std::uint32_t short_jobs = 0;  // answers that came back before the leaf was expanded
    std::optional<Move> winning_move;  // named by the job that solved the leaf
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
