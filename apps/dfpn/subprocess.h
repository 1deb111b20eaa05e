// Runs this program again as a child process (`dfpn solve ...`): suites run
// problems side by side that way, and the scaling harness measures each
// run's peak memory on its own.
#pragma once

#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

namespace dfpn::cli {

struct ChildRun {
  int exit_code = -1;       // -1 if killed by a signal
  int signal = 0;           // the signal that ended it, or 0
  std::string out, err;     // everything it wrote
  double wall_s = 0;
  std::uint64_t peak_rss_bytes = 0;
};

// Runs the current executable with `args` (argv[1..]) and waits for it.
// A stop request is passed on to the child as SIGTERM (it then answers
// "unknown", stopped). Throws std::runtime_error if it cannot be started.
ChildRun run_self(const std::vector<std::string>& args, std::stop_token stop = {});

}  // namespace dfpn::cli
