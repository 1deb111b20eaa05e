#include "dfpn/progress.h"

#include <chrono>
#include <ostream>

namespace dfpn::cli {

ProgressSink log_progress(std::ostream& out, double interval_s) {
  const auto interval = std::chrono::duration<double>(interval_s);
  return [&out, interval, next = std::chrono::steady_clock::now() + interval](const std::string& line) mutable {
    const auto now = std::chrono::steady_clock::now();
    if (line.empty() || now < next) return;
    next = now + interval;
    out << line << '\n' << std::flush;
  };
}

}  // namespace dfpn::cli
