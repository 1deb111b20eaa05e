// A job-level search in one process: the master (job_tree.h) on the calling
// thread and each worker (job_worker.h) on its own thread, passing the
// messages of job.h through queues. It is the reference for the protocol
// that an MPI transport runs across machines, and how tests check that the
// answers do not depend on the number of workers.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <thread>
#include <unordered_set>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/limits.h"
#include "dfpn/base/result.h"
#include "parallel/jobs/job_tree.h"
#include "parallel/jobs/job_worker.h"
#include "parallel/jobs/stitch.h"

namespace dfpn::jobs {

struct JobSearchOptions {
  int workers = 2;
  int threads_per_worker = 1;
  std::size_t table_bytes_per_worker = std::size_t{32} << 20;
  std::uint64_t job_budget = kDefaultJobBudget;  // expansions per job
  DfpnOptions dfpn{};
  bool certificates = true;  // conceding proofs may cite certificates (games with knowledge)
};

template <Game G>
class LocalJobSearch {
 public:
  using Move = MoveOf<G>;

  LocalJobSearch(const G& game, Player attacker, JobSearchOptions options, Limits limits = {})
      : game_(game), attacker_(attacker), options_(options), limits_(std::move(limits)) {}

  SolveResult<Move> solve() {
    const auto start = std::chrono::steady_clock::now();
    const auto deadline =
        start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(
                    limits_.time_s > 0 ? limits_.time_s : 1e9));
    tree_.emplace(options_.job_budget,
                  typename JobTree<Move>::Widening{options_.dfpn.widen_base, options_.dfpn.widen_factor});
    JobTree<Move>& tree = *tree_;
    cancelled_.clear();
    const int n = std::max(1, options_.workers);
    workers_.clear();
    for (int i = 0; i < n; ++i)
      workers_.push_back(std::make_unique<JobWorker<G>>(
          game_, attacker_, tt::TranspositionTable::with_bytes(options_.table_bytes_per_worker),
          options_.threads_per_worker, options_.dfpn));
    std::vector<std::unique_ptr<Mailbox>> boxes;
    for (int i = 0; i < n; ++i) boxes.push_back(std::make_unique<Mailbox>());
    std::stop_source ending;  // the run is over: searches in progress stop
    {
      std::vector<std::jthread> threads;
      for (int i = 0; i < n; ++i)
        threads.emplace_back([&, i] {
          JobWorker<G>& worker = *workers_[std::size_t(i)];
          Mailbox& box = *boxes[std::size_t(i)];
          while (const auto job = box.take()) {
            const std::stop_token cancelled = box.cancel_token();
            std::stop_source stop;  // the job's: cancelled, or the run ending
            std::stop_callback on_cancel(cancelled, [&] { stop.request_stop(); });
            std::stop_callback on_end(ending.get_token(), [&] { stop.request_stop(); });
            JobResult<Move> r = worker.run(*job, stop.get_token());
            r.worker = i;
            answers_.put({i, std::move(r)});
          }
        });
      std::vector<std::uint64_t> job_of(std::size_t(n), 0);  // in flight; 0: idle
      StopReason reason = StopReason::None;
      while (!tree.solved()) {
        for (int i = 0; i < n; ++i) {
          if (job_of[std::size_t(i)]) continue;
          auto job = tree.next_job();
          if (!job) break;
          if (limits_.time_s > 0)  // a job ends by the search's deadline too
            job->time_s = std::max(1e-3, std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count());
          job_of[std::size_t(i)] = job->id;
          boxes[std::size_t(i)]->put(std::move(*job));
        }
        if (limits_.stop.stop_requested()) reason = StopReason::Stopped;
        else if (limits_.max_nodes && tree.nodes_searched() >= limits_.max_nodes) reason = StopReason::Nodes;
        else if (std::chrono::steady_clock::now() >= deadline) reason = StopReason::Time;
        if (reason != StopReason::None) break;
        if (const auto answer = answers_.take_until(deadline)) {
          job_of[std::size_t(answer->worker)] = 0;
          tree.complete(answer->result);
          for (const std::uint64_t id : tree.irrelevant_jobs())  // stop what can no longer matter
            for (int i = 0; i < n; ++i)
              if (job_of[std::size_t(i)] == id && cancelled_.insert(id).second) boxes[std::size_t(i)]->cancel(id);
        }
      }
      ending.request_stop();
      for (auto& box : boxes) box->close();
      result_.reason = tree.solved() ? StopReason::None : reason;
    }  // the workers finish their jobs (stopped) and end
    result_.outcome = tree.root().outcome();
    result_.best_move = tree.best_move();
    result_.nodes = tree.nodes_searched();
    result_.time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result_.stats = {{"workers", double(n)},
                     {"jobs", double(tree.issued())},
                     {"jobs_completed", double(tree.completed())},
                     {"reissued_jobs", double(tree.abandoned())},
                     {"cancelled_jobs", double(cancelled_.size())},
                     {"master_tree_nodes", double(tree.size())}};
    return result_;
  }

