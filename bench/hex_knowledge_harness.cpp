// What each piece of Hex knowledge buys, side by side in one run: every
// one-stone opening of a small board solved by df-pn with the knowledge
// switched on piece by piece, and with all of it but one piece.
//
//   hex_knowledge_harness [--quick] [--size N] [--time S]
//
// Per setting: openings solved within the per-opening time limit, total
// nodes and time over the openings that every setting solved, and the
// ratios against "all" (the default). Answers are cross-checked: two
// settings that both solve an opening must agree.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "dfpn/search/dfpn.h"
#include "games/hex/hex_knowledge_game.h"
#include "tt/table.h"

using namespace dfpn;
using namespace dfpn::games;

int main(int argc, char** argv) {
  bool quick = false;
  int size = 5;
  double time_limit = 20;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--quick")) quick = true;
    else if (!std::strcmp(argv[i], "--size") && i + 1 < argc) size = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--time") && i + 1 < argc) time_limit = std::atof(argv[++i]);
    else {
      std::fprintf(stderr, "usage: hex_knowledge_harness [--quick] [--size N] [--time S]\n");
      return 2;
    }
  }
  if (quick) size = 4, time_limit = 5;
  if (size < 2 || size > 8) {
    std::fprintf(stderr, "hex_knowledge_harness: --size must be 2..8\n");
    return 2;
  }

  struct Setting {
    std::string name;
    HexKnowledge knobs;
  };
  std::vector<Setting> settings;
  settings.push_back({"all", HexKnowledge{}});
  auto without = [](auto change) {
    HexKnowledge k;
    change(k);
    return k;
  };
  settings.push_back({"all - dead cells", without([](HexKnowledge& k) { k.dead_cells = false; })});
  settings.push_back({"all - captured", without([](HexKnowledge& k) { k.captured_cells = false; })});
  settings.push_back({"all - domination", without([](HexKnowledge& k) { k.domination = false; })});
  settings.push_back({"all - vulnerable", without([](HexKnowledge& k) { k.vulnerable = false; })});
  settings.push_back({"all - templates", without([](HexKnowledge& k) { k.edge_templates = false; })});
  settings.push_back({"all - must-play", without([](HexKnowledge& k) { k.must_play = false; })});
  settings.push_back({"all - symmetry", without([](HexKnowledge& k) { k.symmetry = false; })});
  settings.push_back({"all - refutation", without([](HexKnowledge& k) { k.refutation = false; })});
  settings.push_back({"all - shrinking", without([](HexKnowledge& k) { k.shrink_proofs = false; })});
  settings.push_back({"all - transpositions", without([](HexKnowledge& k) { k.transpositions = false; })});
  settings.push_back({"all - threats first", without([](HexKnowledge& k) { k.threats_first = false; })});
  settings.push_back({"all - wide edge lists", without([](HexKnowledge& k) {
                        k.max_edge_fulls_per_pair = k.max_fulls_per_pair;
                        k.max_edge_semis_per_pair = k.max_semis_per_pair;
                      })});
  settings.push_back({"all + AND over edges", without([](HexKnowledge& k) { k.and_over_edges = true; })});
  settings.push_back({"all - ordering", without([](HexKnowledge& k) { k.ordering = false; })});
  settings.push_back({"vc only", without([](HexKnowledge& k) { k.dead_cells = k.must_play = k.ordering = false; })});
  settings.push_back({"dead cells only", without([](HexKnowledge& k) {
                        k.virtual_connections = k.must_play = k.ordering = false;
                      })});
  if (size <= 4) settings.push_back({"none", HexKnowledge::none()});

  struct Run {
    bool solved = false;
    bool black_wins = false;
    std::uint64_t nodes = 0;
    double seconds = 0;
  };
  std::vector<std::vector<Run>> runs(settings.size());
  for (std::size_t s = 0; s < settings.size(); ++s) {
    for (int cell = 0; cell < size * size; ++cell) {
      HexGame start(size);
      start.play(static_cast<HexGame::Move>(cell));
      HexKnowledgeGame game(start, settings[s].knobs);
      auto table = tt::TranspositionTable::with_bytes(std::size_t{256} << 20);
      Limits limits;
      limits.time_s = time_limit;
      DepthFirstPns<HexKnowledgeGame> search(game, Player::Black, table, limits, DfpnOptions{});
      const auto t0 = std::chrono::steady_clock::now();
      const auto r = search.solve();
      Run run;
      run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      run.solved = r.solved();
      run.black_wins = r.outcome == Outcome::Proven;
      run.nodes = r.nodes;
      runs[s].push_back(run);
    }
  }

  // Cross-check and the common set.
  std::vector<bool> common(std::size_t(size * size), true);
  int disagreements = 0;
  // Settings that solve nothing would leave no common set: they only count
  // in the "solved" column.
  std::vector<bool> counts(settings.size(), false);
  for (std::size_t s = 0; s < settings.size(); ++s)
    for (const Run& r : runs[s]) counts[s] = counts[s] || r.solved;
  for (int cell = 0; cell < size * size; ++cell) {
    std::optional<bool> answer;
    for (std::size_t s = 0; s < settings.size(); ++s) {
      const Run& r = runs[s][std::size_t(cell)];
      if (!r.solved) {
        if (counts[s]) common[std::size_t(cell)] = false;
        continue;
      }
      if (answer && *answer != r.black_wins) ++disagreements;
      answer = r.black_wins;
    }
  }
  std::printf("Hex %dx%d, every one-stone opening, df-pn, %.0f s per opening\n", size, size, time_limit);
  std::printf("%-18s %7s %12s %9s %10s %10s\n", "knowledge", "solved", "nodes*", "time*", "nodes/all", "time/all");
  double base_nodes = 0, base_time = 0;
  for (std::size_t s = 0; s < settings.size(); ++s) {
    int solved = 0;
    double nodes = 0, seconds = 0;
    for (int cell = 0; cell < size * size; ++cell) {
      const Run& r = runs[s][std::size_t(cell)];
      solved += r.solved;
      if (common[std::size_t(cell)]) nodes += double(r.nodes), seconds += r.seconds;
    }
    if (s == 0) base_nodes = nodes, base_time = seconds;
    if (!counts[s]) {
      std::printf("%-18s %4d/%-2d %12s %9s %10s %10s\n", settings[s].name.c_str(), solved, size * size, "-", "-", "-", "-");
      continue;
    }
    std::printf("%-18s %4d/%-2d %12.0f %8.2fs %10.2f %10.2f\n", settings[s].name.c_str(), solved, size * size, nodes,
                seconds, base_nodes > 0 ? nodes / base_nodes : 0.0, base_time > 0 ? seconds / base_time : 0.0);
  }
  std::printf("* over the openings every setting solved (settings that solved none aside)\n");
  if (disagreements) {
    std::printf("DISAGREEMENTS: %d\n", disagreements);
    return 1;
  }
  return 0;
}
