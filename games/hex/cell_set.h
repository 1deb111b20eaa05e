// A set of Hex cells as a fixed bitset: the carriers of virtual connections
// are unions, intersections and disjointness tests of these, so they must be
// a few word operations. CellSet holds any board (19×19 = 361 cells in six
// words); H-search works on the narrowest set that holds its board (one
// word up to 8×8, two up to 11×11), which is what makes it fast there.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

namespace dfpn::games {

template <int Words>
class BasicCellSet {
 public:
  static constexpr int kWords = Words;
  static constexpr int kCapacity = 64 * Words;

  constexpr BasicCellSet() = default;

  // The same cells in a set of another width (cells beyond its capacity
  // are dropped; callers convert only sets that fit).
  template <int Other>
  explicit BasicCellSet(const BasicCellSet<Other>& other) {
    for (int i = 0; i < std::min(Words, Other); ++i) words_[std::size_t(i)] = other.word(i);
  }

  static BasicCellSet all_below(int cells) {
    BasicCellSet s;
    for (int i = 0; i < cells; ++i) s.insert(i);
    return s;
  }

  void insert(int cell) { words_[std::size_t(cell >> 6)] |= std::uint64_t{1} << (cell & 63); }
  void erase(int cell) { words_[std::size_t(cell >> 6)] &= ~(std::uint64_t{1} << (cell & 63)); }
  bool contains(int cell) const { return (words_[std::size_t(cell >> 6)] >> (cell & 63)) & 1u; }

  bool empty() const {
    std::uint64_t any = 0;
    for (auto w : words_) any |= w;
    return any == 0;
  }
  int size() const {
    int n = 0;
    for (auto w : words_) n += std::popcount(w);
    return n;
  }
  bool intersects(const BasicCellSet& o) const {
    for (int i = 0; i < kWords; ++i)
      if (words_[std::size_t(i)] & o.words_[std::size_t(i)]) return true;
    return false;
  }
  bool subset_of(const BasicCellSet& o) const {
    for (int i = 0; i < kWords; ++i)
      if (words_[std::size_t(i)] & ~o.words_[std::size_t(i)]) return false;
    return true;
  }

  BasicCellSet& operator|=(const BasicCellSet& o) {
    for (int i = 0; i < kWords; ++i) words_[std::size_t(i)] |= o.words_[std::size_t(i)];
    return *this;
  }
  BasicCellSet& operator&=(const BasicCellSet& o) {
    for (int i = 0; i < kWords; ++i) words_[std::size_t(i)] &= o.words_[std::size_t(i)];
    return *this;
  }
  BasicCellSet& operator-=(const BasicCellSet& o) {
    for (int i = 0; i < kWords; ++i) words_[std::size_t(i)] &= ~o.words_[std::size_t(i)];
    return *this;
  }
  friend BasicCellSet operator|(BasicCellSet a, const BasicCellSet& b) { return a |= b; }
  friend BasicCellSet operator&(BasicCellSet a, const BasicCellSet& b) { return a &= b; }
  friend BasicCellSet operator-(BasicCellSet a, const BasicCellSet& b) { return a -= b; }
  friend bool operator==(const BasicCellSet&, const BasicCellSet&) = default;

  std::uint64_t word(int i) const { return words_[std::size_t(i)]; }

  // The first cell at or after `from`, or -1: a walk in increasing order
  // that sees cells inserted ahead of it on the way.
  int next(int from) const {
    for (int i = from >> 6; i < kWords; ++i) {
      std::uint64_t w = words_[std::size_t(i)];
      if (i == from >> 6) w &= ~std::uint64_t{0} << (from & 63);
      if (w) return i * 64 + std::countr_zero(w);
    }
    return -1;
  }

  // Calls f(cell) for every cell, in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < kWords; ++i)
      for (std::uint64_t w = words_[std::size_t(i)]; w; w &= w - 1) f(i * 64 + std::countr_zero(w));
  }

 private:
  std::array<std::uint64_t, kWords> words_{};
};

using CellSet = BasicCellSet<6>;
static_assert(CellSet::kCapacity >= 19 * 19);

}  // namespace dfpn::games
