// One memory budget for a whole solve (--memory-mb): what the program, the
// threads and the game's shared stores take is set aside, and the table gets
// what is left. The figures it sets aside are in search_spec.h.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <iomanip>
#include <sstream>

#include "dfpn/base/game.h"
#include "dfpn/input_error.h"
#include "dfpn/search_spec.h"

namespace dfpn::cli {

// Fits the solve in --memory-mb: the program, the threads, the game's
// shared stores, and the table gets what is left. Stores that can shrink
// get at most half of what the program and threads leave; with the default
// thread count, threads the budget cannot hold are dropped; too small a
// budget is a usage error. With `want_proof` the table and the conceding
// proof (SearchSpec::proof_mb) share what is left, half each. `game` gets
// its stores here, before any copy.
template <Game G>
SearchSpec within_memory(G& game, SearchSpec spec, bool want_proof = false) {
  if (spec.memory_mb <= 0) return spec;
  const double mib = double(1 << 20);
  double per_thread = kThreadMiB;
  if constexpr (requires { game.rules().size(); })
    per_thread += kHexThreadMiBPerCell * double(game.rules().size() * game.rules().size());
  int threads = spec.thread_count();
  auto stores = [&] {
    if constexpr (requires { game.store_bytes(); }) return double(game.store_bytes()) / mib;
    return 0.0;
  };
  if constexpr (requires { game.limit_stores(std::size_t{}); }) {
    const double share = (spec.memory_mb - kProgramMiB - per_thread * threads) / 2;
    if (stores() > share) game.limit_stores(std::size_t(std::max(share, 0.0) * mib));
  }
  auto left = [&] { return spec.memory_mb - kProgramMiB - stores() - per_thread * threads; };
  while (left() < spec.memory_mb / 4 && threads > 1 && spec.threads == 0) --threads;
  if (left() < 1) {
    std::ostringstream what;
    what << std::fixed << std::setprecision(0) << "--memory-mb: " << spec.memory_mb
         << " MiB is too little; this solve needs " << std::ceil(spec.memory_mb - left() + 1) << " MiB ("
         << kProgramMiB << " program, " << std::ceil(stores()) << " game stores, " << per_thread * threads << " for "
         << threads << " thread" << (threads == 1 ? "" : "s") << ", 1 table)";
    throw InputError(what.str());
  }
  if (spec.depth_first()) spec.threads = threads;
  spec.tt_mb = want_proof ? left() / 2 : left();
  if (want_proof) spec.proof_mb = spec.tt_mb;
  spec.tt_entries = 0;
  return spec;
}

}  // namespace dfpn::cli
