// Runs the real `dfpn` binary: exit codes, JSON keys, error messages.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>

#include <string>

#include <nlohmann/json.hpp>

#include "apps/cli_runner.h"

namespace {

using dfpn::testing::CommandRun;
using dfpn::testing::run;
using dfpn::testing::write_file;

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
  // One thread: with several, node counts depend on timing (the default is every core).
  const CommandRun a =
      run("solve --game synthetic --seed 5 --shape graph --depth 8 --threads 1 --json --verify");
  ASSERT_EQ(a.status, 0) << a.out;
  const std::string file = write_file(
      "synthetic.json", R"({"game": "synthetic", "seed": 5, "shape": "graph", "depth": 8})");
  const CommandRun b = run("solve " + file + " --threads 1 --json --verify");
  ASSERT_EQ(b.status, 0) << b.out;
  const auto ja = nlohmann::json::parse(a.out), jb = nlohmann::json::parse(b.out);
  EXPECT_EQ(ja["result"], jb["result"]);
  EXPECT_EQ(ja["nodes"], jb["nodes"]);
  EXPECT_EQ(jb["proof_verified"], true);
}

TEST(DfpnCli, BadArgumentsExitTwo) {
  for (const char* args : {"", "solve --algo nonsense", "solve --game chess", "solve --time -1",
                           "solve --moves 'z9'", "solve --moves 'a1 a1'", "frobnicate",
                           "solve --algo pss --pss-p many", "solve --algo pss --pss-d -1",
                           "solve --ko-rule japanese", "solve --go-zones maybe",
                           "solve --game hex --size 3 --hex-knowledge all,semis=33",
                           "solve --game hex --size 3 --hex-knowledge all,fulls=x",
                           "solve --game hex --size 3 --hex-knowledge all,edge-semis=0",
                           "solve --game hex --size 3 --hex-knowledge all,captured-stones=-1",
                           "solve --game hex --size 3 --hex-knowledge all,frobnicate",
                           "solve --widen-factor 2", "solve --widen-base -1"}) {
    const CommandRun r = run(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_FALSE(r.out.empty()) << args;
  }
}

TEST(DfpnCli, HexKnowledgeTakesPiecesAndBounds) {
  // The rules alone ("none") give the winner; every mix of pieces and
  // H-search bounds must agree.
  auto winner = [](const std::string& knowledge) {
    const CommandRun r = run("solve --game hex --size 4 --moves b2 --threads 1 --json --hex-knowledge " + knowledge);
    EXPECT_EQ(r.status, 0) << knowledge << "\n" << r.out;
    const auto at = r.out.find("\"winner\": \"");
    return at == std::string::npos ? std::string("?") : r.out.substr(at + 11, 5);
  };
  const std::string exact = winner("none");
  ASSERT_TRUE(exact == "black" || exact == "white") << exact;
  for (const char* knowledge : {"all", "all,vulnerable", "dead,vulnerable,vc", "all,fulls=1,semis=1,connections=50",
                                "all,fulls=8,semis=16", "all,edge-fulls=4,edge-semis=8", "all,edge-and", "all,captured-and", "all,captured-stones=0", "all,captured-stones=20", "all --algo dfpn+ --widen-base 1 --widen-factor 0.25",
                                "dead,vulnerable,refutation,transpositions"})
    EXPECT_EQ(winner(knowledge), exact) << knowledge;
}

// The `stats` object of a one-thread `solve --json` run.
nlohmann::json stats(const std::string& args) {
  const CommandRun r = run("solve --threads 1 --json " + args);
  EXPECT_EQ(r.status, 0) << args << "\n" << r.out;
  return nlohmann::json::parse(r.out).at("stats");
}

TEST(DfpnCli, HexWidensByDefaultAndTheOptionsOverrideIt) {
  const auto hex = stats("--game hex --size 4 --moves b2");
  EXPECT_EQ(hex.value("widen_base", -1.0), 1.0) << hex;
  EXPECT_EQ(hex.value("widen_factor", -1.0), 0.25) << hex;
  // Either option alone replaces the default; the other is then 0.
  const auto base_only = stats("--game hex --size 4 --moves b2 --widen-base 3");
  EXPECT_EQ(base_only.value("widen_base", -1.0), 3.0) << base_only;
  EXPECT_EQ(base_only.value("widen_factor", -1.0), 0.0) << base_only;
  EXPECT_FALSE(stats("--game hex --size 4 --moves b2 --widen-base 0 --widen-factor 0").contains("widen_base"));
  // The rules alone and the other games search every move.
  EXPECT_FALSE(stats("--game hex --size 4 --hex-knowledge none").contains("widen_base"));
  EXPECT_FALSE(stats("--game tictactoe").contains("widen_base"));
}

TEST(DfpnCli, ReportsExplainTheSearch) {
  // 6x6 a6 takes a few hundred nodes: the search learns proof sets, meets
  // some of them again by containment, and spends work on moves that lose.
  const auto hex = stats("--game hex --size 6 --moves a6");
  EXPECT_GT(hex.value("proof_transposition_records", 0.0), 0.0) << hex;
  EXPECT_GT(hex.value("proof_transposition_hits", 0.0), 0.0) << hex;
  EXPECT_EQ(hex.value("proof_transposition_dropped", -1.0), 0.0) << hex;
  EXPECT_GT(hex.value("wasted_work", 0.0), 0.0) << hex;
  // Each analysis is computed once and then served from the shared cache
  // (the nodes count fresh leaves too, which are not analysed).
  EXPECT_GT(hex.value("analyses", 0.0), 0.0) << hex;
  EXPECT_LE(hex.value("analyses", 0.0), hex.value("tt_stores", 0.0) + 1) << hex;
  // Without proof transpositions there is no store to report on.
  const auto without = stats("--game hex --size 6 --moves a6 --hex-knowledge "
                             "dead,captured,dominated,vulnerable,vc,templates,mustplay,symmetry,refutation,shrink,order,threats,init");
  EXPECT_FALSE(without.contains("proof_transposition_records")) << without;
  EXPECT_TRUE(without.contains("analyses")) << without;
  EXPECT_TRUE(without.contains("wasted_work")) << without;
}

TEST(DfpnCli, ReportsTheWorkBelowEachRootMove) {
  // 6x6 a2: White's winning reply and the replies it tried on the way.
  const CommandRun r = run("solve --threads 1 --json --game hex --size 6 --moves a2");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  const auto& moves = j.at("root_moves");
  ASSERT_TRUE(moves.is_array()) << r.out;
  ASSERT_FALSE(moves.empty()) << r.out;
  std::uint64_t below = 0;
  bool best_searched = false;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    below += moves[i].at("nodes").get<std::uint64_t>();
    EXPECT_GE(moves[i].at("visits").get<int>(), 1);
    if (i > 0) {
      EXPECT_GE(moves[i - 1].at("nodes").get<std::uint64_t>(), moves[i].at("nodes").get<std::uint64_t>());
    }
    best_searched |= moves[i].at("move") == j.at("best_move");
  }
  EXPECT_TRUE(best_searched) << r.out;
  EXPECT_LT(below, j.at("nodes").get<std::uint64_t>());  // the root's own expansion is not below a move
  // The summary names the moves that took the most work.
  const CommandRun human = run("solve --threads 1 --game hex --size 6 --moves a2");
  ASSERT_EQ(human.status, 0) << human.out;
  EXPECT_NE(human.out.find("root moves " + moves[0].at("move").get<std::string>() + " "), std::string::npos)
      << human.out;
  // A root the knowledge decides at once has no search to report.
  const auto decided = nlohmann::json::parse(run("solve --threads 1 --json --game hex --size 4 --moves b2").out);
  EXPECT_TRUE(decided.at("root_moves").empty()) << decided;
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

// The public task format's kill-all goals (TOLIVE_ANY / TOKILL_ALL), the
// position given as a move list with a pass in it, as the 7x7 set has it.
// After the moves Black's wall has two eyes and touches every other point:
// White can never live, Black has won.
TEST(DfpnCli, KillAllTasksAreRead) {
  const std::string task = R"json({"masked_sgf_str": "(;FF[4]SZ[4]AB[aa][ba][ca][da][ab][db][ac][bc][cc][dc][bd][dd]AW[cb];W[];B[bb])",
    "region": "", "turn_color": "w", "black_search_goal": "TOKILL_ALL", "white_search_goal": "TOLIVE_ANY",
    "black_ko_rule": "allow_ko", "white_ko_rule": "disallow_ko"})json";
  const auto file = write_file("kill_all.json", task);
  const CommandRun r = run("solve " + file + " --json --verify --threads 1");
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["prover"], "white");
  EXPECT_NE(j["goal"].get<std::string>().find("lives (any stone)"), std::string::npos) << j["goal"];
  EXPECT_EQ(j["winner"], "black");
  EXPECT_EQ(j["status"], "black kills");
  EXPECT_EQ(j["proof_verified"], true);

  std::string mixed = task;
  mixed.replace(mixed.find("TOLIVE_ANY"), 10, "TOLIVE");
  const auto bad = write_file("kill_all_bad.json", mixed);
  const CommandRun e = run("solve " + bad);
  EXPECT_EQ(e.status, 2);
  EXPECT_NE(e.out.find("TOLIVE_ANY/TOKILL_ALL"), std::string::npos) << e.out;
}

