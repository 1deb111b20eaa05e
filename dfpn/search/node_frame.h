// One node's children while df-pn works below it (its "local expansion").
//
// The frame holds each child's move, key and numbers (in the attacker's
// view), and knows what df-pn does with them between two descents:
//   expand()   generates the children in the game's order and gives each its
//              starting numbers: settled (terminal, repetition, refuted by a
//              sibling), from the table, or new (1/1, or the game's estimate);
//   sum()      the node's φ/δ from its children, with widening and weak sums;
//   choose()   the child to enter and the runner-up (virtual numbers when
//              other searchers work below a child);
//   record()   what the search below a child returned;
//   refresh()  the other children's numbers again from the table;
// and refutation pruning: a child lost for the mover whose proof set leaves
// a sibling's move out makes that sibling lost too (dfpn/base/game.h).
//
// φ/δ are in the view of the side to move at the node (see dfpn.h):
// mine(c) is a child's share of φ (its cost for the mover), theirs(c) its
// share of δ.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/search/dfpn_counters.h"
#include "dfpn/search/dfpn_options.h"
#include "dfpn/search/sharing.h"
#include "tt/entry.h"

namespace dfpn {

// Positions on the current path, by key, with their depth.
using PathIndex = std::unordered_map<std::uint64_t, std::uint32_t>;

// Depth of the shallowest ancestor a result rests on; none for a result true
// on every path.
inline constexpr std::uint32_t kNoDependency = std::numeric_limits<std::uint32_t>::max();

template <Game G>
class NodeFrame {
 public:
  using Move = MoveOf<G>;

  struct Child {
    Move move;
    std::uint64_t key;
    Numbers numbers;  // attacker's view
    std::uint32_t dep = kNoDependency;
    bool fixed = false;  // settled here (terminal, repetition, or returned by a search)
  };
  struct Choice {
    std::size_t best = 0;
    std::size_t second_index = 0;
    ProofNumber second = kInfinity;  // the runner-up's share of φ (virtual, when shared)
    bool any = false;  // false: every child was passed over
  };

  // Starts a node: `on_path` is the current path (games that repeat), null
  // for games that never do.
  void begin(bool is_or, const PathIndex* on_path) {
    is_or_ = is_or;
    on_path_ = on_path;
    children_.clear();
    refutations_.clear();
  }

  bool is_or() const { return is_or_; }  // the attacker is to move
  ProofNumber mine(const Numbers& n) const { return is_or_ ? n.pn : n.dn; }
  ProofNumber theirs(const Numbers& n) const { return is_or_ ? n.dn : n.pn; }
  Outcome mover_loses() const { return is_or_ ? Outcome::Disproven : Outcome::Proven; }

  // The children in the game's order with their starting numbers. Two
  // passes: the first plays each child, starts loading its table bucket and
  // settles what it can; the second reads the buckets, by then (mostly) in
  // cache. Go nodes have a hundred-odd cheap children, so one wait per
  // child would dominate.
  template <class Table>
  void expand(G& game, Player attacker, Table& table, bool heuristic_init, DfpnCounters& counters) {
    MoveListOf<G> moves;
    game.generate_moves(moves);
    order_moves(game, moves, attacker);
    for (const Move& m : moves) add_child(game, attacker, table, m, counters);
    for (Child& c : children_) {
      if (c.fixed) continue;
      ++counters.probes;
      tt::EntryData e;
      if (!table.probe(c.key, e)) {
        // A new leaf: the game's estimate, only now that the table has
        // nothing (on re-expansions most children are known).
        if (heuristic_init) {
          ScopedMove<G> played(game, c.move);
          c.numbers = initial_numbers(game, attacker);
        }
        continue;
      }
      ++counters.hits;
      c.numbers = e.numbers;
      if (c.numbers.outcome() == mover_loses()) {  // solved earlier: its proof set, if learnt, prunes as well
        ScopedMove<G> played(game, c.move);
        note_refutation(game);
      }
    }
    prune_refuted(counters);
  }

  // The node's φ and δ from its children. Children past the widening
  // window are neither entered nor counted in φ, unless one is already won
  // for the mover; δ sums them all (a weak sum on DAGs, if asked).
  void sum(const DfpnOptions& options) {
    phi_ = kInfinity;
    delta_ = 0;
    ProofNumber largest = 0, open_children = 0;
    for (const Child& c : children_) {
      const ProofNumber t = theirs(c.numbers);
      delta_ = saturating_add(delta_, t);
      largest = std::max(largest, t);
      open_children += t != 0;
    }
    window_ = widening_window(options, open_children);
    for (std::size_t i = 0; i < children_.size(); ++i) {
      const ProofNumber m = mine(children_[i].numbers);
      if (i < window_ || m == 0) phi_ = std::min(phi_, m);
    }
    if (options.weak_sum && delta_ != kInfinity && open_children > 0)
      delta_ = saturating_add(largest, open_children - 1);
  }
  ProofNumber phi() const { return phi_; }
  ProofNumber delta() const { return delta_; }
  // The node's numbers in the attacker's view.
  Numbers numbers() const { return is_or_ ? Numbers{phi_, delta_} : Numbers{delta_, phi_}; }

