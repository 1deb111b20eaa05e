// SharedCache: a capacity set at run time (rounded down to a power of two),
// entries found by their full key, a slot's older entry replaced.
#include "games/shared_cache.h"

#include <gtest/gtest.h>

namespace {

using dfpn::games::SharedCache;

TEST(SharedCache, CapacityIsAPowerOfTwoAndBytesFollowIt) {
  EXPECT_EQ(SharedCache<int>(1000).entry_count(), 512u);
  EXPECT_EQ(SharedCache<int>(1024).entry_count(), 1024u);
  EXPECT_EQ(SharedCache<int>(0).entry_count(), 1u);
  EXPECT_EQ(SharedCache<int>(64).bytes(), 64 * SharedCache<int>::kEntryBytes);
}

TEST(SharedCache, FindsByFullKeyAndReplacesASlotsEntry) {
  SharedCache<int> cache(8);
  int seen = 0;
  EXPECT_FALSE(cache.read(3, [&](int v) { seen = v; }));
  cache.store(3, 30);
  EXPECT_TRUE(cache.read(3, [&](int v) { seen = v; }));
  EXPECT_EQ(seen, 30);
  EXPECT_FALSE(cache.read(3 + 8, [&](int v) { seen = v; }));  // same slot, another key
  cache.store(3 + 8, 110);
  EXPECT_FALSE(cache.read(3, [&](int v) { seen = v; }));  // replaced
  EXPECT_TRUE(cache.read(3 + 8, [&](int v) { seen = v; }));
  EXPECT_EQ(seen, 110);
}

}  // namespace