// A tsumego file as collections have it (stones and the solution, no
// targets, no region): framed, said so, solved with a verified proof, and
// written out as a problem that solves the same way.
TEST(DfpnCli, PlainTsumegoFilesAreFramed) {
  const auto plain = write_file("straight_three.sgf",
                                "(;GM[1]SZ[9]AB[ab][bb][cb][db][da]AW[ac][bc][cc][dc][ec][eb][ea];B[ba];W[aa])");
  const std::string framed = dfpn::testing::temp_path("straight_three_framed.sgf");
  const CommandRun r = run("solve " + plain + " --json --verify --threads 1 --write-problem " + framed);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["to_play"], "black");  // from the solution's first move, which is not played
  EXPECT_EQ(j["winner"], "black");
  EXPECT_EQ(j["best_move"], "B9");
  EXPECT_EQ(j["status"], "black lives");
  EXPECT_EQ(j["proof_verified"], true);
  const std::string framing = j["framing"].get<std::string>();
  EXPECT_NE(framing.find("black to play and live"), std::string::npos) << framing;
  EXPECT_NE(framing.find("targets: every black block (1)"), std::string::npos) << framing;

  const CommandRun again = run("solve " + framed + " --json --threads 1");
  ASSERT_EQ(again.status, 0) << again.out;
  const auto k = nlohmann::json::parse(again.out);
  EXPECT_TRUE(k["framing"].is_null());  // the written file states the problem
  EXPECT_EQ(k["winner"], "black");
  EXPECT_EQ(k["best_move"], "B9");
  // White to play kills; the human summary starts with the framed board.
  const CommandRun human = run("solve " + plain + " --to-play white --threads 1");
  ASSERT_EQ(human.status, 0) << human.out;
  EXPECT_EQ(human.out.rfind("    A B C D", 0), 0u) << human.out;
  EXPECT_NE(human.out.find("white kills"), std::string::npos) << human.out;

  const auto one_colour = write_file("one_colour.sgf", "(;GM[1]SZ[9]AB[ab][bb])");
  const CommandRun bad = run("solve " + one_colour);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("stones of both colours"), std::string::npos) << bad.out;
}

