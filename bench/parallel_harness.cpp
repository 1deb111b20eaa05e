// Parallel df-pn: time with 1 and with N threads, side by side in one run.
//
//   parallel_harness [--quick] [--problems hex|hex7|trees|all] [--threads N]
//                    [--algo dfpn|dfpn+] [--repeat R] [--shared-depth D] [--job-work W]
//                    [--csv FILE]
//
// Problem sets:
//  * hex: 6x6 Hex openings with the Hex knowledge (HexKnowledgeGame), chosen
//    when they took seconds; the knowledge has since made them short, so
//    they now mostly show how threads do on small solves;
//  * hex7: four 7x7 openings chosen the same way, now also short (not part
//    of "all"). For two threads on longer Hex solves, time `dfpn solve
//    --threads 1` against `--threads 2` (docs/benchmarks.md, "Two threads:
//    jobs, after SPDFPN");
//  * trees: implicit random binary trees of depth 26 (games/synthetic/
//    random_tree.h, seeds 1..5, leaves 45% Black wins): nodes cost ~0.25 µs,
//    so this set measures the overhead of sharing the table itself.
// Every problem runs with the sequential searcher and with N threads
// (default 2) on a fresh 256 MiB table built outside the timing, df-pn+
// (the game's initial numbers; --algo dfpn for plain df-pn) with 1+eps.
// With --repeat R each problem runs R times each way, alternating, and the
// median times are compared (single runs on this machine vary by ~10%).
// Prints time, nodes, speedup and node overhead per problem and in
// total; exits 1 if two runs disagree on an answer.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "games/hex/hex_knowledge_game.h"
#include "games/synthetic/random_tree.h"
#include "parallel/parallel_dfpn.h"

using namespace dfpn;

namespace {

struct Settings {
  bool quick = false;
  int threads = 2;
  int shared_depth = int(parallel::SharedSearch::kDefaultSharedDepth);
  unsigned long long job_work = parallel::SharedSearch::kDefaultJobWork;
  bool heuristic_init = true;
  int repeat = 1;
  FILE* csv = nullptr;
};

struct Totals {
  double time1 = 0, timeN = 0;
  std::uint64_t nodes1 = 0, nodesN = 0;
  bool agree = true;

  void print_row(const char* name, double t1, std::uint64_t n1, double tN, std::uint64_t nN) const {
    std::printf("%-10s | %10.3f %12llu | %10.3f %12llu | %7.2fx %8.1f%%\n", name, t1, (unsigned long long)n1, tN,
                (unsigned long long)nN, t1 / tN, 100.0 * (double(nN) / double(n1) - 1));
  }
};

// One problem: the sequential searcher, then N cooperating threads, each
// on a game made fresh by `make` (a Hex game's analysis cache is shared by
// its copies, so reusing one would hand the second run the first's work).
template <class MakeGame>
void compare(const std::string& name, MakeGame make, Player attacker, const Settings& s, Totals& totals) {
  using G = decltype(make());
  const DfpnOptions options = s.heuristic_init ? DfpnOptions::df_pn_plus(0.25) : DfpnOptions::df_pn(0.25);
  std::vector<SolveResult<MoveOf<G>>> runs[2];
  for (int rep = 0; rep < s.repeat; ++rep) {
    for (int k = 0; k < 2; ++k) {
      const G game = make();
      auto table = tt::TranspositionTable::with_bytes(s.quick ? (16 << 20) : (256 << 20));
      SolveResult<MoveOf<G>> r;
      if (k == 0) {  // the baseline is the sequential searcher itself
        r = DepthFirstPns(game, attacker, table, {}, options).solve();
      } else {
        parallel::ParallelDfpn search(game, attacker, table, s.threads, {}, options);
        search.set_shared_depth(std::uint32_t(s.shared_depth));
        search.set_job_work(s.job_work);
        r = search.solve();
      }
      if (s.csv)
        std::fprintf(s.csv, "%s,%d,%.4f,%llu,%s\n", name.c_str(), k ? s.threads : 1, r.time_s,
                     (unsigned long long)r.nodes, std::string(to_string(r.outcome)).c_str());
      runs[k].push_back(std::move(r));
      totals.agree = totals.agree && runs[k].back().outcome == runs[0].front().outcome;
    }
  }
  // The run of median time, each way.
  auto median = [](std::vector<SolveResult<MoveOf<G>>>& v) -> const SolveResult<MoveOf<G>>& {
    std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.time_s < b.time_s; });
    return v[v.size() / 2];
  };
  const auto& one = median(runs[0]);
  const auto& many = median(runs[1]);
  totals.time1 += one.time_s;
  totals.timeN += many.time_s;
  totals.nodes1 += one.nodes;
  totals.nodesN += many.nodes;
  totals.print_row(name.c_str(), one.time_s, one.nodes, many.time_s, many.nodes);
  std::fflush(stdout);
}

