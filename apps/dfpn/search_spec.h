// What configures a search, for every command: the algorithm and its
// settings, the table and the limits, each with its default here and only
// here. solve, suite (through solve's options), gtp and scale share it.
#pragma once

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <iomanip>
#include <new>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include <unistd.h>

#include "dfpn/base/game.h"
#include "dfpn/base/limits.h"
#include "dfpn/input_error.h"
#include "dfpn/search/dfpn_options.h"
#include "dfpn/search/truncated_set.h"
#include "games/go/go.h"
#include "games/hex/hex_knowledge_game.h"
#include "tt/table.h"

namespace dfpn::cli {

enum class Algorithm : std::uint8_t { Dfpn, DfpnPlus, Pds, PdsPn, Pns, Pn2, Pss, Minimax };

struct AlgorithmInfo {
  Algorithm algorithm;
  std::string_view name;
  bool depth_first;  // the df-pn family: a table, threads, widening, conceding proofs
};

inline constexpr std::array<AlgorithmInfo, 8> kAlgorithms = {{
    {Algorithm::Dfpn, "dfpn", true},
    {Algorithm::DfpnPlus, "dfpn+", true},
    {Algorithm::Pds, "pds", true},
    {Algorithm::PdsPn, "pdspn", true},
    {Algorithm::Pns, "pns", false},
    {Algorithm::Pn2, "pn2", false},
    {Algorithm::Pss, "pss", false},
    {Algorithm::Minimax, "minimax", false},
}};

inline const AlgorithmInfo& info(Algorithm a) { return kAlgorithms[static_cast<std::size_t>(a)]; }
inline std::string name_of(Algorithm a) { return std::string(info(a).name); }
inline std::optional<Algorithm> parse_algorithm(std::string_view name) {
  for (const AlgorithmInfo& a : kAlgorithms)
    if (a.name == name) return a.algorithm;
  return std::nullopt;
}
inline std::vector<std::string> algorithm_names() {
  std::vector<std::string> names;
  for (const AlgorithmInfo& a : kAlgorithms) names.emplace_back(a.name);
  return names;
}
// The df-pn family runs on several threads (the others ignore threads) and
// can prove results found with game knowledge by the rules (a conceding
// proof built on its table).
inline bool runs_in_parallel(Algorithm a) { return info(a).depth_first; }
inline bool proves_through_knowledge(Algorithm a) { return info(a).depth_first; }

inline std::size_t mib_to_bytes(double mib) { return static_cast<std::size_t>(mib * double(1 << 20)); }

// Widening (DfpnOptions) when the user leaves it unset, as {base, factor}.
// Hex with knowledge widens as Benzene does: its ordering is good enough
// that focusing on the first quarter of the moves pays (docs/benchmarks.md,
// "widening by default"). Go kill-all widens a little more (three moves
// plus a quarter): without it df-pn+ spreads over every move of the whole
// board before deepening one; on life-and-death problems with targets it
// loses problems instead (docs/benchmarks.md, "Go kill-all: cheaper Benson, widening by
// default"). The other games search every move.
inline constexpr std::pair<std::uint32_t, double> kHexWidening{1, 0.25}, kKillAllWidening{3, 0.25};
// The default of game type G, for positions the type alone decides.
template <Game G>
constexpr std::pair<std::uint32_t, double> default_widening() {
  if constexpr (std::is_same_v<G, games::HexKnowledgeGame>) return kHexWidening;
  else return {0, 0.0};
}
// The default for `game`: Go's depends on the problem's goal.
template <Game G>
std::pair<std::uint32_t, double> default_widening(const G& game) {
  if constexpr (std::is_same_v<G, games::GoGame>) {
    if (game.kill_all()) return kKillAllWidening;
  }
  return default_widening<G>();
}

// The algorithm when the user names none: df-pn+ for Go, whose initial
// numbers carry its search guidance (docs/benchmarks.md, "Go: the default
// algorithm"), plain df-pn for the other games.
inline Algorithm default_algorithm(std::string_view game) {
  return game == "go" ? Algorithm::DfpnPlus : Algorithm::Dfpn;
}

// What a process needs beside its table and the game's stores, for
// --memory-mb (docs/benchmarks.md, "one memory budget"): the program and its
// libraries, and per search thread its stack, frames and copy of the game.
inline constexpr double kProgramMiB = 16;
inline constexpr double kThreadMiB = 4;
// Hex's per-thread analyses (H-search's connection sets) grow with the board.
inline constexpr double kHexThreadMiBPerCell = 1.0 / 16;

struct SearchSpec {
  Algorithm algorithm = Algorithm::Dfpn;
  bool algorithm_chosen = false;  // named by the user; else default_algorithm(game) once the game is known
  double epsilon = 0.25;              // df-pn family: the 1+ε trick (0 = off; PDS runs without)
  std::uint64_t second_level = 10000;  // pn2, pdspn: most nodes of a second-level search
  bool weak_sum = false;              // df-pn family: DAG over-counting mitigation
  // df-pn family: widening; unset, the game's default (default_widening).
  // Either one set on its own leaves the other at 0.
  std::optional<std::uint32_t> widen_base;
  std::optional<double> widen_factor;
  std::size_t pss_p = TruncatedSet::kUnbounded;  // pss: explicit proof-set nodes
  std::size_t pss_d = TruncatedSet::kUnbounded;  // pss: explicit disproof-set nodes
  bool certificates = true;  // conceding proofs may cite checked lemmas (Hex virtual connections)
  double tt_mb = 64;         // the table (or PNS/PSS's node store)
  double memory_mb = 0;      // the whole process (within_memory); 0: the table is tt_mb
  // What a conceding proof (--verify, --proof) may take; 0: half the
  // machine's memory (proof_bytes()). within_memory() sets it from a budget.
  double proof_mb = 0;
  std::uint64_t tt_entries = 0;  // the table in entries, instead of tt_mb
  int threads = 0;           // df-pn family; 0: all hardware threads
  double time_s = 0;         // 0: no limit
  std::uint64_t max_nodes = 0;
  // When the time limit starts counting (Limits::started): `dfpn solve` sets
  // its process start, so `--time 1` answers about a second after the
  // command began; unset, each search's own start.
  std::chrono::steady_clock::time_point started{};

