#include "parallel/shared_search.h"

#include <gtest/gtest.h>

namespace dfpn::parallel {
namespace {

TEST(SharedSearch, SearchersSeeEachOtherButNeverThemselves) {
  SharedSearch shared;
  SharedSearch::Member a(shared), b(shared);
  a.enter(42);
  EXPECT_EQ(a.others_below(42), 0u);
  EXPECT_EQ(b.others_below(42), 1u);
  b.enter(42);
  EXPECT_EQ(a.others_below(42), 1u);
  a.leave(42);
  EXPECT_EQ(b.others_below(42), 0u);
}

TEST(SharedSearch, ANodeSolvedNearTheRootCallsTheOthersBack) {
  SharedSearch shared(SharedSearch::kDefaultSharedDepth, 1024, 3);
  SharedSearch::Member a(shared), b(shared), c(shared);
  a.solved_at(2);
  EXPECT_FALSE(a.called_back());  // its own solve is no call to itself
  EXPECT_TRUE(b.called_back());
  EXPECT_TRUE(c.called_back());
  b.at_root();
  EXPECT_FALSE(b.called_back());
  EXPECT_TRUE(c.called_back());  // until it is back at the root too
  c.at_root();
  b.solved_at(3);
  EXPECT_TRUE(a.called_back());
  EXPECT_FALSE(b.called_back());
  a.at_root();
  c.at_root();
}

TEST(SharedSearch, TheRootAndDeepNodesCallNobodyBack) {
  SharedSearch shared(SharedSearch::kDefaultSharedDepth, 1024, 3);
  SharedSearch::Member a(shared), b(shared);
  a.solved_at(0);  // the root: the search is over
  a.solved_at(4);  // too deep to matter to the others' choice
  EXPECT_FALSE(b.called_back());
  SharedSearch none(SharedSearch::kDefaultSharedDepth, 1024, 0);  // switched off
  SharedSearch::Member x(none), y(none);
  x.solved_at(1);
  EXPECT_FALSE(y.called_back());
}

}  // namespace
}  // namespace dfpn::parallel
