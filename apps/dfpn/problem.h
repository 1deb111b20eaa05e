// What to solve: a game, its position and the prover, from the command line
// or from a JSON problem file. The same description is used by suites.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "games/synthetic/synthetic.h"

namespace dfpn::cli {

// Bad input from the user: reported as one line, exit status 2.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ProblemSpec {
  std::string game = "tictactoe";     // tictactoe | synthetic | hex
  int size = 4;                       // hex board size
  std::string moves;                  // space-separated moves played from the start
  std::optional<std::string> prover;  // "black" | "white"; default: the side to move
  std::uint64_t seed = 1;             // synthetic
  games::SyntheticParams synthetic;   // synthetic
  std::string source = "command line";
};

// Reads a problem file (JSON object; keys as in ProblemSpec, documented in
// docs/problem-files.md). Errors name the file, line and field.
ProblemSpec load_problem_file(const std::string& path);

// Applies the keys of `object` to `spec`; `where` prefixes error messages.
void apply_problem_json(ProblemSpec& spec, const nlohmann::json& object, const std::string& where);

}  // namespace dfpn::cli