  bool depth_first() const { return info(algorithm).depth_first; }

  // Threads the search runs on: 1 outside the df-pn family.
  int thread_count() const {
    if (!runs_in_parallel(algorithm)) return 1;
    return threads > 0 ? threads : int(std::max(1u, std::thread::hardware_concurrency()));
  }

  // The table; InputError if this machine cannot give it the memory (asked
  // before allocating: more than the machine has could otherwise end in the
  // kernel's or a sanitizer's out-of-memory kill instead of an answer).
  tt::TranspositionTable make_table() const {
    const double bytes = tt_entries > 0 ? double(tt_entries) * sizeof(tt::Entry) : tt_mb * double(1 << 20);
    const double physical = double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGESIZE));
    if (physical <= 0 || bytes <= physical) {
      try {
        return tt_entries > 0 ? tt::TranspositionTable::with_entries(tt_entries)
                              : tt::TranspositionTable::with_bytes(mib_to_bytes(tt_mb));
      } catch (const std::bad_alloc&) {
      } catch (const std::length_error&) {
      }
    }
    std::ostringstream what;
    what << std::fixed << std::setprecision(0) << (tt_entries > 0 ? "--tt-entries" : "--tt-mb")
         << ": cannot allocate a table of " << bytes / double(1 << 20) << " MiB (this machine has "
         << physical / double(1 << 20) << " MiB)";
    throw InputError(what.str());
  }

  // The most a conceding proof and its builder's records may take: a proof
  // has no size one could guess in advance (a 7x7 opening's has millions of
  // positions), so it may grow until memory, not a count, runs out.
  std::size_t proof_bytes() const {
    if (proof_mb > 0) return mib_to_bytes(proof_mb);
    const double physical = double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGESIZE));
    return physical > 0 ? std::size_t(physical / 2) : std::size_t{1} << 30;
  }

  Limits limits(std::stop_token stop = {}) const {
    Limits l;
    l.time_s = time_s;
    l.max_nodes = max_nodes;
    l.memory_bytes = mib_to_bytes(tt_mb);
    l.stop = std::move(stop);
    l.started = started;
    return l;
  }

  // The user's widening, if they set either knob (the other is then 0).
  std::optional<std::pair<std::uint32_t, double>> chosen_widening() const {
    if (!widen_base && !widen_factor) return std::nullopt;
    return std::pair{widen_base.value_or(0), widen_factor.value_or(0.0)};
  }
  // Widening for `game`: the user's, or the game's default.
  template <Game G>
  std::pair<std::uint32_t, double> widening(const G& game) const {
    return chosen_widening().value_or(default_widening(game));
  }

  // The df-pn family's options for `game`.
  template <Game G>
  DfpnOptions dfpn_options(const G& game) const {
    DfpnOptions o;
    switch (algorithm) {
      case Algorithm::DfpnPlus: o = DfpnOptions::df_pn_plus(epsilon); break;
      case Algorithm::Pds: o = DfpnOptions::pds(); break;
      case Algorithm::PdsPn: o = DfpnOptions::pds_pn(second_level); break;
      default: o = DfpnOptions::df_pn(epsilon); break;
    }
    o.weak_sum = weak_sum;
    std::tie(o.widen_base, o.widen_factor) = widening(game);
    return o;
  }
};

}  // namespace dfpn::cli
