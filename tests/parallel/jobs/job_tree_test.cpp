// JobTree: jobs go to the most-proving open leaf, busy leaves are skipped,
// answers grow the tree and settle it by the AND/OR rule, and a job given
// up is issued again while its late answer is ignored; a tree saved as
// records and restored goes on where it stood.
#include "parallel/jobs/job_tree.h"

#include <gtest/gtest.h>

namespace dfpn::jobs {
namespace {

using Tree = JobTree<int>;
using Result = JobResult<int>;

Result grown(std::uint64_t id, bool attacker_to_move, std::vector<Result::Child> children) {
  Result r;
  r.id = id;
  r.numbers = {5, 5};
  r.attacker_to_move = attacker_to_move;
  r.children = std::move(children);
  r.nodes = 10;
  return r;
}

Result settled(std::uint64_t id, Outcome outcome) {
  Result r;
  r.id = id;
  r.numbers = Numbers::of(outcome);
  r.nodes = 3;
  return r;
}

TEST(JobTree, TheRootFirstThenItsMostProvingChildren) {
  Tree tree(100);
  const auto root = tree.next_job();
  ASSERT_TRUE(root);
  EXPECT_TRUE(root->path.empty());
  EXPECT_EQ(root->budget, 100u);
  EXPECT_FALSE(tree.next_job());  // the only leaf is busy
  // The attacker to move; move 7 is the cheaper proof, then 3.
  tree.complete(grown(root->id, true, {{3, {4, 2}, false}, {7, {2, 9}, false}}));
  EXPECT_EQ(tree.root(), (Numbers{2, 11}));
  const auto first = tree.next_job();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->path, std::vector<int>{7});
  const auto second = tree.next_job();  // 7 is busy: 3 goes next
  ASSERT_TRUE(second);
  EXPECT_EQ(second->path, std::vector<int>{3});
  EXPECT_FALSE(tree.next_job());
  // 3 is disproven; 7 proven: the root is proven through 7.
  tree.complete(settled(second->id, Outcome::Disproven));
  EXPECT_FALSE(tree.solved());
  tree.complete(settled(first->id, Outcome::Proven));
  EXPECT_TRUE(tree.solved());
  EXPECT_EQ(tree.root().outcome(), Outcome::Proven);
  EXPECT_EQ(tree.best_move(), 7);
  EXPECT_FALSE(tree.next_job());
  EXPECT_EQ(tree.nodes_searched(), 16u);
}

TEST(JobTree, TheDefendersTurnNeedsEveryChild) {
  Tree tree(10);
  const auto root = tree.next_job();
  tree.complete(grown(root->id, false, {{1, {1, 1}, true}, {2, {1, 1}, true}}));
  const auto a = tree.next_job();
  const auto b = tree.next_job();
  ASSERT_TRUE(a && b);
  tree.complete(settled(a->id, Outcome::Proven));
  EXPECT_FALSE(tree.solved());  // one refutation left to prove
  tree.complete(settled(b->id, Outcome::Proven));
  EXPECT_EQ(tree.root().outcome(), Outcome::Proven);
  EXPECT_FALSE(tree.best_move());  // the attacker has no move here
}

TEST(JobTree, AGivenUpJobIsIssuedAgainAndItsLateAnswerIgnored) {
  Tree tree(10);
  const auto lost = tree.next_job();
  tree.abandon(lost->id);
  EXPECT_EQ(tree.abandoned(), 1u);
  const auto again = tree.next_job();
  ASSERT_TRUE(again);
  EXPECT_NE(again->id, lost->id);
  EXPECT_TRUE(again->path.empty());
  tree.complete(settled(lost->id, Outcome::Proven));  // the lost worker answers after all
  EXPECT_EQ(tree.ignored(), 1u);
  EXPECT_FALSE(tree.solved());
  tree.complete(settled(again->id, Outcome::Disproven));
  EXPECT_EQ(tree.root().outcome(), Outcome::Disproven);
}

TEST(JobTree, AJobThatEndsBeforeExpandingGetsTwiceTheBudget) {
  Tree tree(10);
  auto job = tree.next_job();
  Result r;
  r.id = job->id;
  r.numbers = {1, 1};
  tree.complete(r);
  job = tree.next_job();
  ASSERT_TRUE(job);
  EXPECT_EQ(job->budget, 20u);
}

// With widening the next job stays among the first children in the
// worker's order, however cheap the later ones look; a win past the window
// still counts, and a loss needs every child.
TEST(JobTree, WideningKeepsJobsToTheFirstChildren) {
  Tree tree(10, {0, 0.25});  // k = max(2, ceil(open / 4)): 2 of 6
  const auto root = tree.next_job();
  tree.complete(grown(root->id, true,
                      {{1, {50, 2}, false}, {2, {40, 2}, false}, {3, {1, 1}, false}, {4, {1, 1}, false},
                       {5, {1, 1}, false}, {6, {1, 1}, false}}));
  EXPECT_EQ(tree.root(), (Numbers{40, 8}));  // the least pn of the window
  const auto first = tree.next_job();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->path, std::vector<int>{2});
  const auto second = tree.next_job();
  ASSERT_TRUE(second);
  EXPECT_EQ(second->path, std::vector<int>{1});
  const auto speculative = tree.next_job();  // the window is busy: past it
  ASSERT_TRUE(speculative);
  EXPECT_EQ(speculative->path, std::vector<int>{3});
  tree.complete(settled(speculative->id, Outcome::Proven));  // a win past the window
  EXPECT_EQ(tree.root().outcome(), Outcome::Proven);
  EXPECT_EQ(tree.best_move(), 3);
}

