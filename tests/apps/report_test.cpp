// The report: the JSON object has every documented key, absent values are
// null, statistics come out as an object in order; the summary names the
// answer and the effort.
#include "dfpn/report.h"

#include <gtest/gtest.h>

#include <sstream>

namespace dfpn::cli {
namespace {

Report sample() {
  Report r;
  r.game = "hex";
  r.algo = "dfpn+";
  r.to_play = "white";
  r.prover = "white";
  r.goal = "white connects";
  r.result = "disproven";
  r.winner = "black";
  r.principal_variation = {"c3", "b4"};
  r.nodes = 1234;
  r.time_s = 0.5;
  r.tt_mb = 64;
  r.threads = 2;
  r.stats = {{"tt_hits", 10}, {"cutoffs", 3}};
  return r;
}

TEST(Report, JsonHasEveryKeyAndNullsForWhatIsUnknown) {
  const nlohmann::json j = to_json(sample());
  for (const char* key : {"game", "algo", "to_play", "prover", "goal", "result", "winner", "best_move", "pv",
                          "nodes", "time_s", "tt_mb", "threads", "proof_verified", "proof_size", "proof_error",
                          "proof_file", "reason", "stats"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["winner"], "black");
  EXPECT_TRUE(j["best_move"].is_null());
  EXPECT_TRUE(j["proof_verified"].is_null());
  EXPECT_EQ(j["pv"], nlohmann::json({"c3", "b4"}));
  EXPECT_EQ(j["nodes"], 1234);
  EXPECT_EQ(j["stats"]["tt_hits"], 10.0);
  EXPECT_EQ(j["stats"]["cutoffs"], 3.0);
}

TEST(Report, SummaryNamesTheAnswerAndTheEffort) {
  Report r = sample();
  r.proof_verified = true;
  r.proof_size = 42;
  std::ostringstream out;
  print_human(out, r);
  const std::string text = out.str();
  for (const char* part : {"hex", "disproven", "black", "1234 nodes", "dfpn+", "2 threads", "verified", "42"})
    EXPECT_NE(text.find(part), std::string::npos) << part << " in\n" << text;
}

// A proof asked for but not built (too large for the limits) is reported,
// not passed over in silence.
TEST(Report, SummarySaysWhyNoProofWasChecked) {
  Report r = sample();
  r.proof_error = "no proof could be extracted within the limits";
  std::ostringstream out;
  print_human(out, r);
  EXPECT_NE(out.str().find("proof      none: no proof could be extracted"), std::string::npos) << out.str();
}

}  // namespace
}  // namespace dfpn::cli
