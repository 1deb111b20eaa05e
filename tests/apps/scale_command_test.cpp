// `dfpn scale`: a small sweep produces CSV, JSON and plots with real content.
#include <gtest/gtest.h>

#include <filesystem>

#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "apps/cli_runner.h"

namespace {

using namespace dfpn::testing;

TEST(ScaleCommand, SweepWritesCsvJsonAndPlots) {
  // Expected winners from the exact oracle (dfpn solve --algo minimax).
  const auto suite = write_file("scale_suite.json", R"({"defaults": {"game": "synthetic", "shape": "tree", "depth": 14,
    "branching": 2, "min_branching": 2, "terminal_rate": 0, "win_rate": 0.45},
    "problems": [{"name": "tree 1", "seed": 1, "expect": "white"},
                 {"name": "tree 2", "seed": 2, "win_rate": 0.7, "expect": "black"}]})");
  const auto dir = temp_path("scale_out");
  const CommandRun r = run("scale " + suite + " --tt-mb 0.01,1 --threads 1,2 --algos dfpn,pds --repeat 2 --out " + dir +
                           " --plot-format svg");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("32 runs, 0 wrong or failed"), std::string::npos) << r.out;

  // Every run, with its measurements.
  std::istringstream runs(read_file(dir + "/runs.csv"));
  std::string line;
  std::getline(runs, line);
  EXPECT_EQ(line, "problem,algo,tt_mb,threads,repeat,status,time_s,wall_s,nodes,nodes_per_s,peak_rss_bytes,tt_fill");
  int rows = 0;
  while (std::getline(runs, line)) {
    ++rows;
    EXPECT_NE(line.find(",solved,"), std::string::npos) << line;
  }
  EXPECT_EQ(rows, 32);

  const auto doc = nlohmann::json::parse(read_file(dir + "/scale.json"));
  ASSERT_EQ(doc["summary"].size(), 16u);  // 2 problems x 2 algos x 2 tables x 2 thread counts
  for (const auto& s : doc["summary"]) {
    EXPECT_EQ(s["runs"], 2);
    EXPECT_EQ(s["solved"], 2);
    EXPECT_GT(s["nodes"].get<double>(), 0);
    EXPECT_GT(s["peak_rss_bytes"].get<double>(), 1e6);
    if (s["threads"] == 1) {
      EXPECT_DOUBLE_EQ(s["speedup_vs_1_thread"].get<double>(), 1.0);
    }
    if (s["tt_mb"] == 1) {
      EXPECT_DOUBLE_EQ(s["slowdown_vs_largest_table"].get<double>(), 1.0);
    }
    if (s["tt_mb"] == 0.01 && s["threads"] == 1) {
      EXPECT_GT(s["tt_fill"].get<double>(), 0.5) << s.dump();  // a tiny table fills up
    }
  }
  EXPECT_NE(read_file(dir + "/summary.csv").find("speedup_vs_1_thread,slowdown_vs_largest_table"), std::string::npos);

  // The plots are drawn by gnuplot: titles, axes and one line per algorithm.
  const std::string time_plot = read_file(dir + "/time_vs_table.svg");
  const std::string speedup_plot = read_file(dir + "/speedup_vs_threads.svg");
  for (const std::string* svg : {&time_plot, &speedup_plot}) {
    EXPECT_NE(svg->find("<svg"), std::string::npos);
    EXPECT_NE(svg->find(">dfpn<"), std::string::npos);
    EXPECT_NE(svg->find(">pds<"), std::string::npos);
    EXPECT_NE(svg->find("<path"), std::string::npos);
  }
  EXPECT_NE(time_plot.find("table size (MiB)"), std::string::npos);
  EXPECT_NE(speedup_plot.find("speedup over 1 thread"), std::string::npos);
  EXPECT_NE(speedup_plot.find(">ideal<"), std::string::npos);
}

// An output that cannot be written is said, and the exit status is 1 (the
// runs themselves are fine).
TEST(ScaleCommand, UnwritableResultsAreReported) {
  const auto suite = write_file("scale_small.json", R"({"defaults": {"game": "tictactoe", "algo": "pns"},
    "problems": [{"name": "ttt", "expect": "none"}]})");
  const auto dir = temp_path("scale_unwritable");
  std::filesystem::create_directories(dir + "/runs.csv");  // a folder where the file should go
  const CommandRun r = run("scale " + suite + " --tt-mb 1 --threads 1 --algos pns --out " + dir + " --plot-format none");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("cannot write the results"), std::string::npos) << r.out;
}

// SIGTERM (a scheduler's stop) reaches the running child, ends the sweep,
// and the runs made so far are kept.
TEST(ScaleCommand, TerminateStopsTheSweepAndKeepsTheRuns) {
  const auto suite = write_file("scale_endless.json", R"({"problems": [
    {"name": "hex 9", "game": "hex", "size": 9, "expect": "black"}]})");
  const auto dir = temp_path("scale_stopped");
  const CommandRun r = run_shell("timeout 120 sh -c 'DFPN scale " + suite + " --tt-mb 8 --threads 1,2 --algos dfpn " +
                                 "--out " + dir + " --plot-format none & pid=$!; sleep 2; kill -TERM $pid; wait $pid; " +
                                 "echo exit=$?'");
  EXPECT_NE(r.out.find("exit=0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stopped after 1 of 2 runs"), std::string::npos) << r.out;
  EXPECT_NE(read_file(dir + "/runs.csv").find("hex 9,dfpn,8,1,0,unknown"), std::string::npos);
}

TEST(ScaleCommand, PngPlots) {
  const auto suite = write_file("scale_png_suite.json", R"({"problems": [{"name": "ttt", "game": "tictactoe", "expect": "none"}]})");
  const auto dir = temp_path("scale_png");
  ASSERT_EQ(run("scale " + suite + " --tt-mb 1,2 --threads 1 --out " + dir).status, 0);
  const std::string png = read_file(dir + "/time_vs_table.png");
  ASSERT_GT(png.size(), 1000u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
}

}  // namespace
