#include "dfpn/gtp_command.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <thread>
#include <type_traits>
#include <vector>

#include <CLI/CLI.hpp>

#include "dfpn/algorithms.h"
#include "dfpn/checkpoint.h"
#include "dfpn/cli_checks.h"
#include "dfpn/environment.h"
#include "dfpn/go_status.h"
#include "dfpn/gtp_line.h"
#include "dfpn/memory_budget.h"
#include "dfpn/solve_game.h"
#include "games/go/go.h"
#include "games/go/go_frame.h"
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

Player color_argument(const std::vector<std::string>& args, std::size_t index) {
  if (index >= args.size()) throw GtpError("missing color argument");
  const auto color = parse_gtp_color(args[index]);
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
  // Whether a decided position is the end of the game (genmove refuses).
  static constexpr bool kGameOverIsFinal = true;
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
    if (!board.has_targets()) throw GtpError("no target stones: mark them with dfpn-go-target or dfpn-go-frame");
  }
  static constexpr bool kGameOverIsFinal = false;
};

// The analyze menus GUIs ask for when they attach (type/label/command; the
// types are the GUI's: HexGui and GoGui document them). %m is the side to move.
constexpr const char* kHexGuiMenu =
    "param/Solver Parameters/param_dfpn\n"
    "string/Solve State/dfpn-solve-state %m\n"
    "var/Principal Variation/dfpn-get-pv\n"
    "plist/Find Winning Moves/dfpn-solver-find-winning %m\n"
    "string/Proof Size/dfpn-proof-size %m\n"
    "plist/Must-play Region/dfpn-hex-mustplay %m\n"
    "inferior/Inferior Cells/dfpn-hex-inferior %m\n"
    "plist/Winning Connection/dfpn-hex-carrier %m\n"
    "move/Generate Move/genmove %m\n"
    "none/Clear Table/dfpn-clear-tt";
constexpr const char* kGoGuiMenu =
    "param/Solver Parameters/param_dfpn\n"
    "gfx/Show Problem/dfpn-go-problem-gfx\n"
    "gfx/Frame Problem/dfpn-go-frame\n"
    "string/Status/dfpn-go-status %m\n"
    "string/Solve State/dfpn-solve-state %m\n"
    "var/Principal Variation/dfpn-get-pv\n"
    "plist/Find Winning Moves/dfpn-solver-find-winning %m\n"
    "plist/Relevance Zone/dfpn-go-zone %m\n"
    "string/Proof Size/dfpn-proof-size %m\n"
    "none/Clear Table/dfpn-clear-tt";

// A number argument, or a GtpError naming it.
double number(const std::vector<std::string>& args, std::size_t index, const std::string& name) {
  if (index >= args.size()) throw GtpError("missing " + name);
  try {
    std::size_t used = 0;
    const double value = std::stod(args[index], &used);
    if (used == args[index].size() && std::isfinite(value)) return value;
  } catch (const std::exception&) {
  }
  throw GtpError("invalid " + name + " '" + args[index] + "'");
}

enum class HexShow { MustPlay, Inferior, Carrier };

