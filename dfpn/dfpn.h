// Depth-first proof-number search (Nagai's df-pn) on a fixed-size table,
// with df-pn+ initial numbers and Pawlewicz & Lew's 1+ε threshold trick.
//
// MID(n, thresholds) expands n, then repeatedly descends into the child that
// is best for the side to move (least proof cost for it) with thresholds
// derived from n's, until n's numbers reach its own thresholds. Everything
// learnt is kept in the transposition table, so memory is the table's alone.
//
// Numbers are handled in the φ/δ view of the side to move at a node:
//   φ(n) = min over children of δ(c)     (cost for the mover to win)
//   δ(n) = Σ over children of φ(c)       (cost for the opponent to win)
// Child thresholds for the selected child c1, with δ₂ the second-best δ:
//   th_δ(c1) = min(th_φ(n), max(δ₂ + 1, ⌈δ₂·(1+ε)⌉))     (ε = 0: plain df-pn)
//   th_φ(c1) = th_δ(n) − δ(n) + φ(c1)
//
// Repetitions (games with may_repeat()): a child already on the path is
// settled by the repetition rule. Every result carries `dep`, the depth of
// the shallowest ancestor whose presence on the path it rests on. A result
// with dep < its own depth -- solved or not -- is path-dependent: it is
// returned to the parent, which keeps it in its frame, and never stored.
// The table therefore only holds what is true of the position on any path
// (for solved entries: its value as a root; docs/design.md has the
// argument), the root answer is exact, and estimates learnt on one path
// cannot mislead the search on another (which is what makes plain df-pn
// loop forever on cyclic graphs).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>
#include <unordered_map>
#include <vector>

#include "dfpn/game.h"
#include "dfpn/limits.h"
#include "dfpn/pns.h"
#include "dfpn/proof.h"
#include "dfpn/result.h"
#include "dfpn/sharing.h"
#include "tt/table.h"

namespace dfpn {

struct DfpnOptions {
  bool heuristic_init = false;  // df-pn+: the game's initial numbers for new leaves
  double epsilon = 0.0;         // 1+ε trick; 0 = plain df-pn
  // PDS (Nagai): multiple iterative deepening at every node. A node's local
  // thresholds start just above its numbers and grow one step at a time (the
  // smaller number's first) up to the thresholds it was given; df-pn jumps
  // to the given thresholds at once.
  bool iterative_deepening = false;
  // Two-level search (with iterative_deepening: PDS-PN, Winands): the first
  // time a node is expanded, a best-first PNS from it, bounded by the first
  // level's size (at most this many nodes), gives its children their
  // starting numbers. 0 = off.
  std::uint64_t second_level_max = 0;
  // DAG over-counting: on a DAG, summing children counts a shared subtree
  // once per path to it. Weak proof numbers (Ueda et al.) take the largest
  // child plus one per other unsolved child instead of the sum. Off by
  // default; measured in bench/ (docs/benchmarks.md).
  bool weak_sum = false;
  // Widening (Benzene's solver): the mover's φ and the child to enter come
  // only from the first k children not yet lost for the mover, in the
  // game's move order, k = max(2, widen_base + ⌈widen_factor · open⌉); δ still
  // sums every child, so a disproof needs them all. It focuses the search
  // on the moves the game ranks best. Off when both are 0.
  std::uint32_t widen_base = 0;
  double widen_factor = 0.0;
  bool widens() const { return widen_base > 0 || widen_factor > 0; }
};

// Counters of one search (per searcher, so never contended).
struct DfpnCounters {
  std::uint64_t expansions = 0;
  std::uint64_t probes = 0;
  std::uint64_t hits = 0;
  std::uint64_t stores = 0;
  std::uint64_t replacements = 0;
  std::uint64_t dropped_stores = 0;
  std::uint64_t path_dependent = 0;  // results kept off the table (they rest on the path)
  std::uint64_t forced_steps = 0;     // cycle breaking (see mid())
  std::uint64_t second_level_nodes = 0;
  std::uint64_t refuted_siblings = 0;  // children found lost through a sibling's proof set
  // Move ordering at won nodes (Benzene's "move index"): how many, the sum
  // of the winning child's index in the game's order, and how many won
  // with the first move.
  std::uint64_t cutoffs = 0;
  std::uint64_t cutoff_index_sum = 0;
  std::uint64_t cutoffs_at_first = 0;
  // Benzene's wasted work: at each won node, the expansions below it that
  // went to other children than the winning one (its work minus the winning
  // child's). Nested won nodes each count their own, so it can pass the
  // node count; what matters is how it moves between runs.
  std::uint64_t wasted_work = 0;
  std::uint32_t max_depth = 0;
};

template <Game G, class Table = tt::TranspositionTable, Sharing Share = SoloSearch>
class DepthFirstPns {
 public:
  using Move = MoveOf<G>;

