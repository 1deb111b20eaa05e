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
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace dfpn::parallel {

class SharedSearch {
 public:
  static constexpr std::uint32_t kDefaultSharedDepth = 12;

  explicit SharedSearch(std::uint32_t shared_depth = kDefaultSharedDepth, std::size_t slots = std::size_t{1} << 14)
      : shared_depth_(shared_depth), mask_(round_up_pow2(slots) - 1),
        counts_(new std::atomic<std::uint32_t>[mask_ + 1]) {
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

  std::uint32_t shared_depth_;
  std::size_t mask_;
  std::unique_ptr<std::atomic<std::uint32_t>[]> counts_;
  std::atomic<bool> stop_{false};
};

}  // namespace dfpn::parallel
