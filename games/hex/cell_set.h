// A set of Hex cells as a fixed bitset (up to 19×19 = 361 cells in six
// words): the carriers of virtual connections are unions, intersections and
// disjointness tests of these, so they must be a few word operations.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace dfpn::games {

class CellSet {
 public:
  static constexpr int kWords = 6;

  constexpr CellSet() = default;

  static CellSet all_below(int cells) {
    CellSet s;
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
  bool intersects(const CellSet& o) const {
    for (int i = 0; i < kWords; ++i)
      if (words_[std::size_t(i)] & o.words_[std::size_t(i)]) return true;
    return false;
  }
  bool subset_of(const CellSet& o) const {
    for (int i = 0; i < kWords; ++i)
      if (words_[std::size_t(i)] & ~o.words_[std::size_t(i)]) return false;
    return true;
  }

  CellSet& operator|=(const CellSet& o) {
    for (int i = 0; i < kWords; ++i) words_[std::size_t(i)] |= o.words_[std::size_t(i)];
    return *this;
  }
  CellSet& operator&=(const CellSet& o) {
    for (int i = 0; i < kWords; ++i) words_[std::size_t(i)] &= o.words_[std::size_t(i)];
    return *this;
  }
  CellSet& operator-=(const CellSet& o) {
    for (int i = 0; i < kWords; ++i) words_[std::size_t(i)] &= ~o.words_[std::size_t(i)];
    return *this;
  }
  friend CellSet operator|(CellSet a, const CellSet& b) { return a |= b; }
  friend CellSet operator&(CellSet a, const CellSet& b) { return a &= b; }
  friend CellSet operator-(CellSet a, const CellSet& b) { return a -= b; }
  friend bool operator==(const CellSet&, const CellSet&) = default;

  // Calls f(cell) for every cell, in increasing order.
  template <class F>
  void for_each(F&& f) const {
    for (int i = 0; i < kWords; ++i)
      for (std::uint64_t w = words_[std::size_t(i)]; w; w &= w - 1) f(i * 64 + std::countr_zero(w));
  }

 private:
  std::array<std::uint64_t, kWords> words_{};
};

}  // namespace dfpn::games
