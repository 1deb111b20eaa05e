#include "games/hex/hex_knowledge_game.h"

#include <algorithm>

namespace dfpn::games {

const HexAnalysis& HexKnowledgeGame::analysis() const {
  // Not shared between copies: each search thread works on its own copy.
  if (!cache_ || cache_.use_count() > 1) cache_ = std::make_shared<std::vector<CacheEntry>>(kCacheSize);
  CacheEntry& entry = (*cache_)[rules_.hash() & (kCacheSize - 1)];
  if (!entry.filled || entry.key != rules_.hash()) {
    entry.analysis = analyse(rules_, knobs_);
    entry.key = rules_.hash();
    entry.filled = true;
  }
  return entry.analysis;
}

void HexKnowledgeGame::generate_moves(MoveList& moves) const {
  moves.clear();
  const HexAnalysis& a = analysis();
  if (a.winner) return;
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

Numbers HexKnowledgeGame::initial_numbers(Player attacker) const {
  if (!knobs_.initial_numbers) return Numbers{1, 1};
  const HexAnalysis& a = analysis();
  // Potentials are two-distances (about 2..2n on an open board, large when
  // cut off): the closer a side is to connecting, the cheaper its proof.
  const int mine = attacker == Player::Black ? a.black_potential : a.white_potential;
  const int theirs = attacker == Player::Black ? a.white_potential : a.black_potential;
  auto scale = [](int potential) { return ProofNumber(std::clamp(potential, 1, 1000)); };
  return Numbers{scale(mine), scale(theirs)};
}

}  // namespace dfpn::games
