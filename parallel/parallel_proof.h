// A conceding proof (dfpn/search/conceding_proof.h) built on several
// threads: one builder, the master, walks the proof as on one thread; team
// mates on the other threads build, ahead of it, the defences that loser
// nodes near the root will have to answer (docs/parallel.md, "Proofs on
// several threads").
//
// Who waits for whom: the master for a team mate building a position it
// needs (building planned positions itself meanwhile, with a spare
// builder), a team mate for the spare; the spare never waits. Waits thus
// never form a cycle; any other meeting at one position builds it twice.
//
// Every builder shares one store (the proof, its memo and its covers), so
// what one proves the others reuse as if they had built it themselves; the
// solve's table (lock-free) and the game's stores are shared as in the
// parallel search. The proof is checked by the rules alone like any other,
// so how the work was split cannot change what it proves.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <limits>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/limits.h"
#include "dfpn/base/proof.h"
#include "dfpn/base/proof_hooks.h"
#include "dfpn/search/conceding_proof.h"
#include "dfpn/search/dfpn.h"
#include "tt/table.h"

namespace dfpn::parallel {

template <Game G>
  requires kHasRulesGame<G>
class ParallelConcedingProof {
 public:
  using Move = MoveOf<G>;
  using Rules = std::remove_cvref_t<decltype(std::declval<const G&>().rules())>;
  using Builder = ConcedingProofBuilder<Rules, G>;
  using Stats = typename Builder::Stats;

  // As ConcedingProofBuilder's, with the threads to build on.
  ParallelConcedingProof(G game, Player attacker, tt::TranspositionTable& table, int threads, Limits limits = {},
                         DfpnOptions options = {})
      : game_(std::move(game)), attacker_(attacker), table_(table), threads_(std::max(1, threads)),
        limits_(std::move(limits)), options_(options) {}

  void set_max_bytes(std::size_t bytes) { max_bytes_ = bytes; }
  void set_certificates(bool on) { certificates_ = on; }
  // Positions are planned at loser nodes with fewer than `depth` loser
  // moves above them. Three split the work finer than one and measured as
  // fast or faster on 7x7 openings (docs/benchmarks.md).
  static constexpr int kDefaultDepth = 3;
  void set_depth(int depth) { depth_ = std::max(1, depth); }

  std::optional<Proof<Move>> build(Outcome outcome) {
    start_ = std::chrono::steady_clock::now();
    claim_ = outcome;
    // The caller's stop, or a team mate's failure, stops everyone; the
    // master's end stops the team mates.
    std::stop_callback forward(limits_.stop, [this] { stop_.request_stop(); });
    std::stop_callback quit(stop_.get_token(), [this] { quit_.request_stop(); });
    Builder master = make_builder(stop_.get_token());
    master.set_team(team(&master, Role::Master));
    master_ = &master;
    for (int i = 1; i < threads_; ++i) mates_.emplace_back([this] { help(); });
    auto proof = master.build(outcome);
    finish();  // also when the build failed before it could
    stats_ += master.stats();
    stats_.positions = proof ? proof->nodes.size() : master.stats().positions;
    failure_ = !proof && !mate_failure_.empty() ? mate_failure_ : master.failure();
    return proof;
  }

  const std::string& failure() const { return failure_; }
  Stats stats() const { return stats_; }
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }
  // Positions built ahead (by team mates, or by the master while it
  // waited), and those of them no other builder came to (a sibling's
  // subproof covered them).
  std::uint64_t built_ahead() const { return built_ahead_; }
  std::uint64_t built_ahead_unused() const { return unused_; }

 private:
  // Planned: not started. Building: by a builder that will say when it is
  // done (and may be waited for). Inline: reached by a builder on its way
  // (never waited for). Built: done.
  enum class State { Planned, Building, Inline, Built };
  enum class Role { Master, Spare, Mate };
  struct Task {
    std::vector<Move> path;
    State state = State::Planned;
    const Builder* owner = nullptr;
    Role owner_role = Role::Mate;
    bool claimed = false;  // reached by a builder other than the one building it
  };

  typename Builder::Team team(const Builder* me, Role role) {
    typename Builder::Team t;
    t.depth = depth_;
    t.plan = [this](const std::vector<Move>& at, const std::vector<Move>& moves) { plan(at, moves); };
    t.claim = [this, me, role](std::uint64_t hash) { claim(hash, me, role); };
    if (role == Role::Master) t.finish = [this] { finish(); };
    return t;
  }

  Builder make_builder(std::stop_token stop) {
    Limits limits;
    if (limits_.time_s > 0) limits.time_s = std::max(1e-6, limits_.time_s - seconds());
    limits.memory_bytes = limits_.memory_bytes;
    limits.stop = std::move(stop);
    if (limits_.on_progress) {
      // Every builder reports (the master may spend long stretches waiting
      // or building with its spare), the whole team's proof and time, at
      // most once an interval.
      limits.on_progress = [this](const Progress& p) { report(p); };
      limits.progress_interval_s = 0;
    }
    Builder builder(game_.rules(), explainable(game_), attacker_, table_, limits, options_);
    builder.set_max_nodes(std::numeric_limits<std::uint32_t>::max());  // the proof format's indices
    builder.set_max_bytes(max_bytes_);
    builder.set_certificates(certificates_);
    return builder;
  }

