// libFuzzer target: Go problems in the public task format (JSON with a
// masked_sgf_str) and SGF files, read and set up as `dfpn solve` does, then
// searched for a few nodes. Bad input may only end in an InputError.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include "dfpn/solve_command.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string path = "/tmp/dfpn_fuzz_go_task_" + std::to_string(getpid()) + ".json";
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(data), std::streamsize(size));
  dfpn::cli::SolveOptions options;
  options.problem_file = path;
  options.search.tt_entries = 1024;
  options.search.threads = 1;
  options.search.max_nodes = 64;
  options.verify = true;
  try {
    dfpn::cli::solve(options, {});
  } catch (const dfpn::cli::InputError&) {
  }
  return 0;
}
