#include "dfpn/gtp_command.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <thread>
#include <type_traits>
#include <vector>

#include <CLI/CLI.hpp>

#include "dfpn/algorithms.h"
#include "dfpn/cli_checks.h"
#include "dfpn/environment.h"
#include "dfpn/go_status.h"
#include "dfpn/solve_game.h"
#include "games/go/go.h"
#include "games/go/go_sgf.h"
#include "games/hex/hex.h"
#include "games/hex/hex_knowledge_game.h"
#include "games/hex/hex_sgf.h"

namespace dfpn::cli {
namespace {

// A GTP failure: answered as "? message", never fatal.
struct GtpError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

std::optional<Player> parse_color(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (text == "b" || text == "black") return Player::Black;
  if (text == "w" || text == "white") return Player::White;
  return std::nullopt;
}

Player color_argument(const std::vector<std::string>& args, std::size_t index) {
  if (index >= args.size()) throw GtpError("missing color argument");
  const auto color = parse_color(args[index]);
  if (!color) throw GtpError("invalid color '" + args[index] + "'");
  return *color;
}

// What the engine needs to know about each game: empty boards, files,
// which moves `play` accepts, and the game's own commands.
template <class G>
struct GtpGame;

template <>
struct GtpGame<games::HexGame> {
  static constexpr int kMinSize = 1;
  // Whether a problem has terms the position's hash does not hold (then the
  // table is emptied when a file brings new ones).
  static constexpr bool kTermsBesideThePosition = false;
  static games::HexGame empty_board(int size) { return games::HexGame(size); }
  static games::HexGame load(const sgf::Node& root) { return games::hex_from_sgf(root); }
  // Vertices in either case (GTP allows both); "pass" hands the move over
  // without a stone (Hex has no pass in its rules: for setting a position up).
  // Returns false when `text` is an ordinary cell for the caller to play.
  static bool play(games::HexGame& board, std::string& text) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (text != "pass") return false;
    board.set_to_move(opponent(board.to_move()));
    return true;
  }
  // Setup in any order and colour: any empty cell, even after the game ended.
  static void check_playable(const games::HexGame& board, games::HexGame::Move cell, const std::string& text) {
    if (board.stone(cell)) throw GtpError("cell " + text + " is occupied");
  }
  static void check_solvable(const games::HexGame&) {}
};

// Go: the board is edited with play/undo (captures and ko as the rules say),
// and the problem is stated by commands: which stones must live, where play is
// allowed, whether seki counts as life, who may take kos.
template <>
struct GtpGame<games::GoGame> {
  static constexpr int kMinSize = 2;
  static constexpr bool kTermsBesideThePosition = true;  // targets, region, seki, ko
  static games::GoGame empty_board(int size) {
    games::GoProblem problem;
    problem.size = size;
    return games::GoGame::setup_board(problem);
  }
  static games::GoGame load(const sgf::Node& root) {
    return games::go_from_sgf(root, games::go_settings_from_sgf(root));
  }
  static bool play(games::GoGame&, const std::string&) { return false; }  // GoGame parses both cases and pass
  static void check_playable(const games::GoGame& board, games::GoGame::Move move, const std::string& text) {
    games::GoGame::MoveList legal;
    board.generate_moves(legal);
    if (std::find(legal.begin(), legal.end(), move) == legal.end())
      throw GtpError("illegal move " + text + " (occupied, outside the region, suicide or ko)");
  }
  static void check_solvable(const games::GoGame& board) {
    if (!board.has_targets()) throw GtpError("no target stones: mark them with dfpn-go-target");
  }
};

// The engine. The solver always proves "Black wins" on one shared table
// (Hex has no draws; Go problems end with the targets living or captured,
// so a disproof is White's win): answers never depend on which question was
// asked first, and the table stays valid across commands until
// dfpn-clear-tt, a new board size, or (Go) a change of the problem's terms.
template <class G>
class Engine {
 public:
  using Move = MoveOf<G>;
  // The searched game: Hex is solved with its knowledge (see run()).
  using Searched = std::conditional_t<std::is_same_v<G, games::HexGame>, games::HexKnowledgeGame, G>;

  explicit Engine(const GtpOptions& o)
      : board_(GtpGame<G>::empty_board(o.size)), table_(o.search.make_table()), spec_(o.search) {
    spec_.threads = spec_.thread_count();
    std::tie(spec_.widen_base, spec_.widen_factor) = spec_.widening<Searched>();
  }