  // After a solve() that solved the root: its proof, the master's tree
  // joined to parts built on the tables of the workers that solved them
  // (stitch.h; for a game with knowledge, a conceding proof in its rules game).
  std::optional<Proof<Move>> proof() {
    if (!tree_ || workers_.empty()) return std::nullopt;
    auto worker = [&](int w) -> JobWorker<G>& { return *workers_[std::size_t(w >= 0 ? w : 0)]; };
    return stitch_proof(
        game_, attacker_, *tree_,
        [&](const std::vector<Move>& path, int w) { return worker(w).prove(path, limits_.for_follow_up()); },
        [&](const std::vector<Move>& path, int w, Outcome claim) {
          return worker(w).prove_part(path, claim, limits_.for_follow_up(), options_.certificates);
        },
        limits_.for_follow_up(), options_.dfpn, options_.certificates, failure_);
  }
  const std::string& proof_failure() const { return failure_; }

 private:
  // One worker's incoming jobs (at most one waits at a time), and the
  // cancellation of the one it runs.
  class Mailbox {
   public:
    void put(Job<Move> job) {
      {
        std::lock_guard<std::mutex> guard(lock_);
        current_ = job.id;
        cancel_ = std::stop_source();
        job_ = std::move(job);
      }
      ready_.notify_one();
    }
    void cancel(std::uint64_t id) {
      std::lock_guard<std::mutex> guard(lock_);
      if (current_ == id) cancel_.request_stop();
    }
    // The stop token of the job last taken.
    std::stop_token cancel_token() {
      std::lock_guard<std::mutex> guard(lock_);
      return cancel_.get_token();
    }
    void close() {
      {
        std::lock_guard<std::mutex> guard(lock_);
        closed_ = true;
      }
      ready_.notify_one();
    }
    // The next job, or nullopt once closed.
    std::optional<Job<Move>> take() {
      std::unique_lock<std::mutex> guard(lock_);
      ready_.wait(guard, [&] { return job_.has_value() || closed_; });
      if (closed_) return std::nullopt;
      auto job = std::move(job_);
      job_.reset();
      return job;
    }

   private:
    std::mutex lock_;
    std::condition_variable ready_;
    std::optional<Job<Move>> job_;
    std::uint64_t current_ = 0;
    std::stop_source cancel_;
    bool closed_ = false;
  };

  struct Answer {
    int worker;
    JobResult<Move> result;
  };
  // Answers from every worker to the master.
  class AnswerQueue {
   public:
    void put(Answer a) {
      {
        std::lock_guard<std::mutex> guard(lock_);
        queue_.push_back(std::move(a));
      }
      ready_.notify_one();
    }
    // The next answer, or nullopt if none came by `deadline` (or within a
    // short wait, so the master sees a stop request promptly).
    std::optional<Answer> take_until(std::chrono::steady_clock::time_point deadline) {
      std::unique_lock<std::mutex> guard(lock_);
      const auto until = std::min(deadline, std::chrono::steady_clock::now() + std::chrono::milliseconds(20));
      if (!ready_.wait_until(guard, until, [&] { return !queue_.empty(); })) return std::nullopt;
      Answer a = std::move(queue_.front());
      queue_.pop_front();
      return a;
    }

   private:
    std::mutex lock_;
    std::condition_variable ready_;
    std::deque<Answer> queue_;
  };

  G game_;
  Player attacker_;
  JobSearchOptions options_;
  Limits limits_;
  AnswerQueue answers_;
  SolveResult<Move> result_;
  std::string failure_;
  std::unordered_set<std::uint64_t> cancelled_;
  std::optional<JobTree<Move>> tree_;  // kept for proof()
  std::vector<std::unique_ptr<JobWorker<G>>> workers_;  // and their tables
};

}  // namespace dfpn::jobs