// With no --algo, each game gets its best measured algorithm: df-pn+ for Go
// (its guidance is in the initial numbers), df-pn for the others.
TEST(DfpnCli, EachGameHasItsDefaultAlgorithm) {
  const auto go = write_file("default_algo.sgf", "(;GM[1]SZ[9]AB[ab][bb][cb][db][da]AW[ac][bc][cc][dc][ec][eb][ea])");
  auto algo = [](const std::string& args) {
    const CommandRun r = run("solve " + args + " --json --threads 1");
    EXPECT_EQ(r.status, 0) << r.out;
    return nlohmann::json::parse(r.out)["algo"].get<std::string>();
  };
  EXPECT_EQ(algo(go), "dfpn+");
  EXPECT_EQ(algo(go + " --algo dfpn"), "dfpn");
  EXPECT_EQ(algo("--game hex --size 3"), "dfpn");
  EXPECT_EQ(algo("--game tictactoe"), "dfpn");
}

// The shipped Go and Hex suites with several threads: every answer must
// match the suite's expectation (oracle-checked for Go, published for Hex).
TEST(DfpnCli, TheGoAndHexSuitesSolveWithSeveralThreads) {
  const std::string suites = std::string(DFPN_SOURCE_DIR) + "/bench/suites/";
  const CommandRun go = run("suite " + suites + "go-small.json --set threads=4");
  EXPECT_EQ(go.status, 0) << go.out;
  EXPECT_NE(go.out.find("30 problems: 30 solved, 0 wrong"), std::string::npos) << go.out;
  // Under superko relevance zones prune (sharing their store between threads).
  const CommandRun superko = run("suite " + suites + "go-small.json --set threads=2 --set ko_rule=situational");
  EXPECT_EQ(superko.status, 0) << superko.out;
  EXPECT_NE(superko.out.find("30 problems: 30 solved, 0 wrong"), std::string::npos) << superko.out;
  const CommandRun hex =
      run("suite " + suites + "hex-6x6-openings.json --filter \"6x6 d\" --set threads=2 --set tt_mb=64");
  EXPECT_EQ(hex.status, 0) << hex.out;
  EXPECT_NE(hex.out.find("6 problems: 6 solved, 0 wrong"), std::string::npos) << hex.out;
}

