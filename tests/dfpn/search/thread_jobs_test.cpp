#include "dfpn/search/thread_jobs.h"

#include <gtest/gtest.h>

#include <map>
#include <vector>

namespace dfpn {
namespace {

// A node as a job sees it: its numbers, and what it would be with one child
// replaced (here: that child's numbers plus the node's depth in pn, so the
// test can tell which frame produced which assumption).
struct FakeFrame {
  bool or_node;
  ProofNumber phi_, delta_;
  std::uint32_t depth;
  std::size_t expected_child;
  bool is_or() const { return or_node; }
  ProofNumber phi() const { return phi_; }
  ProofNumber delta() const { return delta_; }
  Numbers with_child(std::size_t i, Numbers v) const {
    EXPECT_EQ(i, expected_child);
    return {v.pn + 100 * (depth + 1), v.dn};
  }
};

struct FakeSharing {
  std::uint64_t work = 10;
  std::map<std::uint64_t, Numbers> assumed;
  std::uint64_t job_work() const { return work; }
  void assume(std::uint64_t key, Numbers n) { assumed[key] = n; }
};

// What the searcher does at a node it coordinates at (DepthFirstPns::mid).
template <class FrameAt>
void maybe_start(ThreadJobs& jobs, std::uint32_t depth, std::uint64_t previous_work, std::uint64_t expansions,
                 FrameAt frame_at, FakeSharing& sharing) {
  if (jobs.can_start(depth, 0, previous_work, sharing.job_work())) jobs.start(depth, 0, expansions, frame_at, sharing);
}

// Three plies, all with equal numbers, child 0 entered at each.
struct ThreePlies {
  std::vector<FakeFrame> frames = {{true, 5, 5, 0, 0}, {false, 5, 5, 1, 0}, {true, 5, 5, 2, 0}};
  FakeSharing sharing;
  ThreadJobs jobs;
  ThreePlies() {
    jobs.reach(0, 100);
    jobs.enter(0, 0);
    jobs.reach(1, 101);
    jobs.enter(1, 0);
  }
  void start(std::uint32_t depth, std::uint64_t previous_work, std::uint64_t expansions) {
    const auto frame_at = [this](std::uint32_t d) -> const FakeFrame& { return frames[d]; };
    maybe_start(jobs, depth, previous_work, expansions, frame_at, sharing);
  }
};

TEST(ThreadJobs, AJobAssumesItsNodeWonByTheSideItLeansTo) {
  // Root (depth 0, OR) -> child 2 -> depth 1 (AND) -> child 1 -> depth 2,
  // an OR node with φ ≤ δ: the attacker, to move there, is assumed to win.
  std::vector<FakeFrame> frames = {{true, 5, 5, 0, 2}, {false, 5, 5, 1, 1}, {true, 2, 9, 2, 0}};
  FakeSharing sharing;
  ThreadJobs jobs;
  jobs.reach(0, 100);
  jobs.enter(0, 2);
  jobs.reach(1, 101);
  jobs.enter(1, 1);
  jobs.reach(2, 102);
  const auto frame_at = [&](std::uint32_t d) -> const FakeFrame& { return frames[d]; };
  maybe_start(jobs, 2, /*previous_work=*/3, /*expansions=*/50, frame_at, sharing);
  ASSERT_EQ(sharing.assumed.size(), 3u);  // the job's node, its parent and the root
  EXPECT_TRUE(sharing.assumed[102].proven());
  EXPECT_EQ(sharing.assumed[101].pn, 200u);  // with_child of depth 1 applied to proven (pn 0)
  EXPECT_EQ(sharing.assumed[100].pn, 300u);  // then depth 0's
}

TEST(ThreadJobs, AnAndNodeLeaningToTheDefenderIsAssumedDisproven) {
  std::vector<FakeFrame> frames = {{true, 5, 5, 0, 0}, {false, 1, 4, 1, 0}};
  FakeSharing sharing;
  ThreadJobs jobs;
  jobs.reach(0, 100);
  jobs.enter(0, 0);
  jobs.reach(1, 101);
  maybe_start(jobs, 1, 0, 0, [&](std::uint32_t d) -> const FakeFrame& { return frames[d]; }, sharing);
  EXPECT_TRUE(sharing.assumed[101].disproven());
}

TEST(ThreadJobs, OnlyTheFirstSmallNodeBelowTheRootStartsOne) {
  ThreePlies t;
  t.start(0, 0, 0);  // the root never is a job
  EXPECT_TRUE(t.sharing.assumed.empty());
  t.start(1, t.sharing.work, 0);  // too much work already
  EXPECT_TRUE(t.sharing.assumed.empty());
  t.start(1, t.sharing.work - 1, 0);
  EXPECT_EQ(t.sharing.assumed.size(), 2u);
  t.jobs.reach(2, 102);
  t.start(2, 0, 0);  // one job at a time
  EXPECT_EQ(t.sharing.assumed.size(), 2u);
  t.jobs.leave(2);
  t.jobs.leave(1);  // the job's node: the job is over
  t.jobs.reach(1, 103);
  t.start(1, 0, 0);
  EXPECT_EQ(t.sharing.assumed.size(), 3u);
}

TEST(ThreadJobs, AfterItsWorkTheSearcherClimbsToTheRoot) {
  ThreePlies t;
  t.start(1, 0, /*expansions=*/40);
  EXPECT_FALSE(t.jobs.climbing(2, 0, 49));
  EXPECT_TRUE(t.jobs.climbing(2, 0, 50));  // ten expansions: done
  EXPECT_TRUE(t.jobs.climbing(1, 0, 51));
  EXPECT_FALSE(t.jobs.climbing(0, 0, 51));  // the root stays
  t.jobs.at_root();
  EXPECT_FALSE(t.jobs.climbing(1, 0, 52));
  // A new job can start once the root chose again; after a climb it has
  // twice the work, so that climbing cannot go on without progress.
  t.jobs.leave(1);
  t.jobs.reach(1, 104);
  t.start(1, 0, 60);
  EXPECT_FALSE(t.jobs.climbing(2, 0, 79));
  EXPECT_TRUE(t.jobs.climbing(2, 0, 80));
  t.jobs.at_root();
  t.start(1, 0, 100);
  EXPECT_FALSE(t.jobs.climbing(2, 0, 139));
  EXPECT_TRUE(t.jobs.climbing(2, 0, 140));
}

TEST(ThreadJobs, AJobThatEndsByItselfSetsTheWorkBack) {
  ThreePlies t;
  t.start(1, 0, 0);
  EXPECT_TRUE(t.jobs.climbing(2, 0, 10));
  t.jobs.at_root();
  t.start(1, 0, 10);  // 20 expansions
  EXPECT_FALSE(t.jobs.climbing(2, 0, 15));
  t.jobs.leave(2);
  t.jobs.leave(1);  // its node returned by itself
  t.start(1, 0, 15);  // 10 again
  EXPECT_FALSE(t.jobs.climbing(2, 0, 24));
  EXPECT_TRUE(t.jobs.climbing(2, 0, 25));
}

}  // namespace
}  // namespace dfpn
