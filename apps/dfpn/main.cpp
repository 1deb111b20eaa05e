// The dfpn command: wires games and algorithms together; knows no search.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <thread>

#include <CLI/CLI.hpp>

#include "dfpn/gtp_command.h"
#include "dfpn/scale_command.h"
#include "dfpn/solve_command.h"
#include "dfpn/suite_command.h"
#include "dfpn/verify_command.h"

namespace {

// Lock-free atomics, safe in a signal handler, which any thread may run.
std::atomic<int> g_interrupted{0};               // the first signal's number, 0 before
std::atomic<std::int64_t> g_first_signal_ns{0};  // when it came (0 until stored)
static_assert(std::atomic<int>::is_always_lock_free && std::atomic<std::int64_t>::is_always_lock_free);
extern "C" void on_stop_signal(int signal) {
  timespec now{};
  clock_gettime(CLOCK_MONOTONIC, &now);  // async-signal-safe
  const std::int64_t now_ns = std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
  if (int none = 0; g_interrupted.compare_exchange_strong(none, signal)) {
    g_first_signal_ns = now_ns;
    return;
  }
  // A second signal means "now": leave at once, as an unhandled one would.
  // But one sent twice at once is one request: timeout(1) signals the
  // command and then its whole process group, the command again.
  const std::int64_t first = g_first_signal_ns;
  if (first != 0 && now_ns - first >= 500'000'000) _exit(128 + signal);
}

// SIGINT (Ctrl-C) and SIGTERM (timeout, Slurm, CI) ask the search to stop;
// it then reports "unknown" with reason "stopped" and the command exits 0. A
// watcher thread turns the signal flag into a stop request (a signal handler
// may not call into the stop_source itself).
class InterruptWatcher {
 public:
  InterruptWatcher() {
    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);
    thread_ = std::jthread([this](std::stop_token self) {
      while (!self.stop_requested()) {
        if (g_interrupted.load()) {
          source_.request_stop();
          return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
    });
  }
  std::stop_token token() const { return source_.get_token(); }

 private:
  std::stop_source source_;
  std::jthread thread_;
};

// Progress on stderr: a live line on a terminal, a line a minute in a log.
dfpn::cli::ProgressSink progress_on_stderr(bool quiet) {
  if (quiet) return {};
  if (isatty(STDERR_FILENO)) return [](const std::string& line) { std::cerr << "\r\033[K" << line << std::flush; };
  return dfpn::cli::log_progress(std::cerr);
}

}  // namespace

int main(int argc, char** argv) {
  const auto started = std::chrono::steady_clock::now();
  CLI::App app{"dfpn — prove game values with proof-number search"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string(DFPN_VERSION));

  dfpn::cli::SolveOptions solve_options;
  auto* solve = app.add_subcommand("solve", "Solve one problem and print the result");
  solve->footer("Exit codes: 0 answered (proven, disproven, or unknown when a limit or a signal stopped the "
                "search); 1 internal error, or an output file could not be written; 2 bad input or usage.");
  dfpn::cli::add_solve_options(*solve, solve_options);


  dfpn::cli::VerifyOptions verify_options;
  auto* verify = app.add_subcommand("verify", "Check a proof SGF with the game rules alone");
  verify->footer("Exit codes: 0 a valid proof; 1 an invalid one; 2 not a proof file, or bad usage; 3 stopped by "
                 "a signal before the check ended (neither valid nor invalid).");
  dfpn::cli::add_verify_options(*verify, verify_options);

  dfpn::cli::SuiteOptions suite_options;
  auto* suite = app.add_subcommand("suite", "Solve a suite of problems and check every answer (nightly runs)");
  suite->footer("Exit codes: 0 nothing wrong; 1 a wrong answer or an error (or, with --strict, an unknown); "
                "2 bad input or usage; 3 regressions against --baseline with --fail-on-regression.");
  dfpn::cli::add_suite_options(*suite, suite_options);

  dfpn::cli::GtpOptions gtp_options;
  auto* gtp = app.add_subcommand("gtp", "Serve the Go Text Protocol on stdin/stdout (Benzene's dfpn-* commands)");
  gtp->footer("Exit codes: 0 after quit or the end of input (failed commands are answered '? message'); "
              "2 bad usage.");
  dfpn::cli::add_gtp_options(*gtp, gtp_options);

  dfpn::cli::ScaleOptions scale_options;
  auto* scale = app.add_subcommand("scale", "Sweep table sizes x threads x algorithms over a suite; CSV, JSON, plots");
  scale->footer("Exit codes: 0 the sweep ran; 1 internal error, or an output could not be written; 2 bad input or usage.");
  dfpn::cli::add_scale_options(*scale, scale_options);

  // Usage errors in one line, as every other input error.
  app.failure_message([](const CLI::App*, const CLI::Error& e) {
    return "dfpn: " + std::string(e.what()) + " (see dfpn --help)\n";
  });
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;  // --help is not an error
  }

  InterruptWatcher interrupts;
  try {
    if (*solve) {
      solve_options.search.started = started;  // --time counts the set-up too
      const auto report = dfpn::cli::solve(solve_options, interrupts.token(), progress_on_stderr(solve_options.quiet));
      if (solve_options.json)
        std::cout << dfpn::cli::to_json(report).dump(2) << '\n';
      else
        dfpn::cli::print_human(std::cout, report);
      std::cout.flush();
      if (report.write_error) std::cerr << "dfpn: " << *report.write_error << '\n';
      if (!std::cout) std::cerr << "dfpn: cannot write the answer to standard output\n";
      return report.write_error || !std::cout ? 1 : 0;
    }
    if (*scale) return dfpn::cli::run_scale(scale_options, interrupts.token(), isatty(STDERR_FILENO));
    if (*gtp) return dfpn::cli::run_gtp(gtp_options, std::cin, std::cout, interrupts.token());
    if (*verify)
      return dfpn::cli::run_verify(verify_options, interrupts.token(), progress_on_stderr(verify_options.quiet));
    if (*suite) return dfpn::cli::run_suite(suite_options, interrupts.token(), isatty(STDERR_FILENO));
  } catch (const dfpn::cli::InputError& e) {
    std::cerr << "dfpn: " << e.what() << '\n';
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "dfpn: internal error: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
