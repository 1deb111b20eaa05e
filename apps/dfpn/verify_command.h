// `dfpn verify PROOF.sgf`: checks a proof written by `solve --proof` (or by
// any tool) with the game rules alone, trusting nothing the solver computed.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

namespace dfpn::cli {

struct VerifyOptions {
  std::string file;
};

void add_verify_options(CLI::App& command, VerifyOptions& options);

// Exit status: 0 valid proof, 1 invalid proof. Throws InputError for a file
// that is not a proof this program can read.
int run_verify(const VerifyOptions& options);

}  // namespace dfpn::cli