void header(const char* title, const Settings& s) {
  std::printf("\n%s, 1 vs %d threads (%s, 1+eps 0.25, %d MiB table, median of %d)\n", title, s.threads,
              s.heuristic_init ? "df-pn+" : "df-pn", s.quick ? 16 : 256, s.repeat);
  std::printf("%-10s | %10s %12s | %10s %12s | %8s %9s\n", "problem", "1 thr s", "nodes", "N thr s", "nodes",
              "speedup", "overhead");
}

// Openings (Black's first stone, White to move) on a size x size board.
Totals hex_openings(const Settings& s, int size, const std::vector<std::string>& openings) {
  header((std::to_string(size) + "x" + std::to_string(size) + " Hex openings with Hex knowledge").c_str(), s);
  Totals totals;
  for (const auto& cell : openings) {
    games::HexGame rules(size);
    rules.play(*rules.parse_move(cell));
    compare("hex " + cell, [&] { return games::HexKnowledgeGame(rules); }, Player::White, s, totals);
  }
  totals.print_row("total", totals.time1, totals.nodes1, totals.timeN, totals.nodesN);
  return totals;
}

Totals random_trees(const Settings& s) {
  const int depth = s.quick ? 16 : 26;
  header(("random binary trees of depth " + std::to_string(depth)).c_str(), s);
  Totals totals;
  for (std::uint64_t seed = 1; seed <= (s.quick ? 2u : 5u); ++seed) {
    games::RandomTreeParams p;
    p.depth = depth;
    p.branching = 2;
    p.black_win_rate = 0.45;
    compare("seed " + std::to_string(seed), [&] { return games::RandomTree(seed, p); }, Player::Black, s, totals);
  }
  totals.print_row("total", totals.time1, totals.nodes1, totals.timeN, totals.nodesN);
  return totals;
}

}  // namespace

int main(int argc, char** argv) {
  Settings s;
  std::string problems = "all";
  const char* csv_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) s.quick = true;
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) s.threads = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--csv") && i + 1 < argc) csv_path = argv[++i];
    else if (!std::strcmp(argv[i], "--shared-depth") && i + 1 < argc) s.shared_depth = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--job-work") && i + 1 < argc) s.job_work = std::strtoull(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) s.repeat = std::max(1, std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--problems") && i + 1 < argc) problems = argv[++i];
    else if (!std::strcmp(argv[i], "--algo") && i + 1 < argc) {
      const std::string algo = argv[++i];
      if (algo != "dfpn" && algo != "dfpn+") {
        std::fprintf(stderr, "parallel_harness: --algo must be dfpn or dfpn+\n");
        return 2;
      }
      s.heuristic_init = algo == "dfpn+";
    }
    else {
      std::fprintf(stderr,
                   "usage: parallel_harness [--quick] [--problems hex|hex7|trees|all] [--threads N] "
                   "[--algo dfpn|dfpn+] [--repeat R] [--shared-depth D] [--job-work W] [--csv FILE]\n");
      return 2;
    }
  }
  if (problems != "hex" && problems != "hex7" && problems != "trees" && problems != "all") {
    std::fprintf(stderr, "parallel_harness: --problems must be hex, hex7, trees or all\n");
    return 2;
  }
  if (csv_path) {
    s.csv = std::fopen(csv_path, "w");
    if (!s.csv) {
      std::fprintf(stderr, "parallel_harness: cannot write %s\n", csv_path);
      return 2;
    }
    std::fprintf(s.csv, "problem,threads,time_s,nodes,outcome\n");
  }
  bool agree = true;
  if (problems == "hex" || problems == "all") {
    // 6x6 openings that take a few seconds; --quick: two 5x5 openings.
    const auto openings = s.quick ? std::vector<std::string>{"a1", "a3"}
                                  : std::vector<std::string>{"a1", "a3", "a5", "a6", "c3", "d4",
                                                             "f1", "f2", "f3", "f4", "f5"};
    agree = hex_openings(s, s.quick ? 5 : 6, openings).agree && agree;
  }
  if (problems == "hex7") agree = hex_openings(s, 7, {"b6", "c4", "c5", "d4"}).agree && agree;
  if (problems == "trees" || problems == "all") agree = random_trees(s).agree && agree;
  if (s.csv) std::fclose(s.csv);
  if (!agree) std::printf("ANSWERS DIFFER between thread counts\n");
  return agree ? 0 : 1;
}
