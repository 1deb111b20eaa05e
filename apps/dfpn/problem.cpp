#include "dfpn/problem.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <fstream>
#include <map>
#include <vector>
#include <sstream>

namespace dfpn::cli {
namespace {

// Line and column (1-based) of a byte offset in `text`.
std::string position_of(const std::string& text, std::size_t offset) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  return std::to_string(line) + ":" + std::to_string(column);
}

// The line where `"key"` first appears, so field errors point into the file.
std::string line_of_key(const std::string& text, const std::string& key) {
  const auto at = text.find('"' + key + '"');
  if (at == std::string::npos) return "";
  return position_of(text, at).substr(0, position_of(text, at).find(':'));
}

// The field as a T, of exactly the JSON type that T means: a whole number
// for an integer (nlohmann would take 4.5 as 4 and true as 1), a finite
// number for a double, a string for a string.
template <class T>
T get_field(const nlohmann::json& object, const std::string& key, const std::string& where,
            const char* expected) {
  const nlohmann::json& v = object.at(key);
  bool fits = false;
  if constexpr (std::is_same_v<T, std::string>) fits = v.is_string();
  else if constexpr (std::is_unsigned_v<T>) fits = v.is_number_unsigned();
  else if constexpr (std::is_integral_v<T>) fits = v.is_number_integer();
  else fits = v.is_number() && std::isfinite(v.get<double>());
  if constexpr (std::is_integral_v<T>) {
    if (fits && (v.is_number_unsigned() ? v.get<std::uint64_t>() > std::uint64_t(std::numeric_limits<T>::max())
                                        : v.get<std::int64_t>() < std::int64_t(std::numeric_limits<T>::min()) ||
                                              v.get<std::int64_t>() > std::int64_t(std::numeric_limits<T>::max())))
      fits = false;
  }
  if (!fits) throw InputError(where + ": field '" + key + "' must be " + expected);
  return v.get<T>();
}

// A chance: a number from 0 to 1.
double get_rate(const nlohmann::json& object, const std::string& key, const std::string& where) {
  const double rate = get_field<double>(object, key, where, "a number from 0 to 1");
  if (rate < 0 || rate > 1) throw InputError(where + ": field '" + key + "' must be a number from 0 to 1");
  return rate;
}

}  // namespace

std::string in_file(const std::string& file, const std::string& line_error) {
  const std::string prefix = "line ";
  return file + ":" + (line_error.rfind(prefix, 0) == 0 ? line_error.substr(prefix.size()) : " " + line_error);
}

