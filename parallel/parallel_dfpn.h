// Parallel df-pn: one cooperating depth-first searcher per worker thread on
// one shared table (oneTBB task arena; no thread pool of our own).
//
// Every worker searches from the root. They go apart through virtual proof
// numbers (Kaneko): a child with k other searchers below it is chosen as if
// its proof cost were (k+1)·n + k (dfpn/search/sharing.h), so a second thread takes
// the runner-up unless the best child is far better. What one thread learns
// reaches the others through the table. A thread inside a node that another
// has solved notices at its next step and returns; the first thread to
// finish the root stops the rest. Each searcher also works in jobs
// (dfpn/search/thread_jobs.h): it assumes the subtree it took will end as its
// numbers lean, tells the others, and returns to the root after a while.
//
// Answers cannot depend on the thread count: the table only ever holds
// path-independent facts (see dfpn/search/dfpn.h), each thread's search is a
// correct sequential search on that table, and virtual numbers and jobs only
// change the order of work. Proofs are extracted afterwards by one searcher on the
// same table.
#pragma once

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>
#include <vector>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include "dfpn/base/sanitizers.h"
#include "dfpn/search/dfpn.h"
#include "parallel/shared_search.h"

namespace dfpn::parallel {

template <Game G, class Table = tt::TranspositionTable>
class ParallelDfpn {
 public:
  using Move = MoveOf<G>;

  ParallelDfpn(const G& game, Player attacker, Table& table, int threads, Limits limits = {},
               DfpnOptions options = {})
      : game_(game), attacker_(attacker), table_(table), threads_(std::max(1, threads)),
        limits_(std::move(limits)), options_(options) {}

  // Searchers coordinate (virtual numbers, solved checks) above this depth
  // and work alone below it.
  void set_shared_depth(std::uint32_t depth) { shared_depth_ = depth; }
  // Expansions per job (dfpn/search/thread_jobs.h); 0 turns jobs off.
  void set_job_work(std::uint64_t work) { job_work_ = work; }
  // The jobs' expansions in this solve: none with one thread (its search is
  // the sequential one), and none where climbing back could lose progress.
  // A searcher that climbs back to the root leaves what it learnt to the
  // table. Games that repeat have results that rest on the path and are
  // never stored, so climbing drops them whatever the table's size (a cyclic
  // test graph with short jobs went past two million nodes on one thread).
  // And a table of fewer than kTableEntriesPerJobWork entries per expansion
  // of every thread's job loses what the jobs learnt before they return.
  static constexpr std::size_t kTableEntriesPerJobWork = 64;
  std::uint64_t job_work_in_use() const {
    if (threads_ < 2 || may_repeat(game_)) return 0;
    const std::uint64_t needed = kTableEntriesPerJobWork * job_work_ * std::uint64_t(threads_);
    return table_.entry_count() >= needed ? job_work_ : 0;
  }
  // Games that repeat: the positions above the root (DepthFirstPns::set_path_above).
  void set_path_above(std::vector<std::uint64_t> path) { path_above_ = std::move(path); }

  SolveResult<Move> solve() {
    const auto start = std::chrono::steady_clock::now();
    SharedSearch sharing(shared_depth_, job_work_in_use());
    std::vector<SolveResult<Move>> results(threads_);
    std::vector<DfpnCounters> counters(threads_);
    table_.new_generation();  // once for all searchers (they must not race on it)
    run_workers([&](int i) {
      Limits limits = limits_;
      if (limits.max_nodes) limits.max_nodes = std::max<std::uint64_t>(1, limits.max_nodes / threads_);
      if (i != 0) limits.on_progress = {};  // one reporter is enough
      SharedSearch::Member member(sharing);
      DepthFirstPns<G, Table, SharedSearch::Member> search(game_, attacker_, table_, member, limits, options_);
      search.set_report_line(false);  // read once below, not once per thread
      search.set_path_above(path_above_);
      results[i] = search.solve();
      counters[i] = search.counters();
      sharing.request_stop();  // solved or out of budget: the others stop too
    });
    SolveResult<Move> r = combine(results, counters);
    DepthFirstPns<G, Table> reader(game_, attacker_, table_, limits_, options_);
    r.principal_variation = reader.line();
    if (r.principal_variation.empty() && r.best_move) r.principal_variation = {*r.best_move};
    r.time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  }

  std::optional<Proof<Move>> proof() {
    DepthFirstPns<G, Table> extractor(game_, attacker_, table_, limits_, options_);
    return extractor.proof();
  }

 private:
  // Runs work(0..threads-1) all at once. Every searcher must run at the same
  // time (they cooperate; one that started after the others stopped would
  // do nothing), also with more threads than cores: TBB's default limit is
  // the core count, so it is raised for the solve.
  template <class Work>
  void run_workers(Work work) {
#if DFPN_UNDER_TSAN
    // libtbb is not built with TSan, which then cannot see the ordering TBB's
    // task queues provide and reports false races on task captures. Under
    // TSan the workers are plain threads; the searchers and everything they
    // share (table, busy counters, stop flag) are the same code.
    std::vector<std::jthread> workers;
    for (int i = 0; i < threads_; ++i) workers.emplace_back([&work, i] { work(i); });
#else
    tbb::global_control parallelism(tbb::global_control::max_allowed_parallelism,
                                    static_cast<std::size_t>(threads_));
    tbb::task_arena arena(threads_);
    arena.execute([&] {
      tbb::task_group group;
      for (int i = 0; i < threads_; ++i) group.run([&work, i] { work(i); });
      group.wait();
    });
#endif
  }

  SolveResult<Move> combine(const std::vector<SolveResult<Move>>& results,
                            const std::vector<DfpnCounters>& counters) {
    SolveResult<Move> r;
    for (const auto& t : results) {
      r.nodes += t.nodes;
      if (t.solved() && !r.solved()) r.outcome = t.outcome;
      if (t.solved() && t.best_move && !r.best_move) r.best_move = t.best_move;
      if (!t.solved() && r.reason == StopReason::None) r.reason = t.reason;
    }
    if (r.solved()) r.reason = StopReason::None;
    else if (r.reason == StopReason::None) r.reason = StopReason::Stopped;
    for (const auto& t : results) add_root_work(r.root_moves, t.root_moves);
    r.root_moves = by_work(std::move(r.root_moves));
    // The sequential search's statistics, over all threads.
    DfpnCounters total;
    for (const auto& c : counters) total += c;
    r.stats = dfpn_statistics(total, table_);
    r.stats.emplace_back("threads", double(threads_));
    r.stats.emplace_back("jobs", double(total.jobs));
    r.stats.emplace_back("job_climbs", double(total.job_climbs));
    for (int i = 0; i < threads_; ++i)
      r.stats.emplace_back("thread" + std::to_string(i) + "_nodes", double(counters[i].expansions));
    return r;
  }

  G game_;
  Player attacker_;
  Table& table_;
  int threads_;
  Limits limits_;
  DfpnOptions options_;
  std::uint32_t shared_depth_ = SharedSearch::kDefaultSharedDepth;
  std::uint64_t job_work_ = SharedSearch::kDefaultJobWork;
  std::vector<std::uint64_t> path_above_;
};

}  // namespace dfpn::parallel