  // The child to enter and the runner-up, inside the window. With other
  // searchers (`sharing` not null), virtual numbers reorder the children
  // worth entering (real number below `local_phi`), so a busy best child
  // never makes this node spin; with jobs, what the busy child's searcher
  // assumes about it comes first (thread_jobs.h).
  template <class Share>
  Choice choose(const Share* sharing, ProofNumber local_phi, bool forced) const {
    if constexpr (Share::kShared) {
      if (sharing && sharing->job_work() > 0) {
        const Choice c = choose_among(sharing, local_phi, forced, true);
        if (c.any) return c;
      }
    }
    return choose_among(sharing, local_phi, forced, false);
  }

  // The node's numbers (attacker's view) if child `i` had numbers `v`: what
  // a job assumes for the positions above it (thread_jobs.h). sum()'s rule
  // with the current window kept (plus child `i`) and plain sums: a guess
  // for ordering, not numbers to store.
  Numbers with_child(std::size_t i, Numbers v) const {
    ProofNumber phi = kInfinity, delta = 0;
    for (std::size_t j = 0; j < children_.size(); ++j) {
      const Numbers& n = j == i ? v : children_[j].numbers;
      delta = saturating_add(delta, theirs(n));
      if (j < window_ || j == i || mine(n) == 0) phi = std::min(phi, mine(n));
    }
    return is_or_ ? Numbers{phi, delta} : Numbers{delta, phi};
  }

 private:
  // With `assumptions`, a busy child is judged by what the job of the
  // searcher in it assumes: passed over if that leaves it lost for the
  // mover, else ranked by its assumed number (first, if won).
  template <class Share>
  Choice choose_among(const Share* sharing, ProofNumber local_phi, bool forced, bool assumptions) const {
    Choice c;
    ProofNumber best_choice = kInfinity;
    for (std::size_t i = 0; i < window_; ++i) {
      const ProofNumber m = mine(children_[i].numbers);
      ProofNumber choice = m;
      if constexpr (Share::kShared) {
        if (sharing) {
          if (!forced && m >= local_phi) continue;
          const std::uint32_t others = sharing->others_below(children_[i].key);
          choice = virtual_number(m, others);
          if (assumptions && others > 0) {
            if (const auto v = sharing->assumed(children_[i].key)) {
              if (theirs(*v) == 0) continue;  // lost for the mover if the job goes its way
              choice = mine(*v);              // 0: the node's fate rests on it; help there
            }
          }
        }
      }
      if (choice < best_choice) {
        c.second = best_choice;
        c.second_index = c.best;
        best_choice = choice;
        c.best = i;
      } else if (choice < c.second) {
        c.second = choice;
        c.second_index = i;
      }
    }
    c.any = best_choice < kInfinity;
    return c;
  }

 public:
  Child& operator[](std::size_t i) { return children_[i]; }
  const std::vector<Child>& children() const { return children_; }
  bool empty() const { return children_.empty(); }

  // What the search below child `i` returned (`child` is the position
  // after its move): its numbers, and whether they are final here.
  void record(std::size_t i, const G& child, Numbers numbers, std::uint32_t dep, std::uint32_t depth,
              DfpnCounters& counters) {
    refutations_.clear();
    if (numbers.outcome() == mover_loses()) note_refutation(child);
    Child& c = children_[i];
    c.numbers = numbers;
    if (dep <= depth) {
      c.fixed = true;  // path-dependent: keep it here, the table does not have it
      c.dep = dep;
    } else if (numbers.solved()) {
      c.fixed = true;  // final for this frame even if the table drops it
    }
    prune_refuted(counters);
  }

  // Other children may have changed through transpositions: their numbers
  // again from the table, all loads first (wide nodes wait for memory once
  // instead of once per child).
  template <class Table>
  void refresh(const Table& table, std::size_t searched, DfpnCounters& counters) {
    if constexpr (requires { table.prefetch(std::uint64_t{}); })
      for (std::size_t i = 0; i < children_.size(); ++i)
        if (!children_[i].fixed && i != searched) table.prefetch(children_[i].key);
    for (std::size_t i = 0; i < children_.size(); ++i) {
      Child& c = children_[i];
      if (c.fixed || i == searched) continue;
      ++counters.probes;
      tt::EntryData e;
      if (table.probe(c.key, e)) {
        ++counters.hits;
        c.numbers = e.numbers;
      }
    }
  }

