// What parallel df-pn searchers share besides the table: who works where,
// and whether to stop.
//
// Each searcher counts itself in the slot of every position it is inside
// (on its path). Slots are a fixed array indexed by hash, so two positions
// may share one; each searcher also keeps its own counts and subtracts them,
// so it never sees itself, and with a single searcher nothing is ever busy
// (the search is exactly the sequential one). Counters are touched once per
// node entry and exit, in different slots for different positions, so
// threads contend only near the root, where nodes are entered rarely.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

namespace dfpn::parallel {

class SharedSearch {
 public:
  explicit SharedSearch(std::size_t slots = std::size_t{1} << 16)
      : mask_(round_up_pow2(slots) - 1), counts_(new std::atomic<std::uint32_t>[mask_ + 1]) {
    for (std::size_t i = 0; i <= mask_; ++i) counts_[i].store(0, std::memory_order_relaxed);
  }

  bool stop_requested() const { return stop_.load(std::memory_order_relaxed); }
  void request_stop() { stop_.store(true, std::memory_order_relaxed); }

  // One searcher's view (models dfpn::Sharing); one per thread.
  class Member {
   public:
    static constexpr bool kShared = true;

    explicit Member(SharedSearch& shared) : shared_(shared), own_(shared.mask_ + 1) {}

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
    std::vector<std::uint32_t> own_;
  };

 private:
  static std::size_t round_up_pow2(std::size_t n) {
    std::size_t p = 1;
    while (p < n) p <<= 1;
    return p;
  }

  std::size_t mask_;
  std::unique_ptr<std::atomic<std::uint32_t>[]> counts_;
  std::atomic<bool> stop_{false};
};

}  // namespace dfpn::parallel
