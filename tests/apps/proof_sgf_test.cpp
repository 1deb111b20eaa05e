// Proofs as SGF: a proof written as a game tree reads back as a proof the
// verifier still accepts (Hex keeps its shared subproofs through XN/XT
// transpositions; Go's come back unfolded, and a second round trip changes
// nothing); a tampered tree, or a transposition to nowhere, is refused.
#include "dfpn/proof_sgf.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
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
  std::ostringstream text;
  write_proof_sgf<G>(game, proof, Codec::root(game), Codec::value, text);
  const sgf::Node back = sgf::parse(text.str());
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

TEST(ProofSgf, HexTranspositionsAreWrittenOnceAndReadBackShared) {
  games::HexGame game(4);
  game.play(*game.parse_move("a1"));
  ProofNumberSearch<games::HexGame> search(game, Player::White);
  const auto r = search.solve();
  ASSERT_TRUE(r.solved());
  const auto proof = search.proof();
  ASSERT_TRUE(proof);
  using Codec = SgfCodec<games::HexGame>;
  std::ostringstream written;
  write_proof_sgf<games::HexGame>(game, *proof, Codec::root(game), Codec::value, written);
  const std::string text = written.str();
  EXPECT_NE(text.find("XT["), std::string::npos) << "a 4x4 proof has transpositions";
  std::ostringstream cut;
  EXPECT_THROW(write_proof_sgf<games::HexGame>(game, *proof, Codec::root(game), Codec::value, cut, 3), std::length_error)
      << "more than 3 moves";
  const sgf::Node back_root = sgf::parse(text);
  const auto back = proof_from_sgf<games::HexGame>(Codec::setup(back_root), back_root, proof->winner, Codec::parse);
  // One node per position, as in the search's own proof (leaves, written
  // in full, may come back once per path).
  const auto inner = [](const auto& p) {
    return std::count_if(p.nodes.begin(), p.nodes.end(), [](const auto& n) { return n.edge_count > 0; });
  };
  EXPECT_EQ(inner(back), inner(*proof));
  EXPECT_TRUE(verify_proof(game, back, Player::White, r.outcome).ok);
}

TEST(ProofSgf, ATranspositionToNowhereIsRefused) {
  using Codec = SgfCodec<games::HexGame>;
  const auto read = [](const std::string& text) {
    const sgf::Node root = sgf::parse(text);
    return proof_from_sgf<games::HexGame>(Codec::setup(root), root, Player::Black, Codec::parse);
  };
  // 2x2, Black a1 then every White reply; only the labels are read here.
  const std::string head = "(;FF[4]GM[11]SZ[2]RE[B+]";
  EXPECT_THROW(read(head + ";B[a1](;W[b1]XT[7])(;W[a2];B[b1])(;W[b2];B[b1]))"), std::invalid_argument)
      << "XT names no XN";
  EXPECT_THROW(read(head + ";B[a1]XN[1](;W[b1]XN[1];B[a2])(;W[a2];B[b1])(;W[b2];B[b1]))"), std::invalid_argument)
      << "one label on two nodes";
  EXPECT_THROW(read(head + ";B[a1](;W[b1]XN[x];B[a2])(;W[a2];B[b1])(;W[b2];B[b1]))"), std::invalid_argument)
      << "a label that is not a number";
  EXPECT_THROW(read(head + ";B[a1](;W[b1]XN[1];B[a2])(;W[a2]XT[1];B[b1])(;W[b2];B[b1]))"), std::invalid_argument)
      << "a transposition with moves below it";
  EXPECT_THROW(read(head + ";B[a1]XN[1](;W[b1]XT[1])(;W[a2];B[b1])(;W[b2];B[b1]))"), std::invalid_argument)
      << "a transposition to its own ancestor (a cycle)";
  EXPECT_THROW(read(head + ";B[a1](;W[b1]XT[1])(;W[a2]XN[1];B[b1])(;W[b2];B[b1]))"), std::invalid_argument)
      << "a transposition to a node written after it";
  EXPECT_THROW(read(head + ";B[a1](;W[b1]VC[#0])(;W[a2];B[b1])(;W[b2];B[b1]))"), std::invalid_argument)
      << "a certificate number without the root's table";
  EXPECT_THROW(read(head + "XC[A 1 2 -1 - -];B[a1](;W[b1]VC[#1])(;W[a2];B[b1])(;W[b2];B[b1]))"), std::invalid_argument)
      << "a certificate number past the table";
  EXPECT_NO_THROW(read(head + ";B[a1](;W[b1]XN[1];B[a2])(;W[a2];B[b1])(;W[b2]XT[1]))"));
  // A concession holds the moves that follow it; it has no siblings.
  EXPECT_NO_THROW(read(head + ";B[a1];AW[b2];W[b1];B[a2])"));
  EXPECT_THROW(read(head + ";B[a1](;AW[b2])(;W[b1];B[a2])(;W[a2];B[b1]))"), std::invalid_argument)
      << "a concession with a sibling";
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

  // In Go the path to a position matters: a transposition is not accepted.
  using Codec = SgfCodec<games::GoGame>;
  std::ostringstream written;
  write_proof_sgf<games::GoGame>(game, *proof, Codec::root(game), Codec::value, written);
  std::string text = written.str();
  EXPECT_EQ(text.find("XT["), std::string::npos);
  const auto last = text.rfind(";W[");
  ASSERT_NE(last, std::string::npos);
  text.insert(last + 1, "XT[0]");
  const sgf::Node bad = sgf::parse(text);
  EXPECT_THROW(proof_from_sgf<games::GoGame>(Codec::setup(bad), bad, proof->winner, Codec::parse),
               std::invalid_argument);
}

TEST(ProofSgf, ATamperedTreeIsRefused) {
  games::HexGame game(3);
  game.play(*game.parse_move("b2"));
  ProofNumberSearch<games::HexGame> search(game, Player::White);
  const auto r = search.solve();
  const auto proof = search.proof();
  ASSERT_TRUE(proof);
  using Codec = SgfCodec<games::HexGame>;
  std::ostringstream written;
  write_proof_sgf<games::HexGame>(game, *proof, Codec::root(game), Codec::value, written);
  std::string text = written.str();
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