TEST(DfpnCli, TheShippedSuitesLoadAndTheDefaultOneSolves) {
  const std::string suites = std::string(DFPN_SOURCE_DIR) + "/bench/suites/";
  const CommandRun r = run("suite " + suites + "default.json");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find(" 0 wrong, 0 unknown, 0 errors"), std::string::npos) << r.out;
  // The others are long; a node limit of 1 checks that every problem loads and sets up.
  for (const char* suite : {"smoke.json", "go-small.json", "scale-synthetic.json", "hex-6x6-openings.json", "hex-7x7-openings.json",
                            "hex-8x8-openings.json"}) {
    const CommandRun quick = run("suite " + suites + suite + " --set nodes=1 --set verify=false --set tt_mb=1");
    EXPECT_EQ(quick.status, 0) << suite << "\n" << quick.out;
    EXPECT_NE(quick.out.find(" 0 wrong, "), std::string::npos) << quick.out;
    EXPECT_NE(quick.out.find(" 0 errors"), std::string::npos) << quick.out;
  }
}

}  // namespace

namespace {

// A 9x9 Hex solve (far beyond a second's search) in the background, sent
// `signals` (shell commands naming it $pid) after a second: the exit line
// and the answer. (Backgrounded jobs in a non-interactive shell start with
// SIGINT ignored; the command installs its own handler, so the signal still
// arrives.)
struct Signalled {
  std::string out;
  nlohmann::json answer;
};
Signalled solve_signalled(const std::string& threads, const std::string& signals, const std::string& name) {
  const std::string answer = dfpn::testing::temp_path(name);
  const CommandRun r = dfpn::testing::run_shell("DFPN solve --game hex --size 9 --threads " + threads + " --json > " +
                                                answer + " & pid=$!; sleep 1; " + signals + "; wait $pid; echo exit=$?");
  return {r.out, nlohmann::json::parse(dfpn::testing::read_file(answer))};
}

// SIGINT must end it with a well-formed "unknown" answer, not a crash.
TEST(DfpnCli, InterruptStopsCleanlyWithUnknown) {
  const Signalled r = solve_signalled("1", "kill -INT $pid", "interrupted.json");
  EXPECT_NE(r.out.find("exit=0"), std::string::npos) << r.out;
  EXPECT_EQ(r.answer["result"], "unknown");
  EXPECT_EQ(r.answer["reason"], "stopped");
  EXPECT_GT(r.answer["nodes"].get<double>(), 0);
}

// SIGTERM (what timeout, Slurm and CI send) ends a solve the same way:
// the normal answer, "unknown" for reason "stopped", and exit status 0.
TEST(DfpnCli, TerminateStopsCleanlyWithUnknown) {
  const Signalled r = solve_signalled("2", "kill -TERM $pid", "terminated.json");
  EXPECT_NE(r.out.find("exit=0"), std::string::npos) << r.out;
  EXPECT_EQ(r.answer["result"], "unknown");
  EXPECT_EQ(r.answer["reason"], "stopped");
}

// timeout(1) sends its signal to the command and then to the command's
// process group, so the command gets it twice at once: that is one stop
// request, not the "second signal: leave now" of a user pressing Ctrl-C
// again later (which ends the process without an answer).
TEST(DfpnCli, TheSameSignalTwiceAtOnceIsOneStop) {
  const Signalled r = solve_signalled("1", "kill -TERM $pid; sleep 0.005; kill -TERM $pid", "twice.json");
  EXPECT_NE(r.out.find("exit=0"), std::string::npos) << r.out;
  EXPECT_EQ(r.answer["result"], "unknown");
  EXPECT_EQ(r.answer["reason"], "stopped");
}

// Every bad value is one line that names the field, exit status 2: NaN and
// infinity pass no range, a negative count is not a huge one, a table the
// machine cannot hold is a usage error, and a long bad value is cut short.
TEST(DfpnCli, BadValuesAreOneLineErrorsNamingTheField) {
  const std::string long_value(5000, '7');
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"--time nan", "--time"},         {"--eps nan", "--eps"},
      {"--tt-mb nan", "--tt-mb"},       {"--widen-factor inf", "--widen-factor"},
      {"--nodes -1", "--nodes"},        {"--tt-entries 0", "--tt-entries"},
      {"--time abc", "--time"},         {"--threads 100000", "--threads"},
      {"--tt-mb 1000000", "--tt-mb"},   {"--eps " + long_value, "--eps"},
      {"--second-level 0", "--second-level"}};
  for (const auto& [args, field] : cases) {
    const CommandRun r = run("solve --game hex --size 3 -q " + args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << args << "\n" << r.out;
    EXPECT_NE(r.out.find(field), std::string::npos) << args << "\n" << r.out;
    EXPECT_LT(r.out.size(), 200u) << args;
  }
}

