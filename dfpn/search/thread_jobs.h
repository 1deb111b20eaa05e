// Jobs for cooperating threads, after Pawlewicz & Hayward's SPDFPN
// (scalable parallel df-pn) as Benzene's solver does it.
//
// Virtual numbers alone (sharing.h) tell a searcher that a child is busy,
// not what will come of it, so a second searcher keeps choosing siblings that
// are only worth searching if the busy child fails. With jobs, a searcher
// that descends to the first position near the root whose stored work is
// below `job_work` takes that subtree as its job and assumes it will end the
// way its numbers lean (φ ≤ δ: the side to move wins). It publishes what the
// positions on its path then look like: the job's node solved, each ancestor
// recomputed with that child. Another searcher choosing a child that the
// first one is in reads those numbers instead: a child the job would leave
// lost for the chooser is passed over, one it would leave won is followed
// (the node's fate rests on it), and the others are ranked as they would
// stand after the job.
// After `job_work` expansions the searcher climbs back to the root,
// storing the numbers it has, and chooses afresh, so no searcher stays
// long on a subtree the others' results have made pointless.
//
// Climbing drops what the frames below the root held; only the table keeps
// it, and a small table may not. So that a searcher cannot climb forever
// without progress, each job that ends by climbing doubles the next one's
// work, and one that ends by itself (its node solved or past its
// thresholds, as in the sequential search) sets it back: after enough
// doublings a job is a plain df-pn call, which ends by itself.
//
// None of this touches the table's facts: assumptions live only in the
// sharing's slots, and climbing back early stores unsolved numbers, as any
// return at a threshold does. Answers therefore stay those of the
// sequential search (parallel/parallel_dfpn.h). With one searcher jobs are
// off, so its search is exactly the sequential one.
#pragma once

#include <cstdint>
#include <vector>

#include "dfpn/base/types.h"

namespace dfpn {

class ThreadJobs {
 public:
  // The searcher is at `key`, `depth` plies down, a node it coordinates at.
  void reach(std::uint32_t depth, std::uint64_t key) {
    if (path_.size() <= depth) path_.resize(depth + 1);
    path_[depth].key = key;
  }
  // ... and enters its child `i`.
  void enter(std::uint32_t depth, std::size_t i) { path_[depth].child = i; }

  // Whether the node at `depth` would be a job: none runs, and this is the
  // first small node below the root.
  bool can_start(std::uint32_t depth, std::uint32_t root_depth, std::uint64_t previous_work,
                 std::uint64_t job_work) const {
    return depth_ == 0 && depth > root_depth && previous_work < job_work;
  }
  // Starts that job. `frame_at(d)` is the frame at depth d, its numbers
  // summed; sharing receives the path's assumed numbers, from the job's
  // node up.
  template <class FrameAt, class Share>
  void start(std::uint32_t depth, std::uint32_t root_depth, std::uint64_t expansions, FrameAt frame_at,
             Share& sharing) {
    depth_ = depth;
    start_ = expansions;
    work_ = climbed_ ? 2 * work_ : sharing.job_work();
    ++jobs_;
    const auto& frame = frame_at(depth);
    const bool mover_wins = frame.phi() <= frame.delta();
    Numbers v = mover_wins == frame.is_or() ? Numbers::proven_node() : Numbers::disproven_node();
    sharing.assume(path_[depth].key, v);
    for (std::uint32_t d = depth; d-- > root_depth;) {
      v = frame_at(d).with_child(path_[d].child, v);
      sharing.assume(path_[d].key, v);
    }
  }

  // After each step: true while the searcher is climbing back to the root
  // (its job's work is done) and has not reached it.
  bool climbing(std::uint32_t depth, std::uint32_t root_depth, std::uint64_t expansions) {
    if (depth_ != 0 && expansions - start_ >= work_) {
      depth_ = 0;
      climbing_ = climbed_ = true;
      ++climbs_;
    }
    return climbing_ && depth > root_depth;
  }
  std::uint64_t jobs() const { return jobs_; }
  std::uint64_t climbs() const { return climbs_; }
  // At the root, before choosing a child.
  void at_root() { climbing_ = false; }
  // The searcher leaves the node at `depth`: a job there ended by itself.
  void leave(std::uint32_t depth) {
    if (depth_ != depth) return;
    depth_ = 0;
    climbed_ = false;
  }

 private:
  struct Step {
    std::uint64_t key = 0;
    std::size_t child = 0;  // the child entered
  };
  std::vector<Step> path_;  // by depth, where the searcher coordinates
  std::uint32_t depth_ = 0;  // the job's node (0: no job; jobs start below the root)
  std::uint64_t start_ = 0;  // expansions when it began
  std::uint64_t work_ = 0;   // its expansions
  bool climbing_ = false;    // its work is done; not yet at the root
  bool climbed_ = false;     // the last job ended by climbing
  std::uint64_t jobs_ = 0, climbs_ = 0;  // statistics
};

}  // namespace dfpn
