// Proof SGF round trip: `solve --proof` writes, `verify` reads back and
// checks with the rules alone; damaged proofs are rejected.
#include <gtest/gtest.h>

#include <stop_token>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "apps/cli_runner.h"
#include "dfpn/verify_command.h"

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

// With the Hex knowledge (the default) the proof concedes cells to the
// loser in setup nodes; without it, it answers every defence. (Without
// certificates, which would make this proof a single certified position.)
TEST(VerifyCommand, ConcedingProofRoundTrip) {
  const auto proof = temp_path("conceding.sgf");
  ASSERT_EQ(run("solve --game hex --size 4 --moves a1 --threads 1 --no-certificates --proof " + proof).status, 0);
  const std::string text = read_file(proof);  // White wins: Black (the loser) gets AB stones
  const auto setup = text.find(";AB[");
  ASSERT_NE(setup, std::string::npos) << text.substr(0, 400);
  EXPECT_NE(text.find("conceded to the loser"), std::string::npos);
  CommandRun r = run("verify " + proof);
  EXPECT_EQ(r.status, 0) << r.out;

  // The same stones given to the winner: not a proof for White.
  std::string to_winner = text;
  to_winner.replace(setup, 4, ";AW[");
  r = run("verify " + write_file("to_winner.sgf", to_winner));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("concession gives stones to the winner"), std::string::npos) << r.out;

  const auto rules_only = temp_path("rules_only.sgf");
  ASSERT_EQ(run("solve --game hex --size 4 --moves a1 --threads 1 --hex-knowledge none --proof " + rules_only).status, 0);
  EXPECT_EQ(read_file(rules_only).find("conceded"), std::string::npos);
  EXPECT_EQ(run("verify " + rules_only).status, 0);
}

// 5x5 after a1: White's win is one virtual connection, written as a VC
// property the verifier re-derives from the cells; damaged, it is rejected.
// With --no-certificates the proof answers every defence instead.
TEST(VerifyCommand, CertifiedConnectionRoundTrip) {
  const auto proof = temp_path("certified.sgf");
  const CommandRun solved = run("solve --game hex --size 5 --moves a1 --threads 1 --json --proof " + proof);
  ASSERT_EQ(solved.status, 0) << solved.out;
  const auto result = nlohmann::json::parse(solved.out);
  EXPECT_EQ(result["proof_verified"], true);
  EXPECT_GE(result["proof_certificates"].get<int>(), 1);
  const std::string text = read_file(proof);
  // The root lists the certificates once (XC); a VC names one by number.
  ASSERT_NE(text.find("VC[#"), std::string::npos) << text.substr(0, 400);
  const auto vc = text.find("XC[W;");
  ASSERT_NE(vc, std::string::npos) << text.substr(0, 400);
  CommandRun r = run("verify " + proof);
  EXPECT_EQ(r.status, 0) << r.out;

  // Claimed for the other side: the certificate does not connect Black.
  std::string wrong_side = text;
  wrong_side.replace(vc, 5, "XC[B;");
  r = run("verify " + write_file("wrong_side.sgf", wrong_side));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("certificate"), std::string::npos) << r.out;

  // Not a derivation at all.
  std::string garbage = text;
  garbage.replace(vc, 5, "XC[W;Z;");
  r = run("verify " + write_file("garbage_vc.sgf", garbage));
  EXPECT_EQ(r.status, 1) << r.out;

  // 5x5 b2: where White (the loser) moves, VD lists Black's semi
  // connections; defences outside them get no answer of their own.
  const auto defended = temp_path("defended.sgf");
  ASSERT_EQ(run("solve --game hex --size 5 --moves b2 --threads 1 --proof " + defended).status, 0);
  const std::string b2 = read_file(defended);
  const auto vd = b2.find("VD[#");
  ASSERT_NE(vd, std::string::npos) << b2.substr(0, 400);
  r = run("verify " + defended);
  EXPECT_EQ(r.status, 0) << r.out;
  std::string no_vd = b2;
  no_vd.replace(vd, 2, "XD");  // an unknown property: the defences it met are unanswered
  r = run("verify " + write_file("no_vd.sgf", no_vd));
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("is not answered"), std::string::npos) << r.out;

  const auto unfolded = temp_path("unfolded.sgf");
  ASSERT_EQ(run("solve --game hex --size 4 --moves a1 --threads 1 --no-certificates --proof " + unfolded).status, 0);
  EXPECT_EQ(read_file(unfolded).find("VC["), std::string::npos);
  EXPECT_EQ(run("verify " + unfolded).status, 0);
}

// 6x6 a2: subproofs reached by several paths are written once (XN) and
// named from the others (XT); the file reads back as the same graph.
TEST(VerifyCommand, SharedSubproofsRoundTrip) {
  const auto proof = temp_path("shared.sgf");
  ASSERT_EQ(run("solve --game hex --size 6 --moves a2 --threads 1 --proof " + proof).status, 0);
  const std::string text = read_file(proof);
  const auto xt = text.find("XT[");
  ASSERT_NE(xt, std::string::npos) << text.substr(0, 400);
  ASSERT_NE(text.find("XN["), std::string::npos);
  CommandRun r = run("verify " + proof);
  EXPECT_EQ(r.status, 0) << r.out;

  // A transposition whose label was never written: not a proof file.
  std::string dangling = text;
  dangling.replace(xt, 3, "XT[999999");
  r = run("verify " + write_file("dangling.sgf", dangling));
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("names no node written before it"), std::string::npos) << r.out;
}

