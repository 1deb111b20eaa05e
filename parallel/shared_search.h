// What parallel df-pn searchers share besides the table: who works where,
// and whether to stop.
//
// Each searcher counts itself in the slot of every position it is inside
// (on its path). Slots are a fixed array indexed by hash, so two positions
// may share one; each searcher also keeps its own counts and subtracts them,
// so it never sees itself, and with a single searcher nothing is ever busy
// (the search is exactly the sequential one). Searchers meet near the root;
// below `shared_depth` each works alone (no counting, no checks), which keeps
// the shared counters and the own counts small and out of the hot path.
//
// Searchers also take jobs (dfpn/search/thread_jobs.h): what a searcher's job
// assumes about the positions on its path lies in a second array of slots,
// one (key, numbers) pair each, written by that searcher and read by the
// others when they choose a child it is in. Two positions may share a slot,
// and two writers may interleave: at worst a hint is missed or wrong, and a
// hint only orders work.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "dfpn/base/types.h"

namespace dfpn::parallel {

class SharedSearch {
 public:
  static constexpr std::uint32_t kDefaultSharedDepth = 12;
  // A job's expansions, as in Pawlewicz & Hayward's SPDFPN and Benzene.
  // Measured on 7x7 Hex openings against 300, 400, 2,500 and 3,000, and
  // against no jobs (docs/benchmarks.md, "Two threads: jobs, after SPDFPN").
  static constexpr std::uint64_t kDefaultJobWork = 1000;

  explicit SharedSearch(std::uint32_t shared_depth = kDefaultSharedDepth, std::uint64_t job_work = kDefaultJobWork,
                        std::size_t slots = std::size_t{1} << 14)
      : shared_depth_(shared_depth), job_work_(job_work), mask_(round_up_pow2(slots) - 1),
        counts_(new std::atomic<std::uint32_t>[mask_ + 1]),
        assumed_(job_work > 0 ? new Assumption[mask_ + 1] : nullptr) {
    for (std::size_t i = 0; i <= mask_; ++i) counts_[i].store(0, std::memory_order_relaxed);
  }

  bool stop_requested() const { return stop_.load(std::memory_order_relaxed); }
  void request_stop() { stop_.store(true, std::memory_order_relaxed); }

  // One searcher's view (models dfpn::Sharing); one per thread.
  class Member {
   public:
    static constexpr bool kShared = true;

    explicit Member(SharedSearch& shared) : shared_(shared), own_(shared.mask_ + 1) {}

    bool shares_at(std::uint32_t depth) const { return depth < shared_.shared_depth_; }

    void enter(std::uint64_t key) {
      const std::size_t slot = key & shared_.mask_;
      shared_.counts_[slot].fetch_add(1, std::memory_order_relaxed);
      ++own_[slot];
    }
    void leave(std::uint64_t key) {
      const std::size_t slot = key & shared_.mask_;
      shared_.counts_[slot].fetch_sub(1, std::memory_order_relaxed);
      --own_[slot];
    }
    std::uint32_t others_below(std::uint64_t key) const {
      const std::size_t slot = key & shared_.mask_;
      const std::uint32_t all = shared_.counts_[slot].load(std::memory_order_relaxed);
      return all > own_[slot] ? all - own_[slot] : 0;
    }
    bool stop_requested() const { return shared_.stop_requested(); }

    std::uint64_t job_work() const { return shared_.job_work_; }
    // The key is cleared while the numbers change, so a reader that sees
    // the key before and after reading the numbers has this writer's pair.
    void assume(std::uint64_t key, Numbers n) {
      Assumption& a = shared_.assumed_[key & shared_.mask_];
      a.key.store(0, std::memory_order_relaxed);
      a.numbers.store(std::uint64_t{n.pn} << 32 | n.dn, std::memory_order_release);
      a.key.store(key, std::memory_order_release);
    }
    std::optional<Numbers> assumed(std::uint64_t key) const {
      const Assumption& a = shared_.assumed_[key & shared_.mask_];
      if (a.key.load(std::memory_order_acquire) != key) return std::nullopt;
      const std::uint64_t n = a.numbers.load(std::memory_order_acquire);
      if (a.key.load(std::memory_order_relaxed) != key) return std::nullopt;
      return Numbers{static_cast<ProofNumber>(n >> 32), static_cast<ProofNumber>(n)};
    }

   private:
    SharedSearch& shared_;
    std::vector<std::uint16_t> own_;
  };

 private:
  static std::size_t round_up_pow2(std::size_t n) {
    std::size_t p = 1;
    while (p < n) p <<= 1;
    return p;
  }

  struct Assumption {
    std::atomic<std::uint64_t> key{0}, numbers{0};
  };

  std::uint32_t shared_depth_;
  std::uint64_t job_work_;
  std::size_t mask_;
  std::unique_ptr<std::atomic<std::uint32_t>[]> counts_;
  std::unique_ptr<Assumption[]> assumed_;
  std::atomic<bool> stop_{false};
};

}  // namespace dfpn::parallel
