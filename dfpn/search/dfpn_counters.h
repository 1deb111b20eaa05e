// What one df-pn searcher counts, and the statistics keys reports show.
// Each searcher keeps its own counters (never contended); a parallel search
// adds them up (operator+=) and reports them under the same keys.
#pragma once

#include <algorithm>
#include <cstdint>

#include "dfpn/base/result.h"

namespace dfpn {

struct DfpnCounters {
  std::uint64_t expansions = 0;
  std::uint64_t probes = 0;
  std::uint64_t hits = 0;
  std::uint64_t stores = 0;
  std::uint64_t replacements = 0;
  std::uint64_t dropped_stores = 0;
  std::uint64_t path_dependent = 0;  // results kept off the table (they rest on the path)
  std::uint64_t forced_steps = 0;     // cycle breaking (see DepthFirstPns::mid)
  std::uint64_t second_level_nodes = 0;
  std::uint64_t refuted_siblings = 0;  // children found lost through a sibling's proof set
  // Move ordering at won nodes (Benzene's "move index"): how many, the sum
  // of the winning child's index in the game's order, and how many won
  // with the first move.
  std::uint64_t cutoffs = 0;
  std::uint64_t cutoff_index_sum = 0;
  std::uint64_t cutoffs_at_first = 0;
  // Benzene's wasted work: at each won node, the expansions below it that
  // went to other children than the winning one (its work minus the winning
  // child's). Nested won nodes each count their own, so it can pass the
  // node count; what matters is how it moves between runs.
  std::uint64_t wasted_work = 0;
  // Cooperating searchers (thread_jobs.h): jobs taken, and how many ended by
  // climbing back to the root. Reported by the parallel search only.
  std::uint64_t jobs = 0;
  std::uint64_t job_climbs = 0;
  std::uint32_t max_depth = 0;

  DfpnCounters& operator+=(const DfpnCounters& o) {
    expansions += o.expansions;
    probes += o.probes;
    hits += o.hits;
    stores += o.stores;
    replacements += o.replacements;
    dropped_stores += o.dropped_stores;
    path_dependent += o.path_dependent;
    forced_steps += o.forced_steps;
    second_level_nodes += o.second_level_nodes;
    refuted_siblings += o.refuted_siblings;
    cutoffs += o.cutoffs;
    cutoff_index_sum += o.cutoff_index_sum;
    cutoffs_at_first += o.cutoffs_at_first;
    wasted_work += o.wasted_work;
    jobs += o.jobs;
    job_climbs += o.job_climbs;
    max_depth = std::max(max_depth, o.max_depth);
    return *this;
  }
};

// The statistics of a df-pn search on `table` (docs/result-format.md).
template <class Table>
Statistics dfpn_statistics(const DfpnCounters& c, const Table& table) {
  return {{"tt_entries", double(table.entry_count())},
          {"tt_bytes", double(table.bytes())},
          {"tt_fill", table.fill()},
          {"tt_probes", double(c.probes)},
          {"tt_hits", double(c.hits)},
          {"tt_stores", double(c.stores)},
          {"tt_replacements", double(c.replacements)},
          {"tt_dropped_stores", double(c.dropped_stores)},
          {"path_dependent_results", double(c.path_dependent)},
          {"forced_steps", double(c.forced_steps)},
          {"second_level_nodes", double(c.second_level_nodes)},
          {"refuted_siblings", double(c.refuted_siblings)},
          {"cutoffs", double(c.cutoffs)},
          {"cutoff_move_index_mean", c.cutoffs ? double(c.cutoff_index_sum) / double(c.cutoffs) : 0.0},
          {"cutoffs_at_first_move", double(c.cutoffs_at_first)},
          {"wasted_work", double(c.wasted_work)},
          {"max_depth", double(c.max_depth)}};
}

}  // namespace dfpn
