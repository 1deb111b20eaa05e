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
// Child thresholds are in thresholds.h, a node's children and what is done
// with them between two descents in node_frame.h; this file is the loop.
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
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/limits.h"
#include "dfpn/base/proof.h"
#include "dfpn/base/result.h"
#include "dfpn/search/dfpn_counters.h"
#include "dfpn/search/dfpn_options.h"
#include "dfpn/search/node_frame.h"
#include "dfpn/search/principal_variation.h"
#include "dfpn/search/second_level.h"
#include "dfpn/search/sharing.h"
#include "dfpn/search/thread_jobs.h"
#include "dfpn/search/thresholds.h"
#include "tt/table.h"

namespace dfpn {

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
    root_work_.clear();
    const MidResult r = search_root(game, path_above_);
    budget_ = nullptr;

    SolveResult<Move> result;
    result.root_moves = by_work(root_work_);
    result.outcome = r.numbers.outcome();
    result.reason = result.solved() ? StopReason::None : budget.reason();
    result.best_move = root_best_;
    if (result.solved() && !result.best_move) result.best_move = move_keeping_the_win(game, result.outcome);
    if (report_line_) result.principal_variation = principal_variation();
    if (result.principal_variation.empty() && result.best_move) result.principal_variation = {*result.best_move};
    result.nodes = counters_.expansions + counters_.second_level_nodes;
    result.time_s = budget.elapsed_s();
    result.stats = dfpn_statistics(counters_, table_);
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

  // The proof or disproof of the solved root (on the path set_path_above()
  // gave, if any). Positions whose winning move the
  // table no longer holds (evicted, or path-dependent) are searched again,
  // within the solve's time limit and stop token once more (no node limit):
  // nullopt if that is not enough.
  std::optional<Proof<Move>> proof() {
    G game = root_game_;
    const Limits follow_up = limits_.for_follow_up();
    Budget budget(follow_up);
    budget_ = &budget;
    const MidResult root = search_root(game, path_above_);
    std::optional<Proof<Move>> proof;
    if (root.numbers.solved()) {
      using Path = std::vector<std::uint64_t>;
      proof = build_proof(
          root_game_, attacker_, root.numbers.outcome(), path_above_,
          [&](G& position, const Path& path) { return winning_moves(position, path); },
          [](G& position, const Path& path, const Move&) {
            Path next = path;
            next.push_back(position.hash());
            return std::optional<Path>(std::move(next));
          },
          kMaxProofNodes, path_above_);
    }
    budget_ = nullptr;
    return proof;
  }

  // Games that repeat: the positions (by hash) on the path from the game's
  // start to the root, oldest first. Reaching one of them ends a line by
  // the repetition rule, as if the search had come from there; a result
  // that rests on them is this path's alone and is not stored (a job-level
  // worker searches a job's position this way).
  void set_path_above(std::vector<std::uint64_t> path) { path_above_ = std::move(path); }

  DfpnCounters counters() const {
    DfpnCounters c = counters_;
    c.jobs = jobs_.jobs();
    c.job_climbs = jobs_.climbs();
    return c;
  }
  // Cooperating searchers leave the principal variation to their driver,
  // which reads it once from the shared table (line()) after all stop.
  void set_report_line(bool on) { report_line_ = on; }
  // The principal variation as the table has it now.
  std::vector<Move> line() { return principal_variation(); }
  // Positions (by hash) in the order they were expanded, when recording is on.
  void record_expansions(bool on) { record_expansions_ = on; }
  const std::vector<std::uint64_t>& expanded_positions() const { return expanded_; }


