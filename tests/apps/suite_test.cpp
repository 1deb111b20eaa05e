// Suites: defaults, problem keys and overrides become solve arguments,
// every problem is checked as solve would parse it, and judging compares
// winner, result and first move.
#include "dfpn/suite.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "dfpn/problem.h"

#include "support/temp_file.h"

namespace dfpn::cli {
namespace {

std::string write_suite_file(const std::string& name, const std::string& text) {
  return testing::write_temp_file("suite_" + name, text);
}

bool has_pair(const std::vector<std::string>& args, const std::string& option, const std::string& value) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (args[i] == option && args[i + 1] == value) return true;
  return false;
}

TEST(Suite, DefaultsProblemKeysAndOverridesMakeTheArguments) {
  const std::string path = write_suite_file("ok.json", R"({
  "name": "n",
  "defaults": {"algo": "dfpn+", "time": 60, "threads": 1},
  "problems": [
    {"name": "a", "game": "hex", "size": 4, "moves": "a1", "time": 5, "expect": "white"},
    {"name": "b", "game": "tictactoe", "algo": "pns", "expect": {"result": "disproven", "winner": "none"}}
  ]
})");
  const Suite suite = load_suite(path, {"threads=2"});
  ASSERT_EQ(suite.problems.size(), 2u);
  const auto& a = suite.problems[0].solve_args;
  EXPECT_TRUE(has_pair(a, "--algo", "dfpn+"));
  EXPECT_TRUE(has_pair(a, "--time", "5"));      // the problem's own key wins
  EXPECT_TRUE(has_pair(a, "--threads", "2"));   // the override wins over both
  EXPECT_TRUE(has_pair(suite.problems[1].solve_args, "--algo", "pns"));
  EXPECT_EQ(suite.problems[0].options.search.algorithm, Algorithm::DfpnPlus);  // parsed as solve parses
  EXPECT_EQ(suite.problems[0].options.search.threads, 2);
  EXPECT_EQ(suite.problems[0].expect.winner, "white");
  EXPECT_EQ(suite.problems[1].expect.result, "disproven");
  EXPECT_EQ(suite.problems[0].line, 5);
}

TEST(Suite, MistakesNameTheLineProblemAndField) {
  const std::string typo = write_suite_file("typo.json", R"({"problems": [
  {"name": "x", "game": "hex", "sise": 4, "expect": "black"}
]})");
  try {
    load_suite(typo);
    FAIL() << "a typo was accepted";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(typo + ":2"), std::string::npos) << what;
    EXPECT_NE(what.find("sise"), std::string::npos) << what;
  }
  // A value solve would refuse is refused when the suite is read.
  const std::string bad_algo = write_suite_file("algo.json", R"({"problems": [
  {"name": "x", "game": "hex", "algo": "bfs", "expect": "black"}
]})");
  EXPECT_THROW(load_suite(bad_algo), InputError);
  EXPECT_THROW(load_suite(write_suite_file("nojson.json", "{")), InputError);
  EXPECT_THROW(load_suite(write_suite_file("overflow.json", R"({"problems": [{"name": "x", "size": 1e999}]})")), InputError);
  // An override that reads as a number too large is taken as text, then refused as solve would.
  EXPECT_THROW(load_suite(write_suite_file("set.json", R"({"problems": [{"name": "x", "game": "hex", "expect": "black"}]})"),
                          {"time=1e999"}),
               InputError);
}

TEST(Suite, JudgingComparesWinnerResultAndMove) {
  Expectation e;
  e.winner = "black";
  e.moves = {"c1", "a2"};
  std::string why;
  nlohmann::json r = {{"result", "proven"},        {"winner", "black"},         {"best_move", "a2"},
                      {"to_play", "black"},        {"proof_verified", nullptr}, {"proof_error", nullptr}};
  EXPECT_EQ(judge(e, r, why), "solved") << why;
  r["best_move"] = "d4";
  EXPECT_EQ(judge(e, r, why), "wrong");
  EXPECT_FALSE(why.empty());
  r["winner"] = "white";
  r["best_move"] = nullptr;
  EXPECT_EQ(judge(e, r, why), "wrong");
  nlohmann::json unknown = r;
  unknown["result"] = "unknown";
  EXPECT_EQ(judge(e, unknown, why), "unknown");
  nlohmann::json rejected = r;
  rejected["winner"] = "black";
  rejected["proof_verified"] = false;
  rejected["proof_error"] = "defence a1 is not answered";
  EXPECT_EQ(judge(e, rejected, why), "wrong");
}

}  // namespace
}  // namespace dfpn::cli
