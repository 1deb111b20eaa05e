#include "dfpn/verify_command.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>

#include "dfpn/problem.h"
#include "dfpn/proof_sgf.h"
#include "dfpn/sgf_codec.h"

namespace dfpn::cli {
namespace {

template <class G>
int verify_game(const sgf::Node& root, const std::string& path) {
  using Codec = SgfCodec<G>;
  const std::string re = root.value("RE");
  if (re.empty() || (re[0] != 'B' && re[0] != 'W'))
    throw InputError(path + ":" + std::to_string(root.line) + ": RE[" + re +
                     "] must name the winner the proof is for (B+ or W+)");
  const Player winner = re[0] == 'B' ? Player::Black : Player::White;
  G game = Codec::setup(root);
  Proof<MoveOf<G>> proof;
  try {
    proof = proof_from_sgf<G>(game, root, winner, Codec::parse);
  } catch (const std::invalid_argument& e) {
    throw InputError(in_file(path, e.what()));
  } catch (const std::domain_error& e) {
    std::cout << path << ": INVALID proof that " << to_string(winner) << " wins: " << e.what() << '\n';
    return 1;
  }
  const auto check = verify_proof(game, proof, winner, Outcome::Proven);
  if (check.ok) {
    std::cout << path << ": valid proof that " << to_string(winner) << " wins (" << check.positions
              << " positions checked)\n";
    return 0;
  }
  std::cout << path << ": INVALID proof that " << to_string(winner) << " wins: " << check.error << '\n';
  return 1;
}

}  // namespace

void add_verify_options(CLI::App& cmd, VerifyOptions& o) {
  cmd.add_option("proof", o.file, "Proof as an SGF game tree (written by solve --proof)")
      ->required()
      ->check(CLI::ExistingFile);
}

int run_verify(const VerifyOptions& options) {
  std::ifstream in(options.file);
  if (!in) throw InputError("cannot read '" + options.file + "'");
  std::stringstream buffer;
  buffer << in.rdbuf();
  sgf::Node root;
  try {
    root = sgf::parse(buffer.str());
  } catch (const sgf::ParseError& e) {
    throw InputError(options.file + ":" + e.what());
  }
  const std::string gm = root.value("GM", "1");
  try {
    if (gm == SgfCodec<games::HexGame>::kGameNumber) return verify_game<games::HexGame>(root, options.file);
    if (gm == SgfCodec<games::GoGame>::kGameNumber) return verify_game<games::GoGame>(root, options.file);
  } catch (const games::HexSgfError& e) {
    throw InputError(in_file(options.file, e.what()));
  } catch (const games::GoSgfError& e) {
    throw InputError(in_file(options.file, e.what()));
  }
  throw InputError(options.file + ": GM[" + gm + "] is not a game this program verifies");
}

}  // namespace dfpn::cli