  // Returns the answer text, or throws GtpError.
  std::string execute(const std::string& name, const std::vector<std::string>& args, std::stop_token stop,
                      bool& quit) {
    const auto found = handlers().find(name);
    if (found == handlers().end()) throw GtpError("unknown command");
    return found->second(*this, args, stop, quit);
  }

  static std::vector<std::string> command_names() {
    std::vector<std::string> names;
    for (const auto& [name, handler] : handlers()) names.push_back(name);
    return names;
  }

 private:
  using Args = std::vector<std::string>;
  using Handler = std::function<std::string(Engine&, const Args&, std::stop_token, bool&)>;

  static const std::map<std::string, Handler>& handlers() {
    static const std::map<std::string, Handler> table = [] {
      std::map<std::string, Handler> t = {
          {"protocol_version", [](auto&, auto&, auto, bool&) { return std::string("2"); }},
          {"name", [](auto&, auto&, auto, bool&) { return std::string("dfpn"); }},
          {"version", [](auto&, auto&, auto, bool&) { return std::string(DFPN_VERSION); }},
          {"known_command",
           [](auto&, const Args& a, auto, bool&) {
             return std::string(!a.empty() && handlers().contains(a[0]) ? "true" : "false");
           }},
          {"list_commands",
           [](auto&, auto&, auto, bool&) {
             std::string out;
             for (const auto& n : command_names()) out += (out.empty() ? "" : "\n") + n;
             return out;
           }},
          {"quit", [](auto&, auto&, auto, bool& quit) { return quit = true, std::string(); }},
          {"boardsize", [](Engine& e, const Args& a, auto, bool&) { return e.boardsize(a); }},
          {"clear_board", [](Engine& e, auto&, auto, bool&) { return e.new_board(e.board_.size()), std::string(); }},
          {"play", [](Engine& e, const Args& a, auto, bool&) { return e.play(a); }},
          {"undo", [](Engine& e, auto&, auto, bool&) { return e.undo(); }},
          {"showboard", [](Engine& e, auto&, auto, bool&) { return "\n" + e.board_.to_text(); }},
          {"loadsgf", [](Engine& e, const Args& a, auto, bool&) { return e.loadsgf(a); }},
          {"dfpn-solve-state",
           [](Engine& e, const Args& a, std::stop_token s, bool&) { return e.solve_state(a, s); }},
          {"dfpn-solver-find-winning",
           [](Engine& e, const Args& a, std::stop_token s, bool&) { return e.find_winning(a, s); }},
          {"dfpn-get-pv", [](Engine& e, auto&, auto, bool&) { return e.last_pv_; }},
          {"dfpn-clear-tt", [](Engine& e, auto&, auto, bool&) { return e.table_.clear(), std::string(); }},
          {"param_dfpn", [](Engine& e, const Args& a, auto, bool&) { return e.param(a); }},
      };
      if constexpr (std::is_same_v<G, games::GoGame>) {
        t["dfpn-go-target"] = [](Engine& e, const Args& a, auto, bool&) { return e.go_target(a); };
        t["dfpn-go-region"] = [](Engine& e, const Args& a, auto, bool&) { return e.go_region(a); };
        t["dfpn-go-seki"] = [](Engine& e, const Args& a, auto, bool&) { return e.go_seki(a); };
        t["dfpn-go-ko"] = [](Engine& e, const Args& a, auto, bool&) { return e.go_ko(a); };
        t["dfpn-go-ko-rule"] = [](Engine& e, const Args& a, auto, bool&) { return e.go_ko_rule(a); };
        t["dfpn-go-status"] = [](Engine& e, const Args& a, std::stop_token s, bool&) { return e.go_status(a, s); };
        t["dfpn-go-problem"] = [](Engine& e, auto&, auto, bool&) { return e.go_problem(); };
      }
      return t;
    }();
    return table;
  }

  void new_board(int size) {
    board_ = GtpGame<G>::empty_board(size);
    history_.clear();
  }

  std::string boardsize(const Args& a) {
    if (a.empty()) throw GtpError("missing board size");
    int size = 0;
    try {
      size = std::stoi(a[0]);
    } catch (const std::exception&) {
      throw GtpError("invalid board size '" + a[0] + "'");
    }
    if (a.size() > 1 && a[1] != a[0]) throw GtpError("only square boards are supported");
    if (size < GtpGame<G>::kMinSize || size > G::kMaxSize) throw GtpError("unacceptable size");
    if (size != board_.size()) table_.clear();
    new_board(size);
    return {};
  }

