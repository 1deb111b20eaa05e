// The one interface between games and search algorithms.
//
// Every algorithm in dfpn/ is a template over a type that models `Game`; no
// virtual calls, no knowledge of any particular game. A game is a mutable
// position with play/undo, so a depth-first search walks it in place.
//
// Semantics every algorithm relies on:
//  * The search proves a goal for one side, the *attacker* (also called the
//    prover). Nodes where the attacker is to move are OR nodes, the others AND.
//  * evaluate(attacker) answers Proven/Disproven for positions whose value is
//    settled by the rules or by sound game knowledge, Unknown otherwise.
//  * A non-terminal position without legal moves is lost for the side to
//    move. (Games where passing is legal simply generate a pass.)
//  * If may_repeat() is true, a position can recur along a path. Reaching a
//    position already on the current path ends that line with
//    repetition_outcome(attacker). Results found below such a line can depend
//    on the path, which the algorithms must respect (no unsound caching).
//
// The hooks only proofs use (concessions, proof hints, certificates, the
// rules game) are in dfpn/base/proof_hooks.h: a new game needs none of them.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstdint>
#include <optional>
#include <ranges>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dfpn/base/types.h"

namespace dfpn {

template <class G>
concept Game =
    std::copy_constructible<G> &&
    std::regular<typename G::Move> &&
    std::ranges::random_access_range<typename G::MoveList> &&
    requires(G& game, const G& cgame, typename G::Move move, typename G::MoveList& moves,
             Player attacker) {
      { cgame.hash() } -> std::same_as<std::uint64_t>;  // Zobrist, includes side to move
      { cgame.to_move() } -> std::same_as<Player>;
      { cgame.generate_moves(moves) } -> std::same_as<void>;  // clears, then fills
      { game.play(move) } -> std::same_as<void>;
      { game.undo() } -> std::same_as<void>;
      { cgame.evaluate(attacker) } -> std::same_as<Outcome>;
      { cgame.move_to_string(move) } -> std::convertible_to<std::string>;
    };

template <Game G>
using MoveOf = typename G::Move;
template <Game G>
using MoveListOf = typename G::MoveList;

// ---- Optional hooks. Each has a neutral default so that a minimal game works.

// df-pn+: heuristic initial numbers for a fresh, non-terminal leaf.
template <Game G>
constexpr bool kHasHeuristicNumbers = requires(const G& g, Player attacker) {
  { g.initial_numbers(attacker) } -> std::same_as<Numbers>;
};

template <Game G>
Numbers initial_numbers(const G& game, Player attacker) {
  if constexpr (kHasHeuristicNumbers<G>) {
    Numbers n = game.initial_numbers(attacker);
    // Keep leaves finite and non-zero: only evaluate() may solve a node.
    n.pn = n.pn == 0 ? 1 : std::min(n.pn, kMaxFinite);
    n.dn = n.dn == 0 ? 1 : std::min(n.dn, kMaxFinite);
    return n;
  } else {
    return Numbers{1, 1};
  }
}

// Games whose full evaluate() is expensive (Hex virtual connections) may
// offer a quick one: df-pn then uses quick_evaluate() for fresh leaves and
// the full evaluate() once a node is about to be expanded, so the expensive
// check runs only for nodes the search actually visits.
template <Game G>
constexpr bool kHasQuickEvaluate = requires(const G& g, Player attacker) {
  { g.quick_evaluate(attacker) } -> std::same_as<Outcome>;
};

template <Game G>
Outcome quick_evaluate(const G& game, Player attacker) {
  if constexpr (kHasQuickEvaluate<G>) return game.quick_evaluate(attacker);
  else return game.evaluate(attacker);
}

// When a proof is extracted, a position's winning move is looked for first
// among its children the game decides at once or the table knows. A game
// whose full evaluate() finds many wins the table does not hold (Hex: its
// virtual connections) has every child evaluated in full; one whose full
// evaluation rarely decides more than the quick one but costs more than
// searching the position again (Go: Benson and miai for each of a hundred
// children) says so with `static constexpr bool kProofScanIsQuick = true`.
template <Game G>
constexpr bool kProofScanIsQuick = requires {
  requires G::kProofScanIsQuick;
};

// Move ordering beyond generation order (most promising first).
template <Game G>
void order_moves(const G& game, MoveListOf<G>& moves, Player attacker) {
  if constexpr (requires { game.order_moves(moves, attacker); }) game.order_moves(moves, attacker);
}

template <Game G>
bool may_repeat(const G& game) {
  if constexpr (requires { { game.may_repeat() } -> std::convertible_to<bool>; })
    return game.may_repeat();
  else
    return false;
}

// Value of a line that returns to a position already on the path.
template <Game G>
Outcome repetition_outcome(const G& game, Player attacker) {
  if constexpr (requires { { game.repetition_outcome(attacker) } -> std::same_as<Outcome>; })
    return game.repetition_outcome(attacker);
  else
    return Outcome::Disproven;  // the usual convention: the attacker must make progress
}

// ---- Refutation pruning: proof sets of decided positions (monotone games).
//
// proof_set() at a position the game has decided (a rules terminal, or its
// knowledge's verdict) may name a set S of the empty cells such that the
// winner still wins when the loser is given every other empty cell; it
// returns nullopt when it knows none. S offers contains(move).
//
// Why it prunes: if the mover's move x loses, with proof set S after x, then
// any other move y outside S loses too -- the loser holding y (and x, and
// everything else outside S) is exactly the position S was proven for. So
// df-pn, once a child is lost for the mover, marks every sibling outside
// that child's proof set as lost without searching it (Benzene's DFPN does
// the same with its proofs of losing children). Only for games without
// repetitions: a set says nothing about the path.
template <Game G>
constexpr bool kHasProofSets = requires(const G& game, const MoveOf<G>& move) {
  { game.proof_set()->contains(move) } -> std::convertible_to<bool>;
  { static_cast<bool>(game.proof_set()) };
};

// Proof sets of positions the search solved: once a node is solved, df-pn
// tells the game how -- learn_won(moves that win) or learn_lost(every move
// it tried) -- so the game can build the node's set from its children's
// (a winning move plus its child's set; a closure over the loser's moves).
template <Game G>
constexpr bool kLearnsProofSets = kHasProofSets<G> && requires(G& game, std::span<const MoveOf<G>> moves) {
  game.learn_won(moves);
  game.learn_lost(moves);
};

// The type of a game's proof sets (an empty placeholder for games without).
template <class G, bool = kHasProofSets<G>>
struct ProofSetType {
  struct None {};
  using type = None;
};
template <class G>
struct ProofSetType<G, true> {
  using type = std::remove_cvref_t<decltype(*std::declval<const G&>().proof_set())>;
};
template <Game G>
using ProofSetOf = typename ProofSetType<G>::type;

// Optional: counters a game kept while it was searched (a knowledge
// game's caches and stores), appended to the search's statistics in reports.
template <class G>
constexpr bool kHasSearchStatistics = requires(const G& game) {
  { game.search_statistics() } -> std::convertible_to<std::vector<std::pair<std::string, double>>>;
};

// Optional: facts a game's stores learnt, for a copy of the game that does
// not share its stores (a job-level worker on another machine). A fact must
// be a statement about positions that holds whoever learnt it, never about
// one search. keep_facts() starts logging what is learnt; take_facts(depth)
// hands over (and forgets) what was learnt since the last call, about
// positions at most `depth` moves past the current one; add_facts() adds
// facts learnt elsewhere. A fact crosses a transport as 64-bit words
// (fact.words(game), and G::Fact::from_words(words, game): nullopt if they
// are not a fact about `game`).
// (The Fact type is checked first, on its own: clang 14 treats a missing
// type in a requires-expression's parameters as a hard error.)
template <class G>
concept FactSharingGame = requires { typename G::Fact; } &&
                          requires(G& game, std::span<const typename G::Fact> facts, int depth,
                                   std::span<const std::uint64_t> words) {
  game.keep_facts();
  { game.take_facts(depth) } -> std::convertible_to<std::vector<typename G::Fact>>;
  game.add_facts(facts);
  { facts[0].words(game) } -> std::convertible_to<std::vector<std::uint64_t>>;
  { *G::Fact::from_words(words, game) } -> std::convertible_to<typename G::Fact>;
};
template <class G>
constexpr bool kSharesFacts = FactSharingGame<G>;

// The type of a game's facts (an empty placeholder for games without).
template <class G, bool = kSharesFacts<G>>
struct FactType {
  struct None {};
  using type = None;
};
template <class G>
struct FactType<G, true> {
  using type = typename G::Fact;
};
template <class G>
using FactOf = typename FactType<G>::type;

// Whether a disproof may leave a draw (so the defender does not necessarily win).
template <Game G>
bool may_draw(const G& game) {
  if constexpr (requires { { game.may_draw() } -> std::convertible_to<bool>; })
    return game.may_draw();
  else
    return false;
}

// Short human text for the prover's goal, e.g. "black connects".
template <Game G>
std::string goal_text(const G& game, Player prover) {
  if constexpr (requires { { game.goal_text(prover) } -> std::convertible_to<std::string>; })
    return game.goal_text(prover);
  else
    return std::string(to_string(prover)) + " wins";
}

// Plays a move on construction and takes it back on destruction.
template <Game G>
class ScopedMove {
 public:
  ScopedMove(G& game, const MoveOf<G>& move) : game_(game) { game_.play(move); }
  ~ScopedMove() { game_.undo(); }
  ScopedMove(const ScopedMove&) = delete;
  ScopedMove& operator=(const ScopedMove&) = delete;

 private:
  G& game_;
};

}  // namespace dfpn
