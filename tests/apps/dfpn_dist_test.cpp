// dfpn-dist as a user runs it: `mpirun -np 5` (a master and four workers, on
// loopback) gives the answer of `dfpn solve` on one thread, on every 6x6
// Hex opening, the project's Go problems and a set of 7x7 openings; bad use
// is refused in one line with exit 2.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "apps/cli_runner.h"

namespace dfpn::testing {
namespace {

// mpirun as root (CI containers) needs both variables; --oversubscribe lets
// five ranks share the machine's cores.
CommandRun dist(const std::string& args) {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  return run_shell(std::string(DFPN_MPIRUN) + " --oversubscribe -np 5 " + DFPN_DIST_BINARY + " " + args);
}

nlohmann::json json_of(const CommandRun& r) {
  EXPECT_EQ(r.status, 0) << r.out;
  return nlohmann::json::parse(r.out.substr(std::min(r.out.find('{'), r.out.size())), nullptr, false);
}

// The answer and, for Go, the status, of both commands on one problem;
// with `verify`, dfpn-dist's proof, stitched from the master's tree and the
// workers' sub-proofs, checked by the rules alone.
void expect_same_answer(const std::string& problem, const std::string& budget, bool verify = false) {
  const auto one = json_of(run("solve " + problem + " --threads 1 --json -q"));
  const auto jobs = json_of(dist("solve " + problem + " --threads 1 --json --job-budget " + budget +
                                 (verify ? " --verify" : "")));
  ASSERT_FALSE(one.is_discarded() || jobs.is_discarded()) << problem;
  EXPECT_NE(one["result"], "unknown") << problem;
  EXPECT_EQ(jobs["result"], one["result"]) << problem;
  EXPECT_EQ(jobs["status"], one["status"]) << problem;
  EXPECT_EQ(jobs["stats"]["workers"], 4) << problem;
  if (verify) {
    EXPECT_EQ(jobs["proof_verified"], true) << problem << ": " << jobs.dump();
  }
}

TEST(DfpnDist, EverySixBySixOpeningAsOneThread) {
  for (char column = 'a'; column <= 'f'; ++column)
    for (int row = 1; row <= 6; ++row)
      expect_same_answer("--game hex --size 6 --moves " + std::string(1, column) + std::to_string(row), "20");
}

// Hex without knowledge is a rules game: its proofs are stitched too.
TEST(DfpnDist, HexWithoutKnowledgeGivesAVerifiedProof) {
  for (const char* opening : {"a1", "b2", "c2", "d4"})
    expect_same_answer(std::string("--game hex --size 4 --hex-knowledge none --moves ") + opening, "5", true);
}

TEST(DfpnDist, SevenBySevenOpeningsAsOneThread) {
  for (const char* opening : {"a1", "b1", "b6", "c1", "d1", "d7", "f1", "g7"})
    expect_same_answer(std::string("--game hex --size 7 --moves ") + opening, "200");
}

TEST(DfpnDist, TheGoProblemsAsOneThread) {
  int problems = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(DFPN_SOURCE_DIR) + "/bench/suites/go-problems"))
    if (entry.path().extension() == ".sgf") {
      expect_same_answer(entry.path().string(), problems % 2 ? "1" : "30", true);
      ++problems;
    }
  EXPECT_GT(problems, 10);
}

// A time limit reaches the jobs in flight (each job carries the time the
// search has left): the answer is "unknown", reason "time".
TEST(DfpnDist, ATimeLimitEndsTheJobs) {
  const auto j = json_of(dist("solve --game hex --size 9 --time 1 --threads 1 --json"));
  ASSERT_FALSE(j.is_discarded());
  EXPECT_EQ(j["result"], "unknown");
  EXPECT_EQ(j["reason"], "time");
}

TEST(DfpnDist, RefusesWhatItCannotDoInOneLine) {
  for (const std::string args : {"solve --game hex --size 4 --verify", "solve --game hex --size 4 --algo pns",
                                 "solve --game hex --size 4 --checkpoint x.tt", "solve --game hex --size 0"}) {
    const CommandRun r = dist(args);
    EXPECT_EQ(r.status, 2) << args << ": " << r.out;
    EXPECT_NE(r.out.find("dfpn-dist:"), std::string::npos) << r.out;
  }
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  const CommandRun alone =
      run_shell(std::string(DFPN_MPIRUN) + " -np 1 " + DFPN_DIST_BINARY + " solve --game hex --size 4");
  EXPECT_EQ(alone.status, 2) << alone.out;
  EXPECT_NE(alone.out.find("needs a master and at least one worker"), std::string::npos) << alone.out;
}

}  // namespace
}  // namespace dfpn::testing