  DepthFirstPns(const G& game, Player attacker, Table& table, Limits limits = {},
                DfpnOptions options = {})
    requires std::same_as<Share, SoloSearch>
      : DepthFirstPns(game, attacker, table, solo_, std::move(limits), options) {}

  // A searcher that cooperates with others through `sharing` (parallel/).
  DepthFirstPns(const G& game, Player attacker, Table& table, Share& sharing, Limits limits,
                DfpnOptions options)
      : root_game_(game), attacker_(attacker), table_(table), sharing_(sharing),
        limits_(std::move(limits)), options_(options), repeats_(may_repeat(game)) {}

  SolveResult<Move> solve() {
    Budget budget(limits_);
    budget_ = &budget;
    // A new search ages older entries. Cooperating searchers share one
    // search: their driver ages the table once, before they start.
    if constexpr (!Share::kShared) table_.new_generation();
    G game = root_game_;
    const MidResult r = search_root(game, {});
    budget_ = nullptr;

    SolveResult<Move> result;
    result.outcome = r.numbers.outcome();
    result.reason = result.solved() ? StopReason::None : budget.reason();
    result.best_move = root_best_;
    if (result.solved() && !result.best_move) result.best_move = move_keeping_the_win(game, result.outcome);
    if (report_line_) result.principal_variation = principal_variation();
    if (result.principal_variation.empty() && result.best_move) result.principal_variation = {*result.best_move};
    result.nodes = counters_.expansions + counters_.second_level_nodes;
    result.time_s = budget.elapsed_s();
    result.stats = statistics();
    return result;
  }

  // A root that evaluate() settles (say by a Hex virtual connection) has no
  // best child from the search: when the winner is to move, name a move
  // after which evaluate() still gives the win, if one does.
  std::optional<Move> move_keeping_the_win(G& game, Outcome outcome) {
    const bool winner_to_move = (game.to_move() == attacker_) == (outcome == Outcome::Proven);
    if (!winner_to_move) return std::nullopt;
    MoveListOf<G> moves;
    game.generate_moves(moves);
    for (const Move& m : moves) {
      ScopedMove<G> played(game, m);
      if (game.evaluate(attacker_) == outcome) return m;
    }
    return std::nullopt;
  }

  // The proof or disproof of the solved root. Positions whose winning move the
  // table no longer holds (evicted, or path-dependent) are searched again,
  // within the solve's time limit and stop token once more (no node limit):
  // nullopt if that is not enough.
  std::optional<Proof<Move>> proof() {
    G game = root_game_;
    const Limits follow_up = limits_.for_follow_up();
    Budget budget(follow_up);
    budget_ = &budget;
    const MidResult root = search_root(game, {});
    std::optional<Proof<Move>> proof;
    if (root.numbers.solved()) {
      using Path = std::vector<std::uint64_t>;
      proof = build_proof(
          root_game_, attacker_, root.numbers.outcome(), Path{},
          [&](G& position, const Path& path) { return winning_moves(position, path); },
          [](G& position, const Path& path, const Move&) {
            Path next = path;
            next.push_back(position.hash());
            return std::optional<Path>(std::move(next));
          });
    }
    budget_ = nullptr;
    return proof;
  }

