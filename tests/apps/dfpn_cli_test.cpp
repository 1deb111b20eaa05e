// Runs the real `dfpn` binary: exit codes, JSON keys, error messages.
#include <sys/wait.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace {

struct CommandRun {
  int status = -1;
  std::string out;  // stdout and stderr together
};

CommandRun run(const std::string& args) {
  const std::string command = std::string(DFPN_BINARY) + " " + args + " 2>&1";
  CommandRun r;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buffer{};
  while (fgets(buffer.data(), buffer.size(), pipe)) r.out += buffer.data();
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + name;
  std::ofstream(path) << text;
  return path;
}

TEST(DfpnCli, TicTacToeJsonVerified) {
  const CommandRun r = run("solve --game tictactoe --algo pns --json --verify");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"game", "algo", "to_play", "prover", "goal", "result", "winner", "best_move",
                          "nodes", "time_s", "tt_mb", "threads", "proof_verified", "reason"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["result"], "disproven");
  EXPECT_EQ(j["proof_verified"], true);
  EXPECT_TRUE(j["winner"].is_null());  // a draw remains possible
  EXPECT_TRUE(j["reason"].is_null());
  EXPECT_EQ(j["prover"], "black");
  EXPECT_GT(j["nodes"].get<int>(), 0);
}

TEST(DfpnCli, EveryAlgorithmAgreesOnAWin) {
  for (const char* algo : {"dfpn", "dfpn+", "pds", "pdspn", "pns", "pn2", "pss", "minimax"}) {
    const CommandRun r = run(std::string("solve --moves 'b2 a2' --json --verify --algo ") + algo);
    ASSERT_EQ(r.status, 0) << r.out;
    const auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["result"], "proven") << algo;
    EXPECT_EQ(j["winner"], "black") << algo;
    EXPECT_FALSE(j["best_move"].is_null()) << algo;
    EXPECT_EQ(j["proof_verified"], true) << algo;
  }
}

TEST(DfpnCli, TableSizeOptionsAndStatistics) {
  const CommandRun r = run("solve --algo dfpn --tt-entries 16 --json --verify");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["result"], "disproven");
  EXPECT_EQ(j["proof_verified"], true);
  EXPECT_EQ(j["stats"]["tt_entries"], 16);
  EXPECT_GT(j["stats"]["tt_probes"].get<double>(), 0);
  EXPECT_GT(j["stats"]["tt_replacements"].get<double>(), 0);  // 16 entries must overflow
}

TEST(DfpnCli, ProofSetSearchTruncations) {
  // PSS(0,0) is PNS: the same 1237 expansions on tic-tac-toe.
  const auto pns = nlohmann::json::parse(run("solve --algo pns --json").out);
  const auto pss00 = nlohmann::json::parse(run("solve --algo pss --pss-p 0 --pss-d 0 --json").out);
  EXPECT_EQ(pss00["nodes"], pns["nodes"]);
  const CommandRun r = run("solve --algo pss --pss-p inf --pss-d 4 --json --verify");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["result"], "disproven");
  EXPECT_EQ(j["proof_verified"], true);
}

TEST(DfpnCli, NodeLimitGivesUnknownWithReason) {
  const CommandRun r = run("solve --json --nodes 10");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["result"], "unknown");
  EXPECT_EQ(j["reason"], "nodes");
  EXPECT_TRUE(j["winner"].is_null());
}

TEST(DfpnCli, SyntheticGameFromOptionsAndFile) {
  const CommandRun a = run("solve --game synthetic --seed 5 --shape graph --depth 8 --json --verify");
  ASSERT_EQ(a.status, 0) << a.out;
  const std::string file = write_file(
      "synthetic.json", R"({"game": "synthetic", "seed": 5, "shape": "graph", "depth": 8})");
  const CommandRun b = run("solve " + file + " --json --verify");
  ASSERT_EQ(b.status, 0) << b.out;
  const auto ja = nlohmann::json::parse(a.out), jb = nlohmann::json::parse(b.out);
  EXPECT_EQ(ja["result"], jb["result"]);
  EXPECT_EQ(ja["nodes"], jb["nodes"]);
  EXPECT_EQ(jb["proof_verified"], true);
}

TEST(DfpnCli, BadArgumentsExitTwo) {
  for (const char* args : {"", "solve --algo nonsense", "solve --game chess", "solve --time -1",
                           "solve --moves 'z9'", "solve --moves 'a1 a1'", "frobnicate",
                           "solve --algo pss --pss-p many", "solve --algo pss --pss-d -1"}) {
    const CommandRun r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_FALSE(r.out.empty()) << args;
  }
}

TEST(DfpnCli, BadFilesNameFileLineAndField) {
  EXPECT_EQ(run("solve /no/such/file.json").status, 2);

  const auto broken = write_file("broken.json", "{\n  \"game\": \"tictactoe\",\n  \"moves\": \n");
  CommandRun r = run("solve " + broken);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find(broken + ":"), std::string::npos) << r.out;

  const auto wrong_type = write_file("type.json", "{\n  \"game\": \"tictactoe\",\n  \"moves\": 7\n}\n");
  r = run("solve " + wrong_type);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find(wrong_type + ":3: field 'moves'"), std::string::npos) << r.out;

  const auto unknown = write_file("unknown.json", "{\"game\": \"tictactoe\", \"colour\": 1}");
  r = run("solve " + unknown);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("unknown field 'colour'"), std::string::npos) << r.out;

  const auto illegal = write_file("illegal.json", "{\"game\": \"tictactoe\", \"moves\": \"a1 a1\"}");
  r = run("solve " + illegal);
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.out.find("move 2 'a1' is not legal"), std::string::npos) << r.out;
}

TEST(DfpnCli, DemoSolvesTheDefaultSet) {
  const CommandRun r = run("demo");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("all answers as expected"), std::string::npos) << r.out;
}

}  // namespace
