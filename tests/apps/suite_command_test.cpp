// `dfpn suite`: the suite format, judging, exit codes, reports and baselines.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "apps/cli_runner.h"

namespace {

using namespace dfpn::testing;

const char* kGoodSuite = R"({
  "name": "tiny",
  "defaults": {"algo": "dfpn", "threads": 1, "verify": true},
  "problems": [
    {"name": "ttt", "game": "tictactoe", "expect": {"result": "disproven", "winner": "none"}},
    {"name": "ttt won", "game": "tictactoe", "moves": "b2 a2", "expect": {"winner": "black", "moves": ["c3", "a1", "c1", "a3", "b1", "b3", "c2"]}},
    {"name": "hex 3", "game": "hex", "size": 3, "algo": "pns", "expect": "black"},
    {"name": "dag", "game": "synthetic", "shape": "dag", "seed": 14, "depth": 14, "branching": 4, "terminal_rate": 0.1, "expect": "white"}
  ]
})";

TEST(SuiteCommand, SolvesAndChecksEveryProblem) {
  const auto suite = write_file("good_suite.json", kGoodSuite);
  const auto report = temp_path("good_report.json");
  const CommandRun r = run("suite " + suite + " --report " + report);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("4 problems: 4 solved, 0 wrong, 0 unknown, 0 errors"), std::string::npos) << r.out;
  // Not on a terminal: a log line as each problem ends.
  EXPECT_NE(r.out.find("[1/4] ttt: solved"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[3/4] hex 3: solved, black, "), std::string::npos) << r.out;

  const auto doc = nlohmann::json::parse(read_file(report));
  EXPECT_EQ(doc["suite"], "tiny");
  for (const char* key : {"version", "git_commit", "host", "cpu", "hardware_threads", "memory_bytes", "date"})
    EXPECT_TRUE(doc["environment"].contains(key)) << key;
  ASSERT_EQ(doc["problems"].size(), 4u);
  EXPECT_EQ(doc["summary"]["solved"], 4);
  const auto& hex = doc["problems"][2];
  EXPECT_EQ(hex["name"], "hex 3");
  EXPECT_EQ(hex["status"], "solved");
  EXPECT_EQ(hex["result"]["algo"], "pns");  // the problem's key beats the default
  EXPECT_EQ(hex["result"]["winner"], "black");
  EXPECT_EQ(hex["result"]["proof_verified"], true);
}

// A rebuild during a long suite replaces the binary: the problems left still
// run, on the build the suite started with.
TEST(SuiteCommand, KeepsRunningWhenItsBinaryIsDeleted) {
  const auto suite = write_file("deleted_binary_suite.json", R"({
    "defaults": {"game": "hex", "size": 8, "time": 0.5, "threads": 1},
    "problems": [{"name": "first", "moves": "a1", "expect": "white"}, {"name": "second", "moves": "d5", "expect": "black"}]
  })");
  const auto copy = temp_path("dfpn_copy_to_delete");
  const CommandRun r = run_shell("cp DFPN " + copy + " && { " + copy + " suite " + suite +
                                 " -j 1 & sleep 0.2; rm " + copy + "; wait; }");
  EXPECT_NE(r.out.find("2 problems: 0 solved, 0 wrong, 2 unknown, 0 errors"), std::string::npos) << r.out;
}

TEST(SuiteCommand, ChildProcessesGiveTheSameAnswers) {
  const auto suite = write_file("jobs_suite.json", kGoodSuite);
  const auto report = temp_path("jobs_report.json");
  const CommandRun r = run("suite " + suite + " -j 2 --report " + report);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto doc = nlohmann::json::parse(read_file(report));
  for (const auto& p : doc["problems"]) {
    EXPECT_EQ(p["status"], "solved") << p.dump();
    EXPECT_GT(p["result"]["peak_rss_bytes"].get<double>(), 0) << p.dump();
  }
}

// SIGTERM to the suite alone (as timeout and Slurm send it) reaches the
// problems running in child processes: each answers unknown, stopped, and
// the suite ends with its report instead of waiting for them.
TEST(SuiteCommand, TerminateReachesTheChildren) {
  const auto suite = write_file("endless_suite.json", R"({"defaults": {"threads": 1}, "problems": [
    {"name": "hex 9 a", "game": "hex", "size": 9, "expect": "black"},
    {"name": "hex 9 b", "game": "hex", "size": 9, "moves": "e5", "expect": "white"}]})");
  const auto report = temp_path("endless_report.json");
  const CommandRun r = run_shell("timeout 120 sh -c 'DFPN suite " + suite + " -j 2 --report " + report +
                                 " & pid=$!; sleep 2; kill -TERM $pid; wait $pid; echo exit=$?'");
  EXPECT_NE(r.out.find("exit=0"), std::string::npos) << r.out;
  const auto doc = nlohmann::json::parse(read_file(report));
  ASSERT_EQ(doc["problems"].size(), 2u);
  for (const auto& p : doc["problems"]) {
    EXPECT_EQ(p["status"], "unknown") << p.dump();
    EXPECT_EQ(p["result"]["reason"], "stopped") << p.dump();
  }
}

