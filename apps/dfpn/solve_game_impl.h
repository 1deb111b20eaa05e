// The generic part of `dfpn solve`: one game, the chosen algorithm, the
// report. Included only by the solve_game_*.cpp files, each instantiating it
// for its games, so those heavy instantiations compile in parallel.
#pragma once

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <thread>
#include <tuple>

#include "dfpn/algorithms.h"
#include "dfpn/checkpoint.h"
#include "dfpn/memory_budget.h"
#include "dfpn/proof_sgf.h"
#include "dfpn/sgf_codec.h"
#include "dfpn/solve_game.h"

namespace dfpn::cli {
namespace solve_detail {

inline std::string format_progress(const Progress& p) {
  std::ostringstream out;
  if (p.building_proof) {
    out << std::fixed << std::setprecision(1) << p.elapsed_s << " s  building the proof: " << p.nodes
        << " positions, " << std::setprecision(0) << double(p.proof_bytes) / double(1 << 20) << " MiB";
    return out.str();
  }
  auto number = [](ProofNumber n) { return n == kInfinity ? std::string("inf") : std::to_string(n); };
  out << std::fixed << std::setprecision(1) << p.elapsed_s << " s  " << p.nodes << " nodes  "
      << std::setprecision(0) << (p.elapsed_s > 0 ? double(p.nodes) / p.elapsed_s : 0.0)
      << " n/s  pn/dn " << number(p.root.pn) << "/" << number(p.root.dn);
  if (p.table_fill > 0) out << "  fill " << std::setprecision(0) << 100 * p.table_fill << "%";
  if (!p.best_line.empty()) out << "  line " << p.best_line.substr(0, 60);
  return out.str();
}

template <Game G>
void save_proof_sgf(const G& game, const Proof<MoveOf<G>>& proof, const std::string& path, Report& report) {
  using Codec = SgfCodec<G>;
  sgf::Node root;
  try {
    root = Codec::root(game);
  } catch (const std::logic_error& e) {
    report.proof_error = std::string("not written: ") + e.what();
    return;
  }
  const std::string winner(to_string(proof.winner));
  root.add("C", {"dfpn proof: " + winner + " wins. At " + winner + "'s turns one winning move, at the other side's every move." +
                 (proof.conceded.empty() ? "" : " Setup nodes concede cells to the loser (a win stays a win when the loser has more stones).") +
                 (proof.certificates.empty() ? "" : " In positions with a VC property the winner is already connected by the virtual connection it derives (dfpn verify checks it).")});
  std::ofstream out(path);
  try {
    write_proof_sgf<G>(game, proof, std::move(root), Codec::value, out);
  } catch (const std::length_error& e) {
    out.close();
    std::error_code ignored;  // a partial tree is no proof: leave no file behind
    if (std::filesystem::is_regular_file(path, ignored)) std::filesystem::remove(path, ignored);
    report.proof_error = std::string("not written: ") + e.what();
    return;
  }
  out.close();  // a full disk shows only when the buffer is written out
  if (out.fail()) {
    report.write_error = "--proof: cannot write '" + path + "'";
    return;
  }
  report.proof_file = path;
}

// Verifies the proof by the rules of `game` and writes it as SGF if asked;
// a large proof takes minutes of each, so both show in the progress.
template <Game G>
void check_proof(const G& game, const Proof<MoveOf<G>>& proof, Player prover, Outcome outcome,
                 const SolveOptions& options, std::stop_token stop, const ProgressSink& progress, Report& report) {
  using Clock = TimedProgress::Clock;
  const TimedProgress show(progress, options.search.started != Clock::time_point{} ? options.search.started : Clock::now());
  const auto check = verify_proof(game, proof, prover, outcome, std::move(stop), [&](std::size_t positions) {
    show("checking the proof: " + std::to_string(positions) + " positions");
  });
  report.proof_size = proof.size();
  if (check.stopped) {  // neither verified nor refuted: proof_verified stays null
    report.proof_error = check.error;
    return;
  }
  report.proof_verified = check.ok;
  report.proof_certificates = check.certificates;
  if (!check.ok) report.proof_error = check.error;
  if constexpr (HasSgf<G>) {
    if (check.ok && !options.proof_file.empty()) {
      show("writing the proof to " + options.proof_file);
      save_proof_sgf(game, proof, options.proof_file, report);
    }
  }
}

// What a checkpoint of this solve was searched for (checkpoint.h): resuming
// with anything here changed is refused.
template <Game G>
nlohmann::json checkpoint_context(const G& game, const std::string& game_name, Player prover,
                                  const SolveOptions& o) {
  const SearchSpec& s = o.search;
  const auto [widen_base, widen_factor] = s.widening(game);
  return {{"format", "dfpn solve checkpoint"},
          {"game", game_name},
          {"problem", problem_identity(o.problem)},
          {"prover", to_string(prover)},
          {"root_hash", game.hash()},
          {"algorithm", name_of(s.algorithm)},
          {"epsilon", s.epsilon},
          {"second_level", s.second_level},
          {"weak_sum", s.weak_sum},
          {"widening", {widen_base, widen_factor}},
          {"hex_knowledge", o.hex_knowledge},
          {"go_knowledge", o.go_knowledge},
          {"go_zones", o.go_zones}};
}

}  // namespace solve_detail

template <Game G>
Report solve_game(const G& given, const std::string& game_name, const SolveOptions& options,
                  std::stop_token stop, const ProgressSink& progress) {
  G game = given;  // with its own stores if the budget resizes them
  const Player prover = !options.problem.prover          ? game.to_move()
                        : *options.problem.prover == "black" ? Player::Black
                                                             : Player::White;
  bool want_proof = options.verify;
  if (!options.proof_file.empty()) {
    if constexpr (kHasRulesGame<G>) {
      if constexpr (!HasSgf<std::remove_cvref_t<decltype(game.rules())>>)
        throw InputError("--proof: SGF proofs are written for hex and go only");
    } else if constexpr (!HasSgf<G>) {
      throw InputError("--proof: SGF proofs are written for hex and go only");
    }
    want_proof = true;
  }
  const SearchSpec spec = within_memory(game, options.search, want_proof && kHasRulesGame<G>);
  Limits limits = spec.limits(stop);
  if (progress)
    limits.on_progress = [progress](const Progress& p) { progress(solve_detail::format_progress(p)); };
  // A checkpointed or resumed solve owns its table here, to load and save it.
  std::optional<tt::TranspositionTable> table;
  std::optional<PeriodicCheckpoint> checkpoint;
  tt::TableFileStats resumed;
  if (!options.checkpoint_file.empty() || !options.resume_file.empty()) {
    if (!spec.depth_first())
      throw InputError("--checkpoint/--resume: only the df-pn family (dfpn, dfpn+, pds, pdspn) keeps its work in a "
                       "table to save; --algo " + name_of(spec.algorithm) + " does not");
    table.emplace(spec.make_table());
    const nlohmann::json context = solve_detail::checkpoint_context(game, game_name, prover, options);
    if (!options.resume_file.empty()) resumed = resume_table(*table, context, options.resume_file, "--resume");
    if (!options.checkpoint_file.empty())
      checkpoint.emplace(*table, context.dump(), options.checkpoint_file, options.checkpoint_every_s);
  }
  const auto run = run_algorithm(game, prover, limits, spec, want_proof, table ? &*table : nullptr);
  if (checkpoint) checkpoint->finish();
  if (progress) progress("");
  const auto& r = run.result;

  Report report;
  report.game = game_name;
  report.algo = name_of(spec.algorithm);
  report.to_play = std::string(to_string(game.to_move()));
  if constexpr (requires { game.to_text(); }) report.board = game.to_text();
  report.prover = std::string(to_string(prover));
  report.goal = goal_text(game, prover);
  report.result = std::string(to_string(r.outcome));
  if (r.outcome == Outcome::Proven) report.winner = report.prover;
  if (r.outcome == Outcome::Disproven && !may_draw(game))
    report.winner = std::string(to_string(opponent(prover)));
  if (r.best_move) report.best_move = game.move_to_string(*r.best_move);
  G line = game;
  for (const auto& m : r.principal_variation) {
    report.principal_variation.push_back(line.move_to_string(m));
    line.play(m);
  }
  report.nodes = r.nodes;
  for (const auto& w : r.root_moves) report.root_moves.push_back({game.move_to_string(w.move), w.nodes, w.visits});
  report.time_s = r.time_s;
  report.tt_mb = spec.tt_mb;
  for (const auto& [key, value] : r.stats)  // the table's real size (--tt-entries, whole buckets)
    if (key == "tt_bytes") report.tt_mb = value / double(1 << 20);
  report.threads = spec.thread_count();
  if (!r.solved()) report.reason = std::string(to_string(r.reason));
  report.stats = r.stats;
  for (const auto& stat : run.proof_stats) report.stats.push_back(stat);
  if constexpr (kHasSearchStatistics<G>)
    for (auto& stat : game.search_statistics()) report.stats.push_back(std::move(stat));
  if constexpr (requires { game.store_bytes(); })
    if (spec.memory_mb > 0) report.stats.emplace_back("store_mb", double(game.store_bytes()) / double(1 << 20));
  if (const auto [base, factor] = spec.widening(game); spec.depth_first() && (base > 0 || factor > 0)) {
    // Which widening ran: its default depends on the game (default_widening).
    report.stats.emplace_back("widen_base", double(base));
    report.stats.emplace_back("widen_factor", factor);
  }
  if (!options.resume_file.empty()) {
    report.resumed_from = options.resume_file;
    report.stats.emplace_back("resumed_entries", double(resumed.records));
    report.stats.emplace_back("resumed_solved", double(resumed.solved));
  }
  if (checkpoint) {
    if (checkpoint->error()) report.write_error = *checkpoint->error();
    else report.checkpoint_file = options.checkpoint_file;
    report.stats.emplace_back("checkpoint_entries", double(checkpoint->entries()));
    report.stats.emplace_back("checkpoint_writes", double(checkpoint->writes()));
  }
  if (run.proof_requested && r.solved()) {
    if (!run.proof) {
      // Not a wrong answer: extraction ran out of the limits (proof_verified stays null).
      report.proof_error = "no proof could be extracted within the limits" +
                           (run.proof_failure.empty() ? std::string() : " (" + run.proof_failure + ")");
    } else if constexpr (kHasRulesGame<G>) {
      solve_detail::check_proof(game.rules(), *run.proof, prover, r.outcome, options, stop, progress, report);
    } else {
      solve_detail::check_proof(game, *run.proof, prover, r.outcome, options, stop, progress, report);
    }
    if (progress) progress("");
  }
  return report;
}

}  // namespace dfpn::cli
