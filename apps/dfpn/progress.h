// Progress lines for long commands (solve, verify): shown live on a
// terminal, or now and then in a log.
#pragma once

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

}  // namespace dfpn::cli
