#include "dfpn/suite.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <CLI/CLI.hpp>

#include "dfpn/problem.h"

namespace dfpn::cli {
namespace {

enum class Kind { Text, Number, Flag };

struct Key {
  const char* option;  // the solve option it becomes ("" for the positional file)
  Kind kind;
};

// Suite keys and the `dfpn solve` options they stand for. Problem keys match
// the problem-file keys (docs/problem-files.md); the rest are limits.
const std::map<std::string, Key>& keys() {
  static const std::map<std::string, Key> table = {
      {"file", {"", Kind::Text}},
      {"game", {"--game", Kind::Text}},
      {"size", {"--size", Kind::Number}},
      {"moves", {"--moves", Kind::Text}},
      {"prover", {"--prover", Kind::Text}},
      {"to_play", {"--to-play", Kind::Text}},
      {"goal", {"--goal", Kind::Text}},
      {"seki", {"--seki", Kind::Text}},
      {"ko", {"--ko", Kind::Text}},
      {"ko_rule", {"--ko-rule", Kind::Text}},
      {"hex_knowledge", {"--hex-knowledge", Kind::Text}},
      {"go_zones", {"--go-zones", Kind::Text}},
      {"go_knowledge", {"--go-knowledge", Kind::Text}},
      {"seed", {"--seed", Kind::Number}},
      {"shape", {"--shape", Kind::Text}},
      {"depth", {"--depth", Kind::Number}},
      {"branching", {"--branching", Kind::Number}},
      {"min_branching", {"--min-branching", Kind::Number}},
      {"win_rate", {"--win-rate", Kind::Number}},
      {"terminal_rate", {"--terminal-rate", Kind::Number}},
      {"transposition_rate", {"--transpositions", Kind::Number}},
      {"cycle_rate", {"--cycles", Kind::Number}},
      {"algo", {"--algo", Kind::Text}},
      {"time", {"--time", Kind::Number}},
      {"nodes", {"--nodes", Kind::Number}},
      {"tt_mb", {"--tt-mb", Kind::Number}},
      {"tt_entries", {"--tt-entries", Kind::Number}},
      {"threads", {"--threads", Kind::Number}},
      {"memory_mb", {"--memory-mb", Kind::Number}},
      {"eps", {"--eps", Kind::Number}},
      {"second_level", {"--second-level", Kind::Number}},
      {"pss_p", {"--pss-p", Kind::Text}},
      {"pss_d", {"--pss-d", Kind::Text}},
      {"weak_sum", {"--weak-sum", Kind::Flag}},
      {"widen_base", {"--widen-base", Kind::Number}},
      {"widen_factor", {"--widen-factor", Kind::Number}},
      {"verify", {"--verify", Kind::Flag}},
      {"no_certificates", {"--no-certificates", Kind::Flag}},
  };
  return table;
}

// 1-based line of byte `offset`.
int line_at(const std::string& text, std::size_t offset) {
  int line = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) line += text[i] == '\n';
  return line;
}

// Finds where things are in the text, since the JSON library keeps no
// positions: the n-th problem object starts at the n-th '{' inside the
// "problems" array at nesting depth one.
class Locator {
 public:
  explicit Locator(const std::string& text) : text_(text) {
    const auto problems = text.find("\"problems\"");
    if (problems == std::string::npos) return;
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = text.find('[', problems); i < text.size(); ++i) {
      const char c = text[i];
      if (in_string) {
        if (c == '\\') ++i;
        else if (c == '"') in_string = false;
        continue;
      }
      if (c == '"') in_string = true;
      else if (c == '[' || c == '{') {
        if (depth == 1 && c == '{') starts_.push_back(i);
        ++depth;
      } else if (c == ']' || c == '}') {
        if (--depth == 0) break;
      }
    }
  }
  // Line of problem `index`, or of `key` inside it when given and found.
  int line(std::size_t index, const std::string& key = {}) const {
    if (index >= starts_.size()) return 1;
    std::size_t at = starts_[index];
    if (!key.empty()) {
      const std::size_t end = index + 1 < starts_.size() ? starts_[index + 1] : text_.size();
      const auto found = text_.find('"' + key + '"', at);
      if (found != std::string::npos && found < end) at = found;
    }
    return line_at(text_, at);
  }
  int line_of(const std::string& key) const {
    const auto found = text_.find('"' + key + '"');
    return found == std::string::npos ? 1 : line_at(text_, found);
  }