// What genmove spends when no limit and no clock is set: a GUI that sends
// neither (HexGui) still gets a move.
constexpr double kGenmoveSeconds = 10;

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
      : board_(GtpGame<G>::empty_board(o.size)),
        table_(o.search.memory_mb > 0 ? tt::TranspositionTable(1) : o.search.make_table()),
        spec_(o.search),
        threads_chosen_(o.search.threads > 0),
        memory_mb_(o.search.memory_mb) {
    if (!spec_.algorithm_chosen) spec_.algorithm = default_algorithm(o.game);
    spec_.threads = spec_.thread_count();
    fit_memory(board_);
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
          {"dfpn-save-tt", [](Engine& e, const Args& a, auto, bool&) { return e.save_table(a); }},
          {"dfpn-load-tt", [](Engine& e, const Args& a, auto, bool&) { return e.load_table(a); }},
          {"dfpn-proof-size",
           [](Engine& e, const Args& a, std::stop_token s, bool&) { return e.proof_size(a, s); }},
          {"genmove", [](Engine& e, const Args& a, std::stop_token s, bool&) { return e.genmove(a, s, true); }},
          {"reg_genmove", [](Engine& e, const Args& a, std::stop_token s, bool&) { return e.genmove(a, s, false); }},
          {"time_settings", [](Engine& e, const Args& a, auto, bool&) { return e.time_settings(a); }},
          {"time_left", [](Engine& e, const Args& a, auto, bool&) { return e.time_left(a); }},
          // Komi does not change who lives or who connects: accepted for GUIs.
          {"komi", [](auto&, const Args& a, auto, bool&) { return number(a, 0, "komi"), std::string(); }},
      };
      if constexpr (std::is_same_v<G, games::HexGame>) {
        t["hexgui-analyze_commands"] = [](auto&, auto&, auto, bool&) { return std::string(kHexGuiMenu); };
        t["dfpn-hex-mustplay"] = [](Engine& e, const Args& a, auto, bool&) { return e.hex_cells(a, HexShow::MustPlay); };
        t["dfpn-hex-inferior"] = [](Engine& e, const Args& a, auto, bool&) { return e.hex_cells(a, HexShow::Inferior); };
        t["dfpn-hex-carrier"] = [](Engine& e, const Args& a, auto, bool&) { return e.hex_cells(a, HexShow::Carrier); };
      }
      if constexpr (std::is_same_v<G, games::GoGame>) {
        t["dfpn-go-target"] = [](Engine& e, const Args& a, auto, bool&) { return e.go_target(a); };
        t["dfpn-go-region"] = [](Engine& e, const Args& a, auto, bool&) { return e.go_region(a); };
        t["dfpn-go-seki"] = [](Engine& e, const Args& a, auto, bool&) { return e.go_seki(a); };
        t["dfpn-go-ko"] = [](Engine& e, const Args& a, auto, bool&) { return e.go_ko(a); };
        t["dfpn-go-ko-rule"] = [](Engine& e, const Args& a, auto, bool&) { return e.go_ko_rule(a); };
        t["dfpn-go-status"] = [](Engine& e, const Args& a, std::stop_token s, bool&) { return e.go_status(a, s); };
        t["dfpn-go-problem"] = [](Engine& e, auto&, auto, bool&) { return e.go_problem(); };
        t["dfpn-go-problem-gfx"] = [](Engine& e, auto&, auto, bool&) { return e.go_problem_gfx(); };
        t["dfpn-go-frame"] = [](Engine& e, const Args& a, auto, bool&) { return e.go_frame(a); };
        t["dfpn-go-zone"] = [](Engine& e, const Args& a, std::stop_token s, bool&) { return e.go_zone(a, s); };
        t["gogui-analyze_commands"] = [](auto&, auto&, auto, bool&) { return std::string(kGoGuiMenu); };
        t["gogui-setup"] = [](Engine& e, const Args& a, auto, bool&) { return e.gogui_setup(a); };
        t["gogui-setup_player"] = [](Engine& e, const Args& a, auto, bool&) { return e.gogui_setup_player(a); };
      }
      return t;
    }();
    return table;
  }

  void new_board(int size) {
    board_ = GtpGame<G>::empty_board(size);
    size_stores(board_);
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
    if (size != board_.size()) {
      refit("boardsize", GtpGame<G>::empty_board(size));  // Hex's threads cost more on larger boards
      table_.clear();
    }
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
      if (loaded.size() != board_.size()) refit("loadsgf", loaded);
      if (loaded.size() != board_.size() || GtpGame<G>::kTermsBesideThePosition) table_.clear();
      board_ = loaded;
      size_stores(board_);
      history_.clear();
    } catch (const std::exception& e) {
      throw GtpError(a[0] + ":" + e.what());
    }
    return {};
  }

  // ---- The table on disk (checkpoint.h): what it holds is valid for this
  // game, board size and algorithm, and in Go for this problem only (the
  // table is cleared whenever they change).
  nlohmann::json table_context() const {
    nlohmann::json context = {{"format", "dfpn gtp table"},
                              {"game", std::is_same_v<G, games::HexGame> ? "hex" : "go"},
                              {"size", board_.size()},
                              {"algorithm", name_of(spec_.algorithm)}};
    if constexpr (GtpGame<G>::kTermsBesideThePosition) context["problem"] = sgf::write(games::go_to_sgf(board_));
    return context;
  }

  std::string save_table(const Args& a) {
    if (a.empty()) throw GtpError("missing file name");
    try {
      const tt::TableFileStats saved = tt::save_table(table_, table_context().dump(), a[0]);
      return "saved " + std::to_string(saved.records) + " entries (" + std::to_string(saved.solved) + " solved)";
    } catch (const tt::TableFileError& e) {
      throw GtpError(e.what());
    }
  }

  std::string load_table(const Args& a) {
    if (a.empty()) throw GtpError("missing file name");
    try {
      const tt::TableFileStats loaded = resume_table(table_, table_context(), a[0], "dfpn-load-tt");
      return "loaded " + std::to_string(loaded.records) + " entries (" + std::to_string(loaded.solved) + " solved)";
    } catch (const InputError& e) {
      throw GtpError(e.what());
    }
  }

  // Solves `position` with Black as the prover on the shared table.
  SolveResult<Move> solve(const G& position, std::stop_token stop) {
    GtpGame<G>::check_solvable(position);
    return run(position, Player::Black, table_, std::move(stop));
  }

  SolveResult<Move> run(const G& position, Player prover, tt::TranspositionTable& table, std::stop_token stop) {
    return run_with(position, prover, table, std::move(stop), spec_, false).result;
  }

  AlgorithmRun<Searched> run_with(const G& position, Player prover, tt::TranspositionTable& table,
                                  std::stop_token stop, const SearchSpec& given, bool want_proof) {
    SearchSpec spec = given;
    std::tie(spec.widen_base, spec.widen_factor) = widening_for(position);
    const Limits limits = spec.limits(std::move(stop));
    if constexpr (std::is_same_v<G, games::HexGame>) {
      // Hex is solved with its knowledge (same positions, same values, so
      // the table's entries stay valid); proofs come out in its rules.
      return run_algorithm(searched(position), prover, limits, spec, want_proof, &table);
    } else {
      return run_algorithm(position, prover, limits, spec, want_proof, &table);
    }
  }

  // The user's widening, else the default for this position (Go widens
  // kill-all problems only, search_spec.h).
  std::pair<std::uint32_t, double> widening_for(const G& position) const {
    if (const auto chosen = spec_.chosen_widening()) return *chosen;
    if constexpr (std::is_same_v<G, Searched>) return default_widening(position);
    else return default_widening<Searched>();
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
    // The time limit is the command's: every move's solve counts from its start.
    SearchSpec spec = spec_;
    spec.started = std::chrono::steady_clock::now();
    for (const auto move : moves) {
      ScopedMove scoped(position, move);
      const auto w = winner(run_with(position, Player::Black, table_, stop, spec, false).result);
      if (!w) throw GtpError("not solved within the limits at " + board_.move_to_string(move));
      if (*w == color) winning.push_back(move);
    }
    std::sort(winning.begin(), winning.end());
    std::string out;
    for (const auto m : winning) out += (out.empty() ? "" : " ") + board_.move_to_string(m);
    return out;
  }

  // ---- Playing: genmove and the clock.

  // genmove / reg_genmove COLOR: solve within the move's time; a proven
  // win plays a winning move, a proven loss resigns, and an open position
  // gets the most promising move by the proof numbers (said on stderr).
  std::string genmove(const Args& a, std::stop_token stop, bool play) {
    const Player color = color_argument(a, 0);
    G position = board_;
    position.set_to_move(color);
    GtpGame<G>::check_solvable(position);
    // A Hex game ends when a side connects. A Go position that the rules or
    // the knowledge decide still has moves: the search names one that keeps
    // the win (a killer facing a small eye space must still play in it).
    if (GtpGame<G>::kGameOverIsFinal && position.evaluate(Player::Black) != Outcome::Unknown)
      throw GtpError("the game is over");
    SearchSpec spec = spec_;
    spec.time_s = move_seconds(color);
    const SolveResult<Move> r = run_with(position, Player::Black, table_, stop, spec, false).result;
    const std::optional<Player> w = winner(r);
    if (w && *w != color) return "resign";
    std::optional<Move> move;
    if constexpr (std::is_same_v<G, games::HexGame>) {
      // Decided by the knowledge at the root: every move keeps a full
      // connection, so play one that fills it (or the semi's key), and the
      // game moves on to its end.
      const games::HexKnowledgeGame game = searched(position);
      if (w && game.analysis().winner == color) {
        if (const auto hint = game.proof_hint(color); hint.winning_move) move = hint.winning_move;
        else game.analysis().winning_carrier.for_each([&](int c) { if (!move) move = Move(c); });
      }
    }
    if (!move) move = r.best_move;
    if (!move && !r.principal_variation.empty()) move = r.principal_variation.front();
    if (!move && w) {
      // Decided at the root (say a small eye space in Go) with no move named:
      // the first move whose position is still proven won.
      MoveListOf<G> legal;
      position.generate_moves(legal);
      for (const auto m : legal) {
        ScopedMove scoped(position, m);
        if (winner(run_with(position, Player::Black, table_, stop, spec, false).result) == color) {
          move = m;
          break;
        }
      }
    }
    if (!move) {
      MoveListOf<G> legal;
      position.generate_moves(legal);
      if (legal.empty()) throw GtpError("no legal move");
      move = legal.front();
    }
    if (!w)
      std::cerr << "dfpn: " << to_string(color) << " to move is not solved within " << spec.time_s
                << " s; playing the most promising move by the proof numbers\n";
    const std::string text = position.move_to_string(*move);
    if (play) {
      history_.push_back(board_);
      position.play(*move);
      board_ = position;
    }
    return text;
  }

  // The time for one move: the limit set (--time, param_dfpn timelimit) or
  // kGenmoveSeconds, and no more than the clock allows (GTP time_left: a
  // share of the main time, or of the byo-yomi period per stone).
  double move_seconds(Player color) const {
    double seconds = spec_.time_s > 0 ? spec_.time_s : kGenmoveSeconds;
    const Clock& clock = clocks_[color == Player::Black ? 0 : 1];
    if (clock.known && !no_time_limit_) {
      const double share = clock.stones > 0 ? clock.seconds / clock.stones : clock.seconds / 20;
      seconds = std::min(seconds, std::max(0.05, 0.9 * share));
    }
    return seconds;
  }

  std::string time_settings(const Args& a) {
    const double main = number(a, 0, "main time"), byo = number(a, 1, "byo-yomi time"),
                 stones = number(a, 2, "byo-yomi stones");
    if (main < 0 || byo < 0 || stones < 0) throw GtpError("times and stones must be at least 0");
    no_time_limit_ = byo > 0 && stones == 0;  // GTP: "no time limits"
    clocks_ = {};
    return {};
  }

  std::string time_left(const Args& a) {
    const Player color = color_argument(a, 0);
    const double seconds = number(a, 1, "time"), stones = number(a, 2, "stones");
    if (seconds < 0 || stones < 0) throw GtpError("time and stones must be at least 0");
    clocks_[color == Player::Black ? 0 : 1] = Clock{true, seconds, stones};
    return {};
  }

  // dfpn-proof-size [COLOR]: solve with a proof, check it by the rules alone.
  std::string proof_size(const Args& a, std::stop_token stop) {
    const G position = position_for(a);
    GtpGame<G>::check_solvable(position);
    const auto run = run_with(position, Player::Black, table_, std::move(stop), spec_, true);
    const auto w = winner(run.result);
    if (!w) return "unknown (not solved within the limits)";
    if (!run.proof) return std::string(to_string(*w)) + " wins; no proof within the limits";
    const auto check = verify_proof(position, *run.proof, Player::Black, run.result.outcome);
    return std::string(to_string(*w)) + " wins; proof of " + std::to_string(run.proof->size()) + " positions, " +
           (check.ok ? "checked by the rules" : "REJECTED: " + check.error);
  }

  // ---- Hex displays: what the knowledge sees in the position.
  std::string hex_cells(const Args& a, HexShow show) const {
    const G position = position_for(a);
    const games::HexKnowledgeGame game = searched(position);
    const games::HexAnalysis& an = game.analysis();
    std::string out;
    auto cell = [&](int c) { return position.move_to_string(Move(c)); };
    auto add = [&](int c, const std::string& label) {
      out += (out.empty() ? "" : " ") + cell(c) + (label.empty() ? "" : " " + label);
    };
    switch (show) {
      case HexShow::MustPlay:
        if (!an.winner) an.moves.for_each([&](int c) { add(c, ""); });
        break;
      case HexShow::Carrier:
        if (an.winner) an.winning_carrier.for_each([&](int c) { add(c, ""); });
        break;
      case HexShow::Inferior: {
        // HexGui's codes: f = filled in (b/w: captured for that side, d: dead),
        // iv[k] = vulnerable to k, id[d] = dominated by d, x = not considered.
        an.dead.for_each([&](int c) { add(c, "fd"); });
        an.captured[0].for_each([&](int c) { add(c, "fb"); });
        an.captured[1].for_each([&](int c) { add(c, "fw"); });
        for (const auto& [move, killer] : an.killers) add(move, "iv[" + cell(killer) + "]");
        for (const auto& [move, by] : an.dominators) add(move, "id[" + cell(by) + "]");
        break;
      }
    }
    return out;
  }

  // ---- GoGui's board setup (setup stones in SGF files).
  std::string gogui_setup(const Args& a) {
    if (a.size() % 2 != 0) throw GtpError("expected: gogui-setup COLOR VERTEX ...");
    games::GoProblem problem = board_.problem(true);
    for (std::size_t i = 0; i < a.size(); i += 2) {
      const Player color = color_argument(a, i);
      for (const auto& p : vertices(a, i + 1, i + 2)) {
        const bool taken = std::find(problem.black.begin(), problem.black.end(), p) != problem.black.end() ||
                           std::find(problem.white.begin(), problem.white.end(), p) != problem.white.end();
        if (taken) throw GtpError("point " + a[i + 1] + " is occupied");
        (color == Player::Black ? problem.black : problem.white).push_back(p);
      }
    }
    restate(problem);
    return {};
  }

  std::string gogui_setup_player(const Args& a) {
    board_.set_to_move(color_argument(a, 0));
    return {};
  }

  // dfpn-go-frame: frame the stones on the board as a problem (as `dfpn
  // solve` does for a plain tsumego file): targets, region and wall; shown
  // to GoGui as graphics.
  std::string go_frame(const Args& a) {
    if (!a.empty()) throw GtpError("expected: dfpn-go-frame");
    games::GoProblem stones = board_.problem(true);
    games::GoFrame frame;
    try {
      frame = games::frame_go_problem(stones);
    } catch (const std::invalid_argument& e) {
      throw GtpError(e.what());
    }
    restate(frame.problem);
    std::string wall;
    const auto& known = frame.defender == Player::Black ? stones.white : stones.black;
    for (const auto& q : frame.defender == Player::Black ? frame.problem.white : frame.problem.black)
      if (std::find(known.begin(), known.end(), q) == known.end())
        wall += " " + board_.move_to_string(board_.point(q.first, q.second));
    return go_problem_gfx() + "\n" + (frame.defender == Player::Black ? "WHITE" : "BLACK") + wall + "\nTEXT " + std::string(to_string(frame.defender)) + " must live; " +
           std::to_string(frame.wall_stones) + " wall stones added";
  }

  // The problem as GoGui graphics: targets as triangles, points outside the
  // region shaded.
  std::string go_problem_gfx() const {
    const games::GoProblem p = board_.problem(true);
    auto vertex = [&](std::pair<int, int> q) { return board_.move_to_string(board_.point(q.first, q.second)); };
    std::string targets, outside;
    for (const auto& q : p.targets) targets += " " + vertex(q);
    if (!p.region.empty())
      for (int r = 0; r < p.size; ++r)
        for (int c = 0; c < p.size; ++c)
          if (std::find(p.region.begin(), p.region.end(), std::pair{c, r}) == p.region.end())
            outside += " " + vertex({c, r});
    return "TRIANGLE" + targets + "\nCOLOR gray" + outside;
  }

  // dfpn-go-zone [COLOR]: the relevance zone of the answer (the points the
  // winner's result depends on; known under superko, after a solve).
  std::string go_zone(const Args& a, std::stop_token stop) {
    const G position = position_for(a);
    GtpGame<G>::check_solvable(position);
    if (!winner(solve(position, std::move(stop)))) return {};
    const auto zone = position.relevance_zone();
    std::string out;
    if (zone)
      for (const auto m : *zone) out += (out.empty() ? "" : " ") + position.move_to_string(m);
    return out;
  }

  // ---- Go problem terms. Each change rebuilds the problem from the stones
  // on the board and empties the table (its entries assumed the old terms).
  void restate(const games::GoProblem& problem) {
    try {
      board_ = problem.targets.empty() ? games::GoGame::setup_board(problem) : games::GoGame(problem);
      size_stores(board_);
    } catch (const std::invalid_argument& e) {
      throw GtpError(e.what());
    }
    history_.clear();
    table_.clear();
  }

  std::vector<std::pair<int, int>> vertices(const Args& a, std::size_t from, std::size_t to = SIZE_MAX) const {
    std::vector<std::pair<int, int>> out;
    for (std::size_t i = from; i < std::min(to, a.size()); ++i) {
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
      const auto [widen_base, widen_factor] = widening_for(board_);
      out << "[string] epsilon " << spec_.epsilon << "\n[string] widening_base " << widen_base
          << "\n[string] widening_factor " << widen_factor << "\n[string] threads " << spec_.threads
          << "\n[string] timelimit " << spec_.time_s << "\n[string] node_limit " << spec_.max_nodes
          << "\n[string] tt_size " << table_.entry_count() << "\n[string] memory_mb " << memory_mb_;
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
    else if (name == "widening_base" || name == "widening_factor") {
      // The other knob keeps what a solve would have used.
      if (!spec_.chosen_widening()) std::tie(spec_.widen_base, spec_.widen_factor) = widening_for(board_);
      if (name == "widening_base") spec_.widen_base = std::uint32_t(std::min(value, 1000.0));
      else spec_.widen_factor = std::min(value, 1.0);
    }
    else if (name == "threads") {
      spec_.threads = whole(name, value, 1, 1024);
      threads_chosen_ = true;
      refit(name, board_);
    }
    else if (name == "timelimit") spec_.time_s = value;
    else if (name == "node_limit") spec_.max_nodes = std::uint64_t(value);
    else if (name == "tt_size") resize_table(name, value);
    else if (name == "memory_mb") {
      const double before = memory_mb_;
      memory_mb_ = value;  // 0: no budget; the table keeps its size
      if (value == 0) store_limit_.reset();
      try {
        refit(name, board_);
      } catch (const GtpError&) {
        memory_mb_ = before;
        throw;
      }
    }
    else throw GtpError("unknown parameter '" + name + "'");
    return {};
  }

  void resize_table(const std::string& name, double value) {
    SearchSpec size;
    size.tt_entries = std::uint64_t(whole(name, value, 1, 1 << 30));
    try {
      table_ = size.make_table();
      memory_mb_ = 0;  // the table's size is the user's from now on
      store_limit_.reset();
    } catch (const InputError& e) {
      const std::string what = e.what();
      throw GtpError(name + what.substr(what.find(':')));  // named as the parameter, not the option
    }
  }

  // Under a memory budget (--memory-mb, param_dfpn memory_mb) the whole
  // engine fits it as `dfpn solve` does (memory_budget.h): the table gets
  // what the program, the threads and the game's stores leave, and the
  // stores are sized for every position searched from now on.
  void fit_memory(const G& board) {
    if (memory_mb_ <= 0) return;
    SearchSpec budget = spec_;
    budget.memory_mb = memory_mb_;
    if (!threads_chosen_) budget.threads = 0;
    if constexpr (std::is_same_v<G, games::HexGame>) {
      games::HexKnowledgeGame probe(board);
      budget = within_memory(probe, budget);
      store_limit_ = probe.store_bytes();
    } else {
      G probe = board;
      budget = within_memory(probe, budget);
      store_limit_ = probe.store_bytes();
    }
    table_ = budget.make_table();
    spec_.threads = budget.threads;
    size_stores(board_);
  }
  // fit_memory() for a command: its errors are the command's, named.
  void refit(const std::string& name, const G& board) {
    try {
      fit_memory(board);
    } catch (const InputError& e) {
      const std::string what = e.what();
      throw GtpError(name + what.substr(what.find(':')));
    }
  }
  // The searched game of a position: Hex with its knowledge, whose stores
  // are made for each command, sized to the budget.
  Searched searched(const G& position) const {
    if constexpr (std::is_same_v<G, games::HexGame>) {
      games::HexKnowledgeGame game(position);
      if (store_limit_) game.limit_stores(*store_limit_);
      return game;
    } else {
      return position;
    }
  }
  // A new board's stores (Go's zones, which its positions share across
  // commands) sized to the budget.
  void size_stores(G& board) const {
    if constexpr (requires { board.limit_stores(std::size_t{}); })
      if (store_limit_) board.limit_stores(*store_limit_);
  }

  static int whole(const std::string& name, double value, int low, int high) {
    if (value != std::floor(value) || value < low || value > high)
      throw GtpError(name + " must be a whole number from " + std::to_string(low) + " to " + std::to_string(high));
    return int(value);
  }

  struct Clock {
    bool known = false;
    double seconds = 0;
    double stones = 0;  // > 0: in byo-yomi, this many moves in `seconds`
  };

  G board_;
  std::vector<G> history_;
  std::array<Clock, 2> clocks_{};  // Black, White
  bool no_time_limit_ = false;
  tt::TranspositionTable table_;
  SearchSpec spec_;  // threads resolved, so param_dfpn shows them
  bool threads_chosen_ = false;  // by --threads or param_dfpn: the budget drops no thread
  double memory_mb_ = 0;  // the whole engine's budget; 0: the table's size is set alone
  std::optional<std::size_t> store_limit_;  // the game's stores under the budget
  std::string last_pv_;
};

}  // namespace