// A huge or binary value in a problem file is not echoed whole.
TEST(DfpnCli, LongAndBinaryValuesAreCutShortInErrors) {
  const std::string huge = dfpn::testing::write_file("huge.sgf", "(;FF[4]GM[11]SZ[" + std::string(1 << 20, '9') + "])");
  CommandRun r = run("solve -q " + huge);
  EXPECT_EQ(r.status, 2) << r.out.substr(0, 300);
  EXPECT_LT(r.out.size(), 300u);
  const std::string binary =
      dfpn::testing::write_file("binary.sgf", std::string("(;FF[4]GM[11]SZ[4]PL[X\0Y];B[a1])", 32));
  r = run("solve -q " + binary);
  EXPECT_EQ(r.status, 2) << r.out;
  EXPECT_NE(r.out.find("PL[X?Y]"), std::string::npos) << r.out;  // the whole message, the NUL shown as '?'
}

// Problem files take exactly the JSON types their fields mean.
TEST(DfpnCli, ProblemFilesRefuseValuesOfTheWrongKind) {
  for (const std::string& field : {std::string(R"("size": 4.5)"), std::string(R"("size": true)"),
                                   std::string(R"("seed": -3)"), std::string(R"("win_rate": 1.5)")}) {
    const std::string file = dfpn::testing::write_file("kind.json", R"({"game": "hex", )" + field + "}");
    const CommandRun r = run("solve -q " + file);
    EXPECT_EQ(r.status, 2) << field << "\n" << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << field << "\n" << r.out;
  }
}

// An output file that cannot be written is reported, the answer still
// printed, and the exit status is 1.
TEST(DfpnCli, UnwritableProofFileIsReported) {
  const CommandRun r = run("solve --game hex --size 3 --threads 1 -q --json --proof /dev/full");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("\"result\": \"proven\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("cannot write '/dev/full'"), std::string::npos) << r.out;
}

TEST(DfpnCli, NoProgressDisplayWhenNotATerminal) {
  const CommandRun r = run("solve --game hex --size 4 --threads 1");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.find('\r'), std::string::npos);
  EXPECT_EQ(r.out.find("\033["), std::string::npos);
}

}  // namespace

