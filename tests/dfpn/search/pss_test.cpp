#include "dfpn/search/pss.h"

#include <gtest/gtest.h>

#include <functional>

#include "dfpn/search/minimax.h"
#include "dfpn/search/pns.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"
#include "support/instances.h"

namespace dfpn {
namespace {

using games::Shape;
using games::SyntheticGame;
constexpr std::size_t kUnbounded = TruncatedSet::kUnbounded;

TEST(Pss, ZeroZeroExpandsExactlyLikePns) {
  // Theorem 4: PSS(0,0) is PNS, expansion for expansion.
  auto same = [](const auto& game, Player attacker) {
    ProofNumberSearch pns(game, attacker);
    pns.record_expansion_order(true);
    pns.solve();
    ProofSetSearch pss(game, attacker, {}, PssOptions{0, 0});
    pss.record_expansion_order(true);
    pss.solve();
    return pns.expansion_order() == pss.expansion_order();
  };
  EXPECT_TRUE(same(games::TicTacToe{}, Player::Black));
  EXPECT_TRUE(same(games::TicTacToe{}, Player::White));
  for (Shape shape : {Shape::Tree, Shape::Dag, Shape::Graph})
    for (std::uint64_t seed = 0; seed < 300; ++seed)
      ASSERT_TRUE(same(SyntheticGame(seed, testing::instance_params(shape, seed)), Player::Black))
          << testing::describe(shape, seed);
}

TEST(Pss, Theorem1ProofAndDisproofSetsOfUnprovenNodesIntersect) {
  // Stop plain PSS after a few expansions and check every unproven node.
  int checked = 0;
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    SyntheticGame g(seed, testing::instance_params(Shape::Dag, seed));
    for (std::uint64_t budget : {3, 10, 30}) {
      Limits limits;
      limits.max_nodes = budget;
      ProofSetSearch pss(g, Player::Black, limits, PssOptions{kUnbounded, kUnbounded});
      pss.solve();
      for (const auto& n : pss.nodes()) {
        if (n.pset.is_empty() || n.dset.is_empty()) continue;
        ASSERT_TRUE(TruncatedSet::common_node(n.pset, n.dset)) << testing::describe(Shape::Dag, seed);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 1000);
}

// Theorem 5: on the DAG PSS(P,D) built, its bounds never exceed the proof
// and disproof numbers PNS computes on that same DAG.
template <Game G>
void check_dominance(const G& game, PssOptions options, const std::string& what) {
  Limits limits;
  limits.max_nodes = 60;  // stop midway: the theorem is about every state
  ProofSetSearch pss(game, Player::Black, limits, options);
  pss.solve();
  const auto& nodes = pss.nodes();
  std::vector<std::optional<Numbers>> memo(nodes.size());
  std::function<Numbers(std::uint32_t)> pn_of = [&](std::uint32_t id) -> Numbers {
    if (memo[id]) return *memo[id];
    const auto& n = nodes[id];
    Numbers r;
    if (!n.expanded) {
      r = n.pset.is_empty() ? Numbers::proven_node() : n.dset.is_empty() ? Numbers::disproven_node() : Numbers{1, 1};
    } else if (n.children.empty()) {
      r = n.is_or ? Numbers::disproven_node() : Numbers::proven_node();
    } else {
      r = n.is_or ? Numbers{kInfinity, 0} : Numbers{0, kInfinity};
      for (const auto& e : n.children) {
        const Numbers c = pn_of(e.child);
        if (n.is_or) r = {std::min(r.pn, c.pn), saturating_add(r.dn, c.dn)};
        else r = {saturating_add(r.pn, c.pn), std::min(r.dn, c.dn)};
      }
    }
    memo[id] = r;
    return r;
  };
  auto bound = [](const TruncatedSet& s) { return s.is_infinite() ? std::uint64_t{kInfinity} : s.bound(); };
  for (std::uint32_t id = 0; id < nodes.size(); ++id) {
    const Numbers pn = pn_of(id);
    ASSERT_LE(bound(nodes[id].pset), pn.pn) << what << " node " << id;
    ASSERT_LE(bound(nodes[id].dset), pn.dn) << what << " node " << id;
  }
}

TEST(Pss, Theorem5BoundsNeverExceedProofNumbersOnTheSameDag) {
  for (const PssOptions& o : {PssOptions{0, 0}, PssOptions{2, 2}, PssOptions{8, 3}, PssOptions{kUnbounded, kUnbounded}}) {
    check_dominance(games::TicTacToe{}, o, "tictactoe");
    for (std::uint64_t seed = 0; seed < 200; ++seed)
      check_dominance(SyntheticGame(seed, testing::instance_params(Shape::Dag, seed)), o,
                      testing::describe(Shape::Dag, seed));
  }
}

TEST(Pss, TicTacToeIsDisprovenByEveryVariant) {
  for (const PssOptions& o : {PssOptions{0, 0}, PssOptions{4, 4}, PssOptions{20, 20}, PssOptions{kUnbounded, kUnbounded}}) {
    ProofSetSearch pss(games::TicTacToe{}, Player::Black, {}, o);
    const auto r = pss.solve();
    ASSERT_EQ(r.outcome, Outcome::Disproven);
    const auto proof = pss.proof();
    ASSERT_TRUE(proof);
    EXPECT_TRUE(verify_proof(games::TicTacToe{}, *proof, Player::Black, r.outcome).ok);
  }
}

void check_against_oracle(Shape shape, PssOptions options) {
  for (std::uint64_t seed = 0; seed < 500; ++seed) {
    SyntheticGame g(seed, testing::instance_params(shape, seed));
    const Player attacker = seed % 2 ? Player::Black : Player::White;
    const Outcome expected = Minimax(g, attacker).solve().outcome;
    ProofSetSearch pss(g, attacker, {}, options);
    const auto r = pss.solve();
    ASSERT_EQ(r.outcome, expected) << testing::describe(shape, seed);
    const auto proof = pss.proof();
    ASSERT_TRUE(proof) << testing::describe(shape, seed);
    const auto v = verify_proof(g, *proof, attacker, r.outcome);
    ASSERT_TRUE(v.ok) << testing::describe(shape, seed) << ": " << v.error;
  }
}

TEST(Pss, AgreesWithOracleForSeveralTruncations) {
  for (const PssOptions& o : {PssOptions{0, 0}, PssOptions{1, 1}, PssOptions{4, 4}, PssOptions{20, 2},
                              PssOptions{kUnbounded, kUnbounded}, PssOptions{4, 4, true}})
    for (Shape shape : {Shape::Tree, Shape::Dag, Shape::Graph}) check_against_oracle(shape, o);
}

}  // namespace
}  // namespace dfpn