TEST(SuiteCommand, WrongAnswersAndErrorsExitOne) {
  const auto wrong = write_file("wrong_suite.json", R"({"problems": [
    {"name": "hex 3", "game": "hex", "size": 3, "expect": "white"}]})");
  CommandRun r = run("suite " + wrong);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("winner black, expected white"), std::string::npos) << r.out;

  const auto bad_move = write_file("bad_move_suite.json", R"({"problems": [
    {"name": "ttt", "game": "tictactoe", "moves": "b2 b2", "expect": "black"}]})");
  r = run("suite " + bad_move);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("error"), std::string::npos) << r.out;

  const auto first_move = write_file("move_suite.json", R"({"problems": [
    {"name": "hex 3", "game": "hex", "size": 3, "expect": {"winner": "black", "moves": ["a1"]}}]})");
  r = run("suite " + first_move);
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("is not one of the expected moves"), std::string::npos) << r.out;
}

TEST(SuiteCommand, UnknownFailsOnlyWhenStrict) {
  const auto suite = write_file("limit_suite.json", R"({"problems": [
    {"name": "hex 5", "game": "hex", "size": 5, "nodes": 50, "threads": 1, "hex_knowledge": "none",
     "expect": "black"}]})");
  CommandRun r = run("suite " + suite);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("stopped by nodes"), std::string::npos) << r.out;
  r = run("suite " + suite + " --strict");
  EXPECT_EQ(r.status, 1) << r.out;
}

TEST(SuiteCommand, AReportThatCannotBeWrittenExitsOne) {
  const auto suite = write_file("report_suite.json", R"({"problems": [
    {"name": "ttt", "game": "tictactoe", "algo": "pns", "expect": "none"}]})");
  const CommandRun r = run("suite " + suite + " --report /dev/full");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("1 solved"), std::string::npos) << r.out;  // the answers are still given
  EXPECT_NE(r.out.find("--report: cannot write '/dev/full'"), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/full"));  // written, not renamed over
}

TEST(SuiteCommand, BadSuitesNameFileLineAndField) {
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"{\n \"problems\": [\n  {\"name\": \"a\",\n   \"sise\": 4, \"expect\": \"black\"}]}", ":4: problem 'a': unknown field 'sise'"},
      {"{\"problems\": [{\"name\": \"a\", \"game\": \"hex\", \"size\": 33, \"expect\": \"black\"}]}", "problem 'a': --size"},
      {"{\"problems\": [{\"name\": \"a\", \"game\": \"hex\"}]}", "problem 'a': needs 'expect'"},
      {"{\"problems\": [{\"name\": \"a\", \"expect\": \"blue\"}]}", "winner must be"},
      {"{\"problems\": [{\"game\": \"hex\", \"expect\": \"black\"}]}", "problem 1: needs a 'name'"},
      {"{\"problems\": [{\"name\": \"a\", \"expect\": \"black\"}, {\"name\": \"a\", \"expect\": \"black\"}]}", "used twice"},
      {"{\"problems\": []}", "'problems' must be a non-empty list"},
      {"{\"problems\": [{\"name\": \"a\", \"size\": \"big\", \"expect\": \"black\"}]}", "field 'size' must be a number"},
      {"{\"problems\": [{\"name\": \"a\", \"expect\": \"black\"}],\n \"defaults\": {\"tim\": 1}}", "defaults: unknown field 'tim'"},
      {"{\"problems\": [\n", ":2: not valid JSON"},
      {"{\"problem\": []}", "unknown field 'problem'"},
  };
  int index = 0;
  for (const auto& c : cases) {
    const auto path = write_file("bad_suite_" + std::to_string(index++) + ".json", c.text);
    const CommandRun r = run("suite " + path);
    EXPECT_EQ(r.status, 2) << c.text << "\n" << r.out;
    EXPECT_NE(r.out.find(path), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(c.message), std::string::npos) << c.text << "\n" << r.out;
  }
  EXPECT_EQ(run("suite /no/such/suite.json").status, 2);
  const auto suite = write_file("set_suite.json", kGoodSuite);
  EXPECT_EQ(run("suite " + suite + " --set nonsense").status, 2);
  EXPECT_EQ(run("suite " + suite + " --set colour=1").status, 2);
  EXPECT_EQ(run("suite " + suite + " --filter zzz").status, 2);
}

