#include "dfpn/base/proof.h"

#include <gtest/gtest.h>

#include <charconv>
#include <stop_token>

#include "dfpn/search/minimax.h"
#include "dfpn/search/pns.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"
#include "support/instances.h"

namespace dfpn {
namespace {

using games::TicTacToe;
using TttProof = Proof<TicTacToe::Move>;

TttProof tictactoe_disproof() {
  TicTacToe g;
  ProofNumberSearch pns(g, Player::Black);
  EXPECT_EQ(pns.solve().outcome, Outcome::Disproven);
  auto proof = pns.proof();
  EXPECT_TRUE(proof);
  return *proof;
}

// The index of the first node where `side` is to move and that has edges.
std::uint32_t first_node_of(const TttProof& proof, Player side) {
  // Walk the proof from the root, replaying moves, until the side matches.
  TicTacToe g;
  std::function<std::optional<std::uint32_t>(std::uint32_t)> find =
      [&](std::uint32_t id) -> std::optional<std::uint32_t> {
    if (g.to_move() == side && proof.nodes[id].edge_count > 0) return id;
    for (const auto& e : proof.edges_of(id)) {
      g.play(e.move);
      auto r = find(e.child);
      g.undo();
      if (r) return r;
    }
    return std::nullopt;
  };
  return find(0).value();
}

TEST(ProofVerifier, AcceptsAGenuineProof) {
  const auto proof = tictactoe_disproof();
  const auto v = verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven);
  EXPECT_TRUE(v.ok) << v.error;
  EXPECT_GT(v.positions, 10u);
  EXPECT_EQ(proof.winner, Player::White);
}

// A stop request cuts a long check short: neither valid nor invalid.
TEST(ProofVerifier, StopsWhenAskedAndSaysSo) {
  const auto proof = tictactoe_disproof();
  const auto whole = verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven);
  ASSERT_TRUE(whole.ok) << whole.error;
  ASSERT_GT(whole.positions, 256u) << "long enough to meet the stop";
  std::stop_source stop;
  stop.request_stop();
  const auto cut = verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven, stop.get_token());
  EXPECT_FALSE(cut.ok);
  EXPECT_TRUE(cut.stopped);
  EXPECT_EQ(cut.error, "stopped before the proof was checked");
  EXPECT_FALSE(whole.stopped);
}

TEST(ProofVerifier, RejectsTheWrongClaim) {
  const auto proof = tictactoe_disproof();
  EXPECT_FALSE(verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Proven).ok);
  EXPECT_FALSE(verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Unknown).ok);
}

TEST(ProofVerifier, RejectsAMissingDefence) {
  auto proof = tictactoe_disproof();
  // X (the loser here) to move at the root: drop one of its moves.
  ASSERT_EQ(proof.nodes[0].edge_count, 9u);
  proof.nodes[0].edge_count = 8;
  const auto v = verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.error.find("is not answered"), std::string::npos) << v.error;
}

TEST(ProofVerifier, RejectsAnIllegalOrLosingMove) {
  const auto genuine = tictactoe_disproof();
  const std::uint32_t o_node = first_node_of(genuine, Player::White);
  const auto edge_index = genuine.nodes[o_node].first_edge;

  // Replace O's chosen move by every other cell in turn: each is either
  // occupied (illegal) or leads to a subtree that no longer proves the claim.
  int rejected = 0;
  for (TicTacToe::Move cell = 0; cell < 9; ++cell) {
    if (cell == genuine.edges[edge_index].move) continue;
    auto proof = genuine;
    proof.edges[edge_index].move = cell;
    if (!verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven).ok) ++rejected;
  }
  EXPECT_EQ(rejected, 8);
}

TEST(ProofVerifier, RejectsAnUnfinishedLeaf) {
  auto proof = tictactoe_disproof();
  const std::uint32_t o_node = first_node_of(proof, Player::White);
  proof.nodes[o_node].edge_count = 0;  // claims a non-terminal position is settled
  EXPECT_FALSE(verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven).ok);
}

TEST(ProofVerifier, RejectsDanglingEdges) {
  auto proof = tictactoe_disproof();
  proof.edges[0].child = 1'000'000;
  EXPECT_FALSE(verify_proof(TicTacToe{}, proof, Player::Black, Outcome::Disproven).ok);
}

TEST(ProofVerifier, RejectsARepetitionThatFavoursTheLoser) {
  // In cyclic games a repetition leaf is valid only if the rule favours the
  // winner; claiming the opposite outcome with the same proof must fail.
  int checked = 0;
  for (std::uint64_t seed = 0; seed < 300 && checked < 20; ++seed) {
    games::SyntheticGame g(seed, testing::instance_params(games::Shape::Graph, seed));
    ProofNumberSearch pns(g, Player::Black);
    const auto r = pns.solve();
    auto proof = pns.proof();
    ASSERT_TRUE(proof);
    // Keep only proofs that use a repetition leaf (a leaf with no edges that
    // is not terminal by evaluate()).
    bool uses_repetition = false;
    std::function<void(std::uint32_t)> scan = [&](std::uint32_t id) {
      if (proof->nodes[id].edge_count == 0 && g.evaluate(Player::Black) == Outcome::Unknown) {
        games::SyntheticGame::MoveList moves;
        g.generate_moves(moves);
        if (!moves.empty()) uses_repetition = true;
      }
      for (const auto& e : proof->edges_of(id)) {
        g.play(e.move);
        scan(e.child);
        g.undo();
      }
    };
    scan(0);
    if (!uses_repetition) continue;
    ++checked;
    EXPECT_TRUE(verify_proof(g, *proof, Player::Black, r.outcome).ok);
    auto flipped = *proof;
    flipped.winner = opponent(flipped.winner);
    EXPECT_FALSE(verify_proof(g, flipped, Player::Black, negate(r.outcome)).ok);
  }
  EXPECT_GE(checked, 5);
}

