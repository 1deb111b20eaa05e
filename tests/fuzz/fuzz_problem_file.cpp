// libFuzzer target: problem files (JSON, the Go task format, SGF) as the
// command reads them. Bad input may only end in an InputError.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <fstream>
#include <string>

#include "dfpn/problem.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The reader takes a path; its kind follows the name (.sgf or JSON).
  static const std::string dir = "/tmp/dfpn_fuzz_problem_" + std::to_string(getpid());
  static const std::string json = dir + ".json", sgf = dir + ".sgf";
  for (const std::string& path : {json, sgf}) {
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(data), std::streamsize(size));
    try {
      dfpn::cli::load_problem_file(path);
    } catch (const dfpn::cli::InputError&) {
    }
  }
  return 0;
}