TEST(SuiteCommand, BaselineFlagsRegressions) {
  // A fast baseline, then the same problem made to look slower and larger by
  // editing the baseline report (a real slowdown cannot be ordered up).
  const auto suite = write_file("base_suite.json", R"({"problems": [
    {"name": "hex 4", "game": "hex", "size": 4, "threads": 1, "hex_knowledge": "none", "expect": "black"},
    {"name": "ttt", "game": "tictactoe", "expect": "none"}]})");
  const auto report = temp_path("base_report.json");
  ASSERT_EQ(run("suite " + suite + " --report " + report).status, 0);

  CommandRun r = run("suite " + suite + " --baseline " + report);
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("no regressions"), std::string::npos) << r.out;

  auto doc = nlohmann::json::parse(read_file(report));
  doc["problems"][0]["result"]["nodes"] = 10;       // now "larger"
  doc["problems"][1]["status"] = "solved";
  const auto edited = write_file("base_edited.json", doc.dump());
  const auto new_report = temp_path("base_new_report.json");
  r = run("suite " + suite + " --baseline " + edited + " --report " + new_report);
  EXPECT_EQ(r.status, 0) << r.out;  // regressions are flagged, not fatal by default
  EXPECT_NE(r.out.find("REGRESSION hex 4: larger"), std::string::npos) << r.out;
  const auto flagged = nlohmann::json::parse(read_file(new_report))["baseline"]["regressions"];
  ASSERT_EQ(flagged.size(), 1u);
  EXPECT_EQ(flagged[0]["name"], "hex 4");
  EXPECT_EQ(run("suite " + suite + " --baseline " + edited + " --fail-on-regression").status, 3);

  // A problem that was solved and now is not.
  doc = nlohmann::json::parse(read_file(report));
  const auto limited = write_file("base_limited_suite.json", R"({"problems": [
    {"name": "hex 4", "game": "hex", "size": 4, "threads": 1, "nodes": 10, "hex_knowledge": "none",
     "expect": "black"}]})");
  r = run("suite " + limited + " --baseline " + report);
  EXPECT_NE(r.out.find("REGRESSION hex 4: was solved, now unknown"), std::string::npos) << r.out;

  const auto not_report = write_file("base_not_report.json", "{\"x\": 1}");
  EXPECT_EQ(run("suite " + suite + " --baseline " + not_report).status, 2);
}

// A stopped night's run continues from its report: problems it finished are
// taken from it; one a stop cut short, or never started, runs again. The
// report is rewritten as each problem ends, so even a killed run leaves one.
TEST(SuiteCommand, ResumesAStoppedRunFromItsReport) {
  const auto suite = write_file("resume_suite.json", kGoodSuite);
  const auto report = temp_path("resume_report.json");
  ASSERT_EQ(run("suite " + suite + " --report " + report).status, 0);
  auto doc = nlohmann::json::parse(read_file(report));
  ASSERT_EQ(doc["summary"]["solved"], 4);
  // As a stop leaves it: the third problem stopped, the fourth not run.
  doc["problems"][2]["status"] = "unknown";
  doc["problems"][2]["result"]["result"] = "unknown";
  doc["problems"][2]["result"]["reason"] = "stopped";
  doc["problems"][3]["status"] = "unknown";
  doc["problems"][3]["why"] = "not run (stopped)";
  doc["problems"][3]["result"] = nullptr;
  doc["problems"][0]["result"]["nodes"] = 424242;  // marks the kept answer
  const auto stopped = write_file("stopped_report.json", doc.dump());
  const auto resumed = temp_path("resumed_report.json");
  const CommandRun r = run("suite " + suite + " --resume " + stopped + " --report " + resumed);
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("2 of 4 problems already finished"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[3/4] hex 3: solved"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[4/4] dag: solved"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("ttt: solved,"), std::string::npos) << "not run again\n" << r.out;
  const auto after = nlohmann::json::parse(read_file(resumed));
  EXPECT_EQ(after["summary"]["solved"], 4);
  EXPECT_EQ(after["problems"][0]["result"]["nodes"], 424242);
  EXPECT_EQ(after["options"]["resumed_from"], stopped);
  // Different arguments are a different problem: it runs again.
  doc["problems"][1]["arguments"].push_back("--eps=0.5");
  const auto changed = write_file("changed_report.json", doc.dump());
  const CommandRun again = run("suite " + suite + " --resume " + changed);
  EXPECT_NE(again.out.find("1 of 4 problems already finished"), std::string::npos) << again.out;
}

}  // namespace