  std::string play(const Args& a) {
    const Player color = color_argument(a, 0);
    if (a.size() < 2) throw GtpError("missing move");
    G next = board_;
    next.set_to_move(color);
    std::string vertex = a[1];
    if (!GtpGame<G>::play(next, vertex)) {
      const auto move = next.parse_move(vertex);
      if (!move) throw GtpError("invalid move '" + shown(a[1]) + "'");
      GtpGame<G>::check_playable(next, *move, vertex);
      next.play(*move);
    }
    history_.push_back(board_);
    board_ = next;
    return {};
  }

  std::string undo() {
    if (history_.empty()) throw GtpError("cannot undo");
    board_ = history_.back();
    history_.pop_back();
    return {};
  }

  std::string loadsgf(const Args& a) {
    if (a.empty()) throw GtpError("missing file name");
    std::ifstream in(a[0]);
    if (!in) throw GtpError("cannot read '" + a[0] + "'");
    std::stringstream text;
    text << in.rdbuf();
    try {
      G loaded = GtpGame<G>::load(sgf::parse(text.str()));
      if (loaded.size() != board_.size() || GtpGame<G>::kTermsBesideThePosition) table_.clear();
      board_ = loaded;
      history_.clear();
    } catch (const std::exception& e) {
      throw GtpError(a[0] + ":" + e.what());
    }
    return {};
  }

  // Solves `position` with Black as the prover on the shared table.
  SolveResult<Move> solve(const G& position, std::stop_token stop) {
    GtpGame<G>::check_solvable(position);
    return run(position, Player::Black, table_, std::move(stop));
  }

  SolveResult<Move> run(const G& position, Player prover, tt::TranspositionTable& table, std::stop_token stop) {
    const Limits limits = spec_.limits(std::move(stop));
    if constexpr (std::is_same_v<G, games::HexGame>) {
      // Hex is solved with its knowledge (same positions, same values, so
      // the table's entries stay valid); GTP answers are not proofs.
      return run_algorithm(games::HexKnowledgeGame(position), prover, limits, spec_, false, &table).result;
    } else {
      return run_algorithm(position, prover, limits, spec_, false, &table).result;
    }
  }

  static std::optional<Player> winner(const SolveResult<Move>& r) {
    if (r.outcome == Outcome::Proven) return Player::Black;
    if (r.outcome == Outcome::Disproven) return Player::White;
    return std::nullopt;
  }

  G position_for(const Args& a) const {
    G position = board_;
    if (!a.empty()) position.set_to_move(color_argument(a, 0));
    return position;
  }

  std::string solve_state(const Args& a, std::stop_token stop) {
    const G position = position_for(a);
    const auto r = solve(position, std::move(stop));
    last_pv_.clear();
    G line = position;
    for (const auto& m : r.principal_variation) {
      last_pv_ += (last_pv_.empty() ? "" : " ") + line.move_to_string(m);
      line.play(m);
    }
    const auto w = winner(r);
    return w ? std::string(to_string(*w)) : "empty";  // Benzene answers "empty" when not solved
  }

  std::string find_winning(const Args& a, std::stop_token stop) {
    const Player color = color_argument(a, 0);
    G position = board_;
    position.set_to_move(color);
    GtpGame<G>::check_solvable(position);
    if (position.evaluate(Player::Black) != Outcome::Unknown) throw GtpError("the game is over");
    MoveListOf<G> moves;
    position.generate_moves(moves);
    std::vector<Move> winning;
    for (const auto move : moves) {
      ScopedMove scoped(position, move);
      const auto w = winner(solve(position, stop));
      if (!w) throw GtpError("not solved within the limits at " + board_.move_to_string(move));
      if (*w == color) winning.push_back(move);
    }
    std::sort(winning.begin(), winning.end());
    std::string out;
    for (const auto m : winning) out += (out.empty() ? "" : " ") + board_.move_to_string(m);
    return out;
  }

  // ---- Go problem terms. Each change rebuilds the problem from the stones
  // on the board and empties the table (its entries assumed the old terms).
  void restate(const games::GoProblem& problem) {
    try {
      board_ = problem.targets.empty() ? games::GoGame::setup_board(problem) : games::GoGame(problem);
    } catch (const std::invalid_argument& e) {
      throw GtpError(e.what());
    }
    history_.clear();
    table_.clear();
  }

  std::vector<std::pair<int, int>> vertices(const Args& a, std::size_t from) const {
    std::vector<std::pair<int, int>> out;
    for (std::size_t i = from; i < a.size(); ++i) {
      const auto move = board_.parse_move(a[i]);
      if (!move || *move == games::GoGame::kPass) throw GtpError("invalid vertex '" + a[i] + "'");
      for (int r = 0; r < board_.size(); ++r)
        for (int c = 0; c < board_.size(); ++c)
          if (board_.point(c, r) == *move) out.emplace_back(c, r);
    }
    return out;
  }

