// Hex as the solver sees it: the rules of HexGame plus HexKnowledge behind
// the Game concept. A position the knowledge decides (a virtual connection,
// fill-in) is a terminal; moves are the must-play cells minus dead ones, in
// two-distance order; df-pn+ gets two-distance potentials as initial numbers.
//
// The answers are the game-theoretic values of the real positions (every
// piece of knowledge is value-preserving), but a proof built on this game
// ends at knowledge terminals and omits pruned defences: only the rules
// game (HexGame) checks proofs.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "dfpn/types.h"
#include "games/hex/hex.h"
#include "games/hex/hex_knowledge.h"

namespace dfpn::games {

class HexKnowledgeGame {
 public:
  using Move = HexGame::Move;
  using MoveList = HexGame::MoveList;

  explicit HexKnowledgeGame(HexGame rules, HexKnowledge knobs = {}) : rules_(std::move(rules)), knobs_(knobs) {}

  std::uint64_t hash() const { return rules_.hash(); }
  Player to_move() const { return rules_.to_move(); }
  void set_to_move(Player p) { rules_.set_to_move(p); }
  void play(Move cell) { rules_.play(cell); }
  void undo() { rules_.undo(); }

  void generate_moves(MoveList& moves) const;
  // The full check (the knowledge's winner, if any).
  Outcome evaluate(Player attacker) const;
  // The rules' winner, or the knowledge's if this position was analysed
  // already: for fresh leaves, so H-search runs only where df-pn goes.
  Outcome quick_evaluate(Player attacker) const;
  Numbers initial_numbers(Player attacker) const;

  std::string goal_text(Player prover) const { return rules_.goal_text(prover); }
  std::string move_to_string(Move cell) const { return rules_.move_to_string(cell); }
  std::optional<Move> parse_move(const std::string& text) const { return rules_.parse_move(text); }
  std::string to_text() const { return rules_.to_text(); }
  int size() const { return rules_.size(); }

  const HexGame& rules() const { return rules_; }
  const HexKnowledge& knowledge() const { return knobs_; }
  // The analysis of the current position (cached by hash).
  const HexAnalysis& analysis() const;

 private:
  HexGame rules_;
  HexKnowledge knobs_;
  // Direct-mapped by hash: df-pn evaluates the same children again at every
  // re-expansion of their parent. A copy starts empty (each search thread
  // works on its own copy) and the entries are allocated on first use.
  struct CacheEntry {
    std::uint64_t key = 0;
    bool filled = false;
    HexAnalysis analysis;
  };
  struct Cache {
    Cache() = default;
    Cache(const Cache&) {}
    Cache& operator=(const Cache&) {
      entries.reset();
      return *this;
    }
    std::unique_ptr<std::vector<CacheEntry>> entries;
  };
  static constexpr std::size_t kCacheSize = 1 << 14;
  const CacheEntry* cached() const;
  mutable Cache cache_;
};

}  // namespace dfpn::games
