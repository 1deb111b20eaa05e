// K-truncated node sets (Müller, "Proof-Set Search", TR 01-09, section 4).
//
// A set keeps at most K nodes explicitly (`elements`, sorted) plus a bound on
// the size of the whole set. K = 0 makes it a proof number; K = kUnbounded a
// plain set. With heuristic weights (section 5) every node has a weight h(n),
// the bound is on the set's total weight, and nodes are ordered by weight
// first, so truncation keeps the lightest ones.
//
//   union:  bound(a ∪ b) = bound(a) + bound(b) − h(rep(a) ∩ rep(b));
//           rep(a ∪ b)   = the first K nodes of rep(a) ∪ rep(b)
//   min:    smaller bound first; on equal bounds, the explicit parts compare
//           as plain sets: fewer nodes first, then lexicographically
//   ∞:      {}∞ ∪ s = {}∞, min(s, {}∞) = s
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace dfpn {

class TruncatedSet {
 public:
  static constexpr std::size_t kUnbounded = std::numeric_limits<std::size_t>::max();
  static constexpr std::uint64_t kInfinite = std::numeric_limits<std::uint64_t>::max();

  // Nodes are ordered by weight, then id (node ids follow creation order).
  struct Element {
    std::uint32_t weight;
    std::uint32_t node;
    auto operator<=>(const Element&) const = default;
  };

  static TruncatedSet empty() { return TruncatedSet({}, 0); }
  static TruncatedSet infinite() { return TruncatedSet({}, kInfinite); }
  static TruncatedSet single(std::uint32_t node, std::size_t k, std::uint32_t weight = 1) {
    return k == 0 ? TruncatedSet({}, weight) : TruncatedSet({{weight, node}}, weight);
  }
  // A set given by its explicit part and bound (tests, examples).
  static TruncatedSet of(std::vector<Element> elements, std::uint64_t bound) {
    std::sort(elements.begin(), elements.end());
    return TruncatedSet(std::move(elements), bound);
  }

  std::uint64_t bound() const { return bound_; }
  const std::vector<Element>& elements() const { return rep_; }
  bool is_infinite() const { return bound_ == kInfinite; }
  bool is_empty() const { return bound_ == 0; }

  // The K-truncated union.
  static TruncatedSet unite(const TruncatedSet& a, const TruncatedSet& b, std::size_t k) {
    if (a.is_infinite() || b.is_infinite()) return infinite();
    std::vector<Element> merged;
    merged.reserve(a.rep_.size() + b.rep_.size());
    std::uint64_t overlap = 0;
    auto i = a.rep_.begin(), j = b.rep_.begin();
    while (i != a.rep_.end() || j != b.rep_.end()) {
      if (j == b.rep_.end() || (i != a.rep_.end() && *i < *j)) {
        merged.push_back(*i++);
      } else if (i == a.rep_.end() || *j < *i) {
        merged.push_back(*j++);
      } else {  // the same node in both
        overlap += i->weight;
        merged.push_back(*i++);
        ++j;
      }
    }
    if (merged.size() > k) merged.resize(k);
    return TruncatedSet(std::move(merged), a.bound_ + b.bound_ - overlap);
  }

  // Minimum selection: does `a` come strictly before `b`?
  static bool precedes(const TruncatedSet& a, const TruncatedSet& b) {
    if (a.bound_ != b.bound_) return a.bound_ < b.bound_;
    if (a.rep_.size() != b.rep_.size()) return a.rep_.size() < b.rep_.size();
    return a.rep_ < b.rep_;
  }

  // A node in both explicit parts (the first in `a`'s order), if any.
  static std::optional<std::uint32_t> common_node(const TruncatedSet& a, const TruncatedSet& b) {
    for (const Element& x : a.rep_)
      for (const Element& y : b.rep_)
        if (x.node == y.node) return x.node;
    return std::nullopt;
  }

  bool contains(std::uint32_t node) const {
    return std::any_of(rep_.begin(), rep_.end(), [&](const Element& e) { return e.node == node; });
  }

  friend bool operator==(const TruncatedSet&, const TruncatedSet&) = default;

 private:
  TruncatedSet(std::vector<Element> rep, std::uint64_t bound) : rep_(std::move(rep)), bound_(bound) {}

  std::vector<Element> rep_;  // sorted by (weight, node)
  std::uint64_t bound_;
};

}  // namespace dfpn
