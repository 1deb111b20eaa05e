// `dfpn gtp`: the Go Text Protocol (v2) over stdin/stdout, so GUIs (HexGui,
// GoGui, Sabaki) and scripts can drive the solver. Hex uses Benzene's
// command names and answers (dfpn-solve-state, dfpn-solver-find-winning,
// dfpn-get-pv, dfpn-clear-tt, param_dfpn) so the same scripts run on both.
// docs/gtp.md lists every command.
#pragma once

#include <istream>
#include <ostream>
#include <stop_token>
#include <string>

#include <CLI/CLI.hpp>

#include "dfpn/search_spec.h"

namespace dfpn::cli {

struct GtpOptions {
  std::string game = "hex";
  int size = 11;
  // An engine keeps its table across commands: a larger one than solve's.
  SearchSpec search = [] {
    SearchSpec s;
    s.tt_mb = 256;
    return s;
  }();
};

void add_gtp_options(CLI::App& command, GtpOptions& options);

// Serves commands from `in` until `quit` or end of input. Returns 0.
int run_gtp(const GtpOptions& options, std::istream& in, std::ostream& out, std::stop_token stop);

}  // namespace dfpn::cli
