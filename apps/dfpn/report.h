// The result of one solve as the command prints it: a human summary, or one
// JSON object whose keys are stable across releases (see docs/result-format.md).
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace dfpn::cli {

struct Report {
  std::string game;
  std::string algo;
  std::string to_play;   // "black" | "white"
  std::string prover;    // "black" | "white"
  std::string goal;      // e.g. "black connects"
  std::optional<std::string> board;    // a diagram of the position, for people
  std::optional<std::string> framing;  // Go: what was chosen for a plain tsumego file
  std::string result;    // "proven" | "disproven" | "unknown"
  std::optional<std::string> winner;
  std::optional<std::string> status;  // Go: "white kills", "black lives", "black lives in seki"
  std::optional<std::string> best_move;
  std::vector<std::string> principal_variation;
  std::uint64_t nodes = 0;
  double time_s = 0;
  double tt_mb = 0;
  int threads = 1;
  std::optional<bool> proof_verified;
  std::optional<std::uint64_t> proof_size;
  std::optional<std::uint64_t> proof_certificates;  // certified leaves among them
  std::optional<std::string> proof_error;
  std::optional<std::string> proof_file;  // where the SGF proof was written
  std::optional<std::string> checkpoint_file;  // where the table was saved
  std::optional<std::string> resumed_from;     // the checkpoint the solve started from
  std::optional<std::string> reason;  // "time" | "nodes" | "memory" | "stopped"
  // An output file that could not be written (the answer stands; the
  // command exits 1).
  std::optional<std::string> write_error;
  std::vector<std::pair<std::string, double>> stats;
  // Where a depth-first search went: nodes below each root move it
  // entered, and how often it entered it (most nodes first).
  struct RootMove {
    std::string move;
    std::uint64_t nodes = 0;
    std::uint32_t visits = 0;
  };
  std::vector<RootMove> root_moves;
};

nlohmann::json to_json(const Report& report);
void print_human(std::ostream& out, const Report& report);

}  // namespace dfpn::cli
