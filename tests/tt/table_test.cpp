#include "tt/table.h"

#include <gtest/gtest.h>

#include "dfpn/base/random.h"

namespace dfpn::tt {
namespace {

EntryData unsolved(ProofNumber pn, ProofNumber dn, std::uint32_t work) { return {{pn, dn}, work}; }

TEST(TranspositionTable, SizedFromBytesOrEntries) {
  EXPECT_EQ(TranspositionTable::with_bytes(1 << 20).bytes(), std::size_t{1} << 20);
  EXPECT_EQ(TranspositionTable::with_bytes(1 << 20).entry_count(), (std::size_t{1} << 20) / 32);
  EXPECT_EQ(TranspositionTable::with_entries(10).entry_count(), 12u);  // whole buckets
  EXPECT_EQ(TranspositionTable::with_bytes(1).entry_count(), 4u);      // at least one bucket
}

TEST(TranspositionTable, StoresAndFindsByFullKey) {
  auto table = TranspositionTable::with_entries(1 << 10);
  EXPECT_EQ(table.store(42, unsolved(3, 4, 10)), StoreOutcome::Inserted);
  EntryData e;
  ASSERT_TRUE(table.probe(42, e));
  EXPECT_EQ(e.numbers, (Numbers{3, 4}));
  EXPECT_EQ(e.work, 10u);
  EXPECT_FALSE(table.probe(43, e));
  EXPECT_EQ(table.store(42, unsolved(5, 6, 11)), StoreOutcome::Updated);
  ASSERT_TRUE(table.probe(42, e));
  EXPECT_EQ(e.numbers, (Numbers{5, 6}));
  // Key 0 is the empty marker internally; it still works as a key.
  table.store(0, unsolved(7, 8, 1));
  ASSERT_TRUE(table.probe(0, e));
  EXPECT_EQ(e.numbers.pn, 7u);
}

TEST(TranspositionTable, ASolvedResultIsNeverOverwrittenByAnUnsolvedOne) {
  auto table = TranspositionTable::with_entries(4);  // one bucket
  for (std::uint64_t k = 1; k <= 4; ++k) table.store(k, {Numbers::proven_node(), 10 * std::uint32_t(k)});
  EXPECT_EQ(table.store(1, unsolved(1, 1, 1'000'000)), StoreOutcome::Dropped);
  EntryData e;
  ASSERT_TRUE(table.probe(1, e));
  EXPECT_TRUE(e.solved());
  EXPECT_EQ(e.work, 10u);
}

// Another key evicts the least-work entry, solved or not: a small table must
// keep the nodes a search is working on.
TEST(TranspositionTable, UnsolvedEntriesEvictCheapSolvedOnes) {
  auto table = TranspositionTable::with_entries(4);
  for (std::uint64_t k = 1; k <= 4; ++k) table.store(k, {Numbers::proven_node(), 10 * std::uint32_t(k)});
  EXPECT_EQ(table.store(99, unsolved(1, 1, 1)), StoreOutcome::Replaced);
  EntryData e;
  EXPECT_TRUE(table.probe(99, e));
  EXPECT_FALSE(table.probe(1, e));  // the least work
  for (std::uint64_t k = 2; k <= 4; ++k) {
    ASSERT_TRUE(table.probe(k, e)) << k;
    EXPECT_TRUE(e.solved());
  }
}

TEST(TranspositionTable, ReplacesTheLeastWorkFirst) {
  auto table = TranspositionTable::with_entries(4);
  for (std::uint64_t k = 1; k <= 4; ++k) table.store(k, unsolved(1, 1, std::uint32_t(k * 100)));
  EXPECT_EQ(table.store(5, unsolved(1, 1, 1)), StoreOutcome::Replaced);
  EntryData e;
  EXPECT_FALSE(table.probe(1, e));  // least work: evicted
  for (std::uint64_t k = 2; k <= 5; ++k) EXPECT_TRUE(table.probe(k, e)) << k;
}

TEST(TranspositionTable, OldEntriesLoseValueWithEachGeneration) {
  auto table = TranspositionTable::with_entries(4);
  table.store(1, unsolved(1, 1, 1000));  // big but old
  for (int g = 0; g < 8; ++g) table.new_generation();
  for (std::uint64_t k = 2; k <= 4; ++k) table.store(k, unsolved(1, 1, 50));
  table.store(5, unsolved(1, 1, 50));
  EntryData e;
  EXPECT_FALSE(table.probe(1, e));  // 1000 >> 8 < 50: the stale entry died
}

TEST(TranspositionTable, MemoryIsAllocatedOnceAndNeverGrows) {
  auto table = TranspositionTable::with_bytes(64 << 10);
  const auto bytes = table.bytes();
  SplitMix64 rng(1);
  for (int i = 0; i < 100000; ++i) table.store(rng.next(), unsolved(1, 1, std::uint32_t(i)));
  EXPECT_EQ(table.bytes(), bytes);
  EXPECT_GT(table.fill(), 0.99);
}

}  // namespace
}  // namespace dfpn::tt
