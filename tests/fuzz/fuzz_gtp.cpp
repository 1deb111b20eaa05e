// libFuzzer target: GTP sessions. The first byte picks the game (Hex or
// Go), the rest is a session of command lines, served as `dfpn gtp` serves
// stdin. Searches see a stop already requested, so each answers at once;
// lines that write files or size resources (tables, threads: a fuzzed 20 GiB
// table is a resource limit, not a finding) are skipped. The engine runs
// under a tiny memory budget, so each session allocates little and Hex
// boards above 4x4 are refused ("too little memory"): H-search on larger
// roots costs most of a session, and it belongs to the search (fuzzed by
// the solve targets and tested against the rules), not to command handling.
// A command may fail (a `?` answer) but never with an internal error, a
// crash or a sanitizer report.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <sstream>
#include <stop_token>
#include <string>

#include "dfpn/gtp_command.h"

namespace {

bool skipped(const std::string& line) {
  for (const char* command : {"save", "tt_size", "memory_mb", "threads"})
    if (line.find(command) != std::string::npos) return true;
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  dfpn::cli::GtpOptions options;
  options.game = data[0] & 1 ? "go" : "hex";
  options.size = 4;
  options.search.memory_mb = 22.9;  // 16 program, 4 + 16/16 a 4x4 Hex thread, 0.5 stores, 1.4 table
  options.search.threads = 1;
  std::istringstream session(std::string(reinterpret_cast<const char*>(data) + 1, size - 1));
  std::string safe, line;
  while (std::getline(session, line))
    if (!skipped(line)) safe += line + '\n';
  std::istringstream in(safe);
  std::ostringstream out;
  std::stop_source stop;
  stop.request_stop();
  dfpn::cli::run_gtp(options, in, out, stop.get_token());
  if (out.str().find("internal error") != std::string::npos) {
    std::fputs(out.str().c_str(), stderr);
    std::abort();
  }
  return 0;
}