namespace {

using dfpn::testing::read_file;
using dfpn::testing::temp_path;

nlohmann::json solve_json(const std::string& args) {
  const CommandRun r = run("solve " + args + " --json -q");
  EXPECT_EQ(r.status, 0) << args << "\n" << r.out;
  return nlohmann::json::parse(r.out.substr(r.out.find('{')));
}

// A 7x7 Hex solve stopped by its node limit and resumed from its checkpoint
// reaches the answer of a fresh solve, with fewer new expansions; resuming
// on two threads gives the same answer.
TEST(DfpnCli, AStoppedHexSolveResumesFromItsCheckpoint) {
  const std::string problem = "--game hex --size 7 --moves c5";
  const auto fresh = solve_json(problem + " --threads 1");
  ASSERT_EQ(fresh["result"], "disproven");
  const std::uint64_t fresh_nodes = fresh["nodes"];
  const auto checkpoint = temp_path("hex7.checkpoint");
  std::remove(checkpoint.c_str());
  const auto stopped = solve_json(problem + " --threads 1 --nodes " + std::to_string(fresh_nodes / 2) +
                                  " --checkpoint " + checkpoint);
  EXPECT_EQ(stopped["result"], "unknown");
  EXPECT_EQ(stopped["checkpoint_file"], checkpoint);
  EXPECT_GT(stopped["stats"]["checkpoint_entries"].get<double>(), 0);
  for (const char* threads : {"1", "2"}) {
    const auto resumed = solve_json(problem + " --threads " + std::string(threads) + " --resume " + checkpoint);
    EXPECT_EQ(resumed["result"], fresh["result"]) << threads;
    EXPECT_EQ(resumed["winner"], fresh["winner"]) << threads;
    EXPECT_EQ(resumed["resumed_from"], checkpoint);
    EXPECT_EQ(resumed["stats"]["resumed_entries"], stopped["stats"]["checkpoint_entries"]);
    if (std::string(threads) == "1") {
      EXPECT_LT(resumed["nodes"].get<std::uint64_t>(), fresh_nodes);
    }
  }
}

// A signal ends the solve with its answer and a checkpoint to resume from.
TEST(DfpnCli, TerminateLeavesACheckpoint) {
  const auto checkpoint = temp_path("terminated.checkpoint");
  std::remove(checkpoint.c_str());
  const CommandRun r = dfpn::testing::run_shell(
      "DFPN solve --game hex --size 9 --threads 2 --json --checkpoint " + checkpoint + " --checkpoint-every 0.2 > " +
      temp_path("terminated_checkpoint.json") + " & pid=$!; sleep 2; kill -TERM $pid; wait $pid; echo exit=$?");
  EXPECT_NE(r.out.find("exit=0"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(read_file(temp_path("terminated_checkpoint.json")));
  EXPECT_EQ(j["reason"], "stopped");
  EXPECT_GE(j["stats"]["checkpoint_writes"].get<double>(), 2);  // every 0.2 s, and at the end
  const auto resumed = solve_json("--game hex --size 9 --threads 1 --nodes 1 --resume " + checkpoint);
  EXPECT_GT(resumed["stats"]["resumed_entries"].get<double>(), 0);
}

// A checkpoint of something else, a damaged one and an algorithm without a
// table are usage errors (exit 2, one line); a checkpoint that cannot be
// written leaves the answer and exits 1.
TEST(DfpnCli, CheckpointErrors) {
  const auto checkpoint = temp_path("errors.checkpoint");
  std::remove(checkpoint.c_str());
  ASSERT_EQ(run("solve --game hex --size 4 --moves a1 --threads 1 -q --checkpoint " + checkpoint).status, 0);
  // Resumed with a proof asked for, the proof is built and verifies.
  const auto verified = solve_json("--game hex --size 4 --moves a1 --threads 1 --verify --resume " + checkpoint);
  EXPECT_EQ(verified["winner"], "white");
  EXPECT_EQ(verified["proof_verified"], true);
  struct Case {
    std::string args, message;
  };
  std::string bytes = read_file(checkpoint);
  bytes[bytes.size() / 2] = char(bytes[bytes.size() / 2] ^ 1);
  const auto damaged = dfpn::testing::write_file("damaged.checkpoint", bytes);
  const auto text = dfpn::testing::write_file("text.checkpoint", "not a table");
  for (const Case& c : std::vector<Case>{
           {"--game hex --size 4 --moves a2 --resume " + checkpoint, "/problem/moves differs"},
           {"--game hex --size 4 --moves a1 --algo dfpn+ --resume " + checkpoint, "/algorithm differs"},
           {"--game hex --size 4 --moves a1 --resume " + damaged, "damaged"},
           {"--game hex --size 4 --moves a1 --resume " + text, "not a table file"},
           {"--game hex --size 4 --algo pns --checkpoint " + checkpoint, "only the df-pn family"}}) {
    const CommandRun r = run("solve -q " + c.args);
    EXPECT_EQ(r.status, 2) << c.args << "\n" << r.out;
    EXPECT_NE(r.out.find(c.message), std::string::npos) << c.args << "\n" << r.out;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  }
  const CommandRun unwritable = run("solve --game hex --size 4 --threads 1 --json -q --checkpoint /nonexistent/ck");
  EXPECT_EQ(unwritable.status, 1) << unwritable.out;
  const auto answer = nlohmann::json::parse(unwritable.out.substr(0, unwritable.out.rfind('}') + 1));
  EXPECT_EQ(answer["winner"], "black");
  EXPECT_NE(unwritable.out.find("--checkpoint: cannot write"), std::string::npos) << unwritable.out;
}

}  // namespace

namespace {

// --memory-mb bounds the whole process: the table gets what the program,
// the game's stores and the threads leave; the default thread count shrinks
// to fit; a budget too small for the rest is a usage error naming the need.
TEST(DfpnCli, MemoryBudgetSizesTheTableAndTheThreads) {
  const auto small = solve_json("--game synthetic --depth 8 --memory-mb 64 --threads 1");
  EXPECT_GT(small["tt_mb"].get<double>(), 32);
  EXPECT_LT(small["tt_mb"].get<double>(), 64);
  // Hex 8x8's stores (analyses, proof sets, proof transpositions) take
  // about half of 64 MiB at their default size: under that budget they get
  // at most half of what the program and two threads leave, and the table
  // the rest.
  const auto hex = solve_json("--game hex --size 8 --moves a1 --nodes 10 --memory-mb 64 --threads 2");
  EXPECT_EQ(hex["threads"], 2);
  const auto stat = [](const nlohmann::json& report, const std::string& key) {
    return report["stats"].value(key, -1.0);
  };
  EXPECT_GT(stat(hex, "store_mb"), 0);
  EXPECT_LE(stat(hex, "store_mb"), 16);
  EXPECT_GT(hex["tt_mb"].get<double>(), 16);
  EXPECT_LE(hex["tt_mb"].get<double>() + stat(hex, "store_mb"), 64 - 16 - 2 * 8);
  // A generous budget leaves the stores at their default size.
  const auto roomy = solve_json("--game hex --size 8 --moves a1 --nodes 10 --memory-mb 256 --threads 2");
  EXPECT_GT(stat(roomy, "store_mb"), 30);
  const CommandRun refused = run("solve --game hex --size 8 --moves a1 --nodes 10 --memory-mb 32 --threads 2 -q");
  EXPECT_EQ(refused.status, 2) << refused.out;
  EXPECT_NE(refused.out.find("--memory-mb: 32 MiB is too little; this solve needs"), std::string::npos) << refused.out;
  EXPECT_EQ(std::count(refused.out.begin(), refused.out.end(), '\n'), 1) << refused.out;
}

// With a proof asked for, the budget is shared: the table gets half of what
// is left, the proof the other half; a proof that outgrows its half stops
// with the reason, and the answer stands.
TEST(DfpnCli, MemoryBudgetKeepsHalfForTheProof) {
  const auto plain = solve_json("--game hex --size 6 --moves a3 --threads 1 --memory-mb 32");
  const auto proved = solve_json("--game hex --size 6 --moves a3 --threads 1 --memory-mb 32 --verify");
  EXPECT_NEAR(proved["tt_mb"].get<double>(), plain["tt_mb"].get<double>() / 2, 1.0);
  EXPECT_EQ(proved["result"], "disproven");
  EXPECT_TRUE(proved["proof_verified"].is_null());
  EXPECT_NE(proved["proof_error"].get<std::string>().find("the proof would take more than"), std::string::npos)
      << proved["proof_error"];
  const auto roomy = solve_json("--game hex --size 6 --moves c3 --threads 1 --memory-mb 256 --verify");
  EXPECT_EQ(roomy["proof_verified"], true) << roomy["proof_error"];
}

}  // namespace