  // The shallowest ancestor depth the node's result rests on: for a solved
  // node only the children that decide it, for an unsolved one every child.
  std::uint32_t dependency() const {
    std::uint32_t dep = phi_ == 0 ? 0 : kNoDependency;
    for (const Child& c : children_) {
      if (phi_ == 0) {  // the mover wins: through its least dependent winning child
        if (mine(c.numbers) == 0) dep = std::max(dep, c.dep);
      } else if (delta_ != 0 || theirs(c.numbers) == 0) {  // lost: the children that refute
        dep = std::min(dep, c.dep);
      }
    }
    return dep;
  }

  // The index of the first child won for the mover, if any.
  std::optional<std::size_t> first_win() const {
    for (std::size_t i = 0; i < children_.size(); ++i)
      if (mine(children_[i].numbers) == 0) return i;
    return std::nullopt;
  }

  // The moves that decide a solved node: the winning ones, or (lost) all.
  std::vector<Move> deciding_moves() const {
    std::vector<Move> moves;
    for (const Child& c : children_)
      if (phi_ != 0 || mine(c.numbers) == 0) moves.push_back(c.move);
    return moves;
  }

 private:
  // One child in the first pass of expand().
  template <class Table>
  void add_child(G& game, Player attacker, Table& table, const Move& m, DfpnCounters& counters) {
    // A sibling refuted already loses the same way: no need to play it.
    if (refuted_by_earlier_sibling(m)) {
      children_.push_back(Child{m, 0, Numbers::of(mover_loses()), kNoDependency, true});
      ++counters.refuted_siblings;
      return;
    }
    ScopedMove<G> played(game, m);
    Child c{m, game.hash(), {}, kNoDependency, true};
    if (on_path_) {
      if (auto it = on_path_->find(c.key); it != on_path_->end()) {
        c.numbers = Numbers::of(repetition_outcome(game, attacker));
        c.dep = it->second;
        children_.push_back(c);
        return;
      }
    }
    if (const Outcome o = quick_evaluate(game, attacker); o != Outcome::Unknown) {
      c.numbers = Numbers::of(o);
      if (o == mover_loses()) note_refutation(game);
    } else {
      if constexpr (requires { table.prefetch(c.key); }) table.prefetch(c.key);
      c.fixed = false;
      c.numbers = Numbers{1, 1};
    }
    children_.push_back(c);
  }

  // One past the last child inside the widening window (see DfpnOptions).
  std::size_t widening_window(const DfpnOptions& options, ProofNumber open_children) const {
    if (!options.widens() || open_children < 2) return children_.size();
    const double wanted = options.widen_base + std::ceil(options.widen_factor * double(open_children));
    const ProofNumber k = static_cast<ProofNumber>(std::max(2.0, std::min(wanted, double(open_children))));
    ProofNumber seen = 0;
    for (std::size_t i = 0; i < children_.size(); ++i)
      if (theirs(children_[i].numbers) != 0 && ++seen == k) return i + 1;
    return children_.size();
  }

  // `child` is lost for the mover: keep its proof set, if the game knows one
  // (only without repetitions: a set says nothing about the path).
  void note_refutation(const G& child) {
    if constexpr (kHasProofSets<G>) {
      if (on_path_) return;
      if (auto set = child.proof_set()) refutations_.push_back(std::move(*set));
    }
  }

  // Whether a noted refutation's proof set leaves `move` out: it then loses
  // the same way.
  bool refuted_by_earlier_sibling(const Move& move) const {
    if constexpr (kHasProofSets<G>) {
      for (const auto& set : refutations_)
        if (!set.contains(move)) return true;
    }
    return false;
  }

  // Every open child outside a noted refutation's proof set loses too.
  void prune_refuted(DfpnCounters& counters) {
    if constexpr (kHasProofSets<G>) {
      for (Child& c : children_) {
        if (c.numbers.solved() || !refuted_by_earlier_sibling(c.move)) continue;
        c.numbers = Numbers::of(mover_loses());
        c.fixed = true;
        ++counters.refuted_siblings;
      }
      refutations_.clear();
    }
  }

  bool is_or_ = true;
  const PathIndex* on_path_ = nullptr;
  std::vector<Child> children_;
  std::vector<ProofSetOf<G>> refutations_;  // proof sets of children lost for the mover, until pruned
  ProofNumber phi_ = kInfinity, delta_ = 0;
  std::size_t window_ = 0;
};

}  // namespace dfpn