  const DfpnCounters& counters() const { return counters_; }
  // Cooperating searchers leave the principal variation to their driver,
  // which reads it once from the shared table (line()) after all stop.
  void set_report_line(bool on) { report_line_ = on; }
  // The principal variation as the table has it now.
  std::vector<Move> line() { return principal_variation(); }
  // Positions (by hash) in the order they were expanded, when recording is on.
  void record_expansions(bool on) { record_expansions_ = on; }
  const std::vector<std::uint64_t>& expanded_positions() const { return expanded_; }

 private:
  static constexpr std::uint32_t kNoDependency = std::numeric_limits<std::uint32_t>::max();

  struct Child {
    Move move;
    std::uint64_t key;
    Numbers numbers;  // attacker's view
    std::uint32_t dep = kNoDependency;
    bool fixed = false;  // settled here (terminal, repetition, or returned by a search)
  };
  struct MidResult {
    Numbers numbers;
    std::uint32_t dep = kNoDependency;
  };

  // Searches from `game` with `path` (hashes of the positions before it) on
  // the path, until solved or out of budget.
  MidResult search_root(G& game, const std::vector<std::uint64_t>& path) {
    on_path_.clear();
    for (std::uint32_t d = 0; d < path.size(); ++d) on_path_.emplace(path[d], d);
    root_depth_ = static_cast<std::uint32_t>(path.size());
    root_best_.reset();
    root_wins_.clear();
    aborted_ = false;
    if (const Outcome o = game.evaluate(attacker_); o != Outcome::Unknown) return {Numbers::of(o)};
    MidResult r;
    do {
      r = mid(game, root_depth_, kMaxFinite, kMaxFinite);
    } while (!r.numbers.solved() && !aborted_);
    return r;
  }

  // Candidate winning moves for the side to move, best first (build_proof
  // tries them in order).
  std::vector<Move> winning_moves(G& game, const std::vector<std::uint64_t>& path) {
    if (!repeats_) {
      // The table usually knows: a child solved in the mover's favour.
      const bool mover_is_attacker = game.to_move() == attacker_;
      MoveListOf<G> moves;
      game.generate_moves(moves);
      for (const Move& m : moves) {
        ScopedMove<G> played(game, m);
        Outcome o = game.evaluate(attacker_);
        tt::EntryData e;
        if (o == Outcome::Unknown && table_.probe(game.hash(), e)) o = e.numbers.outcome();
        if (o == (mover_is_attacker ? Outcome::Proven : Outcome::Disproven)) return {m};
      }
    }
    if (repeats_ && game.to_move() == repetition_loser()) {
      // The side that loses repetitions wins only by making progress. A child
      // it wins from as a root (the table's facts) may still lead back to
      // the path, so list them all, least work first; build_proof keeps the
      // first whose subtree closes. The move of least rank is among them.
      return children_won_as_root(game);
    }
    // Otherwise search this position again on its own path: every child the
    // search found winning is a candidate (for the side that wins
    // repetitions, extra positions on the path only help).
    const MidResult r = search_root(game, path);
    if (!r.numbers.solved()) return {};
    return root_wins_;
  }

  Player repetition_loser() const {
    return repetition_outcome(root_game_, attacker_) == Outcome::Disproven ? attacker_ : opponent(attacker_);
  }

