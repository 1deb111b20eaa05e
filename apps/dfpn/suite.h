// Suite files: the problems a nightly regression run solves, each with its
// expected answer and limits (docs/suites.md). A problem becomes the argument
// list of `dfpn solve`, so a suite can say anything the command line can and
// the same problem runs in this process or in a child process.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dfpn/solve_command.h"

namespace dfpn::cli {

struct Expectation {
  std::optional<std::string> winner;   // "black" | "white" | "none" (neither side wins)
  std::optional<std::string> result;   // "proven" | "disproven"
  std::vector<std::string> moves;      // acceptable first moves; empty: any
};

struct SuiteProblem {
  std::string name;
  std::vector<std::string> solve_args;  // arguments after `dfpn solve` (for child processes)
  SolveOptions options;                 // the same, parsed (for this process)
  Expectation expect;
  int line = 0;                         // where the problem starts in the suite file
};

struct Suite {
  std::string name;
  std::string path;
  std::vector<SuiteProblem> problems;
};

// Reads and checks a suite: every problem's arguments are parsed as `solve`
// would parse them, so mistakes surface before anything runs. `overrides`
// ("key=value", e.g. "time=10") replace suite keys in every problem. Throws
// InputError naming the file, line, problem and field.
Suite load_suite(const std::string& path, const std::vector<std::string>& overrides = {});

// How a solve's JSON result measures up to the expectation: "solved",
// "wrong" or "unknown". `why` says what differs for a wrong answer.
std::string judge(const Expectation& expect, const nlohmann::json& result, std::string& why);

nlohmann::json to_json(const Expectation& expect);

}  // namespace dfpn::cli