  // dfpn-go-target V...: the stones that must live (their whole blocks).
  std::string go_target(const Args& a) {
    if (a.empty()) throw GtpError("expected: dfpn-go-target VERTEX...");
    games::GoProblem problem = board_.problem(true);
    problem.targets = vertices(a, 0);
    restate(problem);
    return {};
  }

  // dfpn-go-region all | V...: where play is allowed.
  std::string go_region(const Args& a) {
    if (a.empty()) throw GtpError("expected: dfpn-go-region all | VERTEX...");
    games::GoProblem problem = board_.problem(true);
    problem.region = a.size() == 1 && a[0] == "all" ? std::vector<std::pair<int, int>>{} : vertices(a, 0);
    restate(problem);
    return {};
  }

  std::string go_seki(const Args& a) {
    if (a.size() != 1 || (a[0] != "life" && a[0] != "death")) throw GtpError("expected: dfpn-go-seki life|death");
    games::GoProblem problem = board_.problem(true);
    problem.seki_is_life = a[0] == "life";
    restate(problem);
    return {};
  }

  std::string go_ko(const Args& a) {
    if (a.size() != 1 || (a[0] != "both" && a[0] != "black" && a[0] != "white" && a[0] != "none"))
      throw GtpError("expected: dfpn-go-ko both|black|white|none");
    games::GoProblem problem = board_.problem(true);
    problem.black_may_take_ko = a[0] == "both" || a[0] == "black";
    problem.white_may_take_ko = a[0] == "both" || a[0] == "white";
    restate(problem);
    return {};
  }

  std::string go_ko_rule(const Args& a) {
    const auto rule = a.size() == 1 ? games::parse_ko_rule(a[0]) : std::nullopt;
    if (!rule) throw GtpError("expected: dfpn-go-ko-rule simple|situational|positional");
    games::GoProblem problem = board_.problem(true);
    problem.ko_rule = *rule;
    restate(problem);
    return {};
  }

  // The problem's terms, one per line.
  std::string go_problem() const {
    const games::GoProblem p = board_.problem(true);
    std::string targets, region;
    for (const auto& [c, r] : p.targets)
      targets += (targets.empty() ? "" : " ") + board_.move_to_string(board_.point(c, r));
    for (const auto& [c, r] : p.region)
      region += (region.empty() ? "" : " ") + board_.move_to_string(board_.point(c, r));
    const bool b = p.black_may_take_ko, w = p.white_may_take_ko;
    return "targets " + (targets.empty() ? std::string("none") : targets) + "\nregion " +
           (region.empty() ? std::string("all") : region) + "\nseki " + (p.seki_is_life ? "life" : "death") +
           "\nko " + (b && w ? "both" : b ? "black" : w ? "white" : "none") + "\nko-rule " +
           games::to_string(p.ko_rule);
  }

  // dfpn-go-status [COLOR]: "black kills", "white lives", "white lives in
  // seki" (when seki counts as life and the targets live only by it), or
  // "unknown" when a limit stopped the search.
  std::string go_status(const Args& a, std::stop_token stop) {
    const games::GoGame position = position_for(a);
    return cli::go_status(position, winner(solve(position, stop)), [&](const games::GoGame& strict) {
      // A scratch table: the shared one holds entries for the current terms.
      tt::TranspositionTable scratch = tt::TranspositionTable::with_bytes(table_.bytes());
      return run(strict, position.defender(), scratch, stop).outcome;
    });
  }

  std::string param(const Args& a) {
    if (a.empty()) {
      std::ostringstream out;
      out << "[string] epsilon " << spec_.epsilon << "\n[string] widening_base " << *spec_.widen_base
          << "\n[string] widening_factor " << *spec_.widen_factor << "\n[string] threads " << spec_.threads
          << "\n[string] timelimit " << spec_.time_s << "\n[string] node_limit " << spec_.max_nodes
          << "\n[string] tt_size " << table_.entry_count() << "\n[string] memory_mb "
          << double(table_.bytes()) / double(1 << 20);
      return out.str();
    }
    if (a.size() != 2) throw GtpError("expected: param_dfpn [name value]");
    const std::string& name = a[0];
    double value = 0;
    try {
      std::size_t used = 0;
      value = std::stod(a[1], &used);
      if (used != a[1].size()) throw std::invalid_argument("trailing text");
    } catch (const std::exception&) {
      throw GtpError("invalid value '" + a[1] + "' for " + name);
    }
    if (!std::isfinite(value) || value < 0) throw GtpError(name + " must be a finite number, at least 0");
    if (name == "epsilon") spec_.epsilon = value;
    else if (name == "widening_base") spec_.widen_base = std::uint32_t(std::min(value, 1000.0));
    else if (name == "widening_factor") spec_.widen_factor = std::min(value, 1.0);
    else if (name == "threads") spec_.threads = whole(name, value, 1, 1024);
    else if (name == "timelimit") spec_.time_s = value;
    else if (name == "node_limit") spec_.max_nodes = std::uint64_t(value);
    else if (name == "tt_size" || name == "memory_mb") resize_table(name, value);
    else throw GtpError("unknown parameter '" + name + "'");
    return {};
  }

