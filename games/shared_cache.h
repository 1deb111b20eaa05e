// A cache by position hash that copies of a game share between threads.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>

#include "dfpn/base/page_array.h"

namespace dfpn::games {

// A fixed-size, direct-mapped cache by hash, safe to share between
// threads: entries are allocated once on first use (memory does not grow
// during a search) and each stripe of entries has its own lock. Its
// capacity is set at construction, so a process memory budget can size it.
template <class Value>
class SharedCache {
  struct Entry {
    std::uint64_t key = 0;
    bool filled = false;
    Value value;
  };

 public:
  static constexpr std::size_t kEntryBytes = sizeof(Entry);
  // `entries` is rounded down to a power of two (at least one).
  explicit SharedCache(std::size_t entries) : entry_count_(std::bit_floor(std::max<std::size_t>(entries, 1))) {}

  // Calls read_entry(value) under the entry's lock if `key` is cached.
  template <class Read>
  bool read(std::uint64_t key, Read read_entry) const {
    const Entry& e = entries()[key & (entry_count_ - 1)];
    std::lock_guard<std::mutex> guard(lock_for(key));
    if (!e.filled || e.key != key) return false;
    read_entry(e.value);
    return true;
  }
  void store(std::uint64_t key, const Value& value) {
    Entry& e = entries()[key & (entry_count_ - 1)];
    std::lock_guard<std::mutex> guard(lock_for(key));
    e.key = key;
    e.filled = true;
    e.value = value;
  }
  // The memory it takes once allocated (it never takes more).
  std::size_t bytes() const { return entry_count_ * kEntryBytes; }
  std::size_t entry_count() const { return entry_count_; }

 private:
  static constexpr std::size_t kStripes = 64;
  PageArray<Entry>& entries() const {
    std::call_once(allocated_, [this] { entries_ = std::make_unique<PageArray<Entry>>(entry_count_); });
    return *entries_;
  }
  std::mutex& lock_for(std::uint64_t key) const { return locks_[key % kStripes]; }

  std::size_t entry_count_;
  mutable std::once_flag allocated_;
  mutable std::unique_ptr<PageArray<Entry>> entries_;
  mutable std::array<std::mutex, kStripes> locks_;
};

}  // namespace dfpn::games
