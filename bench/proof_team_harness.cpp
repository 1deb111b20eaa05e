// Conceding proofs built on one thread and by a team on N threads
// (parallel/parallel_proof.h), side by side in one run.
//
//   proof_team_harness [--size S] [--openings a1,b2,...] [--threads N] [--depth D]
//
// For each Hex opening (default: seven 7x7 openings whose proofs take
// 2-40 s on one thread) the position is solved on one thread (df-pn,
// eps 0.25, a fresh 256 MiB table and a fresh knowledge game, so both
// builds start from the same solve, node for node), then its proof is
// built on one thread and by the team, and both proofs are checked by the
// rules verifier. Prints positions, build seconds and the ratio per
// opening and in total; exits 1 if a proof is missing or does not verify.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <chrono>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "dfpn/base/proof.h"
#include "dfpn/search/conceding_proof.h"
#include "dfpn/search/dfpn.h"
#include "games/hex/hex.h"
#include "games/hex/hex_knowledge_game.h"
#include "parallel/parallel_proof.h"

using namespace dfpn;
using games::HexGame;
using games::HexKnowledgeGame;

namespace {

struct Build {
  bool verified = false;
  std::uint64_t positions = 0;
  double seconds = 0;
};

// Solves `position` on one thread, then builds its proof on `threads`
// (1: the plain builder) and verifies it.
Build solve_and_build(const HexGame& position, int threads, int depth) {
  const HexKnowledgeGame knowledge(position);
  auto table = tt::TranspositionTable::with_bytes(std::size_t{256} << 20);
  const DfpnOptions options = DfpnOptions::df_pn(0.25);
  const Outcome outcome =
      DepthFirstPns<HexKnowledgeGame>(knowledge, Player::Black, table, Limits{}, options).solve().outcome;
  const auto start = std::chrono::steady_clock::now();
  std::optional<Proof<HexGame::Move>> proof;
  if (threads == 1) {
    ConcedingProofBuilder builder(position, explainable(knowledge), Player::Black, table, Limits{}, options);
    proof = builder.build(outcome);
  } else {
    parallel::ParallelConcedingProof<HexKnowledgeGame> team(knowledge, Player::Black, table, threads, Limits{},
                                                            options);
    team.set_depth(depth);
    proof = team.build(outcome);
  }
  Build b;
  b.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!proof) return b;
  b.positions = proof->size();
  b.verified = verify_proof(position, *proof, Player::Black, outcome).ok;
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  int size = 7, threads = 2;
  int depth = parallel::ParallelConcedingProof<HexKnowledgeGame>::kDefaultDepth;
  std::string openings = "a1,a2,a3,a5,b2,c3,d1";
  for (int i = 1; i < argc; ++i) {
    const bool more = i + 1 < argc;
    if (!std::strcmp(argv[i], "--size") && more) size = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--openings") && more) openings = argv[++i];
    else if (!std::strcmp(argv[i], "--threads") && more) threads = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--depth") && more) depth = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: %s [--size S] [--openings a1,b2,...] [--threads N] [--depth D]\n", argv[0]);
      return 2;
    }
  }
  std::printf("%-8s %12s %9s %12s %9s %7s\n", "opening", "1: positions", "1: s", "N: positions", "N: s", "ratio");
  double serial_total = 0, team_total = 0;
  bool all_verified = true;
  std::stringstream list(openings);
  for (std::string name; std::getline(list, name, ',');) {
    HexGame position(size);
    const auto move = position.parse_move(name);
    if (!move) {
      std::fprintf(stderr, "proof_team_harness: --openings: '%s' is not a cell of a %dx%d board\n", name.c_str(),
                   size, size);
      return 2;
    }
    position.play(*move);
    const Build serial = solve_and_build(position, 1, depth);
    const Build team = solve_and_build(position, threads, depth);
    all_verified = all_verified && serial.verified && team.verified;
    serial_total += serial.seconds;
    team_total += team.seconds;
    std::printf("%-8s %12llu %9.2f %12llu %9.2f %7.2f%s\n", name.c_str(),
                static_cast<unsigned long long>(serial.positions), serial.seconds,
                static_cast<unsigned long long>(team.positions), team.seconds, serial.seconds / team.seconds,
                serial.verified && team.verified ? "" : "  NOT VERIFIED");
  }
  std::printf("%-8s %12s %9.2f %12s %9.2f %7.2f   (%d threads, depth %d)\n", "total", "", serial_total, "",
              team_total, serial_total / team_total, threads, depth);
  return all_verified ? 0 : 1;
}
