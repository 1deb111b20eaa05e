// `dfpn solve`: options, wiring of game + algorithm, and the report.
#pragma once

#include <stop_token>
#include <string>

#include "dfpn/problem.h"
#include "dfpn/progress.h"
#include "dfpn/report.h"
#include "dfpn/search_spec.h"

namespace CLI {
class App;
}

namespace dfpn::cli {

struct SolveOptions {
  ProblemSpec problem;
  std::string problem_file;  // empty: the problem comes from options
  SearchSpec search;         // algorithm, table, threads, limits
  bool verify = false;
  std::string proof_file;  // write the verified proof here as SGF
  std::string write_problem;  // Go: write the problem as solved (framed) here as SGF
  // all | none | a comma list of dead,captured,dominated,vulnerable,vc,templates,mustplay,symmetry,refutation,shrink,transpositions,order,threats,init; empty: all,
  // or none when a proof is asked for (proofs must be checkable by the rules).
  std::string hex_knowledge;
  std::string go_zones = "on";  // Go relevance-zone pruning: on | off
  // all | none | a comma list of games::go_knowledge_pieces(); --go-zones off
  // turns zones off on top of it.
  std::string go_knowledge = "all";
  // Checkpoint and resume (df-pn family): the table is saved to
  // checkpoint_file every checkpoint_every_s seconds and when the solve
  // ends; resume_file is a checkpoint of the same problem and settings.
  std::string checkpoint_file;
  double checkpoint_every_s = 600;
  std::string resume_file;
  bool json = false;
  bool quiet = false;
};

// Registers the options of `solve` on `command` (shared with other commands).
void add_solve_options(CLI::App& command, SolveOptions& options);

// Builds the problem, runs the algorithm, verifies if asked. Throws
// InputError for bad input. Progress goes to `progress` if set.
Report solve(const SolveOptions& options, std::stop_token stop, const ProgressSink& progress = {});

}  // namespace dfpn::cli