void apply_problem_json(ProblemSpec& spec, const nlohmann::json& object, const std::string& where) {
  if (!object.is_object()) throw InputError(where + ": a problem must be a JSON object");
  for (const auto& [key, value] : object.items()) {
    const std::string at = where;
    if (key == "game") {
      spec.game = get_field<std::string>(object, key, at, "a string");
    } else if (key == "size") {
      spec.size = get_field<int>(object, key, at, "an integer");
    } else if (key == "moves") {
      spec.moves = get_field<std::string>(object, key, at, "a string of moves");
    } else if (key == "prover") {
      auto p = get_field<std::string>(object, key, at, "\"black\" or \"white\"");
      if (p != "black" && p != "white")
        throw InputError(at + ": field 'prover' must be \"black\" or \"white\", not \"" + p + "\"");
      spec.prover = p;
    } else if (key == "to_play") {
      auto p = get_field<std::string>(object, key, at, "\"black\" or \"white\"");
      if (p != "black" && p != "white")
        throw InputError(at + ": field 'to_play' must be \"black\" or \"white\", not \"" + p + "\"");
      spec.to_play = p;
    } else if (key == "goal" || key == "seki" || key == "ko" || key == "ko_rule") {
      const auto value = get_field<std::string>(object, key, at, "a string");
      const std::map<std::string, std::vector<std::string>> allowed = {
          {"goal", {"live", "kill"}}, {"seki", {"live", "dead"}}, {"ko", {"black", "white", "both", "none"}},
          {"ko_rule", {"simple", "situational", "positional"}}};
      const auto& values = allowed.at(key);
      if (std::find(values.begin(), values.end(), value) == values.end())
        throw InputError(at + ": field '" + key + "' cannot be \"" + value + "\"");
      if (key == "goal") spec.goal = value;
      else if (key == "seki") spec.seki = value;
      else if (key == "ko") spec.ko = value;
      else spec.ko_rule = value;
    } else if (key == "seed") {
      spec.seed = get_field<std::uint64_t>(object, key, at, "a non-negative integer");
    } else if (key == "shape") {
      auto s = get_field<std::string>(object, key, at, "a string");
      if (!games::parse_shape(s, spec.synthetic.shape))
        throw InputError(at + ": field 'shape' must be tree, dag or graph, not \"" + s + "\"");
    } else if (key == "depth") {
      spec.synthetic.depth = get_field<int>(object, key, at, "an integer");
    } else if (key == "branching") {
      spec.synthetic.max_branching = get_field<int>(object, key, at, "an integer");
    } else if (key == "min_branching") {
      spec.synthetic.min_branching = get_field<int>(object, key, at, "an integer");
    } else if (key == "win_rate") {
      spec.synthetic.black_win_rate = get_rate(object, key, at);
    } else if (key == "terminal_rate") {
      spec.synthetic.terminal_rate = get_rate(object, key, at);
    } else if (key == "transposition_rate") {
      spec.synthetic.transposition_rate = get_rate(object, key, at);
    } else if (key == "cycle_rate") {
      spec.synthetic.cycle_rate = get_rate(object, key, at);
    } else if (key == "name" || key == "comment") {
      // Free text for people.
    } else {
      throw InputError(at + ": unknown field '" + key + "'");
    }
  }
}

static ProblemSpec load_sgf_problem(const std::string& path, const std::string& text) {
  ProblemSpec spec;
  spec.source = path;
  try {
    spec.sgf = std::make_shared<const sgf::Node>(sgf::parse(text));
  } catch (const sgf::ParseError& e) {
    throw InputError(path + ":" + e.what());
  }
  const std::string gm = spec.sgf->value("GM", "1");
  if (gm == "11") {
    spec.game = "hex";
  } else if (gm == "1") {
    spec.game = "go";
  } else {
    throw InputError(path + ":" + std::to_string(spec.sgf->line) + ": GM[" + gm +
                     "] is not a game this program reads from SGF (Go is GM[1], Hex GM[11])");
  }
  return spec;
}

