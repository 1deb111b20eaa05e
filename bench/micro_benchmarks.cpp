// Micro-benchmarks: table probe/store and search speed (nodes per second) of
// every algorithm on the same games, reported side by side in one run.
#include <benchmark/benchmark.h>

#include "dfpn/search/dfpn.h"
#include "dfpn/search/minimax.h"
#include "dfpn/search/pns.h"
#include "dfpn/base/random.h"
#include "games/go/go.h"
#include "games/hex/hex.h"
#include "games/hex/hex_knowledge.h"
#include "games/synthetic/synthetic.h"
#include "games/tictactoe/tictactoe.h"
#include "tt/table.h"

using namespace dfpn;

namespace {

// Table of `state.range(0)` bytes, half full of random keys.
void BM_ProbeHit(benchmark::State& state) {
  auto table = tt::TranspositionTable::with_bytes(std::size_t(state.range(0)));
  std::vector<std::uint64_t> keys(table.entry_count() / 2);
  SplitMix64 rng(1);
  for (auto& k : keys) table.store(k = rng.next(), {{1, 1}, 1});
  std::size_t i = 0;
  tt::EntryData e;
  for (auto _ : state) {
    benchmark::DoNotOptimize(table.probe(keys[i], e));
    if (++i == keys.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ProbeHit)->Arg(1 << 16)->Arg(1 << 24)->Arg(1 << 28);

void BM_ProbeMiss(benchmark::State& state) {
  auto table = tt::TranspositionTable::with_bytes(std::size_t(state.range(0)));
  SplitMix64 rng(2);
  tt::EntryData e;
  for (auto _ : state) benchmark::DoNotOptimize(table.probe(rng.next(), e));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ProbeMiss)->Arg(1 << 16)->Arg(1 << 24)->Arg(1 << 28);

void BM_Store(benchmark::State& state) {
  auto table = tt::TranspositionTable::with_bytes(std::size_t(state.range(0)));
  SplitMix64 rng(3);
  std::uint32_t work = 0;
  for (auto _ : state) benchmark::DoNotOptimize(table.store(rng.next(), {{2, 3}, ++work}));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_Store)->Arg(1 << 16)->Arg(1 << 24)->Arg(1 << 28);

// A fixed synthetic tree that takes df-pn about half a million nodes.
games::SyntheticGame benchmark_game() {
  games::SyntheticParams p;
  p.shape = games::Shape::Tree;
  p.depth = 19;
  p.min_branching = p.max_branching = 2;
  p.terminal_rate = 0.0;
  p.black_win_rate = 0.45;
  return games::SyntheticGame(2, p);
}

// Runs `solve(table, clear)` per iteration on one 64 MiB table; building and
// clearing the table (`clear()`, for every fresh solve) is not timed.
// Reports nodes per second of search.
template <class Solve>
void report_nodes(benchmark::State& state, Solve solve) {
  auto table = tt::TranspositionTable::with_bytes(64 << 20);
  auto clear = [&] {
    state.PauseTiming();
    table.clear();
    state.ResumeTiming();
  };
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += solve(table, clear);
  state.counters["nodes_per_s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
  state.counters["nodes"] = double(nodes) / double(state.iterations());
}

void BM_Dfpn(benchmark::State& state, DfpnOptions options) {
  const auto game = benchmark_game();
  report_nodes(state, [&](tt::TranspositionTable& table, auto clear) {
    clear();
    return DepthFirstPns(game, Player::Black, table, {}, options).solve().nodes;
  });
}
BENCHMARK_CAPTURE(BM_Dfpn, dfpn, DfpnOptions::df_pn())->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dfpn, dfpn_eps, DfpnOptions::df_pn(0.25))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dfpn, dfpn_plus, DfpnOptions::df_pn_plus(0.25))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dfpn, pds, DfpnOptions::pds())->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Dfpn, pdspn, DfpnOptions::pds_pn(1000))->Unit(benchmark::kMillisecond);