 private:
  const std::string& text_;
  std::vector<std::size_t> starts_;
};

std::string value_text(const nlohmann::json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

Expectation parse_expectation(const nlohmann::json& value, const std::string& where) {
  Expectation e;
  auto winner = [&](const nlohmann::json& w) {
    if (!w.is_string() || (w != "black" && w != "white" && w != "none"))
      throw InputError(where + ": 'expect' winner must be \"black\", \"white\" or \"none\"");
    e.winner = w.get<std::string>();
  };
  if (value.is_string()) {
    winner(value);
    return e;
  }
  if (!value.is_object())
    throw InputError(where + ": 'expect' must be a winner (\"black\", \"white\", \"none\") or an object");
  for (const auto& [key, v] : value.items()) {
    if (key == "winner") {
      winner(v);
    } else if (key == "result") {
      if (!v.is_string() || (v != "proven" && v != "disproven"))
        throw InputError(where + ": 'expect' result must be \"proven\" or \"disproven\"");
      e.result = v.get<std::string>();
    } else if (key == "moves") {
      if (!v.is_array()) throw InputError(where + ": 'expect' moves must be a list of moves");
      for (const auto& m : v) {
        if (!m.is_string()) throw InputError(where + ": 'expect' moves must be strings");
        e.moves.push_back(m.get<std::string>());
      }
    } else {
      throw InputError(where + ": unknown field 'expect." + key + "'");
    }
  }
  if (!e.winner && !e.result) throw InputError(where + ": 'expect' needs a winner or a result");
  return e;
}

// Appends the solve arguments for `key: value`; `base` resolves relative file names.
void append_argument(std::vector<std::string>& args, const std::string& key, const nlohmann::json& value,
                     const std::filesystem::path& base, const std::string& where) {
  const auto found = keys().find(key);
  if (found == keys().end()) throw InputError(where + ": unknown field '" + key + "'");
  const Key& k = found->second;
  switch (k.kind) {
    case Kind::Text:
      if (!value.is_string()) throw InputError(where + ": field '" + key + "' must be a string");
      break;
    case Kind::Number:
      if (!value.is_number()) throw InputError(where + ": field '" + key + "' must be a number");
      break;
    case Kind::Flag:
      if (!value.is_boolean()) throw InputError(where + ": field '" + key + "' must be true or false");
      if (value.get<bool>()) args.emplace_back(k.option);
      return;
  }
  if (key == "file") {
    std::filesystem::path file = value.get<std::string>();
    if (file.is_relative()) file = base / file;
    args.push_back(file.lexically_normal().string());
    return;
  }
  args.emplace_back(k.option);
  args.push_back(value_text(value));
}

// Parses `args` as `dfpn solve` would; throws InputError with CLI11's message.
SolveOptions parse_solve_arguments(const std::vector<std::string>& args, const std::string& where) {
  CLI::App app;
  SolveOptions options;
  add_solve_options(app, options);
  std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them back to front
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    throw InputError(where + ": " + e.what());
  }
  return options;
}

}  // namespace

