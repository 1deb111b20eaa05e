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

}  // namespace
}  // namespace dfpn::parallel
