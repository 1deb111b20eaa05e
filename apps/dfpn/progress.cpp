#include "dfpn/progress.h"

#include <chrono>
#include <cstdio>
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

void TimedProgress::operator()(const std::string& what) const {
  if (!sink_) return;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f s  ", std::chrono::duration<double>(Clock::now() - started_).count());
  sink_(seconds + what);
}

void TimedProgress::done() const {
  if (sink_) sink_("");
}

}  // namespace dfpn::cli
