#include "games/hex/hex_knowledge_game.h"

#include <algorithm>

namespace dfpn::games {

const HexAnalysis& HexKnowledgeGame::analysis() const {
  if (!cache_.entries) cache_.entries = std::make_unique<std::vector<CacheEntry>>(kCacheSize);
  CacheEntry& entry = (*cache_.entries)[rules_.hash() & (kCacheSize - 1)];
  if (!entry.filled || entry.key != rules_.hash()) {
    entry.analysis = analyse(rules_, knobs_);
    entry.key = rules_.hash();
    entry.filled = true;
  }
  return entry.analysis;
}

const HexKnowledgeGame::CacheEntry* HexKnowledgeGame::cached() const {
  if (!cache_.entries) return nullptr;
  const CacheEntry& entry = (*cache_.entries)[rules_.hash() & (kCacheSize - 1)];
  return entry.filled && entry.key == rules_.hash() ? &entry : nullptr;
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
  if (const CacheEntry* entry = cached()) winner = entry->analysis.winner;
  else winner = rules_.winner();
  if (!winner) return Outcome::Unknown;
  return *winner == attacker ? Outcome::Proven : Outcome::Disproven;
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