  std::vector<Move> children_won_as_root(G& game) {
    const Outcome mover_wins = game.to_move() == attacker_ ? Outcome::Proven : Outcome::Disproven;
    std::vector<std::pair<std::uint32_t, Move>> ranked;  // (work, move)
    MoveListOf<G> moves;
    game.generate_moves(moves);
    for (const Move& m : moves) {
      ScopedMove<G> played(game, m);
      Outcome o = game.evaluate(attacker_);
      std::uint32_t work = 0;
      if (o == Outcome::Unknown) {
        tt::EntryData e;
        if (!table_.probe(game.hash(), e) || !e.solved()) {
          search_root(game, {});
          if (!table_.probe(game.hash(), e)) continue;
        }
        o = e.numbers.outcome();
        work = e.work;
      }
      if (o == mover_wins) ranked.emplace_back(work, m);
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Move> out;
    for (const auto& [work, m] : ranked) out.push_back(m);
    return out;
  }

  static ProofNumber clamp_finite(std::int64_t v) {
    return static_cast<ProofNumber>(std::clamp<std::int64_t>(v, 1, kMaxFinite));
  }

  ProofNumber second_threshold(ProofNumber second_best) const {
    if (second_best >= kMaxFinite) return kMaxFinite;
    std::uint64_t t = std::uint64_t{second_best} + 1;
    if (options_.epsilon > 0)
      t = std::max<std::uint64_t>(t, static_cast<std::uint64_t>(std::ceil(second_best * (1.0 + options_.epsilon))));
    return static_cast<ProofNumber>(std::min<std::uint64_t>(t, kMaxFinite));
  }

  void store(std::uint64_t key, Numbers numbers, std::uint32_t work) {
    ++counters_.stores;
    switch (table_.store(key, {numbers, work})) {
      case tt::StoreOutcome::Replaced: ++counters_.replacements; break;
      case tt::StoreOutcome::Dropped: ++counters_.dropped_stores; break;
      default: break;
    }
  }

  MidResult mid(G& game, std::uint32_t depth, ProofNumber th_pn, ProofNumber th_dn) {
    ++counters_.expansions;
    counters_.max_depth = std::max(counters_.max_depth, depth);
    if (budget_->exhausted(counters_.expansions) || sharing_.stop_requested()) aborted_ = true;
    if (budget_->progress_due()) report_progress();

    const std::uint64_t key = game.hash();
    if constexpr (kHasQuickEvaluate<G>) {
      // Entered as a leaf that only the quick check had seen.
      if (const Outcome o = game.evaluate(attacker_); o != Outcome::Unknown) {
        const Numbers n = Numbers::of(o);
        store(key, n, 1);
        return {n, kNoDependency};
      }
    }
    if (record_expansions_) expanded_.push_back(key);
    const std::uint64_t expansions_before = counters_.expansions;
    tt::EntryData previous;
    const std::uint32_t previous_work = table_.probe(key, previous) ? previous.work : 0;
    const bool is_or = game.to_move() == attacker_;
    const Outcome mover_loses = is_or ? Outcome::Disproven : Outcome::Proven;

    if (frames_.size() <= depth) frames_.resize(depth + 1);
    std::vector<Child>& children = frames_[depth];
    children.clear();
    refutations_.clear();
    {
      MoveListOf<G> moves;
      game.generate_moves(moves);
      order_moves(game, moves, attacker_);
      // Two passes over the children: the first plays each one, starts
      // loading its table bucket and gives it starting numbers; the second
      // reads the buckets, by then (mostly) in cache. Go nodes have a
      // hundred-odd cheap children, so one wait per child would dominate.
      for (const Move& m : moves) {
        // A sibling refuted already loses the same way: no need to play it
        // (prune_refuted would mark it after the loop anyway).
        if (refuted_by_earlier_sibling(m)) {
          children.push_back(Child{m, 0, Numbers::of(mover_loses), kNoDependency, true});
          ++counters_.refuted_siblings;
          continue;
        }
        ScopedMove<G> played(game, m);
        Child c{m, game.hash(), {}, kNoDependency, true};
        if (repeats_) {
          if (auto it = on_path_.find(game.hash()); it != on_path_.end()) {
            c.numbers = Numbers::of(repetition_outcome(game, attacker_));
            c.dep = it->second;
            children.push_back(c);
            continue;
          }
        }
        if (const Outcome o = quick_evaluate(game, attacker_); o != Outcome::Unknown) {
          c.numbers = Numbers::of(o);
          if (o == mover_loses) note_refutation(game);
        } else {
          if constexpr (requires { table_.prefetch(c.key); }) table_.prefetch(c.key);
          c.fixed = false;
          c.numbers = Numbers{1, 1};
        }
        children.push_back(c);
      }
      for (Child& c : children) {
        if (c.fixed) continue;
        ++counters_.probes;
        tt::EntryData e;
        if (!table_.probe(c.key, e)) {
          // A new leaf: the game's estimate, only now that the table has
          // nothing (on re-expansions most children are known).
          if (options_.heuristic_init) {
            ScopedMove<G> played(game, c.move);
            c.numbers = initial_numbers(game, attacker_);
          }
          continue;
        }
        ++counters_.hits;
        c.numbers = e.numbers;
        if (c.numbers.outcome() == mover_loses) {  // solved earlier: its proof set, if learnt, prunes as well
          ScopedMove<G> played(game, c.move);
          note_refutation(game);
        }
      }
    }
    prune_refuted(children, mover_loses);
    if (options_.second_level_max > 0 && previous_work == 0 && !children.empty())
      seed_from_second_level(game, children);
    if (repeats_) on_path_.emplace(key, depth);
    const bool shared = sharing_.shares_at(depth);
    if (shared) sharing_.enter(key);

    // φ/δ of this node from its children, and the two best children.
    auto mine = [is_or](const Numbers& n) { return is_or ? n.pn : n.dn; };
    auto theirs = [is_or](const Numbers& n) { return is_or ? n.dn : n.pn; };
    const ProofNumber th_phi = is_or ? th_pn : th_dn;
    const ProofNumber th_delta = is_or ? th_dn : th_pn;

    ProofNumber phi = kInfinity, delta = 0;
    std::optional<Numbers> adopted;  // solved meanwhile by another searcher
    // PDS's local thresholds; df-pn uses the given ones throughout.
    ProofNumber local_phi = th_phi, local_delta = th_delta;
    for (bool first = true;; first = false) {
      // The node's numbers from its children.
      phi = kInfinity;
      delta = 0;
      ProofNumber largest = 0, open_children = 0;
      for (const Child& c : children) {
        const ProofNumber t = theirs(c.numbers);
        delta = saturating_add(delta, t);
        largest = std::max(largest, t);
        open_children += t != 0;
      }
      // Children past `window` are neither entered nor counted in φ, unless
      // one is already won for the mover.
      const std::size_t window = widening_window(children, open_children, theirs);
      for (std::size_t i = 0; i < children.size(); ++i) {
        const ProofNumber m = mine(children[i].numbers);
        if (i < window || m == 0) phi = std::min(phi, m);
      }
      if (options_.weak_sum && delta != kInfinity && open_children > 0)
        delta = saturating_add(largest, open_children - 1);
      if (aborted_ || phi == 0 || delta == 0) break;
      if (options_.iterative_deepening && phi < th_phi && delta < th_delta) {
        // PDS: start just above the node's numbers; raise a local threshold
        // by one step whenever it is reached, never past the given one.
        if (phi >= local_phi || first) local_phi = std::min(th_phi, clamp_finite(std::int64_t{phi} + 1));
        if (delta >= local_delta || first) local_delta = std::min(th_delta, clamp_finite(std::int64_t{delta} + 1));
      }
      // Entering with numbers already past the thresholds means the table
      // changed since the parent looked. On cyclic graphs that is how
      // estimates feed on each other around a cycle (pn(a) = 1 + pn(a) via
      // the table) and df-pn would ratchet forever without entering the
      // cycle. So such a node takes one forced step into its best child; the
      // chain ends at the latest where the path repeats.
      const bool exceeded = phi >= th_phi || delta >= th_delta;
      const bool forced = exceeded && first && repeats_;
      if (exceeded && !forced) break;

      // The child to enter and the runner-up. With other searchers, virtual
      // numbers reorder the children worth entering (real number below the
      // threshold), so a busy best child never makes this node spin.
      std::size_t best = 0, second_index = 0;
      ProofNumber best_choice = kInfinity, second = kInfinity;
      for (std::size_t i = 0; i < window; ++i) {
        const ProofNumber m = mine(children[i].numbers);
        ProofNumber choice = m;
        if (Share::kShared && shared) {
          if (!forced && m >= local_phi) continue;
          choice = virtual_number(m, sharing_.others_below(children[i].key));
        }
        if (choice < best_choice) {
          second = best_choice;
          second_index = best;
          best_choice = choice;
          best = i;
        } else if (choice < second) {
          second = choice;
          second_index = i;
        }
      }

      Child& c1 = children[best];
      // Ties go to the earlier child, as in best-first PNS: if the runner-up
      // comes first, c1 may only stay strictly below it.
      const bool runner_up_first = second_index < best && second < kInfinity;
      ProofNumber child_th_mine =
          std::min(local_phi, runner_up_first && options_.epsilon == 0 ? std::max<ProofNumber>(second, 1)
                                                                    : second_threshold(second));
      ProofNumber child_th_theirs =
          local_delta >= kMaxFinite ? kMaxFinite
                                    : clamp_finite(std::int64_t{local_delta} - delta + theirs(c1.numbers));
      if (forced) {
        ++counters_.forced_steps;
        child_th_mine = std::max(child_th_mine, clamp_finite(std::int64_t{mine(c1.numbers)} + 1));
        child_th_theirs = std::max(child_th_theirs, clamp_finite(std::int64_t{theirs(c1.numbers)} + 1));
      }
      MidResult r;
      {
        ScopedMove<G> played(game, c1.move);
        r = mid(game, depth + 1, is_or ? child_th_mine : child_th_theirs,
                is_or ? child_th_theirs : child_th_mine);
        refutations_.clear();
        if (r.numbers.outcome() == mover_loses) note_refutation(game);
      }
      c1.numbers = r.numbers;
      if (r.dep <= depth) {
        c1.fixed = true;  // path-dependent: keep it here, the table does not have it
        c1.dep = r.dep;
      } else if (r.numbers.solved()) {
        c1.fixed = true;  // final for this frame even if the table drops it
      }
      prune_refuted(children, mover_loses);
      // Other children may have changed through transpositions.
      refresh_children(children, best);
      if (Share::kShared && shared) {
        // Another searcher may have solved this very node: stop promptly.
        tt::EntryData own;
        if (table_.probe(key, own) && own.solved()) {
          adopted = own.numbers;  // a table fact: true on every path
          break;
        }
      }
    }

    if (shared) sharing_.leave(key);
    if (repeats_) on_path_.erase(key);
    if (adopted) return {*adopted, kNoDependency};
    const Numbers numbers = is_or ? Numbers{phi, delta} : Numbers{delta, phi};
    const std::uint32_t dep = dependency(children, phi, delta, mine, theirs);
    const std::uint64_t work = previous_work + (counters_.expansions - expansions_before) + 1;
    if (dep < depth) {
      ++counters_.path_dependent;
    } else {
      store(key, numbers, static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xFFFFFFFFu)));
      if (numbers.solved()) learn_proof_set(game, children, phi == 0, mine);
    }
    if (phi == 0) count_cutoff(children, mine, work);
    if (depth == root_depth_ && phi == 0) {
      root_wins_.clear();
      for (const Child& c : children)
        if (mine(c.numbers) == 0) root_wins_.push_back(c.move);
      if (!root_wins_.empty()) root_best_ = root_wins_.front();
    }
    return {numbers, dep};
  }

