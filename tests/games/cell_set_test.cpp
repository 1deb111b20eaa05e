// Cell sets: every operation agrees with std::set on random sets, at every
// width H-search uses, and converting between widths keeps the cells.
#include "games/hex/cell_set.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <random>
#include <set>
#include <vector>

namespace dfpn::games {
namespace {

template <class Set>
std::set<int> as_std(const Set& s) {
  std::set<int> out;
  s.for_each([&](int cell) { out.insert(cell); });
  return out;
}

template <class Set>
void agrees_with_std_set(int seed) {
  std::mt19937 rng(static_cast<unsigned>(seed));
  for (int round = 0; round < 200; ++round) {
    Set a, b;
    std::set<int> sa, sb;
    for (int i = 0; i < int(rng() % 40); ++i) {
      const int x = int(rng() % Set::kCapacity), y = int(rng() % Set::kCapacity);
      a.insert(x), sa.insert(x);
      b.insert(y), sb.insert(y);
    }
    if (!sa.empty() && rng() % 2) {
      const int gone = *sa.begin();
      a.erase(gone), sa.erase(gone);
    }
    ASSERT_EQ(as_std(a), sa);
    EXPECT_EQ(a.size(), int(sa.size()));
    EXPECT_EQ(a.empty(), sa.empty());
    for (int cell : {0, 63, Set::kCapacity - 1}) EXPECT_EQ(a.contains(cell), sa.count(cell) == 1);
    std::set<int> both, either, only_a;
    std::set_intersection(sa.begin(), sa.end(), sb.begin(), sb.end(), std::inserter(both, both.end()));
    std::set_union(sa.begin(), sa.end(), sb.begin(), sb.end(), std::inserter(either, either.end()));
    std::set_difference(sa.begin(), sa.end(), sb.begin(), sb.end(), std::inserter(only_a, only_a.end()));
    EXPECT_EQ(as_std(a & b), both);
    EXPECT_EQ(as_std(a | b), either);
    EXPECT_EQ(as_std(a - b), only_a);
    EXPECT_EQ(a.intersects(b), !both.empty());
    EXPECT_EQ(a.subset_of(b), only_a.empty());
    EXPECT_TRUE((a & b).subset_of(a));
    EXPECT_EQ(a == b, sa == sb);
    for (int from : {0, 1, 63, 64, int(rng() % Set::kCapacity), Set::kCapacity - 1}) {
      const auto at_or_after = sa.lower_bound(from);
      EXPECT_EQ(a.next(from), at_or_after == sa.end() ? -1 : *at_or_after) << from;
    }
  }
}

TEST(CellSet, OperationsAgreeWithStdSetAtEveryWidth) {
  agrees_with_std_set<BasicCellSet<1>>(1);
  agrees_with_std_set<BasicCellSet<2>>(2);
  agrees_with_std_set<CellSet>(3);
}

TEST(CellSet, ForEachVisitsCellsInIncreasingOrder) {
  CellSet s;
  for (int cell : {360, 5, 64, 63, 0, 128}) s.insert(cell);
  std::vector<int> seen;
  s.for_each([&](int cell) { seen.push_back(cell); });
  EXPECT_EQ(seen, (std::vector<int>{0, 5, 63, 64, 128, 360}));
}

TEST(CellSet, AllBelowHoldsExactlyTheFirstCells) {
  const CellSet board = CellSet::all_below(49);
  EXPECT_EQ(board.size(), 49);
  EXPECT_TRUE(board.contains(48));
  EXPECT_FALSE(board.contains(49));
  EXPECT_TRUE(CellSet::all_below(0).empty());
  EXPECT_EQ(CellSet::all_below(361).size(), 361);
}

TEST(CellSet, WidthsConvertWithoutLosingCellsThatFit) {
  BasicCellSet<1> narrow;
  for (int cell : {0, 7, 63}) narrow.insert(cell);
  const CellSet wide(narrow);
  EXPECT_EQ(as_std(wide), (std::set<int>{0, 7, 63}));
  EXPECT_EQ(BasicCellSet<1>(wide), narrow);
  CellSet beyond = wide;
  beyond.insert(100);  // does not fit in one word: dropped by the narrow set
  EXPECT_EQ(BasicCellSet<1>(beyond), narrow);
  EXPECT_EQ(BasicCellSet<2>(beyond).size(), 4);
}

}  // namespace
}  // namespace dfpn::games
