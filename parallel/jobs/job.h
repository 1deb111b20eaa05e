// Job-level search (Wu et al., "Job-Level Proof Number Search"; Čížek,
// Balko & Schmid, PNS over parallel df-pn workers): a master keeps a
// proof-number tree over the top of the game, keyed by move path, and hands
// its most-proving leaves to workers as jobs; each worker searches its job
// with df-pn on its own table (kept between jobs) for a node budget and
// sends back what it learnt. These are the messages: plain data, so they
// can cross threads (local_jobs.h) or machines (an MPI transport).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "dfpn/base/types.h"

namespace dfpn::jobs {

// Expansions a worker spends on one job, unless told otherwise. Larger jobs
// waste less (each job's df-pn starts at its position with no threshold
// from above) but leave the master fewer choices; measured on 7x7 Hex
// openings (docs/parallel.md, "Job-level search").
inline constexpr std::uint64_t kDefaultJobBudget = 8000;

// Facts a worker passes on (job_worker.h, share_facts()): those about
// positions at most this many moves below its job's root. Measured with
// bench/job_level_sim on 8x8 Hex (docs/parallel.md, "Passing facts").
inline constexpr int kDefaultFactDepth = 4;

template <class Move>
struct Job {
  std::uint64_t id = 0;
  std::vector<Move> path;     // from the root to the job's position
  std::uint64_t budget = 0;   // most expansions the worker spends on it
  double time_s = 0;          // and most seconds (what the search has left; 0 = no limit)
};

template <class Move>
struct JobResult {
  struct Child {
    Move move{};
    Numbers numbers{};           // from the worker's table ({1, 1} if it never stored the child)
    bool attacker_to_move = false;
  };
  std::uint64_t id = 0;
  Numbers numbers{};             // the job's position, from the attacker's side
  bool attacker_to_move = false;  // at the job's position
  // The position's moves with what the worker's table knows of them, when
  // it is not solved (the master grows its tree by them); empty if the
  // budget ran out before the position was expanded.
  std::vector<Child> children;
  std::optional<Move> best_move;  // solved with the mover winning: a winning move, if the worker named one
  std::uint64_t nodes = 0;       // expansions the worker spent
  int worker = -1;               // who answered (set by the transport): its table knows this part of the tree
};

}  // namespace dfpn::jobs
