#include "dfpn/report.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace dfpn::cli {

template <class T>
static nlohmann::json or_null(const std::optional<T>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json to_json(const Report& r) {
  nlohmann::json stats = nlohmann::json::object();
  for (const auto& [key, value] : r.stats) stats[key] = value;
  nlohmann::json root_moves = nlohmann::json::array();
  for (const auto& m : r.root_moves) root_moves.push_back({{"move", m.move}, {"nodes", m.nodes}, {"visits", m.visits}});
  return {
      {"game", r.game},
      {"algo", r.algo},
      {"to_play", r.to_play},
      {"prover", r.prover},
      {"goal", r.goal},
      {"framing", or_null(r.framing)},
      {"result", r.result},
      {"winner", or_null(r.winner)},
      {"status", or_null(r.status)},
      {"best_move", or_null(r.best_move)},
      {"pv", r.principal_variation},
      {"nodes", r.nodes},
      {"time_s", r.time_s},
      {"tt_mb", r.tt_mb},
      {"threads", r.threads},
      {"proof_verified", or_null(r.proof_verified)},
      {"proof_size", or_null(r.proof_size)},
      {"proof_certificates", or_null(r.proof_certificates)},
      {"proof_error", or_null(r.proof_error)},
      {"proof_file", or_null(r.proof_file)},
      {"reason", or_null(r.reason)},
      {"write_error", or_null(r.write_error)},
      {"checkpoint_file", or_null(r.checkpoint_file)},
      {"resumed_from", or_null(r.resumed_from)},
      {"root_moves", root_moves},
      {"stats", stats},
  };
}

void print_human(std::ostream& out, const Report& r) {
  auto line = [&](const char* label, const std::string& value) {
    out << "  " << std::left << std::setw(11) << label << value << '\n';
  };
  std::string pv;
  for (const auto& m : r.principal_variation) pv += (pv.empty() ? "" : " ") + m;
  if (r.board) out << *r.board << '\n';
  if (r.framing) line("framing", *r.framing);
  line("game", r.game);
  line("to play", r.to_play);
  line("prover", r.prover + " (" + r.goal + ")");
  line("result", r.result + (r.reason ? " (stopped by " + *r.reason + ")" : ""));
  line("winner", r.winner ? *r.winner : (r.result == "unknown" ? "unknown" : "neither side can force a win"));
  if (r.status) line("status", *r.status);
  line("best move", r.best_move ? *r.best_move : "-");
  if (!pv.empty()) line("line", pv);
  std::ostringstream effort;
  effort << r.nodes << " nodes in " << std::fixed << std::setprecision(3) << r.time_s << " s ("
         << r.algo << ", " << r.threads << " thread" << (r.threads == 1 ? "" : "s") << ")";
  line("effort", effort.str());
  if (!r.root_moves.empty()) {
    // The few root moves that took the most work: where the search went.
    constexpr std::size_t kShown = 5;
    std::ostringstream where;
    for (std::size_t i = 0; i < std::min(kShown, r.root_moves.size()); ++i) {
      const auto& m = r.root_moves[i];
      where << (i ? ", " : "") << m.move << ' ' << m.nodes << " (" << m.visits << (m.visits == 1 ? " visit)" : " visits)");
    }
    if (r.root_moves.size() > kShown) where << "; " << r.root_moves.size() - kShown << " more";
    line("root moves", where.str());
  }
  if (r.proof_verified)
    line("proof", *r.proof_verified
                      ? "verified, " + std::to_string(r.proof_size.value_or(0)) + " positions" +
                            (r.proof_certificates.value_or(0) > 0
                                 ? " (" + std::to_string(*r.proof_certificates) + " checked by certificates)"
                                 : "")
                      : "REJECTED: " + r.proof_error.value_or("?"));
  else if (r.proof_error)  // asked for, but none was built or written: say why
    line("proof", "none: " + *r.proof_error);
  if (r.proof_file) line("proof file", *r.proof_file);
  auto stat = [&](const char* key) {
    for (const auto& [name, value] : r.stats)
      if (name == key) return std::to_string(std::uint64_t(value));
    return std::string("0");
  };
  if (r.resumed_from)
    line("resumed", "from " + *r.resumed_from + " (" + stat("resumed_entries") + " entries, " +
                        stat("resumed_solved") + " solved)");
  if (r.checkpoint_file) line("checkpoint", *r.checkpoint_file + " (" + stat("checkpoint_entries") + " entries)");
}

}  // namespace dfpn::cli
