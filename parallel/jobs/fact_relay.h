// The master's side of passing facts between job-level workers
// (job_worker.h, share_facts()): each fact a worker sends back is kept once,
// in the order it arrived, and every worker gets, with its next job, the
// facts that arrived since its last job, except its own. Facts hold
// wherever they are added (dfpn/base/game.h kSharesFacts), so a worker that
// gets one late, or twice, or never, searches more but answers the same.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace dfpn::jobs {

template <class Fact>
class FactRelay {
 public:
  // Workers are numbered 0 .. workers-1.
  explicit FactRelay(int workers) : next_(std::size_t(std::max(0, workers)), 0) {}

  void add(int from, std::vector<Fact> facts) {
    received_ += facts.size();
    for (Fact& f : facts) log_.push_back({from, std::move(f)});
  }

  // What `worker` has not been sent yet and did not send itself.
  std::vector<Fact> for_worker(int worker) {
    std::uint64_t& next = next_[std::size_t(worker)];
    std::vector<Fact> out;
    for (std::uint64_t i = next; i < base_ + log_.size(); ++i) {
      const Entry& e = log_[std::size_t(i - base_)];
      if (e.from != worker) out.push_back(e.fact);
    }
    next = base_ + log_.size();
    sent_ += out.size();
    forget_what_all_have();
    return out;
  }

  // A worker that will take no more jobs (lost): it holds back nothing.
  void retire(int worker) {
    next_[std::size_t(worker)] = base_ + log_.size();
    forget_what_all_have();
  }

  std::uint64_t received() const { return received_; }  // facts workers sent
  std::uint64_t sent() const { return sent_; }          // facts passed on, counted once per worker
  std::size_t kept() const { return log_.size(); }       // facts some worker has still to get

 private:
  struct Entry {
    int from;
    Fact fact;
  };
  // Drops the facts every worker has had, once they are half the log.
  void forget_what_all_have() {
    const std::uint64_t oldest = next_.empty() ? base_ + log_.size() : *std::min_element(next_.begin(), next_.end());
    const std::size_t done = std::size_t(oldest - base_);
    if (done == 0 || 2 * done < log_.size()) return;
    log_.erase(log_.begin(), log_.begin() + std::ptrdiff_t(done));
    base_ = oldest;
  }

  std::vector<Entry> log_;
  std::uint64_t base_ = 0;          // index of log_[0] among all facts received
  std::vector<std::uint64_t> next_;  // per worker: the index of the first fact it has not had
  std::uint64_t received_ = 0, sent_ = 0;
};

}  // namespace dfpn::jobs
