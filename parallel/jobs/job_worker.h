// A worker of a job-level search (job.h): df-pn on the job's position, on
// one or more threads (parallel_dfpn.h), with one table kept from job to
// job. Keeping it is what makes job-level search pay (Čížek et al.: workers
// that threw their tables away were slower than one sequential df-pn): the
// jobs of one worker overlap, and every entry is a path-independent fact
// about its position, so it holds for every later job.
#pragma once

#include <algorithm>
#include <optional>
#include <span>
#include <stop_token>
#include <vector>
#include <utility>

#include "dfpn/base/game.h"
#include "dfpn/base/limits.h"
#include "dfpn/base/proof.h"
#include "dfpn/base/proof_hooks.h"
#include "dfpn/search/conceding_proof.h"
#include "dfpn/search/dfpn.h"
#include "parallel/jobs/job.h"
#include "parallel/parallel_dfpn.h"
#include "tt/table.h"

namespace dfpn::jobs {

template <Game G>
class JobWorker {
 public:
  using Move = MoveOf<G>;
  using Fact = FactOf<G>;

  JobWorker(const G& root, Player attacker, tt::TranspositionTable table, int threads = 1,
            DfpnOptions options = {})
      : root_(root), attacker_(attacker), table_(std::move(table)), threads_(std::max(1, threads)),
        options_(options), repeats_(may_repeat(root)) {}

  // Searches the job's position for at most its budget of expansions, or
  // until `stop` (the job became irrelevant, or the run is ending).
  JobResult<Move> run(const Job<Move>& job, std::stop_token stop = {}) {
    G game = root_;
    std::vector<std::uint64_t> above;  // games that repeat: the job's path, for the repetition rule
    for (const Move m : job.path) {
      if (repeats_) above.push_back(game.hash());
      game.play(m);
    }
    JobResult<Move> r;
    r.id = job.id;
    r.attacker_to_move = game.to_move() == attacker_;
    if (repeats_ && std::find(above.begin(), above.end(), game.hash()) != above.end()) {
      r.numbers = Numbers::of(repetition_outcome(root_, attacker_));  // the path came back here
      return r;
    }
    Limits limits;
    limits.stop = std::move(stop);
    limits.max_nodes = job.budget;
    limits.time_s = job.time_s;
    SolveResult<Move> found;
    if (threads_ > 1) {
      parallel::ParallelDfpn<G> search(game, attacker_, table_, threads_, limits, options_);
      search.set_path_above(above);
      found = search.solve();
    } else {
      DepthFirstPns<G> search(game, attacker_, table_, limits, options_);
      search.set_report_line(false);
      search.set_path_above(above);
      found = search.solve();
    }
    r.nodes = found.nodes;
    if constexpr (kSharesFacts<G>)
      if (fact_depth_ >= 0) learnt_ = game.take_facts(fact_depth_);
    r.numbers = found.solved() ? Numbers::of(found.outcome) : estimate(game);
    r.best_move = found.best_move;
    if (!r.numbers.solved()) {
      MoveListOf<G> moves;
      game.generate_moves(moves);
      tt::EntryData e;
      if (table_.probe(game.hash(), e))  // expanded at least once: its children are worth growing
        for (const Move m : moves) {
          game.play(m);
          r.children.push_back({m, estimate(game), game.to_move() == attacker_});
          game.undo();
        }
    }
    return r;
  }

  // The proof of a position on the job path `path`, built on this worker's
  // table (it has usually solved the position already): for stitching a
  // rules game's proof (job_tree.h, proof()). nullopt for a game with
  // knowledge, whose proofs are built differently, or if `limits` end it.
  std::optional<Proof<Move>> prove(const std::vector<Move>& path, Limits limits = {}) {
    if constexpr (kHasRulesGame<G>) {
      return std::nullopt;
    } else {
      G game = root_;
      std::vector<std::uint64_t> above;
      for (const Move m : path) {
        if (repeats_) above.push_back(game.hash());
        game.play(m);
      }
      if (repeats_ && std::find(above.begin(), above.end(), game.hash()) != above.end())
        return repetition_leaf();
      DepthFirstPns<G> search(game, attacker_, table_, std::move(limits), options_);
      search.set_report_line(false);
      search.set_path_above(above);
      if (!search.solve().solved()) return std::nullopt;
      return search.proof();
    }
  }

  // For a game with knowledge: the conceding proof of `claim` (dfpn/search/
  // conceding_proof.h) at the position on `path`, with its proof set, built
  // on this worker's table (searching on it where the table lacks a
  // winning move); nullopt if `limits` end it first.
  std::optional<ConcedingPart<Move>> prove_part(const std::vector<Move>& path, Outcome claim, Limits limits = {},
                                                bool certificates = true) {
    if constexpr (!kHasRulesGame<G>) {
      return std::nullopt;
    } else {
      G game = root_;
      for (const Move m : path) game.play(m);
      ConcedingProofBuilder builder(game.rules(), explainable(game), attacker_, table_, std::move(limits), options_);
      builder.set_certificates(certificates);
      return builder.build_part(claim);
    }
  }

  // Facts (dfpn/base/game.h kSharesFacts), for workers that do not share
  // their game's stores: what one learns, the master passes to the others
  // with their next jobs, so they need not learn it again. share_facts()
  // starts it; after each job take_facts() gives what the job learnt about
  // positions at most `depth` moves below its root (the deeper a fact, the
  // less it is worth against the message it takes); add_facts() takes the
  // others' facts. Games without facts ignore all three.
  void share_facts(int depth) {
    if constexpr (kSharesFacts<G>) {
      fact_depth_ = std::max(0, depth);
      root_.keep_facts();
    }
  }
  std::vector<Fact> take_facts() { return std::exchange(learnt_, {}); }
  void add_facts(std::span<const Fact> facts) {
    if constexpr (kSharesFacts<G>) root_.add_facts(facts);
  }

  const tt::TranspositionTable& table() const { return table_; }

 private:
  // A position the path came back to: settled by the repetition rule, a
  // proof of one node.
  std::optional<Proof<Move>> repetition_leaf() const {
    Proof<Move> leaf;
    const Outcome o = repetition_outcome(root_, attacker_);
    leaf.winner = o == Outcome::Proven ? attacker_ : opponent(attacker_);
    leaf.nodes.emplace_back();
    return leaf;
  }

  // What the table knows of a position, for the master's tree. In games
  // that repeat, a solved entry is the position's value as a root, which on
  // the job's path may differ (a line back to the path ends there): only
  // its own job, searched on its path, settles such a position.
  Numbers estimate(const G& game) const {
    tt::EntryData e;
    if (!table_.probe(game.hash(), e)) return Numbers{};
    if (repeats_ && e.numbers.solved()) return Numbers{};
    return e.numbers;
  }

  G root_;
  Player attacker_;
  tt::TranspositionTable table_;
  int threads_;
  DfpnOptions options_;
  bool repeats_;
  int fact_depth_ = -1;  // -1: not sharing facts
  std::vector<Fact> learnt_;
};

}  // namespace dfpn::jobs
