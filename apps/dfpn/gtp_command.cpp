#include "dfpn/gtp_command.h"

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <thread>
#include <vector>

#include "dfpn/algorithms.h"
#include "dfpn/environment.h"
#include "games/hex/hex.h"
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

// The engine for Hex. The solver always proves "Black wins" on one shared
// table (Hex has no draws, so a disproof is White's win): answers then never
// depend on which question was asked first, and the table stays valid
// across commands until dfpn-clear-tt or a new board size.
class HexEngine {
 public:
  explicit HexEngine(const GtpOptions& o)
      : options_(o), board_(o.size), table_(tt::TranspositionTable::with_bytes(bytes(o.tt_mb))) {
    threads_ = o.threads > 0 ? o.threads : int(std::max(1u, std::thread::hardware_concurrency()));
    time_s_ = o.time_s;
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
  using Handler = std::function<std::string(HexEngine&, const std::vector<std::string>&, std::stop_token, bool&)>;

  static std::size_t bytes(double mb) { return static_cast<std::size_t>(mb * double(1 << 20)); }

  static const std::map<std::string, Handler>& handlers() {
    static const std::map<std::string, Handler> table = {
        {"protocol_version", [](auto&, auto&, auto, bool&) { return std::string("2"); }},
        {"name", [](auto&, auto&, auto, bool&) { return std::string("dfpn"); }},
        {"version", [](auto&, auto&, auto, bool&) { return std::string(DFPN_VERSION); }},
        {"known_command",
         [](auto&, const std::vector<std::string>& a, auto, bool&) {
           return std::string(!a.empty() && handlers().contains(a[0]) ? "true" : "false");
         }},
        {"list_commands",
         [](auto&, auto&, auto, bool&) {
           std::string out;
           for (const auto& n : command_names()) out += (out.empty() ? "" : "\n") + n;
           return out;
         }},
        {"quit", [](auto&, auto&, auto, bool& quit) { return quit = true, std::string(); }},
        {"boardsize", [](HexEngine& e, const std::vector<std::string>& a, auto, bool&) { return e.boardsize(a); }},
        {"clear_board", [](HexEngine& e, auto&, auto, bool&) { return e.new_board(e.board_.size()), std::string(); }},
        {"play", [](HexEngine& e, const std::vector<std::string>& a, auto, bool&) { return e.play(a); }},
        {"undo", [](HexEngine& e, auto&, auto, bool&) { return e.undo(); }},
        {"showboard", [](HexEngine& e, auto&, auto, bool&) { return "\n" + e.board_.to_text(); }},
        {"loadsgf", [](HexEngine& e, const std::vector<std::string>& a, auto, bool&) { return e.loadsgf(a); }},
        {"dfpn-solve-state",
         [](HexEngine& e, const std::vector<std::string>& a, std::stop_token s, bool&) { return e.solve_state(a, s); }},
        {"dfpn-solver-find-winning",
         [](HexEngine& e, const std::vector<std::string>& a, std::stop_token s, bool&) { return e.find_winning(a, s); }},
        {"dfpn-get-pv", [](HexEngine& e, auto&, auto, bool&) { return e.last_pv_; }},
        {"dfpn-clear-tt", [](HexEngine& e, auto&, auto, bool&) { return e.table_.clear(), std::string(); }},
        {"param_dfpn", [](HexEngine& e, const std::vector<std::string>& a, auto, bool&) { return e.param(a); }},
    };
    return table;
  }

  void new_board(int size) {
    board_ = games::HexGame(size);
    history_.clear();
  }

  std::string boardsize(const std::vector<std::string>& a) {
    if (a.empty()) throw GtpError("missing board size");
    int size = 0;
    try {
      size = std::stoi(a[0]);
    } catch (const std::exception&) {
      throw GtpError("invalid board size '" + a[0] + "'");
    }
    if (a.size() > 1 && a[1] != a[0]) throw GtpError("only square boards are supported");
    if (size < 1 || size > games::HexGame::kMaxSize) throw GtpError("unacceptable size");
    if (size != board_.size()) table_.clear();
    new_board(size);
    return {};
  }

  std::string play(const std::vector<std::string>& a) {
    const Player color = color_argument(a, 0);
    if (a.size() < 2) throw GtpError("missing move");
    const auto cell = board_.parse_move(a[1]);
    if (!cell) throw GtpError("invalid cell '" + a[1] + "'");
    if (board_.stone(*cell)) throw GtpError("cell " + a[1] + " is occupied");
    history_.push_back(board_);
    board_.set_to_move(color);
    board_.play(*cell);
    return {};
  }

  std::string undo() {
    if (history_.empty()) throw GtpError("cannot undo");
    board_ = history_.back();
    history_.pop_back();
    return {};
  }

  std::string loadsgf(const std::vector<std::string>& a) {
    if (a.empty()) throw GtpError("missing file name");
    std::ifstream in(a[0]);
    if (!in) throw GtpError("cannot read '" + a[0] + "'");
    std::stringstream text;
    text << in.rdbuf();
    try {
      games::HexGame loaded = games::hex_from_sgf(sgf::parse(text.str()));
      if (loaded.size() != board_.size()) table_.clear();
      board_ = loaded;
      history_.clear();
    } catch (const std::exception& e) {
      throw GtpError(a[0] + ":" + e.what());
    }
    return {};
  }

  // Solves the current position with Black as the prover.
  SolveResult<games::HexGame::Move> solve(const games::HexGame& position, std::stop_token stop) {
    Limits limits;
    limits.time_s = time_s_;
    limits.max_nodes = max_nodes_;
    limits.stop = std::move(stop);
    AlgorithmSettings settings;
    settings.epsilon = epsilon_;
    settings.threads = threads_;
    settings.table = &table_;
    return run_algorithm(position, Player::Black, limits, settings).result;
  }

  static std::optional<Player> winner(const SolveResult<games::HexGame::Move>& r) {
    if (r.outcome == Outcome::Proven) return Player::Black;
    if (r.outcome == Outcome::Disproven) return Player::White;
    return std::nullopt;
  }

  std::string solve_state(const std::vector<std::string>& a, std::stop_token stop) {
    games::HexGame position = board_;
    if (!a.empty()) position.set_to_move(color_argument(a, 0));
    const auto r = solve(position, std::move(stop));
    last_pv_.clear();
    games::HexGame line = position;
    for (const auto& m : r.principal_variation) {
      last_pv_ += (last_pv_.empty() ? "" : " ") + line.move_to_string(m);
      line.play(m);
    }
    const auto w = winner(r);
    return w ? std::string(to_string(*w)) : "empty";  // Benzene answers "empty" when not solved
  }

  std::string find_winning(const std::vector<std::string>& a, std::stop_token stop) {
    const Player color = color_argument(a, 0);
    games::HexGame position = board_;
    position.set_to_move(color);
    if (position.winner()) throw GtpError("the game is over");
    games::HexGame::MoveList moves;
    position.generate_moves(moves);
    std::vector<games::HexGame::Move> winning;
    for (const auto move : moves) {
      ScopedMove scoped(position, move);
      const auto w = winner(solve(position, stop));
      if (!w) throw GtpError("not solved within the limits at " + position.move_to_string(move));
      if (*w == color) winning.push_back(move);
    }
    std::sort(winning.begin(), winning.end());
    std::string out;
    for (const auto m : winning) out += (out.empty() ? "" : " ") + board_.move_to_string(m);
    return out;
  }

  std::string param(const std::vector<std::string>& a) {
    if (a.empty()) {
      std::ostringstream out;
      out << "[string] epsilon " << epsilon_ << "\n[string] threads " << threads_ << "\n[string] timelimit "
          << time_s_ << "\n[string] node_limit " << max_nodes_ << "\n[string] tt_size " << table_.entry_count()
          << "\n[string] memory_mb " << double(table_.bytes()) / double(1 << 20);
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
    if (value < 0) throw GtpError(name + " must not be negative");
    if (name == "epsilon") epsilon_ = value;
    else if (name == "threads") threads_ = std::clamp(int(value), 1, 1024);
    else if (name == "timelimit") time_s_ = value;
    else if (name == "node_limit") max_nodes_ = std::uint64_t(value);
    else if (name == "tt_size") table_ = tt::TranspositionTable::with_entries(std::max<std::size_t>(1, std::size_t(value)));
    else if (name == "memory_mb") table_ = tt::TranspositionTable::with_bytes(bytes(std::max(value, 0.001)));
    else throw GtpError("unknown parameter '" + name + "'");
    return {};
  }

  GtpOptions options_;
  games::HexGame board_;
  std::vector<games::HexGame> history_;
  tt::TranspositionTable table_;
  double epsilon_ = 0.25;
  int threads_ = 1;
  double time_s_ = 0;
  std::uint64_t max_nodes_ = 0;
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
  cmd.add_option("--game", o.game, "Game")->check(CLI::IsMember({"hex"}))->capture_default_str();
  cmd.add_option("--size", o.size, "Initial board size")->check(CLI::Range(1, 19))->capture_default_str();
  cmd.add_option("--tt-mb", o.tt_mb, "Table memory in MiB")->check(CLI::Range(0.001, 1048576.0))->capture_default_str();
  cmd.add_option("--time", o.time_s, "Time limit per solve in seconds (0 = none)")->check(CLI::NonNegativeNumber);
  cmd.add_option("--threads", o.threads, "Worker threads (default: all hardware threads)")->check(CLI::Range(1, 1024));
}

int run_gtp(const GtpOptions& options, std::istream& in, std::ostream& out, std::stop_token stop) {
  HexEngine engine(options);
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

}  // namespace dfpn::cli
