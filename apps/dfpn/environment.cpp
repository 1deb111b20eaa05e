#include "dfpn/environment.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <fstream>
#include <thread>

namespace dfpn::cli {
namespace {

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(line.find_first_not_of(' ', colon + 1));
    }
  }
  return "unknown";
}

}  // namespace

std::string utc_now() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

nlohmann::json environment() {
  utsname os{};
  uname(&os);
  const long pages = sysconf(_SC_PHYS_PAGES), page_size = sysconf(_SC_PAGE_SIZE);
  return {
      {"version", DFPN_VERSION},
      {"git_commit", git_commit()},
      {"host", os.nodename},
      {"os", std::string(os.sysname) + " " + os.release + " " + os.machine},
      {"cpu", cpu_model()},
      {"hardware_threads", std::thread::hardware_concurrency()},
      {"memory_bytes", pages > 0 && page_size > 0 ? std::uint64_t(pages) * std::uint64_t(page_size) : 0},
      {"compiler", __VERSION__},
      {"date", utc_now()},
  };
}

}  // namespace dfpn::cli
