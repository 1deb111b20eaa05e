// A cache by position hash that copies of a game share between threads.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace dfpn::games {

// A fixed-size, direct-mapped cache by hash, safe to share between
// threads: entries are allocated once on first use (memory does not grow
// during a search) and each stripe of entries has its own lock.
template <class Value, std::size_t kEntries>
class SharedCache {
 public:
  // Calls read_entry(value) under the entry's lock if `key` is cached.
  template <class Read>
  bool read(std::uint64_t key, Read read_entry) const {
    const Entry& e = entries()[key & (kEntries - 1)];
    std::lock_guard<std::mutex> guard(lock_for(key));
    if (!e.filled || e.key != key) return false;
    read_entry(e.value);
    return true;
  }
  // The memory it takes once allocated (it never takes more).
  static constexpr std::size_t bytes() { return kEntries * sizeof(Entry); }

  void store(std::uint64_t key, const Value& value) {
    Entry& e = entries()[key & (kEntries - 1)];
    std::lock_guard<std::mutex> guard(lock_for(key));
    e.key = key;
    e.filled = true;
    e.value = value;
  }

 private:
  static_assert((kEntries & (kEntries - 1)) == 0, "a power of two");
  struct Entry {
    std::uint64_t key = 0;
    bool filled = false;
    Value value;
  };
  static constexpr std::size_t kStripes = 64;
  std::vector<Entry>& entries() const {
    std::call_once(allocated_, [this] { entries_.resize(kEntries); });
    return entries_;
  }
  std::mutex& lock_for(std::uint64_t key) const { return locks_[key % kStripes]; }

  mutable std::once_flag allocated_;
  mutable std::vector<Entry> entries_;
  mutable std::array<std::mutex, kStripes> locks_;
};

}  // namespace dfpn::games
