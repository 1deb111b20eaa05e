// dfpn-dist: `dfpn solve` as a job-level search over MPI (Open MPI).
//
//   mpirun -np N dfpn-dist solve <the options of dfpn solve> [--job-budget B]
//
// Rank 0 is the master: it reads the problem, keeps the proof-number tree
// over the top of the game and prints the answer as `dfpn solve` does.
// Ranks 1..N-1 are workers: each reads the same problem and runs the
// master's jobs with df-pn on its own table and --threads threads (all the
// machine's hardware threads by default: one worker per machine or socket).
// docs/parallel.md has the design; apps/dfpn-dist/mpi_jobs.h the protocol.
#include <mpi.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <iostream>
#include <stop_token>
#include <thread>

#include <CLI/CLI.hpp>

#include "dfpn-dist/mpi_jobs.h"
#include "dfpn/algorithms.h"
#include "dfpn/base/proof_hooks.h"
#include "dfpn/input_error.h"
#include "dfpn/report.h"
#include "dfpn/solve_command.h"
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
void run_searches_as_jobs(std::uint64_t budget) {
  dfpn::cli::job_runner<G>() = [budget](const G& game, dfpn::Player prover, const dfpn::Limits& limits,
                                        const dfpn::cli::SearchSpec& spec, bool want_proof,
                                        dfpn::cli::AlgorithmRun<G>& run) {
    static std::int64_t searches = 0;
    const std::int64_t search = ++searches;
    if constexpr (dfpn::kHasRulesGame<G>) {
      if (want_proof)  // every rank throws here: the same input, the same branch
        throw dfpn::cli::InputError(
            "--verify/--proof: dfpn-dist stitches proofs of games without knowledge only (Go, synthetic, "
            "--hex-knowledge none)");
    }
    if (dfpn::dist::rank() == 0) {
      run.result = dfpn::dist::run_master<G>(search, prover, limits, spec, budget, want_proof ? &run.proof : nullptr);
      if (want_proof && run.result.solved() && !run.proof) run.proof_failure = "a worker could not prove its leaf";
    } else {
      run.result = dfpn::dist::run_worker<G>(search, game, prover, spec);
    }
  };
}

}  // namespace

int main(int argc, char** argv) {
  const auto started = std::chrono::steady_clock::now();
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  struct Finalize {
    ~Finalize() { MPI_Finalize(); }
  } finalize;
  const int rank = dfpn::dist::rank();

  CLI::App app{"dfpn-dist — dfpn solve as a job-level search over MPI (mpirun -np N dfpn-dist solve ...)"};
  app.require_subcommand(1);
  dfpn::cli::SolveOptions options;
  auto* solve = app.add_subcommand("solve", "Solve one problem with a master (rank 0) and N-1 workers");
  solve->footer("Exit codes as dfpn solve: 0 answered; 1 internal error; 2 bad input or usage.");
  dfpn::cli::add_solve_options(*solve, options);
  std::uint64_t budget = dfpn::jobs::kDefaultJobBudget;
  solve->add_option("--job-budget", budget, "Expansions a worker spends on one job")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40))
      ->capture_default_str();
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
  if (!options.checkpoint_file.empty() || !options.resume_file.empty())
    return fail("--checkpoint/--resume: the master does not checkpoint yet");
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
  run_searches_as_jobs<dfpn::games::HexKnowledgeGame>(budget);
  run_searches_as_jobs<dfpn::games::HexGame>(budget);
  run_searches_as_jobs<dfpn::games::GoGame>(budget);
  run_searches_as_jobs<dfpn::games::SyntheticGame>(budget);
  run_searches_as_jobs<dfpn::games::RandomTree>(budget);
  run_searches_as_jobs<dfpn::games::TicTacToe>(budget);
  options.search.started = started;
  // On the master a signal stops the search (mpirun passes SIGINT and
  // SIGTERM on): it then answers "unknown" with reason "stopped".
  std::stop_source interrupt;
  std::jthread watcher([&](std::stop_token self) {
    while (!self.stop_requested() && !g_interrupted) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    if (g_interrupted) interrupt.request_stop();
  });
  try {
    const auto report = dfpn::cli::solve(options, interrupt.get_token(), {});
    if (rank != 0) return 0;
    if (options.json)
      std::cout << dfpn::cli::to_json(report).dump(2) << '\n';
    else
      dfpn::cli::print_human(std::cout, report);
    std::cout.flush();
    if (report.write_error) std::cerr << "dfpn-dist: " << *report.write_error << '\n';
    return report.write_error || !std::cout ? 1 : 0;
  } catch (const dfpn::cli::InputError& e) {
    return fail(e.what());  // every rank read the same input: every rank stops here
  } catch (const std::exception& e) {
    std::cerr << "dfpn-dist: internal error on rank " << rank << ": " << e.what() << '\n';
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  }
}
