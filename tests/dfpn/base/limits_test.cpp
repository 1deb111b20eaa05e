// The budget: node limits exactly, time limits and stop requests within a
// few nodes however long a node takes.
#include "dfpn/base/limits.h"

#include <gtest/gtest.h>

#include <chrono>
#include <stop_token>
#include <thread>

namespace dfpn {
namespace {

TEST(Budget, NodeLimitStopsAtTheLimit) {
  Limits limits;
  limits.max_nodes = 1000;
  Budget budget(limits);
  std::uint64_t nodes = 0;
  while (!budget.exhausted(nodes)) ++nodes;
  EXPECT_EQ(nodes, 1000u);
  EXPECT_EQ(budget.reason(), StopReason::Nodes);
}

// Nodes that take 2 ms each: the clock is read at every one of them, so a
// 40 ms limit is seen by the 21st node (the old fixed stride read it every
// 256 nodes: half a second late).
TEST(Budget, SlowNodesAreCheckedEveryNode) {
  Limits limits;
  limits.time_s = 0.040;
  Budget budget(limits);
  std::uint64_t nodes = 0;
  while (!budget.exhausted(nodes)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    ++nodes;
  }
  EXPECT_EQ(budget.reason(), StopReason::Time);
  EXPECT_LE(nodes, 21u);
}

TEST(Budget, AStopRequestIsSeenAtTheNextSlowNode) {
  std::stop_source source;
  Limits limits;
  limits.stop = source.get_token();
  Budget budget(limits);
  std::uint64_t nodes = 0;
  while (!budget.exhausted(nodes)) {
    std::this_thread::sleep_for(std::chrono::milliseconds(6));
    if (++nodes == 10) source.request_stop();
  }
  EXPECT_EQ(budget.reason(), StopReason::Stopped);
  EXPECT_EQ(nodes, 10u);
}

// Cheap nodes: the clock is read rarely (at most one node in 256 once the
// stride has grown), yet a stop request is still seen.
TEST(Budget, CheapNodesStillSeeAStopRequest) {
  std::stop_source source;
  Limits limits;
  limits.stop = source.get_token();
  Budget budget(limits);
  std::uint64_t nodes = 0;
  while (!budget.exhausted(nodes)) {
    if (++nodes == 100'000) source.request_stop();
  }
  EXPECT_EQ(budget.reason(), StopReason::Stopped);
  EXPECT_GE(nodes, 100'000u);
  EXPECT_LE(nodes, 100'000u + 256);
}

}  // namespace
}  // namespace dfpn
