// PageArray: every element constructed once and destroyed once, large
// arrays on a 2 MiB boundary, over-aligned elements kept aligned.
#include "dfpn/base/page_array.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace dfpn {
namespace {

struct Counted {
  static inline int alive = 0;
  int value = 7;
  Counted() { ++alive; }
  ~Counted() { --alive; }
};

TEST(PageArray, ConstructsEveryElementAndDestroysThemAll) {
  {
    PageArray<Counted> a(1000);
    EXPECT_EQ(Counted::alive, 1000);
    EXPECT_EQ(a.size(), 1000u);
    for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i].value, 7);
    a[999].value = 3;
    EXPECT_EQ(a[999].value, 3);
  }
  EXPECT_EQ(Counted::alive, 0);
}

TEST(PageArray, LargeArraysStartOnAHugePage) {
  PageArray<std::uint64_t> a((PageArray<std::uint64_t>::kHugePage * 3) / sizeof(std::uint64_t));
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(&a[0]) % PageArray<std::uint64_t>::kHugePage, 0u);
  EXPECT_EQ(a[a.size() - 1], 0u);
}

TEST(PageArray, KeepsOverAlignedElementsAligned) {
  struct alignas(128) Wide {
    std::uint8_t byte = 1;
  };
  PageArray<Wide> a(5);
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_EQ(reinterpret_cast<std::uintptr_t>(&a[i]) % 128, 0u);
}

TEST(PageArray, MovesWithoutCopying) {
  PageArray<Counted> a(10);
  const Counted* first = &a[0];
  PageArray<Counted> b(std::move(a));
  EXPECT_EQ(&b[0], first);
  EXPECT_EQ(Counted::alive, 10);
}

}  // namespace
}  // namespace dfpn
