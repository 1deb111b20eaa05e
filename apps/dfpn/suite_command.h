// `dfpn suite SUITE.json`: nightly regression solves. Runs every problem of a
// suite (in this process, or in child processes side by side), judges each
// answer against its expectation, prints a table, writes a JSON report and
// compares with an earlier report. docs/suites.md has the details.
#pragma once

#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace dfpn::cli {

struct SuiteOptions {
  std::string file;
  int jobs = 1;                     // > 1: problems run in that many child processes
  std::string filter;               // only problems whose name contains this
  std::vector<std::string> overrides;  // "key=value" for every problem
  std::string report;               // write the JSON report here (rewritten as each problem ends)
  std::string resume;               // an earlier report: its finished problems are not run again
  std::string baseline;             // compare with this earlier report
  double threshold = 0.25;          // slower/larger by more than this fraction is a regression
  double time_floor_s = 0.5;        // ... and by more than this many seconds
  std::uint64_t node_floor = 10000; // ... or this many nodes
  bool strict = false;              // unknown answers fail the run too
  bool fail_on_regression = false;  // regressions against the baseline give exit status 3
  bool quiet = false;
};

void add_suite_options(CLI::App& command, SuiteOptions& options);

// Exit status: 0 all as expected; 1 a wrong answer or a problem that could
// not run (or, with strict, an unknown); 3 regressions with
// fail_on_regression. Throws InputError for a bad suite or baseline file.
int run_suite(const SuiteOptions& options, std::stop_token stop, bool terminal);

}  // namespace dfpn::cli
