// How a depth-first search cooperates with others on the same table.
//
// DepthFirstPns takes a Sharing collaborator. SoloSearch, the default, does
// nothing and compiles away. The parallel search (parallel/) supplies one
// that counts the threads working below each position, so that a searcher
// sees busy children as more expensive and goes elsewhere (Kaneko's virtual
// proof numbers), that gives each searcher jobs (thread_jobs.h) and tells
// it what the others assume about the positions they are in, and that stops
// everyone once the root is solved.
#pragma once

#include <concepts>
#include <cstdint>
#include <optional>

#include "dfpn/base/types.h"

namespace dfpn {

template <class S>
concept Sharing = requires(S& s, const S& cs, std::uint64_t key, std::uint32_t depth) {
  { S::kShared } -> std::convertible_to<bool>;
  { cs.shares_at(depth) } -> std::convertible_to<bool>;  // coordinate at this depth?
  s.enter(key);  // this searcher starts working below `key`
  s.leave(key);  // ... and stops
  { cs.others_below(key) } -> std::convertible_to<std::uint32_t>;  // other searchers there
  { cs.stop_requested() } -> std::convertible_to<bool>;
  { cs.job_work() } -> std::convertible_to<std::uint64_t>;  // a job's expansions (0: no jobs)
  s.assume(key, Numbers{});  // this searcher's job assumes these numbers for `key`
  { cs.assumed(key) } -> std::convertible_to<std::optional<Numbers>>;  // ... some searcher's, if any
};

struct SoloSearch {
  static constexpr bool kShared = false;
  bool shares_at(std::uint32_t) const { return false; }
  void enter(std::uint64_t) {}
  void leave(std::uint64_t) {}
  std::uint32_t others_below(std::uint64_t) const { return 0; }
  bool stop_requested() const { return false; }
  std::uint64_t job_work() const { return 0; }
  void assume(std::uint64_t, Numbers) {}
  std::optional<Numbers> assumed(std::uint64_t) const { return std::nullopt; }
};

// Number used to choose among children when `others` searchers already work
// below one: (1 + others)·n + others, so one other searcher doubles it (plus
// one), and each further one adds n + 1. Threads spread out but still pile
// onto a child that is much better than the rest.
constexpr ProofNumber virtual_number(ProofNumber n, std::uint32_t others) {
  if (others == 0 || n == 0 || n >= kMaxFinite) return n;
  const std::uint64_t v = std::uint64_t{n} * (1 + others) + others;
  return v >= kMaxFinite ? kMaxFinite : static_cast<ProofNumber>(v);
}

}  // namespace dfpn
