// dfpn-dist: `dfpn solve` and `dfpn suite` as job-level searches over MPI
// (Open MPI).
//
//   mpirun -np N dfpn-dist solve <the options of dfpn solve> [--job-budget B] ...
//   mpirun -np N dfpn-dist suite <the options of dfpn suite> [--job-budget B] ...
//
// Rank 0 is the master: it reads the problem, keeps the proof-number tree
// over the top of the game and prints the answer as `dfpn solve` does.
// Ranks 1..N-1 are workers: each reads the same problem and runs the
// master's jobs with df-pn on its own table and --threads threads (all the
// machine's hardware threads by default: one worker per machine or socket).
// A suite's problems are solved one after another, each by every worker;
// every rank reads the suite and its problem files.
// docs/parallel.md has the design; apps/dfpn-dist/mpi_jobs.h the protocol.
#include <mpi.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <iostream>
#include <unistd.h>
#include <stop_token>
#include <thread>
#include <utility>

#include <CLI/CLI.hpp>

#include "dfpn-dist/mpi_jobs.h"
#include "dfpn/algorithms.h"
#include "dfpn/base/proof_hooks.h"
#include "dfpn/input_error.h"
#include "dfpn/report.h"
#include "dfpn/solve_command.h"
#include "dfpn/suite_command.h"
#include "games/go/go.h"
#include "games/hex/hex.h"
#include "games/hex/hex_knowledge_game.h"
#include "games/synthetic/random_tree.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"