  template <class Mine>
  void count_cutoff(const std::vector<Child>& children, Mine mine, std::uint64_t work) {
    for (std::size_t i = 0; i < children.size(); ++i) {
      if (mine(children[i].numbers) != 0) continue;
      ++counters_.cutoffs;
      counters_.cutoff_index_sum += i;
      counters_.cutoffs_at_first += i == 0;
      // A winning child settled without a search (terminal, refuted) did no work.
      tt::EntryData e;
      const std::uint64_t winning = children[i].key != 0 && table_.probe(children[i].key, e) ? e.work : 0;
      counters_.wasted_work += work - std::min(work, winning + 1);  // the node's own expansion is not waste
      return;
    }
  }

  // One past the last child inside the widening window (see DfpnOptions).
  template <class Theirs>
  std::size_t widening_window(const std::vector<Child>& children, ProofNumber open_children,
                              Theirs theirs) const {
    if (!options_.widens() || open_children < 2) return children.size();
    const double wanted = options_.widen_base + std::ceil(options_.widen_factor * double(open_children));
    const ProofNumber k = static_cast<ProofNumber>(std::max(2.0, std::min(wanted, double(open_children))));
    ProofNumber seen = 0;
    for (std::size_t i = 0; i < children.size(); ++i)
      if (theirs(children[i].numbers) != 0 && ++seen == k) return i + 1;
    return children.size();
  }

