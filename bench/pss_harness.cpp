// Proof-set search against PNS and df-pn, side by side in one run:
// expansions, time and memory on tic-tac-toe and transposition-heavy DAGs.
//
//   pss_harness [--quick]
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "dfpn/search/dfpn.h"
#include "dfpn/search/pns.h"
#include "dfpn/search/pss.h"
#include "games/go/go.h"
#include "games/hex/hex.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"

using namespace dfpn;

namespace {

constexpr std::size_t kAll = TruncatedSet::kUnbounded;

struct Row {
  std::string algo;
  std::uint64_t nodes = 0;
  double seconds = 0, mib = 0;
  std::string outcome;
};

template <Game G>
std::vector<Row> compare(const G& game) {
  std::vector<Row> rows;
  auto add = [&](std::string name, const auto& r, double bytes) {
    rows.push_back({std::move(name), r.nodes, r.time_s, bytes / double(1 << 20), std::string(to_string(r.outcome))});
  };
  auto memory_of = [](const auto& r) {
    for (const auto& [k, v] : r.stats)
      if (k == "memory_bytes") return v;
    return 0.0;
  };
  Limits limits;
  limits.memory_bytes = std::size_t{4} << 30;
  const auto pns = ProofNumberSearch(game, Player::Black, limits).solve();
  add("PNS", pns, memory_of(pns));
  const std::pair<const char*, PssOptions> variants[] = {
      {"PSS(4,4)", {4, 4}}, {"PSS(20,20)", {20, 20}}, {"PSS(inf,inf)", {kAll, kAll}}};
  for (const auto& [name, options] : variants) {
    const auto r = ProofSetSearch(game, Player::Black, limits, options).solve();
    add(name, r, memory_of(r));
  }
  auto table = tt::TranspositionTable::with_bytes(64 << 20);
  const auto d = DepthFirstPns(game, Player::Black, table, {}, DfpnOptions::df_pn(0.25)).solve();
  add("df-pn (1+eps)", d, double(table.bytes()));
  return rows;
}

void print(const char* title, const std::vector<Row>& rows) {
  std::printf("\n%s\n%-14s %10s %10s %10s  %s\n", title, "algorithm", "expansions", "time ms", "MiB", "result");
  for (const Row& r : rows)
    std::printf("%-14s %10llu %10.1f %10.2f  %s\n", r.algo.c_str(), (unsigned long long)r.nodes,
                1000 * r.seconds, r.mib, r.outcome.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && !std::strcmp(argv[1], "--quick");
  print("tic-tac-toe, X to win (PNS memory = node store; df-pn memory = its table)",
        compare(games::TicTacToe{}));
  print("hex 3x3, empty board (Black to connect)", compare(games::HexGame(3)));
  if (!quick) {
    games::HexGame hex4(4);
    hex4.play(*hex4.parse_move("a1"));
    print("hex 4x4 after a1 (Black to connect; White wins)", compare(hex4));
  }
  // Go: Black kills a white corner group (bench/suites/go-problems).
  auto go_problem = [](const std::vector<std::string>& rows, Player to_move) {
    return games::GoGame(games::go_problem_from_diagram(rows, to_move));
  };
  print("go corner bulky five, Black to play and kill",
        compare(go_problem({"...Ox-", "..OOx-", "OOOxx-", "xxxx--", "------", "------"}, Player::Black)));
  print("go corner square four, White to play, Black kills",
        compare(go_problem({"..Ox--", "..Ox--", "OOOx--", "xxxx--", "------", "------"}, Player::White)));
  std::vector<Row> total;
  const int dags = quick ? 2 : 10;
  for (std::uint64_t seed = 1; seed <= std::uint64_t(dags); ++seed) {
    games::SyntheticParams p;
    p.shape = games::Shape::Dag;
    p.depth = quick ? 10 : 22;
    p.min_branching = p.max_branching = 3;
    p.terminal_rate = 0.0;
    p.transposition_rate = 0.5;
    p.black_win_rate = 0.5;
    const auto rows = compare(games::SyntheticGame(seed, p));
    if (total.empty()) total = rows;
    else
      for (std::size_t i = 0; i < rows.size(); ++i) {
        total[i].nodes += rows[i].nodes;
        total[i].seconds += rows[i].seconds;
        total[i].mib = std::max(total[i].mib, rows[i].mib);
        if (rows[i].outcome != rows[0].outcome) total[i].outcome = "DISAGREES";
      }
  }
  for (auto& r : total)
    if (r.outcome != "DISAGREES") r.outcome = "all agree";
  print(quick ? "2 synthetic DAGs (branching 3, 50% shared children, depth 10): sums, peak MiB"
              : "10 synthetic DAGs (branching 3, 50% shared children, depth 22): sums, peak MiB",
        total);
  return 0;
}
