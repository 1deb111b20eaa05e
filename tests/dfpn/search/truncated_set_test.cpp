// The worked examples of Müller's report (TR 01-09), section 2 and 4-5.
#include "dfpn/search/truncated_set.h"

#include <gtest/gtest.h>

#include "dfpn/base/types.h"

namespace dfpn {
namespace {

using E = TruncatedSet::Element;
constexpr std::size_t kAll = TruncatedSet::kUnbounded;

// Letters as node ids in alphabetical order, weight 1.
E node(char letter) { return {1, std::uint32_t(letter - 'A')}; }
TruncatedSet letters(const std::string& s, std::uint64_t bound) {
  std::vector<E> elements;
  for (char c : s) elements.push_back(node(c));
  return TruncatedSet::of(elements, bound);
}
std::string letters_of(const TruncatedSet& set) {
  std::string out;
  for (const E& e : set.elements()) out += char('A' + e.node);
  return out;
}

TEST(TruncatedSet, Examples1And2SetsCountASharedNodeOnce) {
  // AND node A over OR nodes B, C, D (each with the single child F) and E
  // (children F and G). F and G are frontier nodes.
  const auto F = TruncatedSet::single('F' - 'A', kAll), G = TruncatedSet::single('G' - 'A', kAll);
  // OR nodes: pset = min of children, dset = union.
  const auto pset_B = F, pset_C = F, pset_D = F;
  const auto pset_E = TruncatedSet::precedes(G, F) ? G : F;
  EXPECT_EQ(pset_E, F);  // {F} < {G} by node order
  // AND node A: pset = union of the children's psets.
  TruncatedSet pset_A = TruncatedSet::empty();
  for (const auto& s : {pset_B, pset_C, pset_D, pset_E}) pset_A = TruncatedSet::unite(pset_A, s, kAll);
  EXPECT_EQ(pset_A.bound(), 1u);  // |pset(A)| = 1 ...
  EXPECT_EQ(letters_of(pset_A), "F");
  // ... where proof numbers add up: pn(A) = pn(B) + pn(C) + pn(D) + pn(E) = 4.
  ProofNumber pn_A = 0;
  for (ProofNumber pn : {1u, 1u, 1u, 1u}) pn_A = saturating_add(pn_A, pn);
  EXPECT_EQ(pn_A, 4u);
  // Disproof sets: dset(E) = {F, G}, dset(A) = min({F}, {F}, {F}, {F, G}) = {F}.
  const auto dset_E = TruncatedSet::unite(F, G, kAll);
  EXPECT_EQ(letters_of(dset_E), "FG");
  EXPECT_TRUE(TruncatedSet::precedes(F, dset_E));
}

TEST(TruncatedSet, Example6EightTruncatedUnion) {
  const auto s1 = letters("ADEHKLMQ", 16), s2 = letters("CDEFHMPQ", 13);
  const auto u = TruncatedSet::unite(s1, s2, 8);
  EXPECT_EQ(letters_of(u), "ACDEFHKL");
  EXPECT_EQ(u.bound(), 24u);  // 16 + 13 - |{D, E, H, M, Q}|
}

TEST(TruncatedSet, Example7ZeroTruncatedSetsAreProofNumbers) {
  const auto a = TruncatedSet::of({}, 5);
  EXPECT_EQ(TruncatedSet::unite(a, a, 0).bound(), 10u);
  EXPECT_EQ(TruncatedSet::single(3, 0).bound(), 1u);
  EXPECT_TRUE(TruncatedSet::single(3, 0).elements().empty());
}

TEST(TruncatedSet, Example8SelfUnionIsNotAbsorbed) {
  const auto a = letters("AB", 5);
  const auto u = TruncatedSet::unite(a, a, 2);
  EXPECT_EQ(letters_of(u), "AB");
  EXPECT_EQ(u.bound(), 8u);  // 5 + 5 - 2: the hidden parts may differ
}

TEST(TruncatedSet, Example9HeuristicWeights) {
  // A10 B15 C7 D16 E18 F39, 4-truncated, ordered by weight.
  auto w = [](char c, std::uint32_t weight) { return E{weight, std::uint32_t(c - 'A')}; };
  const auto A = w('A', 10), B = w('B', 15), C = w('C', 7), D = w('D', 16), E_ = w('E', 18), F = w('F', 39);
  auto set = [](std::vector<E> es) {
    std::uint64_t total = 0;
    for (const E& e : es) total += e.weight;
    return TruncatedSet::of(es, total);
  };
  const auto s1 = set({A, B, C}), s2 = set({A, D, E_});
  EXPECT_EQ(s1.bound(), 32u);
  EXPECT_EQ(s2.bound(), 44u);
  const auto u = TruncatedSet::unite(s1, s2, 4);
  EXPECT_EQ(u.elements(), (std::vector<E>{C, A, B, D}));  // lightest first
  EXPECT_EQ(u.bound(), 66u);                              // 32 + 44 - h(A)
  const auto u2 = TruncatedSet::unite(s1, set({B, D, F}), 4);
  EXPECT_EQ(u2.elements(), (std::vector<E>{C, A, B, D}));
  EXPECT_EQ(u2.bound(), 87u);  // 32 + 70 - h(B)
}

TEST(TruncatedSet, MinimumSelectionAndInfinity) {
  EXPECT_TRUE(TruncatedSet::precedes(letters("Z", 1), letters("AB", 2)));    // smaller bound
  EXPECT_TRUE(TruncatedSet::precedes(letters("DEF", 3), letters("DEG", 3)));  // lexicographic
  EXPECT_FALSE(TruncatedSet::precedes(letters("DEF", 3), letters("DEF", 3)));
  const auto inf = TruncatedSet::infinite();
  EXPECT_TRUE(TruncatedSet::precedes(letters("A", 1), inf));
  EXPECT_FALSE(TruncatedSet::precedes(inf, inf));
  EXPECT_TRUE(TruncatedSet::unite(letters("A", 1), inf, kAll).is_infinite());
  EXPECT_EQ(TruncatedSet::unite(TruncatedSet::empty(), letters("A", 1), kAll), letters("A", 1));
}

}  // namespace
}  // namespace dfpn