// Transposition-heavy DAGs (uniform branching 3, half the children shared):
// where summing over-counts shared subtrees. Nodes summed over three games.
void BM_DfpnDag(benchmark::State& state, DfpnOptions options) {
  std::vector<games::SyntheticGame> games_;
  for (std::uint64_t seed : {1, 2, 3}) {
    games::SyntheticParams p;
    p.shape = games::Shape::Dag;
    p.depth = 22;
    p.min_branching = p.max_branching = 3;
    p.terminal_rate = 0.0;
    p.transposition_rate = 0.5;
    p.black_win_rate = 0.5;
    games_.emplace_back(seed, p);
  }
  report_nodes(state, [&](tt::TranspositionTable& table, auto clear) {
    std::uint64_t nodes = 0;
    for (const auto& g : games_) {
      clear();
      nodes += DepthFirstPns(g, Player::Black, table, {}, options).solve().nodes;
    }
    return nodes;
  });
}
BENCHMARK_CAPTURE(BM_DfpnDag, sum, DfpnOptions::df_pn(0.25))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_DfpnDag, weak_sum, DfpnOptions{.epsilon = 0.25, .weak_sum = true})->Unit(benchmark::kMillisecond);

void BM_Pns(benchmark::State& state, PnsOptions options) {
  const auto game = benchmark_game();
  report_nodes(state, [&](tt::TranspositionTable&, auto) {
    Limits limits;
    limits.memory_bytes = std::size_t{4} << 30;
    return ProofNumberSearch(game, Player::Black, limits, options).solve().nodes;
  });
}
BENCHMARK_CAPTURE(BM_Pns, pns, PnsOptions{0})->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_Pns, pn2, PnsOptions{1000})->Unit(benchmark::kMillisecond);

void BM_TicTacToe(benchmark::State& state) {
  report_nodes(state, [](tt::TranspositionTable& table, auto clear) {
    clear();
    return DepthFirstPns(games::TicTacToe{}, Player::Black, table).solve().nodes;
  });
}
BENCHMARK(BM_TicTacToe)->Unit(benchmark::kMillisecond);

// Move generation and terminal checks per game: the per-node cost a search
// pays before any search logic.
void BM_HexMoves(benchmark::State& state) {
  games::HexGame game(int(state.range(0)));
  for (const char* cell : {"c3", "d4", "e2"}) game.play(*game.parse_move(cell));
  games::HexGame::MoveList moves;
  for (auto _ : state) {
    game.generate_moves(moves);
    benchmark::DoNotOptimize(game.evaluate(Player::Black));
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HexMoves)->Arg(7)->Arg(11);

// The whole Hex analysis (fill-in, H-search for both sides, pruning,
// ordering) on 50 fixed random middle-game positions of the given size:
// what a Hex solve pays per node, 85% of it H-search.
void BM_HexAnalysis(benchmark::State& state) {
  const int size = int(state.range(0));
  std::vector<games::HexGame> positions;
  SplitMix64 rng(3);
  while (positions.size() < 50) {
    games::HexGame g(size);
    const int stones = 4 + int(rng.next() % std::uint64_t(size * size / 4));
    for (int i = 0; i < stones && !g.winner(); ++i) {
      games::HexGame::MoveList moves;
      g.generate_moves(moves);
      g.play(moves[rng.next() % moves.size()]);
    }
    if (!g.winner()) positions.push_back(g);
  }
  const games::HexKnowledge knobs;
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(games::analyse(positions[i], knobs));
    if (++i == positions.size()) i = 0;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_HexAnalysis)->Arg(7)->Arg(8)->Unit(benchmark::kMicrosecond);

games::GoGame go_corner() {
  // A white corner group with a bulky-five eye space inside a black wall.
  return games::GoGame(games::go_problem_from_diagram({"...Ox----", "..OOx----", "OOOxx----", "xxxx-----", "---------",
                                                       "---------", "---------", "---------", "---------"}));
}

void BM_GoMovesAndBenson(benchmark::State& state) {
  games::GoGame game = go_corner();
  games::GoGame::MoveList moves;
  for (auto _ : state) {
    game.generate_moves(moves);
    game.play(moves.front());  // the same child each time: Benson comes from its memo, as on re-expansion
    benchmark::DoNotOptimize(game.evaluate(Player::Black));
    game.undo();
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GoMovesAndBenson);

void BM_GoSolve(benchmark::State& state) {
  const games::GoGame game = go_corner();
  report_nodes(state, [&](tt::TranspositionTable& table, auto clear) {
    clear();
    return DepthFirstPns(game, Player::Black, table).solve().nodes;
  });
}
BENCHMARK(BM_GoSolve)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