TEST(ProofBuilder, FromTheOracleVerifies) {
  for (std::uint64_t seed = 0; seed < 300; ++seed) {
    for (auto shape : {games::Shape::Tree, games::Shape::Dag, games::Shape::Graph}) {
      games::SyntheticGame g(seed, testing::instance_params(shape, seed));
      Minimax oracle(g, Player::White);
      const auto r = oracle.solve();
      auto proof = build_proof(g, Player::White, r.outcome,
                               [&](games::SyntheticGame& pos) { return oracle.winning_moves(pos); });
      ASSERT_TRUE(proof) << testing::describe(shape, seed);
      const auto v = verify_proof(g, *proof, Player::White, r.outcome);
      ASSERT_TRUE(v.ok) << testing::describe(shape, seed) << ": " << v.error;
    }
  }
}

// A game whose certified leaves the verifier reads through its cache
// (kParsesCertificates): White picks one of `leaves` positions, each a
// leaf that a certificate must name ("any", or the leaf's number).
struct LemmaGame {
  using Move = int;
  using MoveList = std::vector<int>;
  using Certificate = int;  // the position it holds at; -1: any
  static constexpr int kAny = -1;
  inline static int parses = 0;

  int leaves = 0;
  std::vector<int> played;

  std::uint64_t hash() const { return played.empty() ? 1 : 1000 + std::uint64_t(played.back()); }
  Player to_move() const { return played.empty() ? Player::White : Player::Black; }
  void generate_moves(MoveList& moves) const {
    moves.clear();
    for (int i = 0; i < (played.empty() ? leaves : 1); ++i) moves.push_back(i);
  }
  void play(Move m) { played.push_back(m); }
  void undo() { played.pop_back(); }
  Outcome evaluate(Player) const { return Outcome::Unknown; }
  std::string move_to_string(Move m) const { return std::to_string(m); }

  static std::optional<Certificate> parse_certificate(const std::string& text, std::string& error) {
    ++parses;
    if (text == "any") return kAny;
    int at = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), at);
    if (ec != std::errc() || end != text.data() + text.size()) {
      error = "'" + text + "' is no certificate";
      return std::nullopt;
    }
    return at;
  }
  std::optional<std::string> check_certificate(const Certificate& c, Player) const {
    if (c == kAny || (!played.empty() && c == played.back())) return std::nullopt;
    return std::string("it holds elsewhere");
  }
  std::optional<std::string> check_certificate(const std::string& text, Player winner) const {
    std::string error;
    const auto c = parse_certificate(text, error);
    return c ? check_certificate(*c, winner) : error;
  }
};
static_assert(kParsesCertificates<LemmaGame>);

// Black's proof: every White move leads to a leaf citing cites[leaf].
Proof<int> lemma_proof(std::vector<std::string> certificates, const std::vector<std::uint32_t>& cites) {
  Proof<int> proof;
  proof.winner = Player::Black;
  proof.certificates = std::move(certificates);
  proof.nodes.resize(cites.size() + 1);
  proof.nodes[0].edge_count = std::uint32_t(cites.size());
  for (std::uint32_t leaf = 0; leaf < cites.size(); ++leaf) {
    proof.edges.push_back({int(leaf), leaf + 1});
    proof.nodes[leaf + 1].first_edge = std::uint32_t(proof.edges.size());
    proof.nodes[leaf + 1].certificate = cites[leaf];
  }
  return proof;
}

// Each certificate is read once however often it is cited, and a
// certificate read earlier never stands in for another that shares its
// place in the cache.
TEST(ProofVerifier, ReadsACertificateOnceAndNeverConfusesTwo) {
  const LemmaGame game{5000, {}};
  LemmaGame::parses = 0;
  const auto shared = verify_proof(game, lemma_proof({"any"}, std::vector<std::uint32_t>(5000, 0)), Player::Black,
                                   Outcome::Proven);
  ASSERT_TRUE(shared.ok) << shared.error;
  EXPECT_EQ(shared.certificates, 5000u);
  EXPECT_EQ(LemmaGame::parses, 1);

  // Leaf i cites certificate i; far more than the cache holds.
  std::vector<std::string> texts;
  std::vector<std::uint32_t> cites;
  for (std::uint32_t i = 0; i < 5000; ++i) texts.push_back(std::to_string(i)), cites.push_back(i);
  LemmaGame::parses = 0;
  const auto distinct = verify_proof(game, lemma_proof(texts, cites), Player::Black, Outcome::Proven);
  ASSERT_TRUE(distinct.ok) << distinct.error;
  EXPECT_EQ(LemmaGame::parses, 5000);

  // Certificates 7 and 7 + 4096 share a cache slot: the second, no
  // certificate at all, must not pass for the first.
  texts[7] = "any";
  texts[7 + 4096] = "nonsense";
  const auto mixed = verify_proof(game, lemma_proof(texts, cites), Player::Black, Outcome::Proven);
  EXPECT_FALSE(mixed.ok);
  EXPECT_NE(mixed.error.find("'nonsense' is no certificate"), std::string::npos) << mixed.error;
  // And a wrong one is refused where it is cited.
  texts[7 + 4096] = "8";
  const auto wrong = verify_proof(game, lemma_proof(texts, cites), Player::Black, Outcome::Proven);
  EXPECT_FALSE(wrong.ok);
  EXPECT_NE(wrong.error.find("holds elsewhere"), std::string::npos) << wrong.error;
}

}  // namespace
}  // namespace dfpn
