// The transposition table: one arena, allocated and zeroed once from a byte
// budget, never resized; memory does not grow during a search.
//
// The arena is an array of 4-entry buckets (128 bytes: two cache lines that
// the adjacent-line prefetcher brings in together). A key maps to one bucket
// by multiply-shift, so any bucket count works and the whole budget is used.
//
// Replacement, in one expression (`keep_value`): more work below the node
// wins, halved for every generation the entry has not been touched, solved or
// not. A store that finds its key updates it (a solved result is never
// overwritten by an unsolved one); otherwise it always evicts the lowest-
// valued slot. A small table must keep the nodes a search is working on: when
// solved entries outranked them, a full table of cheap solved leaves turned
// every new node away and the search thrashed (docs/benchmarks.md, "Hex: a
// cheaper analysis"). A cheap solved entry is cheap to solve again.
//
// Readers are lock-free (see entry.h); the table itself counts nothing, so
// there is no shared counter on the hot path: callers count what they do.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>

#include "dfpn/base/page_array.h"
#include "tt/entry.h"

namespace dfpn::tt {

enum class StoreOutcome : std::uint8_t { Updated, Inserted, Replaced, Dropped };

class TranspositionTable {
 public:
  static constexpr std::size_t kBucketEntries = 4;
  struct alignas(128) Bucket {
    Entry entries[kBucketEntries];
  };
  static_assert(sizeof(Bucket) == 128);

  // The largest table that fits in `bytes` (at least one bucket).
  static TranspositionTable with_bytes(std::size_t bytes) {
    return TranspositionTable(std::max<std::size_t>(1, bytes / sizeof(Bucket)));
  }
  // At least `entries` entries (rounded up to whole buckets).
  static TranspositionTable with_entries(std::size_t entries) {
    return TranspositionTable(std::max<std::size_t>(1, (entries + kBucketEntries - 1) / kBucketEntries));
  }

  explicit TranspositionTable(std::size_t bucket_count)
      : bucket_count_(bucket_count), buckets_(bucket_count) {}

  TranspositionTable(TranspositionTable&&) noexcept = default;
  TranspositionTable& operator=(TranspositionTable&&) noexcept = default;

  bool probe(std::uint64_t key, EntryData& out) const {
    const Bucket& b = bucket(key = normalise(key));
    for (const Entry& e : b.entries)
      if (e.read(key, out)) return true;
    return false;
  }

  // Starts loading the bucket of `key` (both cache lines), so a probe a
  // little later does not wait for memory.
  void prefetch(std::uint64_t key) const {
    const char* at = reinterpret_cast<const char*>(&bucket(normalise(key)));
    __builtin_prefetch(at);
    __builtin_prefetch(at + 64);
  }

  StoreOutcome store(std::uint64_t key, EntryData data) {
    key = normalise(key);
    data.generation = generation();
    Bucket& b = bucket(key);
    for (Entry& e : b.entries) {
      if (e.peek_key() != key) continue;
      EntryData old;
      if (e.read(key, old) && old.solved() && !data.solved()) return StoreOutcome::Dropped;
      e.write(key, data);
      return StoreOutcome::Updated;
    }
    Entry* victim = &b.entries[0];
    for (Entry& e : b.entries) {
      if (e.peek_key() == Entry::kEmpty) {
        e.write(key, data);
        return StoreOutcome::Inserted;
      }
      if (keep_value(e.peek()) < keep_value(victim->peek())) victim = &e;
    }
    victim->write(key, data);
    return StoreOutcome::Replaced;
  }

  // Starts a new search: older entries lose value in replacement.
  void new_generation() { std::atomic_ref<std::uint8_t>(generation_).fetch_add(1, std::memory_order_relaxed); }
  void clear() {
    for (std::size_t i = 0; i < bucket_count_; ++i)
      for (Entry& e : buckets_[i].entries) e.clear();
    generation_ = 0;
  }

  // Calls f(key, data) for every occupied entry (a consistent copy of each;
  // entries that writers change meanwhile may be seen old or new).
  template <class F>
  void for_each(F&& f) const {
    std::uint64_t key;
    EntryData data;
    for (std::size_t i = 0; i < bucket_count_; ++i)
      for (const Entry& e : buckets_[i].entries)
        if (e.read_any(key, data)) f(key, data);
  }

  std::size_t entry_count() const { return bucket_count_ * kBucketEntries; }
  std::size_t bytes() const { return bucket_count_ * sizeof(Bucket); }

  // Fraction of occupied slots, from a sample of up to 1024 buckets.
  double fill() const {
    const std::size_t sample = std::min<std::size_t>(bucket_count_, 1024);
    const std::size_t stride = bucket_count_ / sample;
    std::size_t used = 0;
    for (std::size_t i = 0; i < sample; ++i)
      for (const Entry& e : buckets_[i * stride].entries) used += e.peek_key() != Entry::kEmpty;
    return double(used) / double(sample * kBucketEntries);
  }

 private:
  // Value of keeping an entry; the lowest in a bucket is evicted.
  std::uint64_t keep_value(const EntryData& e) const {
    const unsigned age = static_cast<std::uint8_t>(generation() - e.generation);
    return std::uint64_t{e.work} >> std::min(age, 32u);
  }

  static std::uint64_t normalise(std::uint64_t key) { return key == Entry::kEmpty ? 1 : key; }

  Bucket& bucket(std::uint64_t key) const {
    __extension__ using Wide = unsigned __int128;
    const auto index = static_cast<std::size_t>((static_cast<Wide>(key) * bucket_count_) >> 64);
    return buckets_[index];
  }

  std::size_t bucket_count_;
  PageArray<Bucket> buckets_;  // on huge pages: probes land anywhere in the arena
  // Searches that run at once on one table (a proof team's) each start a
  // generation: relaxed atomics, since an approximate age is all
  // replacement needs.
  std::uint8_t generation() const {
    return std::atomic_ref<std::uint8_t>(generation_).load(std::memory_order_relaxed);
  }
  mutable std::uint8_t generation_ = 0;  // mutable: atomic_ref needs a non-const object
};

}  // namespace dfpn::tt
