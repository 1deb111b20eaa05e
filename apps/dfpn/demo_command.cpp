#include "dfpn/demo_command.h"

#include <iomanip>
#include <iostream>
#include <string>
#include <vector>

#include "dfpn/minimax.h"
#include "dfpn/solve_command.h"
#include "games/synthetic/synthetic.h"

namespace dfpn::cli {
namespace {

struct DemoProblem {
  std::string name;
  SolveOptions options;
  std::string expected;  // "proven" | "disproven"; empty: ask the exact oracle
};

std::vector<DemoProblem> default_problems(const DemoOptions& demo) {
  std::vector<DemoProblem> problems;
  auto add = [&](std::string name, std::string algo, ProblemSpec spec, std::string expected) {
    SolveOptions o;
    o.problem = std::move(spec);
    o.algo = std::move(algo);
    o.time_s = demo.time_s;
    o.verify = demo.verify;
    problems.push_back({std::move(name), o, std::move(expected)});
  };
  ProblemSpec empty_board;
  add("tic-tac-toe, X to win", "pns", empty_board, "disproven");
  add("tic-tac-toe, X to win", "dfpn", empty_board, "disproven");
  ProblemSpec o_to_win = empty_board;
  o_to_win.prover = "white";
  add("tic-tac-toe, O to win", "dfpn", o_to_win, "disproven");
  ProblemSpec blunder;
  blunder.moves = "b2 a2";
  add("tic-tac-toe after b2 a2", "dfpn", blunder, "proven");
  ProblemSpec hex3;
  hex3.game = "hex";
  hex3.size = 3;
  add("hex 3x3, empty board", "dfpn", hex3, "proven");  // the first player wins on every board
  ProblemSpec hex3_corner = hex3;
  hex3_corner.moves = "a1";
  add("hex 3x3 after a1", "dfpn", hex3_corner, "");
  ProblemSpec hex4 = hex3;
  hex4.size = 4;
  add("hex 4x4, empty board", "dfpn", hex4, "proven");
  for (auto [shape, seed] : {std::pair{games::Shape::Tree, 11u}, {games::Shape::Dag, 12u},
                             {games::Shape::Graph, 13u}}) {
    ProblemSpec s;
    s.game = "synthetic";
    s.seed = seed;
    s.synthetic.shape = shape;
    s.synthetic.depth = 14;
    s.synthetic.max_branching = 4;
    s.synthetic.terminal_rate = 0.1;
    add("synthetic " + std::string(games::to_string(shape)) + " seed " + std::to_string(seed),
        "dfpn", s, "");
  }
  return problems;
}

// The exact answer for problems without a stated expectation.
std::string oracle_answer(const SolveOptions& options, std::stop_token stop) {
  SolveOptions exact = options;
  exact.algo = "minimax";
  exact.verify = false;
  exact.tt_mb = 4096;
  return solve(exact, std::move(stop)).result;
}

}  // namespace

void add_demo_options(CLI::App& cmd, DemoOptions& o) {
  cmd.add_option("--time", o.time_s, "Time limit per problem in seconds")->capture_default_str();
  cmd.add_flag("!--no-verify", o.verify, "Skip proof verification");
}

int run_demo(const DemoOptions& demo, std::stop_token stop) {
  std::cout << std::left << std::setw(30) << "problem" << std::setw(8) << "algo" << std::setw(11)
            << "result" << std::setw(8) << "winner" << std::setw(6) << "move" << std::right
            << std::setw(11) << "nodes" << std::setw(10) << "time s" << "  proof    check\n";
  int wrong = 0;
  for (const auto& problem : default_problems(demo)) {
    const Report r = solve(problem.options, stop);
    const std::string expected =
        problem.expected.empty() ? oracle_answer(problem.options, stop) : problem.expected;
    const bool ok = r.result == expected;
    wrong += ok ? 0 : 1;
    std::cout << std::left << std::setw(30) << problem.name << std::setw(8) << r.algo
              << std::setw(11) << r.result << std::setw(8) << r.winner.value_or("-") << std::setw(6)
              << r.best_move.value_or("-") << std::right << std::setw(11) << r.nodes
              << std::setw(10) << std::fixed << std::setprecision(3) << r.time_s << "  "
              << std::left << std::setw(9)
              << (!r.proof_verified ? "-" : *r.proof_verified ? "verified" : "REJECTED")
              << (ok ? "ok" : "WRONG (expected " + expected + ")") << '\n';
  }
  std::cout << (wrong == 0 ? "all answers as expected\n" : std::to_string(wrong) + " wrong answers\n");
  return wrong == 0 ? 0 : 1;
}

}  // namespace dfpn::cli
