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

TEST(SharedSearch, AssumptionsAreReadBackByKey) {
  SharedSearch shared(SharedSearch::kDefaultSharedDepth, SharedSearch::kDefaultJobWork, 16);
  SharedSearch::Member a(shared), b(shared);
  EXPECT_EQ(b.job_work(), SharedSearch::kDefaultJobWork);
  EXPECT_FALSE(b.assumed(42));
  a.assume(42, Numbers{3, 0});
  ASSERT_TRUE(b.assumed(42));
  EXPECT_EQ(b.assumed(42)->pn, 3u);
  EXPECT_EQ(b.assumed(42)->dn, 0u);
  EXPECT_FALSE(b.assumed(42 + 16));  // the same slot, another position
  a.assume(42 + 16, Numbers{0, 7});  // takes the slot over
  EXPECT_FALSE(b.assumed(42));
  EXPECT_EQ(b.assumed(42 + 16)->dn, 7u);
}

TEST(SharedSearch, NoJobsWhenTheirWorkIsZero) {
  SharedSearch shared(SharedSearch::kDefaultSharedDepth, 0);
  SharedSearch::Member a(shared);
  EXPECT_EQ(a.job_work(), 0u);
}

}  // namespace
}  // namespace dfpn::parallel
