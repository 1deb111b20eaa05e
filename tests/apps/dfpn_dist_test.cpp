// dfpn-dist as a user runs it: `mpirun -np 5` (a master and four workers, on
// loopback) gives the answer of `dfpn solve` on one thread, on every 6x6
// Hex opening up to symmetry, the project's Go problems and a set of 7x7 openings, with
// stitched proofs that verify; a worker killed mid-run loses only its job;
// a stopped master resumes from its checkpoint; bad use is refused in one
// line with exit 2.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "apps/cli_runner.h"

namespace dfpn::testing {
namespace {

// mpirun as root (CI containers) needs both variables; --oversubscribe lets
// five ranks share the machine's cores.
// `mpirun_options`: --enable-recovery lets the run outlive a lost rank.
CommandRun dist(const std::string& args, const std::string& mpirun_options = "") {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
  return run_shell(std::string(DFPN_MPIRUN) + " --oversubscribe " + mpirun_options + " -np 5 " + DFPN_DIST_BINARY +
                   " " + args);
}

nlohmann::json json_of(const CommandRun& r) {
  EXPECT_EQ(r.status, 0) << r.out;
  // The report, without what the MPI runtime may print around it (after a
  // lost rank the live ones end without MPI_Finalize, and PMIx complains).
  const std::size_t first = std::min(r.out.find('{'), r.out.size());
  const std::size_t last = r.out.rfind('}');
  return nlohmann::json::parse(r.out.substr(first, last == std::string::npos || last < first ? 0 : last - first + 1),
                               nullptr, false);
}

// The answer and, for Go, the status, of both commands on one problem;
// with `verify`, dfpn-dist's proof, stitched from the master's tree and the
// workers' sub-proofs, checked by the rules alone. Returns dfpn-dist's report.
nlohmann::json expect_same_answer(const std::string& problem, const std::string& budget, bool verify = false,
                                  const std::string& dist_options = "") {
  const auto one = json_of(run("solve " + problem + " --threads 1 --json -q"));
  const auto jobs = json_of(dist("solve " + problem + " --threads 1 --json --job-budget " + budget +
                                 (verify ? " --verify " : " ") + dist_options));
  EXPECT_FALSE(one.is_discarded() || jobs.is_discarded()) << problem;
  if (one.is_discarded() || jobs.is_discarded()) return jobs;
  EXPECT_NE(one["result"], "unknown") << problem;
  EXPECT_EQ(jobs["result"], one["result"]) << problem;
  EXPECT_EQ(jobs["status"], one["status"]) << problem;
  EXPECT_EQ(jobs["stats"]["workers"], 4) << problem;
  if (verify) {
    EXPECT_EQ(jobs["proof_verified"], true) << problem << ": " << jobs.dump();
  }
  return jobs;
}

// Every 6x6 opening up to the board's half turn (a1 and f6 are the same
// position; each run costs an MPI start, about a second). Half of them pass
// no facts between workers (--fact-depth -1), half pass them all: the
// answers and the verified proofs are the same.
TEST(DfpnDist, EverySixBySixOpeningAsOneThread) {
  double facts = 0;
  for (char column = 'a'; column <= 'c'; ++column)  // d-f are a-c turned
    for (int row = 1; row <= 6; ++row) {
      const bool pass = (column + row) % 2 == 0;
      const auto j = expect_same_answer("--game hex --size 6 --moves " + std::string(1, column) + std::to_string(row),
                                        "20", true, pass ? "--fact-depth 64" : "--fact-depth -1");
      EXPECT_EQ(j["stats"].contains("facts_passed"), pass);
      if (pass && j["stats"].contains("facts_passed")) facts += j["stats"]["facts_passed"].get<double>();
    }
  EXPECT_GT(facts, 0);  // workers did learn from each other
}

// Hex without knowledge is a rules game: its proofs are stitched too.
TEST(DfpnDist, HexWithoutKnowledgeGivesAVerifiedProof) {
  // Budget 50: still thousands of jobs and a master tree of 10,000s of nodes.
  for (const char* opening : {"a1", "b2", "c2", "d4"})
    expect_same_answer(std::string("--game hex --size 4 --hex-knowledge none --moves ") + opening, "50", true);
}

// Conceding proofs (Hex with knowledge) stitched across the master's tree
// (13-22 jobs each; openings whose proofs verify in a few seconds: b1's
// proof alone took about 19 s to check).
TEST(DfpnDist, SevenBySevenOpeningsAsOneThread) {
  for (const char* opening : {"b7", "b6", "d7"})
    expect_same_answer(std::string("--game hex --size 7 --moves ") + opening, "200", true);
}

// `dfpn-dist suite`: every problem of the smoke suite (every game, with
// verified proofs) and the 6x6 d openings, each solved by all four workers,
// judged and reported by the master alone.
TEST(DfpnDist, SuitesRunEachProblemOnEveryWorker) {
  const std::string suites = std::string(DFPN_SOURCE_DIR) + "/bench/suites/";
  const std::string report = ::testing::TempDir() + "dist_suite_report.json";
  std::filesystem::remove(report);
  const CommandRun smoke = dist("suite " + suites + "smoke.json --job-budget 50 --report " + report);
  EXPECT_EQ(smoke.status, 0) << smoke.out;
  EXPECT_NE(smoke.out.find("10 problems: 10 solved, 0 wrong"), std::string::npos) << smoke.out;
  std::ifstream in(report);
  const auto written = nlohmann::json::parse(in, nullptr, false);
  ASSERT_FALSE(written.is_discarded());
  EXPECT_EQ(written["problems"].size(), 10u);
  const CommandRun hex = dist("suite " + suites + "hex-6x6-openings.json --filter \"6x6 d\" --job-budget 20");
  EXPECT_EQ(hex.status, 0) << hex.out;
  EXPECT_NE(hex.out.find("6 problems: 6 solved, 0 wrong"), std::string::npos) << hex.out;
  const CommandRun parallel = dist("suite " + suites + "smoke.json -j 2");
  EXPECT_EQ(parallel.status, 2) << parallel.out;
  EXPECT_NE(parallel.out.find("one after another"), std::string::npos) << parallel.out;
}

// A worker killed (SIGKILL) at its second job: the master takes it as
// lost when the job's lease runs out (the default: ten times the longest
// job, at least 5 s), issues the job again, and the answer is the same.
TEST(DfpnDist, AKilledWorkerLosesOnlyItsJob) {
  const std::string problem = "--game hex --size 7 --moves a1 --threads 1 --json";
  const auto one = json_of(run("solve " + problem + " -q"));
  const auto j = json_of(dist("solve " + problem + " --job-budget 100 --test-kill-worker 2:2", "--enable-recovery"));
  ASSERT_FALSE(one.is_discarded() || j.is_discarded());
  EXPECT_EQ(j["result"], one["result"]);
  EXPECT_GE(j["stats"]["lost_workers"], 1);  // more if a slow machine stalls a live one past its lease
  EXPECT_GE(j["stats"]["reissued_jobs"], 1);
}

// The master stopped by a node limit leaves its tree in the checkpoint; a
// new run resumes from it, starts with those nodes spent and finishes with
// the answer. A damaged or foreign checkpoint is
// refused in one line.
TEST(DfpnDist, AStoppedMasterResumesFromItsCheckpoint) {
  const std::string file = ::testing::TempDir() + "dist_checkpoint.json";
  std::filesystem::remove(file);
  const std::string problem = "--game hex --size 7 --moves a1 --threads 1 --json --job-budget 200";
  const auto stopped = json_of(dist("solve " + problem + " --nodes 2500 --checkpoint " + file));
  ASSERT_FALSE(stopped.is_discarded());
  EXPECT_EQ(stopped["result"], "unknown");
  EXPECT_EQ(stopped["reason"], "nodes");
  ASSERT_TRUE(std::filesystem::exists(file));
  const auto resumed = json_of(dist("solve " + problem + " --resume " + file));
  ASSERT_FALSE(resumed.is_discarded());
  EXPECT_EQ(resumed["result"], "proven");
  EXPECT_EQ(resumed["resumed_from"], file);
  EXPECT_EQ(resumed["stats"]["resumed_nodes"], stopped["nodes"]);
  EXPECT_GT(resumed["nodes"].get<double>(), stopped["nodes"].get<double>());

  const CommandRun other = dist("solve --game hex --size 7 --moves b2 --threads 1 --resume " + file);
  EXPECT_EQ(other.status, 2) << other.out;
  EXPECT_NE(other.out.find("saved for another problem"), std::string::npos) << other.out;
  std::string text;
  {
    std::ifstream in(file);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  const auto records = text.find("\"records\":[[");
  ASSERT_NE(records, std::string::npos);
  ASSERT_EQ(text.substr(records + 12, 3), "-1,");  // the root's parent: none
  text.replace(records + 12, 2, "5");              // now a node that does not come first
  std::ofstream(file) << text;
  const CommandRun damaged = dist("solve " + problem + " --resume " + file);
  EXPECT_EQ(damaged.status, 2) << damaged.out;
  EXPECT_NE(damaged.out.find("dfpn-dist: --resume " + file + ": damaged"), std::string::npos) << damaged.out;
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
  for (const std::string args : {"solve --game hex --size 4 --algo pns", "solve --game hex --size 4 --resume missing.json",
                                 "solve --game hex --size 0"}) {
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
