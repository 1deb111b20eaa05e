// FactRelay: every worker gets every other worker's facts once, never its
// own, and the relay forgets what all have had.
#include "parallel/jobs/fact_relay.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using dfpn::jobs::FactRelay;

TEST(FactRelay, EachWorkerGetsTheOthersFactsOnce) {
  FactRelay<int> relay(3);
  relay.add(0, {1, 2});
  relay.add(1, {3});
  EXPECT_EQ(relay.for_worker(0), (std::vector<int>{3}));
  EXPECT_EQ(relay.for_worker(1), (std::vector<int>{1, 2}));
  EXPECT_EQ(relay.for_worker(2), (std::vector<int>{1, 2, 3}));
  EXPECT_TRUE(relay.for_worker(2).empty());
  relay.add(2, {4});
  EXPECT_EQ(relay.for_worker(0), (std::vector<int>{4}));
  EXPECT_EQ(relay.for_worker(1), (std::vector<int>{4}));
  EXPECT_TRUE(relay.for_worker(2).empty());
  EXPECT_EQ(relay.received(), 4u);
  EXPECT_EQ(relay.sent(), 8u);
  EXPECT_EQ(relay.kept(), 0u);  // everyone has everything
}

TEST(FactRelay, ARetiredWorkerHoldsNothingBack) {
  FactRelay<int> relay(2);
  for (int i = 0; i < 100; ++i) relay.add(0, {i});
  EXPECT_TRUE(relay.for_worker(0).empty());  // its own
  EXPECT_EQ(relay.kept(), 100u);  // worker 1 has had none of them
  relay.retire(1);
  EXPECT_EQ(relay.kept(), 0u);
  relay.add(1, {7});
  EXPECT_EQ(relay.for_worker(0), (std::vector<int>{7}));
}

TEST(FactRelay, FactsAddedAfterAWorkersLastJobStillReachIt) {
  FactRelay<int> relay(2);
  relay.add(0, {1});
  EXPECT_EQ(relay.for_worker(1), (std::vector<int>{1}));
  relay.add(0, {2});
  relay.add(0, {3});
  EXPECT_EQ(relay.for_worker(0), std::vector<int>{});
  EXPECT_EQ(relay.for_worker(1), (std::vector<int>{2, 3}));
}

}  // namespace
