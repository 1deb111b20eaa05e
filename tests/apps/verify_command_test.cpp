// Proof SGF round trip: `solve --proof` writes, `verify` reads back and
// checks with the rules alone; damaged proofs are rejected.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "apps/cli_runner.h"

namespace {

using namespace dfpn::testing;

TEST(VerifyCommand, ProofRoundTrip) {
  for (const char* problem : {"--size 3", "--size 4 --moves a1", "--size 4 --moves 'b2 c2'"}) {
    const auto proof = temp_path("proof.sgf");
    const CommandRun solved = run(std::string("solve --game hex ") + problem + " --threads 1 --json --proof " + proof);
    ASSERT_EQ(solved.status, 0) << solved.out;
    const auto result = nlohmann::json::parse(solved.out);
    EXPECT_EQ(result["proof_verified"], true);
    EXPECT_EQ(result["proof_file"], proof);

    const std::string text = read_file(proof);
    EXPECT_NE(text.find("GM[11]"), std::string::npos);
    EXPECT_NE(text.find(result["winner"] == "black" ? "RE[B+]" : "RE[W+]"), std::string::npos);
    const CommandRun checked = run("verify " + proof);
    EXPECT_EQ(checked.status, 0) << checked.out;
    EXPECT_NE(checked.out.find("valid proof that " + result["winner"].get<std::string>() + " wins"),
              std::string::npos)
        << checked.out;
  }
}

TEST(VerifyCommand, DamagedProofsAreRejected) {
  const auto proof = temp_path("damaged_source.sgf");
  ASSERT_EQ(run("solve --game hex --size 3 --threads 1 --proof " + proof).status, 0);
  const std::string text = read_file(proof);

  // Drop the first variation below the winning move: a defence left unanswered.
  const auto first = text.find("\n (");
  const auto second = text.find("\n (", first + 1);
  ASSERT_NE(second, std::string::npos);
  const auto missing = write_file("missing.sgf", text.substr(0, first) + text.substr(second));
  CommandRun r = run("verify " + missing);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("not every defence is answered"), std::string::npos) << r.out;

  // Claim the other winner.
  std::string other = text;
  other.replace(other.find("RE[B+]"), 6, "RE[W+]");
  r = run("verify " + write_file("other.sgf", other));
  EXPECT_EQ(r.status, 1) << r.out;

  // Files that are not proofs at all: exit 2 naming the file and line.
  for (const char* bad : {"(;GM[11]SZ[3]RE[B+](;B[z9]))", "(;GM[11]SZ[3]\n;B[a1", "(;GM[1]SZ[3]RE[B+])",
                          "(;GM[11]SZ[3](;B[b2]))", "(;GM[11]SZ[3]RE[B+];B[b2];B[a1])"}) {
    const auto path = write_file("bad_proof.sgf", bad);
    r = run("verify " + path);
    EXPECT_EQ(r.status, 2) << bad << "\n" << r.out;
    EXPECT_NE(r.out.find(path + ":"), std::string::npos) << r.out;
  }
  EXPECT_EQ(run("solve --game tictactoe --proof " + temp_path("ttt.sgf")).status, 2);
}

}  // namespace