namespace {

volatile std::sig_atomic_t g_interrupted = 0;
extern "C" void on_stop_signal(int signal) { g_interrupted = signal; }

// Every search of this process goes through the job-level runner: the
// master's on rank 0, a worker's elsewhere. Searches are numbered in the
// order every rank reaches them.
template <dfpn::Game G>
void run_searches_as_jobs(const dfpn::dist::JobOptions& job_options, dfpn::dist::TreeCheckpoint* checkpoint) {
  dfpn::cli::job_runner<G>() = [=](const G& game, dfpn::Player prover, const dfpn::Limits& limits,
                                   const dfpn::cli::SearchSpec& spec, bool want_proof,
                                   dfpn::cli::AlgorithmRun<G>& run) {
    static std::int64_t searches = 0;
    const std::int64_t search = ++searches;
    // The first search checkpoints (the problem's own; not a seki re-check).
    dfpn::dist::TreeCheckpoint* saving =
        search == 1 && (!checkpoint->save_path.empty() || !checkpoint->resume_path.empty()) ? checkpoint : nullptr;
    std::optional<dfpn::jobs::JobTree<dfpn::MoveOf<G>>> resumed;
    if (saving) {
      const dfpn::DfpnOptions options = spec.dfpn_options(game);
      saving->context["root_hash"] = game.hash();
      saving->context["prover"] = dfpn::to_string(prover);
      saving->context["algorithm"] = dfpn::cli::name_of(spec.algorithm);
      saving->context["epsilon"] = spec.epsilon;
      saving->context["widening"] = {options.widen_base, options.widen_factor};
      if (!saving->resume_path.empty()) {
        // The master reads the file; every rank learns whether it could,
        // so a refused file ends every rank's copy of the command alike.
        std::string error;
        if (dfpn::dist::rank() == 0) {
          try {
            resumed = dfpn::dist::load_tree<dfpn::MoveOf<G>>(saving->resume_path, saving->context, job_options.budget,
                                                            {options.widen_base, options.widen_factor}, "--resume");
          } catch (const dfpn::cli::InputError& e) {
            error = e.what();
          }
        }
        int refused = !error.empty();
        MPI_Bcast(&refused, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (refused) throw dfpn::cli::InputError(error);
      }
    }
    if (dfpn::dist::rank() == 0) {
      dfpn::dist::Master<G> master(search, game, prover, limits, spec, job_options, std::move(resumed), saving);
      run.result = master.run(want_proof ? &run.proof : nullptr, &run.proof_failure);
    } else {
      run.result = dfpn::dist::run_worker<G>(search, game, prover, spec, job_options);
    }
  };
}

// The options dfpn-dist adds to dfpn's commands.
void add_job_options(CLI::App& command, dfpn::dist::JobOptions& o) {
  command.add_option("--job-budget", o.budget, "Expansions a worker spends on one job")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();
  command
      .add_option("--lease", o.leases.job_s,
                  "Seconds a job may run before its worker is taken as lost and the job re-issued (0: ten "
                  "times the longest job so far, at least 5)")
      ->check(CLI::Range(0.0, 1e6))
      ->capture_default_str();
  command
      .add_option("--fact-depth", o.fact_depth,
                  "Workers pass on what they learnt (Hex: proof sets) about positions at most this many moves "
                  "below their jobs' roots, through the master, to the others (-1: nothing)")
      ->check(CLI::Range(-1, 1000))
      ->capture_default_str();
  auto& fault = o.fault;
  command
      .add_option(
          "--test-kill-worker",
          [&fault](const CLI::results_t& r) {
            const auto colon = r.at(0).find(':');
            if (colon == std::string::npos) return false;
            fault.rank = std::stoi(r.at(0).substr(0, colon));
            fault.job = std::stoi(r.at(0).substr(colon + 1));
            return fault.rank > 0 && fault.job > 0;
          },
          "Tests only: rank R kills itself (SIGKILL) when its J-th job arrives")
      ->type_name("R:J")
      ->group("");
}

// `dfpn-dist suite`: every rank runs the suite, so every rank reaches each
// search in the same order; the master's copy prints, reports and judges.
// The master ends by telling the workers its exit code (a stopped master
// skips the problems left, which the workers would otherwise wait on).
int run_suite_on_every_rank(dfpn::cli::SuiteOptions o, std::stop_source& interrupt,
                            const dfpn::dist::JobOptions& job_options) {
  if (dfpn::dist::rank() != 0) {
    o.report.clear();
    o.baseline.clear();
    o.quiet = true;
    std::cout.setstate(std::ios::badbit);  // one copy of each output: the master's
    dfpn::cli::run_suite(o, interrupt.get_token(), false);
    return dfpn::dist::wait_for_end(job_options);
  }
  const int code = dfpn::cli::run_suite(o, interrupt.get_token(), isatty(STDERR_FILENO));
  dfpn::dist::end_workers(code);
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  const auto started = std::chrono::steady_clock::now();
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  struct Finalize {
    ~Finalize() {
      // See a_rank_was_lost(): ending without it cannot hang. Only where
      // the run outlives dead ranks (mpirun --enable-recovery); elsewhere
      // a dead rank ends the run anyway, and a merely slow one must finalize.
      const char* recovery = std::getenv("OMPI_MCA_orte_enable_recovery");
      if (dfpn::dist::a_rank_was_lost() && recovery && std::string(recovery) == "1") return;
      MPI_Finalize();
    }
  } finalize;
  const int rank = dfpn::dist::rank();
  // A lost worker's failed sends and receives come back as error codes
  // instead of ending the run (with mpirun --enable-recovery).
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

  CLI::App app{"dfpn-dist — dfpn solve as a job-level search over MPI (mpirun -np N dfpn-dist solve ...)"};
  app.require_subcommand(1);
  dfpn::cli::SolveOptions options;
  auto* solve = app.add_subcommand("solve", "Solve one problem with a master (rank 0) and N-1 workers");
  solve->footer("Exit codes as dfpn solve: 0 answered; 1 internal error; 2 bad input or usage.");
  dfpn::cli::add_solve_options(*solve, options);
  solve->get_option("--checkpoint")
      ->description("Save the master's tree to this file (atomically) every --checkpoint-every seconds and when the "
                    "search ends; --resume continues from it");
  dfpn::cli::SuiteOptions suite_options;
  auto* suite = app.add_subcommand("suite", "Solve a suite's problems one after another, each with every worker");
  suite->footer("Exit codes as dfpn suite: 0 nothing wrong; 1 a wrong answer or an error; 2 bad input or usage; "
                "3 regressions with --fail-on-regression. Every rank reads the suite, its problem files and "
                "--resume's report.");
  dfpn::cli::add_suite_options(*suite, suite_options);
  dfpn::dist::JobOptions job_options;
  for (CLI::App* command : {solve, suite}) add_job_options(*command, job_options);
  app.failure_message([](const CLI::App*, const CLI::Error& e) {
    return "dfpn-dist: " + std::string(e.what()) + " (see dfpn-dist --help)\n";
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (rank != 0) return e.get_exit_code() == 0 ? 0 : 2;
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  auto fail = [&](const std::string& what) {
    if (rank == 0) std::cerr << "dfpn-dist: " << what << '\n';
    return 2;
  };
  if (dfpn::dist::ranks() < 2) return fail("needs a master and at least one worker: mpirun -np N with N >= 2");
  const bool suite_run = suite->parsed();
  if (suite_run && suite_options.jobs != 1)
    return fail("suite: -j: the problems run one after another, each on every worker (leave -j out)");
  if (options.search.algorithm_chosen && !options.search.depth_first())
    return fail("--algo: only the df-pn family (dfpn, dfpn+, pds, pdspn) runs as jobs");
  if (rank != 0) {
    options.write_problem.clear();  // one copy of each output: the master's
    options.quiet = true;
    std::signal(SIGINT, SIG_IGN);  // a worker ends when the master says so
    std::signal(SIGTERM, SIG_IGN);
  } else {
    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);
  }
  // The master keeps its own checkpoint (its tree), not a table: the
  // command's table checkpoint is taken out of its hands.
  dfpn::dist::TreeCheckpoint checkpoint;
  checkpoint.save_path = std::exchange(options.checkpoint_file, {});
  checkpoint.resume_path = std::exchange(options.resume_file, {});
  checkpoint.every_s = options.checkpoint_every_s;
  checkpoint.context = {{"format", "dfpn-dist checkpoint"},
                        {"problem", dfpn::cli::problem_identity(options.problem)},
                        {"hex_knowledge", options.hex_knowledge},
                        {"go_knowledge", options.go_knowledge},
                        {"go_zones", options.go_zones}};
  // On the master a signal stops the search (mpirun passes SIGINT and
  // SIGTERM on): it then answers "unknown" with reason "stopped". A worker
  // is stopped by the master's `end` (a suite's master that stopped early).
  std::stop_source interrupt;
  job_options.end = interrupt;
  run_searches_as_jobs<dfpn::games::HexKnowledgeGame>(job_options, &checkpoint);
  run_searches_as_jobs<dfpn::games::HexGame>(job_options, &checkpoint);
  run_searches_as_jobs<dfpn::games::GoGame>(job_options, &checkpoint);
  run_searches_as_jobs<dfpn::games::SyntheticGame>(job_options, &checkpoint);
  run_searches_as_jobs<dfpn::games::RandomTree>(job_options, &checkpoint);
  run_searches_as_jobs<dfpn::games::TicTacToe>(job_options, &checkpoint);
  options.search.started = started;
  std::jthread watcher([&](std::stop_token self) {
    while (!self.stop_requested() && !g_interrupted) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (g_interrupted) interrupt.request_stop();
  });
  try {
    if (suite_run) return run_suite_on_every_rank(suite_options, interrupt, job_options);
    auto report = dfpn::cli::solve(options, interrupt.get_token(), {});
    if (rank != 0) return 0;
    if (!checkpoint.save_path.empty()) report.checkpoint_file = checkpoint.save_path;
    if (!checkpoint.resume_path.empty()) report.resumed_from = checkpoint.resume_path;
    if (options.json)
      std::cout << dfpn::cli::to_json(report).dump(2) << '\n';
    else
      dfpn::cli::print_human(std::cout, report);
    std::cout.flush();
    if (report.write_error) std::cerr << "dfpn-dist: " << *report.write_error << '\n';
    if (checkpoint.error) std::cerr << "dfpn-dist: " << *checkpoint.error << '\n';
    return report.write_error || checkpoint.error || !std::cout ? 1 : 0;
  } catch (const dfpn::cli::InputError& e) {
    return fail(e.what());  // every rank read the same input: every rank stops here
  } catch (const std::exception& e) {
    std::cerr << "dfpn-dist: internal error on rank " << rank << ": " << e.what() << '\n';
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
}
