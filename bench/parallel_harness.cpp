// Parallel df-pn: time with 1 and with 2 threads, side by side in one run.
//
//   parallel_harness [--quick] [--threads N] [--shared-depth D] [--csv FILE]
//
// Problems: implicit random binary trees of depth 26 (games/synthetic/
// random_tree.h, seeds 1..5, leaves 45% Black wins), each a few seconds
// single-threaded. Every problem
// runs with the sequential searcher and with N threads (default 2) on a fresh
// 256 MiB table;
// the table is built outside the timing. Prints time, nodes, speedup and the
// node overhead of the parallel run.
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <vector>

#include "games/synthetic/random_tree.h"
#include "parallel/parallel_dfpn.h"

using namespace dfpn;

int main(int argc, char** argv) {
  bool quick = false;
  int threads = 2;
  int shared_depth = int(parallel::SharedSearch::kDefaultSharedDepth);
  const char* csv_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--csv") && i + 1 < argc) csv_path = argv[++i];
    else if (!std::strcmp(argv[i], "--shared-depth") && i + 1 < argc) shared_depth = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: parallel_harness [--quick] [--threads N] [--shared-depth D] [--csv FILE]\n");
      return 2;
    }
  }
  const int depth = quick ? 16 : 26;
  std::printf("random binary trees of depth %d, 1 vs %d threads (df-pn, 1+eps), 256 MiB table\n", depth, threads);
  std::printf("%6s | %10s %12s | %10s %12s | %8s %9s\n", "seed", "1 thr s", "nodes", "N thr s", "nodes",
              "speedup", "overhead");
  FILE* csv = csv_path ? std::fopen(csv_path, "w") : nullptr;
  if (csv) std::fprintf(csv, "seed,threads,time_s,nodes,outcome\n");
  double total1 = 0, totalN = 0;
  std::uint64_t nodes1 = 0, nodesN = 0;
  bool agree = true;
  for (std::uint64_t seed = 1; seed <= (quick ? 2u : 5u); ++seed) {
    games::RandomTreeParams p;
    p.depth = depth;
    p.branching = 2;
    p.black_win_rate = 0.45;
    const games::RandomTree game(seed, p);
    SolveResult<games::RandomTree::Move> r[2];
    for (int k = 0; k < 2; ++k) {
      auto table = tt::TranspositionTable::with_bytes(quick ? (16 << 20) : (256 << 20));
      if (k == 0) {  // the baseline is the sequential searcher itself
        r[k] = DepthFirstPns(game, Player::Black, table, {}, DfpnOptions{false, 0.25}).solve();
      } else {
        parallel::ParallelDfpn search(game, Player::Black, table, threads, {}, DfpnOptions{false, 0.25});
        search.set_shared_depth(std::uint32_t(shared_depth));
        r[k] = search.solve();
      }
      if (csv)
        std::fprintf(csv, "%llu,%d,%.4f,%llu,%s\n", (unsigned long long)seed, k ? threads : 1, r[k].time_s,
                     (unsigned long long)r[k].nodes, std::string(to_string(r[k].outcome)).c_str());
    }
    agree = agree && r[0].outcome == r[1].outcome;
    total1 += r[0].time_s;
    totalN += r[1].time_s;
    nodes1 += r[0].nodes;
    nodesN += r[1].nodes;
    std::printf("%6llu | %10.3f %12llu | %10.3f %12llu | %7.2fx %8.1f%%\n", (unsigned long long)seed,
                r[0].time_s, (unsigned long long)r[0].nodes, r[1].time_s, (unsigned long long)r[1].nodes,
                r[0].time_s / r[1].time_s, 100.0 * (double(r[1].nodes) / double(r[0].nodes) - 1));
  }
  std::printf("%6s | %10.3f %12llu | %10.3f %12llu | %7.2fx %8.1f%%\n", "total", total1,
              (unsigned long long)nodes1, totalN, (unsigned long long)nodesN, total1 / totalN,
              100.0 * (double(nodesN) / double(nodes1) - 1));
  if (csv) std::fclose(csv);
  if (!agree) std::printf("ANSWERS DIFFER between thread counts\n");
  return agree ? 0 : 1;
}