 private:
  using Frame = NodeFrame<G>;
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
    // The walk over a large proof takes long even when the table knows every
    // move: the solve's time limit and stop token end it too (no proof then).
    if (budget_ && budget_->exhausted(0)) return {};
    if (!repeats_) {
      // The table usually knows: a child solved in the mover's favour, or
      // decided at once (dfpn/base/game.h, kProofScanIsQuick).
      const Outcome mover_wins = game.to_move() == attacker_ ? Outcome::Proven : Outcome::Disproven;
      MoveListOf<G> moves;
      game.generate_moves(moves);
      for (const Move& m : moves) {
        ScopedMove<G> played(game, m);
        Outcome o = kProofScanIsQuick<G> ? quick_evaluate(game, attacker_) : game.evaluate(attacker_);
        tt::EntryData e;
        if (o == Outcome::Unknown && table_.probe(game.hash(), e)) o = e.numbers.outcome();
        if (o == mover_wins) return {m};
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

  // Multiple iterative deepening at `game`: expands it, then enters its best
  // child again and again until the node's numbers reach its thresholds
  // (in the attacker's view) or it is solved.
  MidResult mid(G& game, std::uint32_t depth, ProofNumber th_pn, ProofNumber th_dn) {
    count_expansion(depth);
    const std::uint64_t key = game.hash();
    if constexpr (kHasQuickEvaluate<G>) {
      // Entered as a leaf that only the quick check had seen.
      if (const Outcome o = game.evaluate(attacker_); o != Outcome::Unknown) {
        store(key, Numbers::of(o), 1);
        return {Numbers::of(o), kNoDependency};
      }
    }
    if (record_expansions_) expanded_.push_back(key);
    const std::uint64_t expansions_before = counters_.expansions;
    tt::EntryData previous;
    const std::uint32_t previous_work = table_.probe(key, previous) ? previous.work : 0;

    const bool is_or = game.to_move() == attacker_;
    Frame& frame = frame_at(depth);
    frame.begin(is_or, repeats_ ? &on_path_ : nullptr);
    frame.expand(game, attacker_, table_, options_.heuristic_init, counters_);
    if (options_.second_level_max > 0 && previous_work == 0 && !frame.empty()) seed_children(game, frame);
    if (repeats_) on_path_.emplace(key, depth);
    const bool shared = sharing_.shares_at(depth);
    if (shared) sharing_.enter(key);
    const bool jobs = shared && sharing_.job_work() > 0;
    if (jobs) {
      jobs_.reach(depth, key);
      if (jobs_.can_start(depth, root_depth_, previous_work, sharing_.job_work())) {
        frame.sum(options_);  // the job's guess needs this node's numbers now
        jobs_.start(depth, root_depth_, counters_.expansions,
                    [this](std::uint32_t d) -> const Frame& { return frames_[d]; }, sharing_);
      }
    }

    const Thresholds th = is_or ? Thresholds{th_pn, th_dn} : Thresholds{th_dn, th_pn};  // the mover's view
    Thresholds local = th;  // PDS deepens these; df-pn keeps the given ones
    std::optional<Numbers> adopted;  // solved meanwhile by another searcher
    for (bool first = true;; first = false) {
      frame.sum(options_);
      if (aborted_ || frame.phi() == 0 || frame.delta() == 0) break;
      if (options_.iterative_deepening) deepen(local, frame.phi(), frame.delta(), th, first);
      // Entering with numbers already past the thresholds means the table
      // changed since the parent looked. On cyclic graphs that is how
      // estimates feed on each other around a cycle (pn(a) = 1 + pn(a) via
      // the table) and df-pn would ratchet forever without entering the
      // cycle. So such a node takes one forced step into its best child; the
      // chain ends at the latest where the path repeats.
      const bool exceeded = frame.phi() >= th.phi || frame.delta() >= th.delta;
      const bool forced = exceeded && first && repeats_;
      if (exceeded && !forced) break;

      if (jobs && depth == root_depth_) jobs_.at_root();
      const auto choice = frame.choose(shared ? &sharing_ : nullptr, local.phi, forced);
      if (jobs) jobs_.enter(depth, choice.best);
      enter_child(game, frame, choice, local, forced, shared, depth);
      frame.refresh(table_, choice.best, counters_);
      if (Share::kShared && shared && (adopted = solved_by_another(key))) break;
      if (jobs && jobs_.climbing(depth, root_depth_, counters_.expansions)) {
        frame.sum(options_);  // back to the root with the numbers as they are
        break;
      }
    }

    if (shared) sharing_.leave(key);
    if (jobs) jobs_.leave(depth);
    if (repeats_) on_path_.erase(key);
    if (adopted) return {*adopted, kNoDependency};
    const std::uint64_t work = previous_work + (counters_.expansions - expansions_before) + 1;
    return finish(game, frame, depth, key, work);
  }

  void count_expansion(std::uint32_t depth) {
    ++counters_.expansions;
    counters_.max_depth = std::max(counters_.max_depth, depth);
    if (budget_->exhausted(counters_.expansions) || sharing_.stop_requested()) aborted_ = true;
    if (budget_->progress_due()) report_progress();
  }

  Frame& frame_at(std::uint32_t depth) {
    if (frames_.size() <= depth) frames_.resize(depth + 1);
    return frames_[depth];
  }

  // Searches below the chosen child with its thresholds and records what
  // the search returned.
  void enter_child(G& game, Frame& frame, const typename Frame::Choice& choice, Thresholds local, bool forced,
                   bool shared, std::uint32_t depth) {
    const auto& c1 = frame[choice.best];
    const bool runner_up_first = choice.second_index < choice.best && choice.second < kInfinity;
    Thresholds t = child_thresholds(local, frame.delta(), frame.theirs(c1.numbers), choice.second, runner_up_first,
                                    options_.epsilon);
    const ProofNumber own = frame.mine(c1.numbers);
    // A child chosen for what another searcher's job assumes of it may
    // already stand at the threshold its runner-up sets: entered so, it
    // would return at once and be chosen again, over and over. It gets room
    // above its own numbers instead, so this searcher works below it.
    if (shared && own >= t.phi) t.phi = std::min(local.phi, second_threshold(own, options_.epsilon));
    if (forced) {
      ++counters_.forced_steps;
      t.phi = std::max(t.phi, clamp_finite(std::int64_t{own} + 1));
      t.delta = std::max(t.delta, clamp_finite(std::int64_t{frame.theirs(c1.numbers)} + 1));
    }
    ScopedMove<G> played(game, c1.move);
    const std::uint64_t expansions_before = counters_.expansions;
    const MidResult r = frame.is_or() ? mid(game, depth + 1, t.phi, t.delta) : mid(game, depth + 1, t.delta, t.phi);
    if (depth == root_depth_) tally_root_move(c1.move, counters_.expansions - expansions_before);
    frame.record(choice.best, game, r.numbers, r.dep, depth, counters_);
  }

  void tally_root_move(const Move& move, std::uint64_t nodes) { add_root_work(root_work_, {{move, nodes, 1}}); }

  // Another searcher may have solved this very node: a table fact, true on
  // every path.
  std::optional<Numbers> solved_by_another(std::uint64_t key) const {
    tt::EntryData own;
    if (table_.probe(key, own) && own.solved()) return own.numbers;
    return std::nullopt;
  }

  // The node's result: to the table if it holds on every path, and what
  // the statistics and the root's answer need.
  MidResult finish(G& game, const Frame& frame, std::uint32_t depth, std::uint64_t key, std::uint64_t work) {
    const Numbers numbers = frame.numbers();
    const std::uint32_t dep = frame.dependency();
    if (dep < depth) {
      ++counters_.path_dependent;
    } else {
      store(key, numbers, static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xFFFFFFFFu)));
      if (numbers.solved()) learn_proof_set(game, frame);
    }
    if (frame.phi() == 0) count_cutoff(frame, work);
    if (depth == root_depth_ && frame.phi() == 0) {
      root_wins_ = frame.deciding_moves();
      if (!root_wins_.empty()) root_best_ = root_wins_.front();
    }
    return {numbers, dep};
  }

