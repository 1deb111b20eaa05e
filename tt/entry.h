// One transposition-table entry: what df-pn remembers about a position.
//
// Byte layout (32 bytes, two per 64-byte cache line):
//
//   offset  size  field
//   ------  ----  ---------------------------------------------------------
//        0     8  key        full 64-bit position hash; 0 = empty slot
//        8     8  numbers    pn (bits 0-31) | dn (bits 32-63), for the attacker
//       16     8  meta       work (bits 0-31): expansions spent below the node,
//                            saturating | generation (bits 32-39)
//       24     4  sequence   seqlock: even = stable, odd = a writer is inside
//       28     4  -          padding (alignas(32)): two entries per cache line
//
// Concurrency: readers never lock. A writer takes the entry by moving the
// sequence from even to odd (CAS), writes, and releases it at the next even
// value. A reader copies the fields between two reads of the sequence and
// keeps the copy only if both reads are equal and even, so a half-written
// entry can never be taken for a proof. Ordering without fences (Boehm's
// seqlock formulation, which TSan also understands): the writer stores the
// fields with release after taking the odd sequence, so a reader that sees
// any new field also sees the odd sequence; the reader loads the fields with
// acquire, so its second sequence read cannot move above them. On x86 all of
// these are plain moves.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "dfpn/base/types.h"

namespace dfpn::tt {

// A consistent snapshot of an entry.
struct EntryData {
  Numbers numbers{};
  std::uint32_t work = 0;
  std::uint8_t generation = 0;

  bool solved() const { return numbers.solved(); }
};

class alignas(32) Entry {
 public:
  static constexpr std::uint64_t kEmpty = 0;

  // Reads a consistent copy. Returns false if the slot does not hold `key`
  // or a writer kept it busy through every attempt (then: treat as absent).
  bool read(std::uint64_t key, EntryData& out) const {
    for (int attempt = 0; attempt < kReadAttempts; ++attempt) {
      const std::uint32_t before = sequence_.load(std::memory_order_acquire);
      if (before & 1u) continue;
      const std::uint64_t k = key_.load(std::memory_order_acquire);
      const std::uint64_t n = numbers_.load(std::memory_order_acquire);
      const std::uint64_t m = meta_.load(std::memory_order_acquire);
      if (sequence_.load(std::memory_order_relaxed) != before) continue;
      if (k != key) return false;
      out = unpack(n, m);
      return true;
    }
    return false;
  }

  // The key and a consistent copy, whatever the key (saving the table).
  // False if the slot is empty or a writer kept it busy.
  bool read_any(std::uint64_t& key, EntryData& out) const {
    key = key_.load(std::memory_order_relaxed);
    return key != kEmpty && read(key, out);
  }

  // Key only (for choosing a slot); may be stale, never used as data.
  std::uint64_t peek_key() const { return key_.load(std::memory_order_relaxed); }
  // Replacement inputs, possibly stale; only used to rank victims.
  EntryData peek() const {
    return unpack(numbers_.load(std::memory_order_relaxed), meta_.load(std::memory_order_relaxed));
  }

  // Writes under the entry's seqlock (spins while another writer is inside;
  // writers hold it for a few stores only).
  void write(std::uint64_t key, const EntryData& data) {
    std::uint32_t seq = sequence_.load(std::memory_order_relaxed);
    for (;;) {
      if (!(seq & 1u) && sequence_.compare_exchange_weak(seq, seq + 1, std::memory_order_acquire,
                                                         std::memory_order_relaxed))
        break;
      seq = sequence_.load(std::memory_order_relaxed);
    }
    key_.store(key, std::memory_order_release);
    numbers_.store(std::uint64_t{data.numbers.pn} | (std::uint64_t{data.numbers.dn} << 32),
                   std::memory_order_release);
    meta_.store(std::uint64_t{data.work} | (std::uint64_t{data.generation} << 32), std::memory_order_release);
    sequence_.store(seq + 2, std::memory_order_release);
  }

  void clear() {
    key_.store(kEmpty, std::memory_order_relaxed);
    numbers_.store(0, std::memory_order_relaxed);
    meta_.store(0, std::memory_order_relaxed);
    sequence_.store(0, std::memory_order_relaxed);
  }

 private:
  static constexpr int kReadAttempts = 4;

  static EntryData unpack(std::uint64_t n, std::uint64_t m) {
    EntryData d;
    d.numbers.pn = static_cast<ProofNumber>(n);
    d.numbers.dn = static_cast<ProofNumber>(n >> 32);
    d.work = static_cast<std::uint32_t>(m);
    d.generation = static_cast<std::uint8_t>(m >> 32);
    return d;
  }

  std::atomic<std::uint64_t> key_{kEmpty};
  std::atomic<std::uint64_t> numbers_{0};
  std::atomic<std::uint64_t> meta_{0};
  std::atomic<std::uint32_t> sequence_{0};
};

static_assert(sizeof(Entry) == 32, "two entries per cache line");
static_assert(alignof(Entry) == 32);
static_assert(std::atomic<std::uint64_t>::is_always_lock_free);
static_assert(std::atomic<std::uint32_t>::is_always_lock_free);

}  // namespace dfpn::tt
