#include "dfpn/verify_command.h"

#include <fstream>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "dfpn/problem.h"
#include "dfpn/proof_sgf.h"
#include "dfpn/sgf_codec.h"

namespace dfpn::cli {
namespace {

// A proof being read for one game, checked once it is all read.
class Check {
 public:
  virtual ~Check() = default;
  virtual sgf::TreeVisitor& reader() = 0;
  virtual int verify(const std::string& path) = 0;
};

template <class G>
class CheckOf : public Check {
 public:
  CheckOf(const sgf::Node& root, Player winner)
      : start_(SgfCodec<G>::setup(root)), winner_(winner), reader_(start_, winner, SgfCodec<G>::parse) {}
  sgf::TreeVisitor& reader() override { return reader_; }
  int verify(const std::string& path) override {
    const Proof<MoveOf<G>> proof = reader_.take();
    const auto check = verify_proof(start_, proof, winner_, Outcome::Proven);
    if (check.ok) {
      std::cout << path << ": valid proof that " << to_string(winner_) << " wins (" << check.positions
                << " positions checked)\n";
      return 0;
    }
    std::cout << path << ": INVALID proof that " << to_string(winner_) << " wins: " << check.error << '\n';
    return 1;
  }

 private:
  G start_;
  Player winner_;
  ProofSgfReader<G> reader_;
};

// The file streamed node by node (a proof file may hold gigabytes): the
// root names the game and the winner, and every node then goes to that
// game's proof reader.
class StreamedProof : public sgf::TreeVisitor {
 public:
  explicit StreamedProof(const std::string& path) : path_(path) {}
  void enter(sgf::Node node) override {
    if (!check_) start(node);
    check_->reader().enter(std::move(node));
  }
  void leave() override { check_->reader().leave(); }
  int verify() { return check_->verify(path_); }
  // The winner the root names (known once the root is read).
  Player winner() const { return winner_; }

 private:
  void start(const sgf::Node& root) {
    const std::string re = root.value("RE");
    if (re.empty() || (re[0] != 'B' && re[0] != 'W'))
      throw InputError(path_ + ":" + std::to_string(root.line) + ": RE[" + re +
                       "] must name the winner the proof is for (B+ or W+)");
    const Player winner = winner_ = re[0] == 'B' ? Player::Black : Player::White;
    const std::string gm = root.value("GM", "1");
    if (gm == SgfCodec<games::HexGame>::kGameNumber) check_ = std::make_unique<CheckOf<games::HexGame>>(root, winner);
    else if (gm == SgfCodec<games::GoGame>::kGameNumber) check_ = std::make_unique<CheckOf<games::GoGame>>(root, winner);
    else throw InputError(path_ + ": GM[" + gm + "] is not a game this program verifies");
  }

  std::string path_;
  Player winner_ = Player::Black;
  std::unique_ptr<Check> check_;
};

}  // namespace

void add_verify_options(CLI::App& cmd, VerifyOptions& o) {
  cmd.add_option("proof", o.file, "Proof as an SGF game tree (written by solve --proof)")
      ->required()
      ->check(CLI::ExistingFile);
}

int run_verify(const VerifyOptions& options) {
  std::ifstream in(options.file, std::ios::binary);
  if (!in) throw InputError("cannot read '" + options.file + "'");
  StreamedProof proof(options.file);
  try {
    sgf::read(in, proof);
  } catch (const sgf::ParseError& e) {
    throw InputError(options.file + ":" + e.what());
  } catch (const std::domain_error& e) {
    std::cout << options.file << ": INVALID proof that " << to_string(proof.winner()) << " wins: " << e.what() << '\n';
    return 1;
  } catch (const std::invalid_argument& e) {  // the proof reader's, and the games' SGF errors
    throw InputError(in_file(options.file, e.what()));
  }
  return proof.verify();
}

}  // namespace dfpn::cli
