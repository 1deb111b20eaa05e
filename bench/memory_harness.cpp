// Peak resident memory of `dfpn solve` against the table budget.
//
//   memory_harness PATH_TO_DFPN [--quick]
//
// Runs the command as a child process for each budget (1 MB .. 1 GB) on the
// same search (a node cap keeps it short) and reads the child's peak RSS
// from the kernel. The table is allocated and zeroed at start and never
// grows, so peak RSS should be the budget plus a constant: the program, the
// game and the search stack. Prints the table and fails if any run exceeds
// budget + 64 MiB.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace {

// Peak RSS in MiB of one run, or a negative number on failure.
double peak_rss_mib(const std::string& dfpn, const std::string& tt_mb) {
  std::fflush(stdout);  // the child must not inherit unwritten output
  const pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    if (!std::freopen("/dev/null", "w", stdout)) _exit(127);
    execl(dfpn.c_str(), dfpn.c_str(), "solve", "--game", "synthetic", "--seed", "2", "--shape", "tree",
          "--depth", "19", "--branching", "2", "--min-branching", "2", "--terminal-rate", "0",
          "--win-rate", "0.45", "--algo", "dfpn", "--nodes", "2000000", "--quiet", "--json", "--tt-mb",
          tt_mb.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  int status = 0;
  struct rusage usage {};
  if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return -1;
  return double(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KiB on Linux
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: memory_harness PATH_TO_DFPN [--quick]\n");
    return 2;
  }
  const std::string dfpn = argv[1];
  const bool quick = argc > 2 && !std::strcmp(argv[2], "--quick");
  const std::vector<double> budgets = quick ? std::vector<double>{1, 16}
                                            : std::vector<double>{1, 4, 16, 64, 256, 1024};
  constexpr double kAllowedOverheadMiB = 64;
  std::printf("%10s %12s %12s\n", "budget MiB", "peak RSS MiB", "overhead MiB");
  bool ok = true;
  for (double budget : budgets) {
    const double rss = peak_rss_mib(dfpn, std::to_string(budget));
    if (rss < 0) {
      std::printf("%10.0f  run failed\n", budget);
      ok = false;
      continue;
    }
    const double overhead = rss - budget;
    std::printf("%10.0f %12.1f %12.1f\n", budget, rss, overhead);
    ok = ok && overhead <= kAllowedOverheadMiB;
  }
  std::printf(ok ? "peak RSS within budget + %.0f MiB for every budget\n"
                 : "peak RSS EXCEEDED budget + %.0f MiB\n", kAllowedOverheadMiB);
  return ok ? 0 : 1;
}
