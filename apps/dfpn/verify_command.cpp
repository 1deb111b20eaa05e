#include "dfpn/verify_command.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>

#include <CLI/CLI.hpp>

#include "dfpn/problem.h"
#include "dfpn/proof_sgf.h"
#include "dfpn/sgf_codec.h"

namespace dfpn::cli {
namespace {

// A stop request while the file is read.
struct StoppedReading {};

// The file's size in MB, or 0 where it has none (a pipe).
double file_mb(const std::string& path) {
  std::error_code error;
  const auto bytes = std::filesystem::file_size(path, error);
  return error ? 0 : double(bytes) / 1e6;
}

// A proof being read for one game, checked once it is all read.
class Check {
 public:
  virtual ~Check() = default;
  virtual sgf::TreeVisitor& reader() = 0;
  virtual int verify(const std::string& path, std::stop_token stop, const TimedProgress& report) = 0;
};

template <class G>
class CheckOf : public Check {
 public:
  CheckOf(const sgf::Node& root, Player winner)
      : start_(SgfCodec<G>::setup(root)), winner_(winner), reader_(start_, winner, SgfCodec<G>::parse) {}
  sgf::TreeVisitor& reader() override { return reader_; }
  int verify(const std::string& path, std::stop_token stop, const TimedProgress& report) override {
    const Proof<MoveOf<G>> proof = reader_.take();
    const auto check = verify_proof(start_, proof, winner_, Outcome::Proven, stop, [&](std::size_t positions) {
      report("checking: " + std::to_string(positions) + " positions");
    });
    report.done();
    if (check.stopped) {
      std::cout << path << ": not checked: stopped after " << check.positions << " positions\n";
      return kVerifyStopped;
    }
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
  // `read_mb()`: how much of the file is read so far.
  StreamedProof(const std::string& path, std::stop_token stop, const TimedProgress& report, std::function<double()> read_mb)
      : path_(path), stop_(std::move(stop)), report_(report), read_mb_(std::move(read_mb)),
        file_mb_(file_mb(path)) {}
  void enter(sgf::Node node) override {
    if (nodes_++ % kNodesPerLook == 0) {
      if (stop_.stop_requested()) throw StoppedReading{};
      char line[96];
      const auto nodes = static_cast<unsigned long long>(nodes_ - 1);
      if (file_mb_ > 0) std::snprintf(line, sizeof line, "reading: %.0f of %.0f MB, %llu nodes", read_mb_(), file_mb_, nodes);
      else std::snprintf(line, sizeof line, "reading: %.0f MB, %llu nodes", read_mb_(), nodes);  // a pipe: no size
      report_(line);
    }
    if (!check_) start(node);
    check_->reader().enter(std::move(node));
  }
  void leave() override { check_->reader().leave(); }
  int verify() { return check_->verify(path_, stop_, report_); }
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

  static constexpr std::uint64_t kNodesPerLook = 1 << 12;
  std::string path_;
  std::stop_token stop_;
  const TimedProgress& report_;
  std::function<double()> read_mb_;
  double file_mb_;
  std::uint64_t nodes_ = 0;
  Player winner_ = Player::Black;
  std::unique_ptr<Check> check_;
};

}  // namespace

void add_verify_options(CLI::App& cmd, VerifyOptions& o) {
  cmd.add_option("proof", o.file, "Proof as an SGF game tree (written by solve --proof)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd.add_flag("-q,--quiet", o.quiet, "No progress lines on stderr (else live on a terminal, a line a minute in a log)");
}

int run_verify(const VerifyOptions& options, std::stop_token stop, const ProgressSink& progress) {
  std::ifstream in(options.file, std::ios::binary);
  if (!in) throw InputError("cannot read '" + options.file + "'");
  const TimedProgress report(progress);
  StreamedProof proof(options.file, stop, report, [&in] {
    return double(in.rdbuf()->pubseekoff(0, std::ios::cur, std::ios::in)) / 1e6;
  });
  try {
    sgf::read(in, proof);
  } catch (const StoppedReading&) {
    report.done();
    std::cout << options.file << ": not checked: stopped before the proof was read\n";
    return kVerifyStopped;
  } catch (const sgf::ParseError& e) {
    report.done();
    throw InputError(options.file + ":" + e.what());
  } catch (const std::domain_error& e) {
    report.done();
    std::cout << options.file << ": INVALID proof that " << to_string(proof.winner()) << " wins: " << e.what() << '\n';
    return 1;
  } catch (const std::invalid_argument& e) {  // the proof reader's, and the games' SGF errors
    report.done();
    throw InputError(in_file(options.file, e.what()));
  }
  return proof.verify();
}

}  // namespace dfpn::cli
