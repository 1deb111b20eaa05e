// `dfpn solve`: options, wiring of game + algorithm, and the report.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>

#include "dfpn/problem.h"
#include "dfpn/report.h"

namespace CLI {
class App;
}

namespace dfpn::cli {

struct SolveOptions {
  ProblemSpec problem;
  std::string problem_file;  // empty: the problem comes from options
  std::string algo = "dfpn";
  double epsilon = 0.25;
  std::uint64_t second_level = 10000;
  double time_s = 0;
  std::uint64_t max_nodes = 0;
  double tt_mb = 64;
  std::uint64_t tt_entries = 0;
  int threads = 0;  // 0: all hardware threads
  bool weak_sum = false;
  // df-pn family: widening (0 and 0 = off); unset: the game's default
  // (default_widening in solve_game.h).
  std::optional<std::uint32_t> widen_base;
  std::optional<double> widen_factor;
  std::string pss_p = "inf", pss_d = "inf";  // a count or "inf"
  bool verify = false;
  std::string proof_file;  // write the verified proof here as SGF
  bool certificates = true;  // proofs may cite checked lemmas (Hex virtual connections)
  // all | none | a comma list of dead,captured,dominated,vulnerable,vc,templates,mustplay,symmetry,refutation,shrink,transpositions,order,threats,init; empty: all,
  // or none when a proof is asked for (proofs must be checkable by the rules).
  std::string hex_knowledge;
  std::string go_zones = "on";  // Go relevance-zone pruning: on | off
  bool json = false;
  bool quiet = false;
};

// Receives a one-line progress summary about once a second while a solve
// runs, and an empty line when it ends (so a display can clear itself).
using ProgressSink = std::function<void(const std::string& line)>;

// Registers the options of `solve` on `command` (shared with other commands).
void add_solve_options(CLI::App& command, SolveOptions& options);

// Builds the problem, runs the algorithm, verifies if asked. Throws
// InputError for bad input. Progress goes to `progress` if set.
Report solve(const SolveOptions& options, std::stop_token stop, const ProgressSink& progress = {});

}  // namespace dfpn::cli