Suite load_suite(const std::string& path, const std::vector<std::string>& overrides) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read suite file '" + path + "'");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(path + ":" + std::to_string(line_at(text, e.byte == 0 ? 0 : e.byte - 1)) +
                     ": not valid JSON");
  } catch (const nlohmann::json::exception&) {  // a number too large for a double
    throw InputError(path + ": not valid JSON (a number out of range)");
  }
  const Locator locate(text);
  if (!doc.is_object()) throw InputError(path + ":1: a suite must be a JSON object");
  for (const auto& [key, value] : doc.items())
    if (key != "name" && key != "defaults" && key != "problems" && key != "comment")
      throw InputError(path + ":" + std::to_string(locate.line_of(key)) + ": unknown field '" + key + "'");

  Suite suite;
  suite.path = path;
  suite.name = doc.value("name", std::filesystem::path(path).stem().string());
  const auto base = std::filesystem::path(path).parent_path();

  nlohmann::json defaults = doc.value("defaults", nlohmann::json::object());
  if (!defaults.is_object())
    throw InputError(path + ":" + std::to_string(locate.line_of("defaults")) + ": 'defaults' must be an object");
  for (const auto& [key, value] : defaults.items()) {
    std::vector<std::string> ignored;
    append_argument(ignored, key, value, base,
                    path + ":" + std::to_string(locate.line_of("defaults")) + ": defaults");
  }

  nlohmann::json forced = nlohmann::json::object();
  for (const auto& text : overrides) {
    const auto equals = text.find('=');
    if (equals == std::string::npos || equals == 0)
      throw InputError("--set '" + text + "': expected KEY=VALUE, e.g. time=10");
    const std::string key = text.substr(0, equals), value = text.substr(equals + 1);
    // A value that reads as JSON (10, true, "x") is taken as such, anything else as text.
    try {
      forced[key] = nlohmann::json::accept(value) ? nlohmann::json::parse(value) : nlohmann::json(value);
    } catch (const nlohmann::json::exception&) {  // accepted, but a number too large for a double
      forced[key] = nlohmann::json(value);
    }
    std::vector<std::string> ignored;
    append_argument(ignored, key, forced[key], base, "--set " + text);
  }

  if (!doc.contains("problems") || !doc["problems"].is_array() || doc["problems"].empty())
    throw InputError(path + ":" + std::to_string(locate.line_of("problems")) +
                     ": 'problems' must be a non-empty list");
  std::set<std::string> names;
  const auto& problems = doc["problems"];
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const auto& p = problems[i];
    const int line = locate.line(i);
    std::string where = path + ":" + std::to_string(line) + ": problem " + std::to_string(i + 1);
    if (!p.is_object()) throw InputError(where + ": must be an object");
    SuiteProblem problem;
    problem.line = line;
    if (!p.contains("name") || !p["name"].is_string() || p["name"].get<std::string>().empty())
      throw InputError(where + ": needs a 'name'");
    problem.name = p["name"];
    where = path + ":" + std::to_string(line) + ": problem '" + problem.name + "'";
    if (!names.insert(problem.name).second) throw InputError(where + ": the name is used twice");
    if (!p.contains("expect")) throw InputError(where + ": needs 'expect'");
    problem.expect = parse_expectation(
        p["expect"], path + ":" + std::to_string(locate.line(i, "expect")) + ": problem '" + problem.name + "'");

    // Problem keys override defaults; both become solve arguments.
    nlohmann::json merged = defaults;
    for (const auto& [key, value] : p.items())
      if (key != "name" && key != "expect" && key != "comment") merged[key] = value;
    for (const auto& [key, value] : forced.items()) merged[key] = value;
    for (const auto& [key, value] : merged.items())
      append_argument(problem.solve_args, key, value, base,
                      path + ":" + std::to_string(locate.line(i, key)) + ": problem '" + problem.name + "'");
    problem.options = parse_solve_arguments(problem.solve_args, where);
    suite.problems.push_back(std::move(problem));
  }
  return suite;
}

std::string judge(const Expectation& expect, const nlohmann::json& result, std::string& why) {
  const std::string outcome = result.value("result", "unknown");
  if (outcome == "unknown") return "unknown";
  const std::string winner = result["winner"].is_string() ? result["winner"].get<std::string>() : "none";
  if (expect.result && *expect.result != outcome) {
    why = "result " + outcome + ", expected " + *expect.result;
    return "wrong";
  }
  if (expect.winner && *expect.winner != winner) {
    why = "winner " + winner + ", expected " + *expect.winner;
    return "wrong";
  }
  // Moves are judged where the side to move wins: a loser's move says nothing.
  if (!expect.moves.empty() && result["best_move"].is_string() && winner == result.value("to_play", "")) {
    const std::string move = result["best_move"];
    if (std::find(expect.moves.begin(), expect.moves.end(), move) == expect.moves.end()) {
      why = "move " + move + " is not one of the expected moves";
      return "wrong";
    }
  }
  if (result["proof_verified"].is_null() && result["proof_error"].is_string()) {
    why = result["proof_error"].get<std::string>();
    return "unknown";  // an answer without the proof that was asked for
  }
  if (result.contains("proof_verified") && result["proof_verified"] == false) {
    why = "proof rejected: " + (result["proof_error"].is_string() ? result["proof_error"].get<std::string>() : "?");
    return "wrong";
  }
  return "solved";
}

nlohmann::json to_json(const Expectation& e) {
  nlohmann::json out = nlohmann::json::object();
  if (e.winner) out["winner"] = *e.winner;
  if (e.result) out["result"] = *e.result;
  if (!e.moves.empty()) out["moves"] = e.moves;
  return out;
}

}  // namespace dfpn::cli
