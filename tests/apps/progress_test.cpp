// Progress lines for solve and verify.
#include "dfpn/progress.h"

#include <gtest/gtest.h>

#include <sstream>

namespace dfpn::cli {
namespace {

// Where stderr is a log, not a terminal, progress is a newline-ended line
// an interval, and a run shorter than the interval writes none.
TEST(Progress, ForALogIsALineAnInterval) {
  std::ostringstream log;
  const ProgressSink every_time = log_progress(log, 0);
  every_time("1.0 s  10 nodes");
  every_time("");  // the end of a run: nothing for a log to clear
  every_time("2.0 s  20 nodes");
  EXPECT_EQ(log.str(), "1.0 s  10 nodes\n2.0 s  20 nodes\n");

  std::ostringstream quiet;
  const ProgressSink hourly = log_progress(quiet, 3600);
  hourly("1.0 s  10 nodes");
  hourly("2.0 s  20 nodes");
  EXPECT_EQ(quiet.str(), "");
}

}  // namespace
}  // namespace dfpn::cli
