// `dfpn verify PROOF.sgf`: checks a proof written by `solve --proof` (or by
// any tool) with the game rules alone, trusting nothing the solver computed.
#pragma once

#include <stop_token>
#include <string>

#include <CLI/CLI.hpp>

#include "dfpn/progress.h"

namespace dfpn::cli {

struct VerifyOptions {
  std::string file;
  bool quiet = false;  // no progress lines
};

void add_verify_options(CLI::App& command, VerifyOptions& options);

// Exit status: 0 valid proof, 1 invalid proof, 3 stopped by `stop` before
// the check ended (neither). Throws InputError for a file that is not a
// proof this program can read. Progress goes to `progress` if set.
inline constexpr int kVerifyStopped = 3;
int run_verify(const VerifyOptions& options, std::stop_token stop = {}, const ProgressSink& progress = {});

}  // namespace dfpn::cli
