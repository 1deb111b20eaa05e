// A fixed array on huge pages, for the large arrays that probes reach
// anywhere (the transposition table, the games' caches).
//
// Arrays of 2 MiB or more start on a 2 MiB boundary and ask the kernel for
// huge pages. With 4 KiB pages nearly every probe would also miss the TLB,
// and setting the array up would take one page fault per 4 KiB, which on a
// virtual machine is a large share of a short solve (docs/benchmarks.md,
// "Setting up a solve").
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <stdexcept>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

namespace dfpn {

template <class T>
class PageArray {
 public:
  static constexpr std::size_t kHugePage = std::size_t{2} << 20;

  // `count` default-constructed elements, every page touched now so that
  // the search does not pay for them later.
  explicit PageArray(std::size_t count) : data_(allocate(count)), size_(count) {}

  T& operator[](std::size_t i) const { return data_.get()[i]; }
  std::size_t size() const { return size_; }

 private:
  static std::size_t alignment_for(std::size_t bytes) {
    return bytes >= kHugePage ? kHugePage : alignof(T) > alignof(std::max_align_t) ? alignof(T)
                                                                                   : alignof(std::max_align_t);
  }
  struct Free {
    std::size_t count = 0, alignment = alignof(T);
    void operator()(T* p) const {
      for (std::size_t i = 0; i < count; ++i) p[i].~T();
      ::operator delete(p, std::align_val_t{alignment});
    }
  };
  static std::unique_ptr<T, Free> allocate(std::size_t count) {
    if (count > (std::size_t{1} << 40) / sizeof(T)) throw std::length_error("array too large");
    const std::size_t bytes = count * sizeof(T), alignment = alignment_for(bytes);
    auto* raw = static_cast<T*>(::operator new(bytes, std::align_val_t{alignment}));
#ifdef MADV_HUGEPAGE
    if (alignment == kHugePage) madvise(raw, bytes - bytes % kHugePage, MADV_HUGEPAGE);  // a hint: may be ignored
#endif
    for (std::size_t i = 0; i < count; ++i) new (&raw[i]) T();
    return std::unique_ptr<T, Free>(raw, Free{count, alignment});
  }

  std::unique_ptr<T, Free> data_;
  std::size_t size_;
};

}  // namespace dfpn