  // The master's loser node at `at` will answer `moves`, in that order.
  void plan(const std::vector<Move>& at, const std::vector<Move>& moves) {
    Rules position = game_.rules();
    for (const Move& m : at) position.play(m);
    std::lock_guard held(mutex_);
    for (const Move& m : moves) {
      position.play(m);
      std::vector<Move> path = at;
      path.push_back(m);
      if (tasks_.try_emplace(position.hash(), Task{std::move(path)}).second) planned_.push_back(position.hash());
      position.undo();
    }
    wake_.notify_all();
  }

  // Builder `me` is about to build the position `hash`: it takes it if
  // planned, waits for it where the rules above allow (building planned
  // positions meanwhile if it is the master), else goes on and builds it
  // too.
  void claim(std::uint64_t hash, const Builder* me, Role role) {
    std::unique_lock held(mutex_);
    const auto it = tasks_.find(hash);
    if (it == tasks_.end()) return;
    Task& task = it->second;
    const bool own = task.state == State::Building && task.owner == me;  // its build starts here
    task.claimed = task.claimed || !own;
    if (task.state == State::Planned) {
      std::erase(planned_, hash);
      task.state = State::Inline;
      task.owner = me;
      return;
    }
    if (task.state != State::Building || task.owner == me) return;
    const bool wait = (role == Role::Master && task.owner_role == Role::Mate) ||
                      (role == Role::Mate && task.owner_role == Role::Spare);
    while (wait && task.state == State::Building) {
      if (role == Role::Master && !planned_.empty() && !stop_.stop_requested()) {
        if (!spare_) {
          held.unlock();
          auto spare = make_builder(quit_.get_token());
          held.lock();
          spare_.emplace(std::move(spare));
          spare_->join(*master_);
          spare_->set_team(team(&*spare_, Role::Spare));
          continue;  // the lock was let go: look again
        }
        build_next(held, *spare_, Role::Spare);
      } else {
        wake_.wait(held);
      }
    }
  }

  // A team mate: the first planned position not yet started, until the
  // master is done.
  void help() {
    Builder builder = make_builder(quit_.get_token());
    builder.join(*master_);
    builder.set_team(team(&builder, Role::Mate));
    std::unique_lock held(mutex_);
    for (;;) {
      wake_.wait(held, [this] { return done_ || (!planned_.empty() && !stop_.stop_requested()); });
      if (done_) break;
      build_next(held, builder, Role::Mate);
    }
    mate_stats_ += builder.stats();
  }

  // Builds the first planned position not yet started into the shared
  // store (the next defence after the ones under way: the earliest is
  // the likeliest to be needed), unlocked.
  void build_next(std::unique_lock<std::mutex>& held, Builder& builder, Role role) {
    const std::uint64_t hash = planned_.front();
    planned_.pop_front();
    Task& task = tasks_.at(hash);
    task.state = State::Building;
    task.owner = &builder;
    task.owner_role = role;
    const std::vector<Move> path = task.path;
    held.unlock();
    const bool built = builder.build_below(path, claim_);
    held.lock();
    ++built_ahead_;
    task.state = State::Built;
    if (!built && !quit_.stop_requested() && mate_failure_.empty()) {
      // A real failure (not a stop): the proof cannot close without it.
      std::string line;
      for (const Move& m : path) line += (line.empty() ? "" : " ") + game_.move_to_string(m);
      mate_failure_ = builder.failure() + " (after [" + line + "])";
      stop_.request_stop();
    }
    wake_.notify_all();
  }

  // The master is done (or gave up): the team mates stop and leave.
  void finish() {
    {
      std::lock_guard held(mutex_);
      if (done_) return;
      done_ = true;
      quit_.request_stop();
    }
    wake_.notify_all();
    mates_.clear();  // joins
    if (spare_) mate_stats_ += spare_->stats();
    for (const auto& [hash, task] : tasks_) unused_ += task.state == State::Built && !task.claimed;
    stats_ += mate_stats_;
  }

  void report(Progress p) {
    std::lock_guard held(progress_mutex_);
    p.elapsed_s = seconds();
    if (p.elapsed_s < next_report_s_) return;
    next_report_s_ = p.elapsed_s + limits_.progress_interval_s;
    limits_.on_progress(p);
  }

  G game_;
  Player attacker_;
  tt::TranspositionTable& table_;
  int threads_;
  Limits limits_;
  DfpnOptions options_;
  int depth_ = kDefaultDepth;
  bool certificates_ = true;
  std::size_t max_bytes_ = 0;
  Outcome claim_ = Outcome::Unknown;
  std::stop_source stop_, quit_;
  std::chrono::steady_clock::time_point start_;

  std::mutex mutex_;
  std::condition_variable wake_;
  std::mutex progress_mutex_;
  double next_report_s_ = 0;
  const Builder* master_ = nullptr;
  std::optional<Builder> spare_;  // the master's, for planned positions while it waits
  std::unordered_map<std::uint64_t, Task> tasks_;
  std::deque<std::uint64_t> planned_;  // in the master's order
  bool done_ = false;
  std::vector<std::jthread> mates_;
  std::string mate_failure_, failure_;
  Stats stats_, mate_stats_;
  std::uint64_t built_ahead_ = 0, unused_ = 0;
};

}  // namespace dfpn::parallel
