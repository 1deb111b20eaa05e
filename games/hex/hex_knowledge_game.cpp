#include "games/hex/hex_knowledge_game.h"

#include <algorithm>

namespace dfpn::games {

std::vector<AnalysisCache::Entry>& AnalysisCache::entries() const {
  std::call_once(allocated_, [this] { entries_.resize(kEntries); });
  return entries_;
}

template <class Read>
bool AnalysisCache::read(std::uint64_t key, Read read_entry) const {
  const Entry& e = entries()[key & (kEntries - 1)];
  std::lock_guard<std::mutex> guard(lock_for(key));
  if (!e.filled || e.key != key) return false;
  read_entry(e.analysis);
  return true;
}

bool AnalysisCache::find(std::uint64_t key, HexAnalysis& out) const {
  return read(key, [&](const HexAnalysis& a) { out = a; });
}

bool AnalysisCache::find_winner(std::uint64_t key, std::optional<Player>& winner) const {
  return read(key, [&](const HexAnalysis& a) { winner = a.winner; });
}

void AnalysisCache::store(std::uint64_t key, const HexAnalysis& analysis) {
  Entry& e = entries()[key & (kEntries - 1)];
  std::lock_guard<std::mutex> guard(lock_for(key));
  e.key = key;
  e.filled = true;
  e.analysis = analysis;
}

const HexAnalysis& HexKnowledgeGame::analysis() const {
  const std::uint64_t key = rules_.hash();
  if (current_valid_ && current_key_ == key) return current_;
  if (!cache_->find(key, current_)) {
    current_ = analyse(rules_, knobs_);
    cache_->store(key, current_);
  }
  current_key_ = key;
  current_valid_ = true;
  return current_;
}

void HexKnowledgeGame::generate_moves(MoveList& moves) const {
  const HexAnalysis& a = analysis();
  if (a.winner) {
    // Decided, but a caller that did not ask evaluate() still gets the
    // rules' moves: every empty cell.
    rules_.generate_moves(moves);
    return;
  }
  moves.clear();
  if (!a.order.empty()) {
    for (const auto cell : a.order) moves.push_back(cell);
  } else {
    a.moves.for_each([&](int cell) { moves.push_back(static_cast<Move>(cell)); });
  }
}

Outcome HexKnowledgeGame::evaluate(Player attacker) const {
  const HexAnalysis& a = analysis();
  if (!a.winner) return Outcome::Unknown;
  return *a.winner == attacker ? Outcome::Proven : Outcome::Disproven;
}

Outcome HexKnowledgeGame::quick_evaluate(Player attacker) const {
  std::optional<Player> winner;
  if (current_valid_ && current_key_ == rules_.hash()) winner = current_.winner;
  else if (!cache_->find_winner(rules_.hash(), winner)) winner = rules_.winner();
  if (!winner) return Outcome::Unknown;
  return *winner == attacker ? Outcome::Proven : Outcome::Disproven;
}

ProofHint<HexKnowledgeGame::Move> HexKnowledgeGame::proof_hint(Player winner) const {
  const HexAnalysis& a = analysis();
  ProofHint<Move> hint;
  CellSet support;
  if (a.winner == winner) {
    // Fill-in put the winner's captured cells (and, in Black's colour, the
    // dead ones) on the board the connection was found on.
    support = a.winning_carrier | a.captured[winner == Player::Black ? 0 : 1];
    if (winner == Player::Black) support |= a.dead;
    if (to_move() == winner) {
      // A semi-connection's key; inside a full connection's carrier any
      // cell keeps it (a stone never hurts its owner).
      if (a.winning_key >= 0) hint.winning_move = static_cast<Move>(a.winning_key);
      else a.winning_carrier.for_each([&](int cell) {
        if (!hint.winning_move) hint.winning_move = static_cast<Move>(cell);
      });
    }
  } else if (!a.winner && to_move() != winner) {
    support = a.threat;
  }
  support.for_each([&](int cell) { hint.support.push_back(static_cast<Move>(cell)); });
  return hint;
}

Numbers HexKnowledgeGame::initial_numbers(Player attacker) const {
  if (!knobs_.initial_numbers) return Numbers{1, 1};
  // Potentials are two-distances (about 2..2n on an open board, large when
  // cut off): the closer a side is to connecting, the cheaper its proof.
  // Computed here, not by a full analysis: this runs for every fresh leaf.
  const HexCells cells = cells_of(rules_);
  const int mine = two_distance_potential(cells, rules_.size(), attacker);
  const int theirs = two_distance_potential(cells, rules_.size(), opponent(attacker));
  auto scale = [](int potential) { return ProofNumber(std::clamp(potential, 1, 1000)); };
  return Numbers{scale(mine), scale(theirs)};
}

}  // namespace dfpn::games
