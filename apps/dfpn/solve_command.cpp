#include "dfpn/solve_command.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <thread>

#include <CLI/CLI.hpp>

#include "dfpn/algorithms.h"
#include "dfpn/cli_checks.h"
#include "dfpn/go_status.h"
#include "dfpn/solve_game.h"
#include "games/go/go_frame.h"
#include "games/go/go_sgf.h"
#include "games/hex/hex_sgf.h"

namespace dfpn::cli {
namespace {

// The side to move as the problem states it ("to_play"), for games that
// let a position say so (Hex setups, Go problems).
template <Game G>
G with_side_to_move(G game, const ProblemSpec& problem) {
  if (!problem.to_play) return game;
  if constexpr (requires { game.set_to_move(Player::Black); }) {
    game.set_to_move(*problem.to_play == "black" ? Player::Black : Player::White);
    return game;
  } else {
    throw InputError(problem.source + ": --to-play is not available for this game");
  }
}

template <Game G>
G play_moves(G game, const std::string& moves, const std::string& where) {
  std::istringstream in(moves);
  std::string text;
  for (int index = 1; in >> text; ++index) {
    const std::string which = where + ": move " + std::to_string(index) + " '" + text + "'";
    const std::optional<MoveOf<G>> move = game.parse_move(text);
    if (!move) throw InputError(which + " is not a move of this game");
    MoveListOf<G> legal;
    game.generate_moves(legal);
    if (std::find(legal.begin(), legal.end(), *move) == legal.end())
      throw InputError(which + " is not legal in this position");
    game.play(*move);
  }
  return game;
}

// --hex-knowledge: "all", "none" or a comma list of the pieces to use.
games::HexKnowledge parse_hex_knowledge(const std::string& text) {
  if (text == "all") return {};
  games::HexKnowledge k = games::HexKnowledge::none();
  if (text == "none") return k;
  std::istringstream in(text);
  // H-search bounds, "name=N" (with "all" in the list to keep every piece).
  auto bound = [&](const std::string& piece, const std::string& name, int& field, int most, int least = 1) {
    if (piece.rfind(name + "=", 0) != 0) return false;
    const std::string value = piece.substr(name.size() + 1);
    std::size_t used = 0;
    int n = 0;
    try {
      n = std::stoi(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != value.size() || used == 0 || n < least || n > most)
      throw InputError("--hex-knowledge: " + name + " must be a whole number from " + std::to_string(least) + " to " +
                       std::to_string(most) +
                       ", not '" + value + "'");
    field = n;
    return true;
  };
  for (std::string piece; std::getline(in, piece, ',');) {
    if (piece == "all") k = games::HexKnowledge{};
    else if (bound(piece, "fulls", k.max_fulls_per_pair, games::HexKnowledge::kMostFullsPerPair)) continue;
    else if (bound(piece, "semis", k.max_semis_per_pair, games::HexKnowledge::kMostSemisPerPair)) continue;
    else if (bound(piece, "edge-fulls", k.max_edge_fulls_per_pair, games::HexKnowledge::kMostFullsPerPair)) continue;
    else if (bound(piece, "edge-semis", k.max_edge_semis_per_pair, games::HexKnowledge::kMostSemisPerPair)) continue;
    else if (bound(piece, "connections", k.max_connections, 1 << 24)) continue;
    else if (bound(piece, "captured-stones", k.captured_and_stones, games::HexGame::kMaxCells, 0)) continue;
    else if (piece == "dead") k.dead_cells = true;
    else if (piece == "captured") k.dead_cells = k.captured_cells = true;
    else if (piece == "dominated") k.dead_cells = k.domination = true;
    else if (piece == "vulnerable") k.dead_cells = k.vulnerable = true;
    else if (piece == "vc") k.virtual_connections = true;
    else if (piece == "templates") k.virtual_connections = k.edge_templates = true;
    else if (piece == "mustplay") k.virtual_connections = k.must_play = true;
    else if (piece == "symmetry") k.symmetry = true;
    else if (piece == "stealing") k.strategy_stealing = true;
    else if (piece == "refutation") k.refutation = true;
    else if (piece == "shrink") k.refutation = k.shrink_proofs = true;
    else if (piece == "transpositions") k.refutation = k.transpositions = true;
    else if (piece == "order") k.ordering = true;
    else if (piece == "order=distance") k.ordering = true, k.order_by = games::HexKnowledge::Order::TwoDistance;
    else if (piece == "order=circuit") k.ordering = true, k.order_by = games::HexKnowledge::Order::Circuit;
    else if (piece == "threats") k.ordering = k.virtual_connections = k.threats_first = true;
    else if (piece == "init") k.initial_numbers = true;
    else if (piece == "edge-and") k.virtual_connections = k.and_over_edges = true;
    else if (piece == "captured-and") k.virtual_connections = k.dead_cells = k.captured_and = true;
    else throw InputError("--hex-knowledge: unknown piece '" + piece + "' (all, none, or dead,captured,dominated,vulnerable,vc,templates,mustplay,symmetry,stealing,refutation,shrink,transpositions,order,threats,init,edge-and,captured-and, and order=distance|circuit, fulls=N, semis=N, edge-fulls=N, edge-semis=N, connections=N, captured-stones=N)");
  }
  return k;
}

// The answer in Go terms; the seki check solves again with the same limits.
std::string go_status(const games::GoGame& game, const Report& report, const SolveOptions& options,
                      std::stop_token stop) {
  std::optional<Player> winner;
  if (report.winner) winner = *report.winner == "black" ? Player::Black : Player::White;
  return cli::go_status(game, winner, [&](const games::GoGame& strict) {
    SolveOptions again = options;
    again.verify = false;
    again.proof_file.clear();
    again.checkpoint_file.clear();  // the seki check is a different search
    again.resume_file.clear();
    again.search.started = {};  // its own time allowance, as before the main solve
    again.problem.prover = std::string(to_string(game.defender()));
    const Report r = solve_game(strict, "go", again, stop, {});
    return r.result == "proven" ? Outcome::Proven : r.result == "disproven" ? Outcome::Disproven : Outcome::Unknown;
  });
}

// ---- The games: how a problem becomes a position, and its solve.

Report solve_tictactoe(SolveOptions& o, std::stop_token stop, const ProgressSink& progress) {
  const ProblemSpec& p = o.problem;
  return solve_game(with_side_to_move(play_moves(games::TicTacToe{}, p.moves, p.source), p), "tictactoe", o,
                    std::move(stop), progress);
}

Report solve_hex(SolveOptions& o, std::stop_token stop, const ProgressSink& progress) {
  const ProblemSpec& p = o.problem;
  if (p.size < 1 || p.size > games::HexGame::kMaxSize)
    throw InputError(p.source + ": hex board size must be 1..19, not " + std::to_string(p.size));
  games::HexGame start(p.size);
  if (p.sgf) {
    try {
      start = games::hex_from_sgf(*p.sgf);
    } catch (const games::HexSgfError& e) {
      throw InputError(in_file(p.source, e.what()));
    }
  }
  const games::HexGame position = with_side_to_move(play_moves(start, p.moves, p.source), p);
  const bool wants_proof = o.verify || !o.proof_file.empty();
  // df-pn proves through the knowledge (a rules proof with concessions,
  // built on its table); the other algorithms prove by the rules alone.
  const bool knowledge_proofs = proves_through_knowledge(o.search.algorithm);
  const std::string pieces = !o.hex_knowledge.empty()            ? o.hex_knowledge
                             : wants_proof && !knowledge_proofs ? "none"
                                                                 : "all";
  const games::HexKnowledge knowledge = parse_hex_knowledge(pieces);
  if (!knowledge.any()) return solve_game(position, "hex", o, std::move(stop), progress);
  if (wants_proof && !knowledge_proofs)
    throw InputError(p.source + ": " + name_of(o.search.algorithm) + " cannot prove results found with Hex knowledge "
                     "by the rules (df-pn, df-pn+, PDS and PDS-PN can); use --hex-knowledge none for a verified proof");
  return solve_game(games::HexKnowledgeGame(position, knowledge), "hex", o, std::move(stop), progress);
}

Report solve_synthetic(SolveOptions& o, std::stop_token stop, const ProgressSink& progress) {
  const ProblemSpec& p = o.problem;
  std::shared_ptr<const games::SyntheticGraph> graph;
  try {
    graph = games::SyntheticGraph::generate(p.seed, p.synthetic);
  } catch (const std::invalid_argument& e) {
    throw InputError(p.source + ": " + e.what());
  }
  return solve_game(with_side_to_move(play_moves(games::SyntheticGame(graph), p.moves, p.source), p), "synthetic",
                    o, std::move(stop), progress);
}

// Implicit uniform trees: as large as wanted, no memory for the game itself.
Report solve_random_tree(SolveOptions& o, std::stop_token stop, const ProgressSink& progress) {
  const ProblemSpec& p = o.problem;
  games::RandomTreeParams params;
  params.depth = p.synthetic.depth;
  params.branching = p.synthetic.max_branching;
  params.black_win_rate = p.synthetic.black_win_rate;
  params.terminal_rate = p.synthetic.terminal_rate;
  return solve_game(with_side_to_move(play_moves(games::RandomTree(p.seed, params), p.moves, p.source), p),
                    "random-tree", o, std::move(stop), progress);
}

// --write-problem: the problem as solved (after any framing and moves), as
// SGF the user can correct and solve again. Returns a write error, if any.
std::optional<std::string> write_go_problem(const games::GoGame& game, const std::string& path) {
  sgf::Node root;
  try {
    root = games::go_to_sgf(game);
  } catch (const std::logic_error& e) {
    throw InputError(std::string("--write-problem: ") + e.what());
  }
  std::ofstream out(path);
  out << sgf::write(root) << '\n';
  out.close();
  if (out.fail()) return "--write-problem: cannot write '" + path + "'";
  return std::nullopt;
}

// What was chosen for a plain tsumego file, in one line.
std::string describe_framing(const games::GoFrame& frame) {
  const games::GoProblem& p = frame.problem;
  int c0 = p.size, c1 = -1, r0 = p.size, r1 = -1;
  for (const auto& [c, r] : p.region) c0 = std::min(c0, c), c1 = std::max(c1, c), r0 = std::min(r0, r), r1 = std::max(r1, r);
  const Player attacker = opponent(frame.defender);
  std::ostringstream out;
  out << "plain tsumego framed: " << to_string(p.to_move) << " to play and "
      << (p.to_move == frame.defender ? "live" : "kill") << "; targets: every " << to_string(frame.defender)
      << " block (" << p.targets.size() << "); region " << (c1 - c0 + 1) << "x" << (r1 - r0 + 1) << ", closed by "
      << frame.wall_stones << " " << to_string(attacker) << " wall stones; only " << to_string(attacker)
      << " may win through ko (--write-problem writes it out)";
  return out.str();
}

Report solve_go(SolveOptions& o, std::stop_token stop, const ProgressSink& progress) {
  const ProblemSpec& p = o.problem;
  if (!p.sgf) throw InputError(p.source + ": a Go problem comes from a file (SGF or task JSON), not from options");
  std::optional<games::GoGame> start;
  std::optional<std::string> framing;
  try {
    // The file's settings (SEKI, KOTAKERS), the framing's for a plain
    // tsumego, then the command line's.
    games::GoProblem settings = games::go_settings_from_sgf(*p.sgf);
    try {
      games::parse_go_knowledge(o.go_knowledge, settings);
    } catch (const std::invalid_argument& e) {
      throw InputError(std::string("--go-knowledge: ") + e.what());
    }
    if (o.go_zones == "off") settings.relevance_zones = false;
    std::optional<games::GoFrame> frame;
    if (!games::go_sgf_states_problem(*p.sgf)) {
      try {
        frame = games::frame_go_problem(games::go_position_from_sgf(*p.sgf, settings));
      } catch (const std::invalid_argument& e) {
        throw InputError(p.source + ": " + e.what());
      }
      settings = frame->problem;
      framing = describe_framing(*frame);
    }
    if (p.seki) settings.seki_is_life = *p.seki == "live";
    if (p.ko) {
      settings.black_may_take_ko = *p.ko == "black" || *p.ko == "both";
      settings.white_may_take_ko = *p.ko == "white" || *p.ko == "both";
    }
    if (p.ko_rule) settings.ko_rule = *games::parse_ko_rule(*p.ko_rule);
    if (frame) {
      try {
        start.emplace(settings);
      } catch (const std::invalid_argument& e) {
        throw InputError(p.source + ": the framed problem is not valid: " + e.what());
      }
    } else {
      start.emplace(games::go_from_sgf(*p.sgf, settings));
    }
  } catch (const games::GoSgfError& e) {
    throw InputError(in_file(p.source, e.what()));
  }
  const games::GoGame game = with_side_to_move(play_moves(*start, p.moves, p.source), p);
  const std::optional<std::string> write_error =
      o.write_problem.empty() ? std::nullopt : write_go_problem(game, o.write_problem);
  if (p.goal && !o.problem.prover)
    o.problem.prover = std::string(to_string(*p.goal == "live" ? game.defender() : game.killer()));
  Report report = solve_game(game, "go", o, stop, progress);
  report.framing = framing;
  if (write_error && !report.write_error) report.write_error = write_error;
  report.status = go_status(game, report, o, std::move(stop));
  return report;
}

struct GameEntry {
  std::string_view name;
  Report (*solve)(SolveOptions&, std::stop_token, const ProgressSink&);
};
constexpr GameEntry kGames[] = {{"tictactoe", solve_tictactoe},
                                {"synthetic", solve_synthetic},
                                {"random-tree", solve_random_tree},
                                {"hex", solve_hex},
                                {"go", solve_go}};

std::vector<std::string> game_names() {
  std::vector<std::string> names;
  for (const GameEntry& g : kGames) names.emplace_back(g.name);
  return names;
}

}  // namespace

void add_solve_options(CLI::App& cmd, SolveOptions& o) {
  cmd.add_option("problem", o.problem_file,
                 "Problem file: JSON, or SGF (Hex GM[11], Go GM[1]; a Go file without TR targets is framed "
                 "automatically); see docs/problem-files.md")
      ->check(CLI::ExistingFile);
  cmd.add_option("--game", o.problem.game, "Game")
      ->check(CLI::IsMember(game_names()))
      ->capture_default_str();
  cmd.add_option("--size", o.problem.size, "Board size (hex: 1..19)")->check(CLI::Range(1, 19))->capture_default_str();
  cmd.add_option("--hex-knowledge", o.hex_knowledge,
                 "Hex knowledge: all, none, or a comma list of dead,captured,dominated,vulnerable,vc,templates,mustplay,symmetry,refutation,shrink,transpositions,order,threats,init "
                 "(order=distance: order moves by two-distance potentials instead of the default electric-circuit current; edge-and: let H-search's AND rule "
                 "join connections at an edge, off by default; stealing: drop moves that lose by strategy stealing, off by default; captured-and: let its AND and OR rules share the cells a connection's "
                 "ends capture in every position, not only in those of at most captured-stones=N stones, default 3, 0: never), "
                 "and H-search bounds fulls=N (per pair, 1-16), semis=N (1-32), edge-fulls=N and edge-semis=N (pairs "
                 "with an edge at one end; default 16 and 32), connections=N (e.g. all,semis=16) "
                 "(default: all; with --verify/--proof the df-pn family builds a rules proof with concessions, "
                 "the other algorithms use none)");
  cmd.add_option("--moves", o.problem.moves, "Moves played from the start, space-separated");
  cmd.add_option("--prover", o.problem.prover, "Side that tries to prove its goal (default: side to move)")
      ->check(CLI::IsMember({"black", "white"}));
  SearchSpec& search = o.search;
  cmd.add_option_function<std::string>(
         "--algo",
         [&search](const std::string& name) {
           search.algorithm = *parse_algorithm(name);
           search.algorithm_chosen = true;
         },
         "Algorithm (default: " + name_of(default_algorithm("go")) + " for go, " + name_of(default_algorithm("hex")) +
             " for the other games)")
      ->check(CLI::IsMember(algorithm_names()));
  cmd.add_option("--eps", search.epsilon, "df-pn 1+ε trick: child thresholds grow by this factor (0 = off)")
      ->check(number_in(0, 10))
      ->capture_default_str();
  cmd.add_option("--second-level", search.second_level, "pn2/pdspn: most nodes of a second-level search")
      ->check(count_in(1, std::uint64_t{1} << 40))
      ->capture_default_str();
  const auto set_size_check = CLI::Validator(
      [](std::string& text) -> std::string {
        if (text == "inf") return {};
        if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos)
          return "must be a node count or inf, not '" + text + "'";
        return {};
      },
      "COUNT|inf");
  // "inf" or a count of explicit set nodes (checked above).
  auto set_size = [](const std::string& text) {
    return text == "inf" ? TruncatedSet::kUnbounded : static_cast<std::size_t>(std::stoull(text));
  };
  cmd.add_option_function<std::string>(
         "--pss-p", [&search, set_size](const std::string& t) { search.pss_p = set_size(t); },
         "pss: nodes kept explicitly in proof sets (P), or inf")
      ->check(set_size_check)
      ->default_str("inf");
  cmd.add_option_function<std::string>(
         "--pss-d", [&search, set_size](const std::string& t) { search.pss_d = set_size(t); },
         "pss: nodes kept explicitly in disproof sets (D), or inf")
      ->check(set_size_check)
      ->default_str("inf");
  cmd.add_option("--time", search.time_s, "Time limit in seconds, counted from the command's start (0 = none)")
      ->check(number_in(0, 1e9))
      ->capture_default_str();
  cmd.add_option("--nodes", search.max_nodes, "Node limit (0 = none)")
      ->check(count_in(0, std::uint64_t{1} << 62))
      ->capture_default_str();
  cmd.add_option("--tt-mb", search.tt_mb, "Memory for the table / node store in MiB")
      ->check(number_in(0.001, 1048576))
      ->capture_default_str();
  cmd.add_option("--memory-mb", search.memory_mb,
                 "Memory for the whole process in MiB: the table gets what the program, the game's stores and the "
                 "threads leave (fewer threads when the default would not fit), half of it with --verify or --proof, "
                 "whose proof gets the other half; overrides --tt-mb (0 = off)")
      ->check(number_in(0, 1048576))
      ->capture_default_str();
  cmd.add_option("--tt-entries", search.tt_entries, "Table size in entries (overrides --tt-mb)")
      ->check(count_in(1, std::uint64_t{1} << 40));
  cmd.add_option("--threads", search.threads, "Worker threads for the df-pn family (default: all hardware threads)")
      ->check(count_in(1, 1024));
  cmd.add_flag("--weak-sum", search.weak_sum, "df-pn family: weak proof numbers against DAG over-counting");
  std::ostringstream widening;
  widening << kHexWidening.first << " and " << kHexWidening.second << " for hex with knowledge, as in Benzene; "
           << kKillAllWidening.first << " and " << kKillAllWidening.second << " for go kill-all; else off";
  cmd.add_option("--widen-base", search.widen_base,
                 "df-pn family: widening, enter only the first max(2, base + ceil(factor * open)) open children "
                 "in the game's order (base and factor 0: off; default: " + widening.str() + ")")
      ->check(count_in(0, 1000));
  cmd.add_option("--widen-factor", search.widen_factor, "df-pn family: widening factor (see --widen-base)")
      ->check(number_in(0, 1));
  cmd.add_flag("--verify", o.verify, "Extract the proof and check it with the independent verifier (the proof may take up to half the "
                "machine's memory; with --memory-mb, what --memory-mb keeps for it)");
  cmd.add_option("--proof", o.proof_file, "Write the verified proof as an SGF game tree (hex and go)");
  cmd.add_option("--checkpoint", o.checkpoint_file,
                 "Save the table to this file (atomically) while the solve runs and when it ends, stopped or not "
                 "(df-pn family); --resume continues from it");
  cmd.add_option("--checkpoint-every", o.checkpoint_every_s, "Seconds between checkpoints (0 = only at the end)")
      ->check(number_in(0, 1e9))
      ->capture_default_str();
  cmd.add_option("--resume", o.resume_file,
                 "Start from a checkpoint of the same problem and settings (the same command line; limits, "
                 "threads and table size may differ)")
      ->check(CLI::ExistingFile);
  cmd.add_option("--write-problem", o.write_problem,
                 "Go: write the problem as solved (a plain tsumego file framed: targets TR, region MA, "
                 "the wall) as SGF, to check or correct it");
  cmd.add_flag("!--no-certificates", search.certificates,
               "Proofs unfold Hex virtual connections move by move instead of citing them as certificates "
               "the verifier checks (bigger proofs, no lemmas)");
  auto* go = cmd.add_option_group("go", "Go life and death");
  go->add_option("--goal", o.problem.goal, "The prover's goal: live (the target stones live) or kill (capture them)")
      ->check(CLI::IsMember({"live", "kill"}));
  go->add_option("--seki", o.problem.seki, "Whether seki counts as life (default: the file's, else live)")
      ->check(CLI::IsMember({"live", "dead"}));
  go->add_option("--ko", o.problem.ko, "Who may capture kos (win through ko) (default: the file's; else both, "
                 "and only the killer for a framed tsumego)")
      ->check(CLI::IsMember({"black", "white", "both", "none"}));
  go->add_option("--go-zones", o.go_zones,
                 "Refutation pruning with relevance zones (under superko, on capture-free lines): on or off")
      ->check(CLI::IsMember({"on", "off"}))
      ->capture_default_str();
  go->add_option("--go-knowledge", o.go_knowledge,
                 "Go knowledge: all, none, or a comma list of " + games::go_knowledge_pieces() +
                     " (relevance zones, small-eye kills, the killer's null move first, initial numbers scaled by mobility, "
                     "life checked at generation, refuting replies reused, initial numbers from eyes, miai life)")
      ->capture_default_str();
  go->add_option("--ko-rule", o.problem.ko_rule,
                 "Ko rule: simple (a longer cycle loses for the killer), situational or positional superko "
                 "(default: the file's; else simple, and situational for task files and framed tsumego)")
      ->check(CLI::IsMember({"simple", "situational", "positional"}));
  cmd.add_option("--to-play", o.problem.to_play, "Side to move next, overriding the moves or the file")
      ->check(CLI::IsMember({"black", "white"}));
  cmd.add_flag("--json", o.json, "Print one JSON object instead of the summary");
  cmd.add_flag("--quiet,-q", o.quiet,
               "No progress display (on a terminal a live line; otherwise, as in a log, a line a minute)");
  auto* synthetic = cmd.add_option_group("synthetic", "Synthetic game shape");
  synthetic->add_option("--seed", o.problem.seed, "Generator seed")->capture_default_str();
  synthetic->add_option_function<std::string>(
               "--shape", [&o](const std::string& text) { games::parse_shape(text, o.problem.synthetic.shape); },
               "tree, dag or graph")
      ->check(CLI::IsMember({"tree", "dag", "graph"}))
      ->default_str("tree");
  synthetic->add_option("--depth", o.problem.synthetic.depth, "Levels below the root")
      ->check(CLI::Range(1, 40))
      ->capture_default_str();
  synthetic->add_option("--branching", o.problem.synthetic.max_branching, "Most children per position")
      ->check(CLI::Range(1, 16))
      ->capture_default_str();
  synthetic->add_option("--min-branching", o.problem.synthetic.min_branching, "Fewest children per position")
      ->check(CLI::Range(1, 16))
      ->capture_default_str();
  synthetic->add_option("--terminal-rate", o.problem.synthetic.terminal_rate, "Chance an inner position is terminal")
      ->check(number_in(0, 1))
      ->capture_default_str();
  synthetic->add_option("--win-rate", o.problem.synthetic.black_win_rate, "Chance a terminal is a Black win")
      ->check(number_in(0, 1))
      ->capture_default_str();
  synthetic->add_option("--transpositions", o.problem.synthetic.transposition_rate,
                        "Chance a child is shared")->check(number_in(0, 1))
      ->capture_default_str();
  synthetic->add_option("--cycles", o.problem.synthetic.cycle_rate, "Chance of a move back")
      ->check(number_in(0, 1))
      ->capture_default_str();
}

Report solve(const SolveOptions& options, std::stop_token stop, const ProgressSink& progress) {
  SolveOptions o = options;
  if (!o.problem_file.empty()) {
    // The file describes the problem; options given on the command line win.
    ProblemSpec from_file = load_problem_file(o.problem_file);
    if (o.problem.moves.empty()) o.problem.moves = from_file.moves;
    if (!o.problem.prover) o.problem.prover = from_file.prover;
    if (!o.problem.to_play) o.problem.to_play = from_file.to_play;
    from_file.moves = o.problem.moves;
    from_file.prover = o.problem.prover;
    from_file.to_play = o.problem.to_play;
    for (auto field : {&ProblemSpec::goal, &ProblemSpec::seki, &ProblemSpec::ko, &ProblemSpec::ko_rule})
      if (o.problem.*field) from_file.*field = o.problem.*field;
    o.problem = from_file;
  }
  if (!o.search.algorithm_chosen) o.search.algorithm = default_algorithm(o.problem.game);
  for (const GameEntry& g : kGames)
    if (g.name == o.problem.game) return g.solve(o, std::move(stop), progress);
  throw InputError(o.problem.source + ": unknown game '" + o.problem.game + "'");
}

}  // namespace dfpn::cli
