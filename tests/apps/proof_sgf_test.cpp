// Proofs as SGF: a proof written as a game tree reads back as a proof the
// verifier still accepts (SGF is a tree, so shared subproofs come back
// unfolded, and a second round trip changes nothing); a tampered tree is
// refused.
#include "dfpn/proof_sgf.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "dfpn/sgf_codec.h"
#include "dfpn/search/minimax.h"
#include "dfpn/search/pns.h"
#include "games/go/go.h"
#include "games/hex/hex.h"

namespace dfpn::cli {
namespace {

template <class G>
Proof<MoveOf<G>> round_trip(const G& game, const Proof<MoveOf<G>>& proof) {
  using Codec = SgfCodec<G>;
  sgf::Node root = Codec::root(game);
  add_proof_to_sgf<G>(game, proof, root, Codec::value);
  const sgf::Node back = sgf::parse(sgf::write(root));
  return proof_from_sgf<G>(Codec::setup(back), back, proof.winner, Codec::parse);
}

TEST(ProofSgf, HexProofsReadBackAndStillVerify) {
  for (const char* opening : {"a1", "b2", "c3"}) {
    games::HexGame game(3);
    game.play(*game.parse_move(opening));
    ProofNumberSearch<games::HexGame> search(game, Player::White);
    const auto r = search.solve();
    ASSERT_TRUE(r.solved());
    const auto proof = search.proof();
    ASSERT_TRUE(proof);
    const auto back = round_trip(game, *proof);
    EXPECT_EQ(back.winner, proof->winner);
    EXPECT_GE(back.size(), proof->size()) << opening;
    EXPECT_EQ(round_trip(game, back).size(), back.size()) << opening;
    EXPECT_TRUE(verify_proof(game, back, Player::White, r.outcome).ok) << opening;
  }
}

TEST(ProofSgf, GoProofsReadBackAndStillVerify) {
  games::GoGame game(games::go_problem_from_diagram({"...Ox", "OOOOx", "xxxxx", "-----", "-----"}, Player::White));
  ProofNumberSearch<games::GoGame> search(game, Player::White);
  const auto r = search.solve();
  ASSERT_TRUE(r.solved());
  const auto proof = search.proof();
  ASSERT_TRUE(proof);
  const auto back = round_trip(game, *proof);
  EXPECT_EQ(round_trip(game, back).size(), back.size());
  EXPECT_TRUE(verify_proof(game, back, Player::White, r.outcome).ok);
}

TEST(ProofSgf, ATamperedTreeIsRefused) {
  games::HexGame game(3);
  game.play(*game.parse_move("b2"));
  ProofNumberSearch<games::HexGame> search(game, Player::White);
  const auto r = search.solve();
  const auto proof = search.proof();
  ASSERT_TRUE(proof);
  using Codec = SgfCodec<games::HexGame>;
  sgf::Node root = Codec::root(game);
  add_proof_to_sgf<games::HexGame>(game, *proof, root, Codec::value);
  std::string text = sgf::write(root);
  // A move to a cell off the board.
  const auto at = text.find(";W[");
  ASSERT_NE(at, std::string::npos);
  text.replace(at, 5, ";W[z9");
  const sgf::Node bad = sgf::parse(text);
  EXPECT_THROW(proof_from_sgf<games::HexGame>(Codec::setup(bad), bad, proof->winner, Codec::parse),
               std::invalid_argument);
}

}  // namespace
}  // namespace dfpn::cli