// The public life-and-death task format (docs/problem-files.md): an SGF
// position, a region, target stones, goals and ko permissions per side.
static ProblemSpec load_go_task(const std::string& path, const nlohmann::json& task) {
  ProblemSpec spec;
  spec.source = path;
  spec.game = "go";
  auto text = [&](const char* key) -> std::string {
    if (!task.contains(key)) return {};
    if (!task[key].is_string()) throw InputError(path + ": field '" + key + "' must be a string");
    return task[key].get<std::string>();
  };
  sgf::Node root;
  try {
    root = sgf::parse(text("masked_sgf_str"));
  } catch (const sgf::ParseError& e) {
    throw InputError(path + ": field 'masked_sgf_str': " + e.what());
  }
  // Targets: the crucial stones of the living side (TOLIVE/TOKILL), or a
  // kill-all goal (TOLIVE_ANY/TOKILL_ALL: LIVEANY); region: as given.
  const std::string black_goal = text("black_search_goal"), white_goal = text("white_search_goal");
  const bool kill_all = (black_goal == "TOLIVE_ANY" && white_goal == "TOKILL_ALL") ||
                        (white_goal == "TOLIVE_ANY" && black_goal == "TOKILL_ALL");
  const bool targets = (black_goal == "TOLIVE" && white_goal == "TOKILL") ||
                       (white_goal == "TOLIVE" && black_goal == "TOKILL");
  if (!kill_all && !targets)
    throw InputError(path + ": the goals must be TOLIVE/TOKILL or TOLIVE_ANY/TOKILL_ALL, one for each side "
                     "(black_search_goal '" + black_goal + "', white_search_goal '" + white_goal + "')");
  const std::string crucial =
      kill_all ? "" : black_goal == "TOLIVE" ? text("black_crucial_stone") : text("white_crucial_stone");
  if (targets && crucial.empty()) throw InputError(path + ": the living side has no crucial (target) stones");
  auto add_list = [&](const char* id, const std::string& list) {
    std::vector<std::string> values;
    std::string item;
    for (std::size_t i = 0; i <= list.size(); ++i) {
      if (i == list.size() || list[i] == ',') {
        if (!item.empty()) values.push_back(item);
        item.clear();
      } else if (list[i] != ' ') {
        item += list[i];
      }
    }
    if (!values.empty()) root.add(id, values);
  };
  root.properties.erase(std::remove_if(root.properties.begin(), root.properties.end(),
                                       [](const sgf::Property& p) {
                                         return p.id == "TR" || p.id == "MA" || p.id == "LIVEANY";
                                       }),
                        root.properties.end());
  add_list("TR", crucial);
  if (kill_all) root.add("LIVEANY", {black_goal == "TOLIVE_ANY" ? "B" : "W"});
  add_list("MA", text("region"));
  const std::string turn = text("turn_color");
  if (turn != "b" && turn != "w") throw InputError(path + ": field 'turn_color' must be \"b\" or \"w\"");
  root.properties.erase(std::remove_if(root.properties.begin(), root.properties.end(),
                                       [](const sgf::Property& p) { return p.id == "PL"; }),
                        root.properties.end());
  root.add("PL", {turn == "b" ? "B" : "W"});
  const bool black_ko = text("black_ko_rule") != "disallow_ko", white_ko = text("white_ko_rule") != "disallow_ko";
  spec.ko = black_ko && white_ko ? "both" : black_ko ? "black" : white_ko ? "white" : "none";
  spec.ko_rule = "situational";  // what the task format asks for
  spec.sgf = std::make_shared<const sgf::Node>(std::move(root));
  return spec;
}

ProblemSpec load_problem_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read problem file '" + path + "'");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  if (path.size() > 4 && path.substr(path.size() - 4) == ".sgf") return load_sgf_problem(path, text);
  nlohmann::json object;
  try {
    object = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw InputError(path + ":" + position_of(text, e.byte == 0 ? 0 : e.byte - 1) +
                     ": not valid JSON");
  } catch (const nlohmann::json::exception&) {  // a number too large for a double (found by fuzzing)
    throw InputError(path + ": not valid JSON (a number out of range)");
  }
  if (object.is_object() && object.contains("masked_sgf_str")) return load_go_task(path, object);
  ProblemSpec spec;
  spec.source = path;
  try {
    apply_problem_json(spec, object, path);
  } catch (const InputError& e) {
    // Point at the line of the offending field when we can find it.
    std::string message = e.what();
    const auto quote = message.find("field '");
    if (quote != std::string::npos) {
      const auto key = message.substr(quote + 7, message.find('\'', quote + 7) - quote - 7);
      const auto line = line_of_key(text, key);
      if (!line.empty()) message.replace(0, path.size(), path + ":" + line);
    }
    throw InputError(message);
  }
  return spec;
}

nlohmann::json problem_identity(const ProblemSpec& spec) {
  auto optional = [](const std::optional<std::string>& value) { return value ? nlohmann::json(*value) : nlohmann::json(); };
  const games::SyntheticParams& g = spec.synthetic;
  return {{"game", spec.game},
          {"size", spec.size},
          {"moves", spec.moves},
          {"prover", optional(spec.prover)},
          {"to_play", optional(spec.to_play)},
          {"sgf", spec.sgf ? nlohmann::json(sgf::write(*spec.sgf)) : nlohmann::json()},
          {"goal", optional(spec.goal)},
          {"seki", optional(spec.seki)},
          {"ko", optional(spec.ko)},
          {"ko_rule", optional(spec.ko_rule)},
          {"seed", spec.seed},
          {"synthetic",
           {int(g.shape), g.depth, g.max_branching, g.min_branching, g.terminal_rate, g.transposition_rate,
            g.cycle_rate, g.black_win_rate, g.max_positions}}};
}

}  // namespace dfpn::cli
