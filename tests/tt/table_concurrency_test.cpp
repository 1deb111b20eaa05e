// Many threads storing and probing the same few entries: a reader must never
// see a mix of two writes. Every write stores numbers that satisfy
// dn == f(pn) and work == g(pn, key); a torn read breaks the relation.
// Run under TSan in CI (label "concurrency").
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "dfpn/base/random.h"
#include "tt/table.h"

namespace dfpn::tt {
namespace {

ProofNumber partner(ProofNumber pn) { return (pn * 2654435761u) | 1u; }
std::uint32_t work_of(ProofNumber pn, std::uint64_t key) { return pn ^ static_cast<std::uint32_t>(key); }

TEST(TranspositionTableConcurrency, ReadersNeverSeeTornEntries) {
  auto table = TranspositionTable::with_entries(4);  // one bucket: maximum contention
  constexpr std::uint64_t kKeys[] = {11, 22, 33, 44, 55, 66};
  constexpr int kWriters = 3, kReaders = 3, kOps = 60000;
  std::atomic<int> torn{0}, hits{0}, writers_done{0};
  std::atomic<bool> stored{false};
  std::vector<std::thread> threads;
  for (int w = 0; w < kWriters; ++w)
    threads.emplace_back([&, w] {
      SplitMix64 rng(w + 1);
      for (int i = 0; i < kOps; ++i) {
        const std::uint64_t key = kKeys[rng.below(std::size(kKeys))];
        const auto pn = static_cast<ProofNumber>(1 + rng.below(1u << 30));
        table.store(key, {{pn, partner(pn)}, work_of(pn, key)});
        stored.store(true, std::memory_order_release);
      }
      writers_done.fetch_add(1, std::memory_order_release);
    });
  for (int r = 0; r < kReaders; ++r)
    threads.emplace_back([&, r] {
      SplitMix64 rng(100 + r);
      // Read while the writers write, whatever the scheduler does: start
      // after the first store, go on until every writer is done.
      while (!stored.load(std::memory_order_acquire)) std::this_thread::yield();
      for (int i = 0; i < kOps || writers_done.load(std::memory_order_acquire) < kWriters; ++i) {
        const std::uint64_t key = kKeys[rng.below(std::size(kKeys))];
        EntryData e;
        if (!table.probe(key, e)) continue;
        hits.fetch_add(1, std::memory_order_relaxed);
        if (e.numbers.dn != partner(e.numbers.pn) || e.work != work_of(e.numbers.pn, key))
          torn.fetch_add(1, std::memory_order_relaxed);
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(torn.load(), 0);
  EXPECT_GT(hits.load(), 1000);  // the readers did read something
}

TEST(TranspositionTableConcurrency, SolvedEntriesSurviveConcurrentUnsolvedStores) {
  auto table = TranspositionTable::with_entries(4);
  constexpr std::uint64_t kSolvedKey = 7;
  table.store(kSolvedKey, {Numbers::proven_node(), 1u << 21});  // more work than any other store: never evicted
  std::vector<std::thread> threads;
  for (int w = 0; w < 4; ++w)
    threads.emplace_back([&, w] {
      SplitMix64 rng(w + 10);
      for (int i = 0; i < 20000; ++i)
        table.store(i % 2 ? kSolvedKey : 100 + rng.below(50), {{1, 1}, std::uint32_t(rng.below(1u << 20))});
    });
  for (auto& t : threads) t.join();
  EntryData e;
  ASSERT_TRUE(table.probe(kSolvedKey, e));
  EXPECT_TRUE(e.numbers.proven());
}

}  // namespace
}  // namespace dfpn::tt
