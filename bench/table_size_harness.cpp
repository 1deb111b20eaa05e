// Solve effort against table size, df-pn with and without the 1+ε trick,
// side by side in one run (Pawlewicz & Lew's experiment, on synthetic trees).
//
//   table_size_harness [--quick] [--csv FILE]
//
// For each table size: nodes and time summed over the problem set, how many
// were solved within the node cap, and the slowdown against the largest
// table. With 1+ε, shrinking the table should degrade gracefully; plain
// df-pn re-searches more and more as entries get evicted.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "dfpn/search/dfpn.h"
#include "games/synthetic/synthetic.h"

using namespace dfpn;

int main(int argc, char** argv) {
  bool quick = false;
  const char* csv_path = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--csv") && i + 1 < argc) csv_path = argv[++i];
    else {
      std::fprintf(stderr, "usage: table_size_harness [--quick] [--csv FILE]\n");
      return 2;
    }
  }

  // Uniform binary trees near the critical win rate: hard for their size.
  std::vector<games::SyntheticGame> problems;
  for (std::uint64_t seed : {2, 4, 6, 8, 10}) {
    games::SyntheticParams p;
    p.shape = games::Shape::Tree;
    p.depth = quick ? 12 : 21;
    p.min_branching = p.max_branching = 2;
    p.terminal_rate = 0.0;
    p.black_win_rate = 0.45;
    p.max_positions = 5'000'000;
    problems.emplace_back(seed, p);
    if (quick && problems.size() == 2) break;
  }
  std::vector<std::size_t> sizes;
  for (int log2 = quick ? 12 : 20; log2 >= (quick ? 8 : 8); log2 -= 2) sizes.push_back(std::size_t{1} << log2);
  const std::uint64_t node_cap = quick ? 1'000'000 : 30'000'000;

  struct Cell {
    std::uint64_t nodes = 0;
    double seconds = 0;
    int solved = 0;
  };
  const double epsilons[] = {0.0, 0.25};
  std::vector<std::vector<Cell>> cells(2, std::vector<Cell>(sizes.size()));
  for (std::size_t s = 0; s < sizes.size(); ++s) {
    for (int e = 0; e < 2; ++e) {
      for (const auto& game : problems) {
        auto table = tt::TranspositionTable::with_entries(sizes[s]);
        Limits limits;
        limits.max_nodes = node_cap;
        const auto r = DepthFirstPns(game, Player::Black, table, limits, DfpnOptions::df_pn(epsilons[e])).solve();
        cells[e][s].nodes += r.nodes;
        cells[e][s].seconds += r.time_s;
        cells[e][s].solved += r.solved();
      }
    }
  }

  std::printf("%zu problems (binary trees of depth %d), node cap %llu per solve\n", problems.size(),
              quick ? 12 : 21, (unsigned long long)node_cap);
  std::printf("%10s | %12s %8s %6s %7s | %12s %8s %6s %7s\n", "entries", "dfpn nodes", "time s",
              "solved", "x nodes", "1+eps nodes", "time s", "solved", "x nodes");
  FILE* csv = csv_path ? std::fopen(csv_path, "w") : nullptr;
  if (csv) std::fprintf(csv, "entries,algo,nodes,time_s,solved,problems,slowdown\n");
  for (std::size_t s = 0; s < sizes.size(); ++s) {
    std::printf("%10zu |", sizes[s]);
    for (int e = 0; e < 2; ++e) {
      const Cell& c = cells[e][s];
      const double slowdown = double(c.nodes) / double(cells[e][0].nodes);
      std::printf(" %12llu %8.2f %3d/%zu %7.2f |", (unsigned long long)c.nodes, c.seconds, c.solved,
                  problems.size(), slowdown);
      if (csv)
        std::fprintf(csv, "%zu,%s,%llu,%.4f,%d,%zu,%.4f\n", sizes[s], e ? "dfpn_eps" : "dfpn",
                     (unsigned long long)c.nodes, c.seconds, c.solved, problems.size(), slowdown);
    }
    std::printf("\n");
  }
  if (csv) std::fclose(csv);
  return 0;
}
