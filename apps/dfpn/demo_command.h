// `dfpn demo`: the README's main job — solve a default problem set, print a table.
#pragma once

#include <stop_token>

#include <CLI/CLI.hpp>

namespace dfpn::cli {

struct DemoOptions {
  double time_s = 60;  // per problem
  bool verify = true;
};

void add_demo_options(CLI::App& command, DemoOptions& options);
// Returns the exit status: 0 if every answer matched its expectation, 1 otherwise.
int run_demo(const DemoOptions& options, std::stop_token stop);

}  // namespace dfpn::cli