TEST(VerifyCommand, DamagedProofsAreRejected) {
  const auto proof = temp_path("damaged_source.sgf");
  ASSERT_EQ(run("solve --game hex --size 3 --threads 1 --no-certificates --proof " + proof).status, 0);
  const std::string text = read_file(proof);

  // Drop the last variation below the winning move (no later one names a
  // node in it): a defence left unanswered.
  const auto last = text.rfind("\n (");
  ASSERT_NE(last, std::string::npos);
  const auto missing = write_file("missing.sgf", text.substr(0, last) + ")\n");
  CommandRun r = run("verify " + missing);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("is not answered"), std::string::npos) << r.out;

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

// A seki on a 5x5 board: White's A4 and Black's B5 share their last two
// liberties (A5, B4, the whole region). Whoever plays there is captured, so
// both pass: White lives if seki counts as life.
constexpr const char* kSekiProblem = "(;FF[4]GM[1]SZ[5]AB[ba][ac]AW[ab][ca][cb][bc]TR[ab]MA[aa][bb]PL[B])";

TEST(VerifyCommand, GoProofRoundTripKeepsTheRules) {
  const auto problem = write_file("seki.sgf", kSekiProblem);
  const auto proof = temp_path("seki.proof.sgf");
  const CommandRun solved = run("solve " + problem + " --threads 1 --json --proof " + proof);
  ASSERT_EQ(solved.status, 0) << solved.out;
  const auto result = nlohmann::json::parse(solved.out);
  EXPECT_EQ(result["winner"], "white");
  EXPECT_EQ(result["status"], "white lives in seki");
  EXPECT_EQ(result["proof_verified"], true);
  ASSERT_EQ(result["proof_file"], proof);

  const std::string text = read_file(proof);
  for (const char* property : {"GM[1]", "TR[ab]", "MA[aa][bb]", "PL[B]", "SEKI[life]", "KOTAKERS[both]", "RE[W+]"})
    EXPECT_NE(text.find(property), std::string::npos) << property << "\n" << text;
  CommandRun r = run("verify " + proof);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("valid proof that white wins"), std::string::npos) << r.out;

  // The same moves prove nothing if seki counts as death: the rules travel
  // with the file, and the verifier reads them.
  std::string death = text;
  death.replace(death.find("SEKI[life]"), 10, "SEKI[death]");
  r = run("verify " + write_file("seki_death.sgf", death));
  EXPECT_EQ(r.status, 1) << r.out;

  std::string bad = text;
  bad.replace(bad.find("KOTAKERS[both]"), 14, "KOTAKERS[some]");
  const auto bad_path = write_file("seki_bad.sgf", bad);
  r = run("verify " + bad_path);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find(bad_path + ":1: KOTAKERS[some]"), std::string::npos) << r.out;

  // A position with a ko ban pending cannot be stated as a problem: the
  // answer stands, the proof file is refused with the reason.
  const auto ko = write_file("ko.sgf", "(;FF[4]GM[1]SZ[4]AB[ba][ab][cb][bc]AW[ca][db][cc]TR[ca]PL[W])");
  const CommandRun banned = run("solve " + ko + " --moves B3 --threads 1 --json --proof " + temp_path("ko.proof.sgf"));
  ASSERT_EQ(banned.status, 0) << banned.out;
  const auto banned_result = nlohmann::json::parse(banned.out);
  EXPECT_NE(banned_result["proof_error"].get<std::string>().find("ko ban"), std::string::npos) << banned.out;
}

// A stop (SIGINT or SIGTERM in the command) ends a check as neither valid
// nor invalid, while the file is read or while it is checked, and clears
// the progress line first. Called directly, so that the stop comes at a
// known point.
TEST(VerifyCommand, AStopEndsTheCheckAsNeitherValidNorInvalid) {
  const auto proof = temp_path("stopped.sgf");
  ASSERT_EQ(run("solve --game hex --size 4 --moves a1 --threads 1 --no-certificates --proof " + proof).status, 0);
  struct Run {
    int status = -1;
    std::string out;
    std::vector<std::string> progress;
  };
  auto verify = [&](std::stop_source& stop, bool stop_at_first_line) {
    Run r;
    ::testing::internal::CaptureStdout();
    r.status = dfpn::cli::run_verify({.file = proof}, stop.get_token(), [&](const std::string& line) {
      r.progress.push_back(line);
      if (stop_at_first_line) stop.request_stop();
    });
    r.out = ::testing::internal::GetCapturedStdout();
    return r;
  };
  {
    std::stop_source stop;
    const Run r = verify(stop, false);
    EXPECT_EQ(r.status, 0) << r.out;
    ASSERT_GE(r.progress.size(), 2u);
    EXPECT_NE(r.progress.front().find(" s  reading: "), std::string::npos) << r.progress.front();
    EXPECT_EQ(r.progress.back(), "");
  }
  {
    std::stop_source stop;
    stop.request_stop();
    const Run r = verify(stop, false);
    EXPECT_EQ(r.status, dfpn::cli::kVerifyStopped) << r.out;
    EXPECT_NE(r.out.find("not checked: stopped before the proof was read"), std::string::npos) << r.out;
    ASSERT_FALSE(r.progress.empty());
    EXPECT_EQ(r.progress.back(), "");
  }
  {
    // The first progress line comes as reading starts; the reader looks
    // for a stop again only every 4,096 nodes, more than this file has, so
    // the checker is the one that sees it.
    std::stop_source stop;
    const Run r = verify(stop, true);
    EXPECT_EQ(r.status, dfpn::cli::kVerifyStopped) << r.out;
    EXPECT_NE(r.out.find("not checked: stopped after"), std::string::npos) << r.out;
  }
}

}  // namespace