  void store(std::uint64_t key, Numbers numbers, std::uint32_t work) {
    ++counters_.stores;
    switch (table_.store(key, {numbers, work})) {
      case tt::StoreOutcome::Replaced: ++counters_.replacements; break;
      case tt::StoreOutcome::Dropped: ++counters_.dropped_stores; break;
      default: break;
    }
  }

  // PDS-PN: a bounded PNS gives a new node's children their first numbers.
  void seed_children(const G& game, Frame& frame) {
    const Limits inner = limits_.for_nested(second_level_budget(counters_.expansions, options_.second_level_max),
                                            budget_->elapsed_s());
    counters_.second_level_nodes += seed_from_second_level(
        game, attacker_, frame, inner, repeats_ ? &on_path_ : nullptr,
        [this](std::uint64_t key, Numbers numbers) { store(key, numbers, 1); });
  }

  // Move ordering and wasted work at a won node (DfpnCounters).
  void count_cutoff(const Frame& frame, std::uint64_t work) {
    const std::size_t i = *frame.first_win();
    ++counters_.cutoffs;
    counters_.cutoff_index_sum += i;
    counters_.cutoffs_at_first += i == 0;
    // A winning child settled without a search (terminal, refuted) did no work.
    const auto& winner = frame.children()[i];
    tt::EntryData e;
    const std::uint64_t winning = winner.key != 0 && table_.probe(winner.key, e) ? e.work : 0;
    counters_.wasted_work += work - std::min(work, winning + 1);  // the node's own expansion is not waste
  }

  // Lets the game build the proof set of a node just solved from its
  // children's (kLearnsProofSets): the moves that win, or every move tried.
  void learn_proof_set(G& game, const Frame& frame) {
    if constexpr (kLearnsProofSets<G>) {
      if (repeats_) return;
      const std::vector<Move> moves = frame.deciding_moves();
      if (frame.phi() == 0) game.learn_won(std::span<const Move>(moves));
      else game.learn_lost(std::span<const Move>(moves));
    }
  }

  // The line the table holds: at each position the child best for the side
  // to move (principal_variation.h), as far as the table knows.
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
        if (!pick || better_on_line(is_or, n, best)) {
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
  std::vector<RootMoveWork<Move>> root_work_;  // this solve's, by move (SolveResult::root_moves)
  std::deque<Frame> frames_;  // per depth; deque keeps references stable
  ThreadJobs jobs_;  // cooperating searchers only (thread_jobs.h)
  PathIndex on_path_;
  std::vector<std::uint64_t> path_above_;  // set_path_above()
  DfpnCounters counters_;  // but the jobs' counts, which jobs_ keeps
  bool report_line_ = true;
  bool record_expansions_ = false;
  std::vector<std::uint64_t> expanded_;
};

}  // namespace dfpn
