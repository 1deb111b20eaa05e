// Job-level search (parallel/jobs/): the node overhead of splitting a solve
// into jobs, against one sequential df-pn, side by side in one run.
//
//   job_level_harness [--quick] [--size N] [--openings a1,b2,...]
//                     [--workers 1,2,4] [--budget B]
//
// Each opening of Hex NxN (default 6x6: a1 b2 c3 d4) is solved by df-pn on
// one thread (the command's Hex default: knowledge, 1+eps, widening), then
// by LocalJobSearch with each worker count (one thread a worker, a fresh
// 64 MiB table each, jobs of B expansions, default kDefaultJobBudget). Prints the
// expansions of each, their ratio (the node overhead: every worker's
// expansions over the sequential solve's), the jobs issued and the time.
// Times are wall clock on whatever else the machine is doing; node counts
// and answers are what this harness is for. Exits 1 if an answer differs.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "bench_args.h"
#include "dfpn/search/dfpn.h"
#include "games/hex/hex_knowledge_game.h"
#include "parallel/jobs/local_jobs.h"

using namespace dfpn;

namespace {

double stat(const SolveResult<games::HexGame::Move>& r, const char* key) {
  for (const auto& [name, value] : r.stats)
    if (name == key) return value;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int size = 6;
  std::vector<std::string> openings = {"a1", "b2", "c3", "d4"};
  std::vector<int> workers = {1, 2, 4};
  std::uint64_t budget = jobs::kDefaultJobBudget;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&] { return bench::next_value("job_level_harness", argc, argv, i); };
    if (arg == "--quick") {
      size = 4;
      openings = {"a1", "b2"};
      workers = {1, 2};
      budget = 20;
    } else if (arg == "--size") {
      size = std::atoi(value().c_str());
    } else if (arg == "--openings") {
      openings = bench::split(value());
    } else if (arg == "--workers") {
      workers.clear();
      for (const auto& w : bench::split(value())) workers.push_back(std::atoi(w.c_str()));
    } else if (arg == "--budget") {
      budget = std::strtoull(value().c_str(), nullptr, 10);
    } else {
      std::fprintf(stderr, "job_level_harness: unknown argument %s\n", arg.c_str());
      return 2;
    }
  }
  DfpnOptions options = DfpnOptions::df_pn(0.25);
  options.widen_base = 1;  // the command's Hex default (search_spec.h, default_widening)
  options.widen_factor = 0.25;
  std::printf("Hex %dx%d, jobs of %llu expansions\n", size, size, (unsigned long long)budget);
  std::printf("%-8s | %-10s | %12s | %9s | %8s | %8s | %9s\n", "opening", "solver", "expansions", "overhead", "jobs",
              "time s", "answer");
  bool agree = true;
  for (const auto& opening : openings) {
    games::HexGame rules(size);
    const auto move = rules.parse_move(opening);
    if (!move) {
      std::fprintf(stderr, "job_level_harness: bad opening %s\n", opening.c_str());
      return 2;
    }
    rules.play(*move);
    const Player attacker = rules.to_move();
    auto table = tt::TranspositionTable::with_bytes(std::size_t{64} << 20);
    auto t0 = std::chrono::steady_clock::now();
    DepthFirstPns<games::HexKnowledgeGame> sequential(games::HexKnowledgeGame(rules), attacker, table, {}, options);
    const auto base = sequential.solve();
    const double base_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%-8s | %-10s | %12llu | %9s | %8s | %8.2f | %9s\n", opening.c_str(), "df-pn", (unsigned long long)base.nodes,
                "1.00", "-", base_s, std::string(to_string(base.outcome)).c_str());
    for (int w : workers) {
      jobs::JobSearchOptions o;
      o.workers = w;
      o.job_budget = budget;
      o.table_bytes_per_worker = std::size_t{64} << 20;
      o.dfpn = options;
      t0 = std::chrono::steady_clock::now();
      jobs::LocalJobSearch search(games::HexKnowledgeGame(rules), attacker, o);
      const auto r = search.solve();
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      agree &= r.outcome == base.outcome;
      const std::string label = std::to_string(w) + " worker" + (w == 1 ? "" : "s");
      std::printf("%-8s | %-10s | %12llu | %9.2f | %8.0f | %8.2f | %9s\n", "", label.c_str(), (unsigned long long)r.nodes,
                  double(r.nodes) / double(std::max<std::uint64_t>(1, base.nodes)), stat(r, "jobs"), s,
                  std::string(to_string(r.outcome)).c_str());
    }
  }
  if (!agree) std::printf("ANSWERS DIFFER\n");
  return agree ? 0 : 1;
}
