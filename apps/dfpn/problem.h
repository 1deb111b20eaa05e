// What to solve: a game, its position and the prover, from the command line
// or from a JSON problem file. The same description is used by suites.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "dfpn/input_error.h"
#include "games/sgf/sgf.h"
#include "games/synthetic/synthetic.h"

namespace dfpn::cli {

struct ProblemSpec {
  std::string game = "tictactoe";     // tictactoe | synthetic | random-tree | hex | go
  int size = 4;                       // hex board size
  std::string moves;                  // space-separated moves played from the start
  std::optional<std::string> prover;  // "black" | "white"; default: the side to move
  std::optional<std::string> to_play;  // "black" | "white": overrides who moves next
  std::shared_ptr<const sgf::Node> sgf;  // the start position from an SGF file
  // Go: the goal of the prover ("live" | "kill"; default: the side to move's),
  // whether seki counts as life, who may capture kos, the ko rule.
  std::optional<std::string> goal;
  std::optional<std::string> seki;    // live (default) | dead
  std::optional<std::string> ko;      // black | white | both (default) | none
  std::optional<std::string> ko_rule; // simple | situational | positional
  std::uint64_t seed = 1;             // synthetic
  games::SyntheticParams synthetic;   // synthetic
  std::string source = "command line";
};

// "line N: message" (as the game readers report errors) -> "FILE:N: message".
std::string in_file(const std::string& file, const std::string& line_error);

// Reads a problem file: a JSON object (keys as in ProblemSpec, documented in
// docs/problem-files.md) or, for files ending in .sgf, an SGF position whose
// GM property names the game. Errors name the file, line and field.
ProblemSpec load_problem_file(const std::string& path);

// Everything that makes the problem what it is, as JSON (checkpoints compare
// it): the game, its position, the prover and the rules.
nlohmann::json problem_identity(const ProblemSpec& spec);

// Applies the keys of `object` to `spec`; `where` prefixes error messages.
void apply_problem_json(ProblemSpec& spec, const nlohmann::json& object, const std::string& where);

}  // namespace dfpn::cli