void add_gtp_options(CLI::App& cmd, GtpOptions& o) {
  cmd.add_option("--game", o.game, "Game")->check(CLI::IsMember({"hex", "go"}))->capture_default_str();
  cmd.add_option("--size", o.size, "Initial board size")->check(CLI::Range(1, 19))->capture_default_str();
  cmd.add_option("--tt-mb", o.search.tt_mb, "Table memory in MiB")
      ->check(number_in(0.001, 1048576))
      ->capture_default_str();
  cmd.add_option("--memory-mb", o.search.memory_mb,
                 "Memory for the whole engine in MiB: table, game stores and threads (0 = the table is --tt-mb)")
      ->check(number_in(0, 1048576));
  cmd.add_option("--time", o.search.time_s,
                 "Time limit per solve in seconds (0 = none; genmove then takes " +
                     std::to_string(int(kGenmoveSeconds)) + " s, less when the clock (time_left) says so)")
      ->check(number_in(0, 1e9))
      ->capture_default_str();
  cmd.add_option("--threads", o.search.threads, "Worker threads (default: all hardware threads)")
      ->check(count_in(1, 1024));
}

namespace {

template <class G>
int serve(const GtpOptions& options, std::istream& in, std::ostream& out, std::stop_token stop) {
  Engine<G> engine(options);
  std::string line;
  while (std::getline(in, line)) {
    const auto command = parse_gtp_line(line);
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