  // Refutation pruning (dfpn/game.h, kHasProofSets): `child` is lost for
  // the mover at its parent; keep its proof set, if the game knows one.
  void note_refutation(const G& child) {
    if constexpr (kHasProofSets<G>) {
      if (repeats_) return;
      if (auto set = child.proof_set()) refutations_.push_back(std::move(*set));
    }
  }
  // Lets the game build the proof set of a node just solved from its
  // children's (kLearnsProofSets): the moves that win, or every move tried.
  template <class Mine>
  void learn_proof_set(G& game, const std::vector<Child>& children, bool mover_wins, Mine mine) {
    if constexpr (kLearnsProofSets<G>) {
      if (repeats_) return;
      std::vector<Move> moves;
      for (const Child& c : children)
        if (!mover_wins || mine(c.numbers) == 0) moves.push_back(c.move);
      if (mover_wins) game.learn_won(std::span<const Move>(moves));
      else game.learn_lost(std::span<const Move>(moves));
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
  void prune_refuted(std::vector<Child>& children, Outcome mover_loses) {
    if constexpr (kHasProofSets<G>) {
      for (Child& c : children) {
        if (c.numbers.solved() || !refuted_by_earlier_sibling(c.move)) continue;
        c.numbers = Numbers::of(mover_loses);
        c.fixed = true;
        ++counters_.refuted_siblings;
      }
      refutations_.clear();
    }
  }

  void refresh_children(std::vector<Child>& children, std::size_t searched) {
    // All loads first: wide nodes (Go has a hundred children and more) wait
    // for memory once instead of once per child.
    if constexpr (requires { table_.prefetch(std::uint64_t{}); })
      for (std::size_t i = 0; i < children.size(); ++i)
        if (!children[i].fixed && i != searched) table_.prefetch(children[i].key);
    for (std::size_t i = 0; i < children.size(); ++i) {
      Child& c = children[i];
      if (c.fixed || i == searched) continue;
      ++counters_.probes;
      tt::EntryData e;
      if (table_.probe(c.key, e)) {
        ++counters_.hits;
        c.numbers = e.numbers;
      }
    }
  }

  // PDS-PN's second level: a bounded PNS from this node (on this path) gives
  // the children their first numbers. Solved values are exact; without
  // repetitions they hold on every path and go to the table, with
  // repetitions they stay in this frame, marked as resting on the path.
  void seed_from_second_level(const G& game, std::vector<Child>& children) {
    Limits inner;
    inner.max_nodes = second_level_budget(counters_.expansions, options_.second_level_max);
    ProofNumberSearch<G> second(game, attacker_, inner);
    if (repeats_) {
      std::unordered_set<std::uint64_t> path;
      for (const auto& [k, d] : on_path_) path.insert(k);
      second.set_path_prefix(std::move(path));
    }
    counters_.second_level_nodes += second.solve().nodes;
    for (const auto& [move, numbers] : second.root_children()) {
      for (Child& c : children) {
        if (c.fixed || !(c.move == move)) continue;
        c.numbers = numbers;
        if (repeats_) {
          if (numbers.solved()) c.fixed = true, c.dep = 0;
        } else {
          store(c.key, numbers, 1);
          if (numbers.solved()) c.fixed = true;
        }
      }
    }
  }

  // The shallowest ancestor depth a result rests on: for a solved node only
  // the children that decide it, for an unsolved one every child.
  template <class Mine, class Theirs>
  static std::uint32_t dependency(const std::vector<Child>& children, ProofNumber phi,
                                  ProofNumber delta, Mine mine, Theirs theirs) {
    if (phi == 0) {  // the mover wins: through its least dependent winning child
      std::uint32_t dep = 0;
      for (const Child& c : children)
        if (mine(c.numbers) == 0) dep = std::max(dep, c.dep);
      return dep;
    }
    if (delta == 0) {  // the mover loses: every child counts
      std::uint32_t dep = kNoDependency;
      for (const Child& c : children)
        if (theirs(c.numbers) == 0) dep = std::min(dep, c.dep);
      return dep;
    }
    std::uint32_t dep = kNoDependency;
    for (const Child& c : children) dep = std::min(dep, c.dep);
    return dep;
  }

  std::vector<Move> principal_variation() {
    std::vector<Move> pv;
    G game = root_game_;
    std::vector<std::uint64_t> seen;
    while (pv.size() < 64 && game.evaluate(attacker_) == Outcome::Unknown) {
      if (std::find(seen.begin(), seen.end(), game.hash()) != seen.end()) break;
      seen.push_back(game.hash());
      const bool is_or = game.to_move() == attacker_;
      MoveListOf<G> moves;
      game.generate_moves(moves);
      std::optional<Move> pick;
      Numbers best{};
      for (const Move& m : moves) {
        ScopedMove<G> played(game, m);
        // Only what the search knows: terminals by the cheap check, and the
        // table. (Past the explored frontier a line means nothing, and a
        // full evaluation of every child there can cost seconds.)
        Numbers n = Numbers::of(quick_evaluate(game, attacker_));
        tt::EntryData e;
        if (!n.solved()) {
          if (!table_.probe(game.hash(), e)) continue;
          n = e.numbers;
        }
        const ProofNumber a = is_or ? n.pn : n.dn, b = is_or ? best.pn : best.dn;
        const ProofNumber a2 = is_or ? n.dn : n.pn, b2 = is_or ? best.dn : best.pn;
        if (!pick || a < b || (a == b && a2 > b2)) {
          pick = m;
          best = n;
        }
      }
      if (!pick) break;
      pv.push_back(*pick);
      game.play(*pick);
    }
    return pv;
  }

  void report_progress() {
    Progress p;
    p.nodes = counters_.expansions;
    p.elapsed_s = budget_->elapsed_s();
    tt::EntryData e;
    if (table_.probe(root_game_.hash(), e)) p.root = e.numbers;
    p.table_fill = table_.fill();
    budget_->report(p);
  }

  std::vector<std::pair<std::string, double>> statistics() const {
    return {{"tt_entries", double(table_.entry_count())},
            {"tt_bytes", double(table_.bytes())},
            {"tt_fill", table_.fill()},
            {"tt_probes", double(counters_.probes)},
            {"tt_hits", double(counters_.hits)},
            {"tt_stores", double(counters_.stores)},
            {"tt_replacements", double(counters_.replacements)},
            {"tt_dropped_stores", double(counters_.dropped_stores)},
            {"path_dependent_results", double(counters_.path_dependent)},
            {"forced_steps", double(counters_.forced_steps)},
            {"second_level_nodes", double(counters_.second_level_nodes)},
            {"refuted_siblings", double(counters_.refuted_siblings)},
            {"cutoffs", double(counters_.cutoffs)},
            {"cutoff_move_index_mean",
             counters_.cutoffs ? double(counters_.cutoff_index_sum) / double(counters_.cutoffs) : 0.0},
            {"cutoffs_at_first_move", double(counters_.cutoffs_at_first)},
            {"wasted_work", double(counters_.wasted_work)},
            {"max_depth", double(counters_.max_depth)}};
  }

  G root_game_;
  Player attacker_;
  Table& table_;
  static inline SoloSearch solo_{};
  Share& sharing_;
  Limits limits_;
  DfpnOptions options_;
  bool repeats_;
  Budget* budget_ = nullptr;
  bool aborted_ = false;
  std::uint32_t root_depth_ = 0;
  std::optional<Move> root_best_;
  std::vector<Move> root_wins_;
  std::deque<std::vector<Child>> frames_;  // per depth; deque keeps references stable
  // Proof sets of children lost for the mover, noted until prune_refuted().
  std::vector<ProofSetOf<G>> refutations_;
  std::unordered_map<std::uint64_t, std::uint32_t> on_path_;
  DfpnCounters counters_;
  bool report_line_ = true;
  bool record_expansions_ = false;
  std::vector<std::uint64_t> expanded_;
};

}  // namespace dfpn
