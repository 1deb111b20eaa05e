// `dfpn scale SUITE`: the memory and thread scaling harness. Sweeps table
// sizes x thread counts x algorithms over a suite's problems, repeating each
// run in a fresh child process (so peak memory is the run's own), and writes
// runs.csv, summary.csv, scale.json and gnuplot plots (time vs table size per
// algorithm, speedup vs threads). docs/benchmarks.md shows how to read them.
#pragma once

#include <stop_token>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace dfpn::cli {

struct ScaleOptions {
  std::string suite;
  std::vector<double> tt_mb = {1, 4, 16, 64};
  std::vector<int> threads = {1, 2};
  std::vector<std::string> algos = {"dfpn"};
  int repeat = 1;
  std::string out_dir = "scale-out";
  std::string plot_format = "png";  // png | svg | none
  std::vector<std::string> overrides;  // suite --set KEY=VALUE
  std::string filter;                  // only problems whose name contains this
  bool quiet = false;
};

void add_scale_options(CLI::App& command, ScaleOptions& options);

// Exit status 0; 1 if a run gave a wrong answer. Throws InputError for bad input.
int run_scale(const ScaleOptions& options, std::stop_token stop, bool terminal);

}  // namespace dfpn::cli