  void resize_table(const std::string& name, double value) {
    SearchSpec size;
    if (name == "tt_size") size.tt_entries = std::uint64_t(whole(name, value, 1, 1 << 30));
    else size.tt_mb = std::max(value, 0.001);
    try {
      table_ = size.make_table();
    } catch (const InputError& e) {
      const std::string what = e.what();
      throw GtpError(name + what.substr(what.find(':')));  // named as the parameter, not the option
    }
  }

  static int whole(const std::string& name, double value, int low, int high) {
    if (value != std::floor(value) || value < low || value > high)
      throw GtpError(name + " must be a whole number from " + std::to_string(low) + " to " + std::to_string(high));
    return int(value);
  }

  G board_;
  std::vector<G> history_;
  tt::TranspositionTable table_;
  SearchSpec spec_;  // threads and widening resolved, so param_dfpn shows them
  std::string last_pv_;
};

// A command line as GTP defines it: control characters dropped, tabs as
// spaces, comments cut, an optional numeric id first.
struct CommandLine {
  std::string id;
  std::string name;
  std::vector<std::string> args;
};

std::optional<CommandLine> parse_line(std::string line) {
  std::string clean;
  for (char c : line) {
    if (c == '#') break;
    if (c == '\t') c = ' ';
    if (static_cast<unsigned char>(c) < 32 || c == 127) continue;
    clean += c;
  }
  std::istringstream words(clean);
  CommandLine command;
  std::string word;
  if (!(words >> word)) return std::nullopt;
  if (std::all_of(word.begin(), word.end(), [](unsigned char c) { return std::isdigit(c); })) {
    command.id = word;
    if (!(words >> word)) return std::nullopt;
  }
  command.name = word;
  while (words >> word) command.args.push_back(word);
  return command;
}

}  // namespace

void add_gtp_options(CLI::App& cmd, GtpOptions& o) {
  cmd.add_option("--game", o.game, "Game")->check(CLI::IsMember({"hex", "go"}))->capture_default_str();
  cmd.add_option("--size", o.size, "Initial board size")->check(CLI::Range(1, 19))->capture_default_str();
  cmd.add_option("--tt-mb", o.search.tt_mb, "Table memory in MiB")
      ->check(number_in(0.001, 1048576))
      ->capture_default_str();
  cmd.add_option("--time", o.search.time_s, "Time limit per solve in seconds (0 = none)")->check(number_in(0, 1e9));
  cmd.add_option("--threads", o.search.threads, "Worker threads (default: all hardware threads)")
      ->check(count_in(1, 1024));
}

namespace {

template <class G>
int serve(const GtpOptions& options, std::istream& in, std::ostream& out, std::stop_token stop) {
  Engine<G> engine(options);
  std::string line;
  while (std::getline(in, line)) {
    const auto command = parse_line(line);
    if (!command) continue;
    bool quit = false;
    try {
      std::string answer = engine.execute(command->name, command->args, stop, quit);
      while (!answer.empty() && answer.back() == '\n') answer.pop_back();  // an empty line ends a response
      out << '=' << command->id << (answer.empty() ? "" : " " + answer) << "\n\n" << std::flush;
    } catch (const GtpError& e) {
      out << '?' << command->id << ' ' << e.what() << "\n\n" << std::flush;
    } catch (const std::exception& e) {
      out << '?' << command->id << " internal error: " << e.what() << "\n\n" << std::flush;
    }
    if (quit) break;
  }
  return 0;
}

}  // namespace

int run_gtp(const GtpOptions& options, std::istream& in, std::ostream& out, std::stop_token stop) {
  if (options.game == "go") return serve<games::GoGame>(options, in, out, std::move(stop));
  return serve<games::HexGame>(options, in, out, std::move(stop));
}

}  // namespace dfpn::cli