TEST(JobTree, RecordsRestoreTheTreeWithItsJobsOpenAgain) {
  Tree tree(100);
  const auto root = tree.next_job();
  tree.complete(grown(root->id, true, {{3, {4, 2}, false}, {7, {2, 9}, false}}));
  const auto seven = tree.next_job();
  tree.complete(grown(seven->id, false, {{1, {1, 1}, true}, {2, {3, 1}, true}}));
  const auto three = tree.next_job();  // in flight when the tree is saved
  ASSERT_TRUE(three);
  const auto saved = tree.records();
  ASSERT_EQ(saved.size(), 5u);

  auto restored = Tree::restore(100, {}, saved, tree.nodes_searched());
  ASSERT_TRUE(restored);
  EXPECT_EQ(restored->root(), tree.root());
  EXPECT_EQ(restored->nodes_searched(), 20u);
  EXPECT_TRUE(restored->locate({7, 2}).in_tree);
  EXPECT_FALSE(restored->locate({7, 2}).expanded);
  EXPECT_TRUE(restored->locate({7}).expanded);
  EXPECT_FALSE(restored->locate({5}).in_tree);
  // The one in flight is open again: 3 ties with 7 (pn 4) and comes first.
  std::vector<std::vector<int>> paths;
  while (const auto job = restored->next_job()) paths.push_back(job->path);
  EXPECT_EQ(paths, (std::vector<std::vector<int>>{{3}, {7, 1}, {7, 2}}));

  auto broken = saved;
  broken[1].parent = 3;  // a child before its parent
  EXPECT_FALSE(Tree::restore(100, {}, broken, 0));
  broken = saved;
  broken[0].parent = 0;  // no root
  EXPECT_FALSE(Tree::restore(100, {}, broken, 0));
  EXPECT_FALSE(Tree::restore(100, {}, {}, 0));
}

TEST(JobTree, JobsBelowASolvedPositionNoLongerMatter) {
  Tree tree(100);
  const auto root = tree.next_job();  // the defender to move: both children must be proven
  tree.complete(grown(root->id, false, {{3, {4, 2}, true}, {7, {2, 9}, true}}));
  const auto three = tree.next_job();
  ASSERT_EQ(three->path, std::vector<int>{3});
  tree.complete(grown(three->id, true, {{1, {1, 1}, false}, {2, {3, 1}, false}}));
  const auto first = tree.next_job();
  const auto second = tree.next_job();
  const auto seven = tree.next_job();
  ASSERT_TRUE(first && second && seven);
  EXPECT_EQ(first->path, (std::vector<int>{3, 1}));
  EXPECT_EQ(second->path, (std::vector<int>{3, 2}));
  EXPECT_EQ(seven->path, std::vector<int>{7});
  EXPECT_TRUE(tree.irrelevant_jobs().empty());
  // 3 1 proves 3 (the attacker's turn there): 3 2 no longer matters; 7 still does.
  tree.complete(settled(first->id, Outcome::Proven));
  EXPECT_FALSE(tree.solved());
  EXPECT_EQ(tree.irrelevant_jobs(), std::vector<std::uint64_t>{second->id});
}

}  // namespace
}  // namespace dfpn::jobs
