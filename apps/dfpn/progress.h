// Progress lines for long commands (solve, verify): shown live on a
// terminal, or now and then in a log.
#pragma once

#include <chrono>
#include <functional>
#include <iosfwd>
#include <string>

namespace dfpn::cli {

// Receives a one-line progress summary about once a second while a command
// runs, and an empty line when it ends (so a display can clear itself).
using ProgressSink = std::function<void(const std::string& line)>;

// Progress for a log rather than a terminal (a run under a scheduler, or
// with stderr in a file): the latest line, newline-ended, once every
// `interval_s` seconds from the sink's making; nothing for a shorter run.
ProgressSink log_progress(std::ostream& out, double interval_s = 60);

// Lines for a sink, each led by the seconds since `started` ("12.3 s  what"),
// as the search's own progress lines are; nothing without a sink.
class TimedProgress {
 public:
  using Clock = std::chrono::steady_clock;
  explicit TimedProgress(const ProgressSink& sink, Clock::time_point started = Clock::now())
      : sink_(sink), started_(started) {}
  void operator()(const std::string& what) const;
  void done() const;  // the empty line that clears a display

 private:
  const ProgressSink& sink_;
  Clock::time_point started_;
};

}  // namespace dfpn::cli
