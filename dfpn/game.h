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

#include "dfpn/types.h"

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

// ---- Concessions: proofs in monotone games.
//
// In a monotone game (Hex) an extra stone never hurts its owner, so a
// position won for W stays won when the loser is given more stones. A proof
// may then *concede* cells: give them to the loser before going on, and
// answer only the loser's moves on the cells that are left. The verifier
// plays the concession itself, so it stays rules-only; games without the
// hook cannot be verified with concessions.
//
// concede(move, player) puts a stone of `player` where `move` would go,
// without passing the turn; undo() takes it back.
template <Game G>
constexpr bool kCanConcede = requires(G& game, const MoveOf<G>& move, Player player) {
  { game.concede(move, player) } -> std::same_as<void>;
};

// Proof sets of decided positions: refutation pruning in monotone games.
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

// What a game's knowledge tells a builder of conceding proofs about a
// position it has decided (dfpn/conceding_proof.h).
template <class Move>
struct ProofHint {
  std::vector<Move> support;         // empty cells the win needs (a first guess of the proof set)
  std::optional<Move> winning_move;  // the winner is to move and this move keeps the win
};

template <Game G>
constexpr bool kHasProofHint = requires(const G& game, Player winner) {
  { game.proof_hint(winner) } -> std::same_as<ProofHint<MoveOf<G>>>;
};

// ---- Certified leaves: lemmas a proof need not unfold move by move.
//
// A position the knowledge decides may be a proof's leaf if the knowledge
// can say why in a form the rules game checks on its own: a certificate
// (text the game defines; for Hex the derivation of a virtual connection,
// games/hex/hex_connection_proof.h). The knowledge game offers
// certificate(winner) with the empty cells the certificate needs (the leaf's
// proof set); the rules game checks it with check_certificate(text, winner),
// which returns why it does not hold, or nothing.
template <class Move>
struct ProofCertificate {
  std::string text;
  std::vector<Move> support;
};

template <Game G>
constexpr bool kHasCertificates = requires(const G& game, Player winner) {
  { game.certificate(winner) } -> std::same_as<std::optional<ProofCertificate<MoveOf<G>>>>;
};

// Certificates for a position where the loser is to move: lemmas that each
// hold after any defence outside their support (Hex: the winner's semi
// connections, whose key connects when the loser plays elsewhere). A proof
// answers only the defences inside every support.
template <Game G>
constexpr bool kHasDefenceCertificates = requires(const G& game, Player winner) {
  { game.defence_certificates(winner) } -> std::same_as<std::vector<ProofCertificate<MoveOf<G>>>>;
};

template <Game G>
constexpr bool kChecksCertificates = requires(const G& game, const std::string& text, Player winner) {
  { game.check_certificate(text, winner) } -> std::same_as<std::optional<std::string>>;
};

// A game that is its rules plus knowledge (Hex with virtual connections)
// names the rules game with rules(); its proofs are written and checked in
// that game, with concessions.
template <Game G>
constexpr bool kHasRulesGame = requires(const G& game) {
  requires Game<std::remove_cvref_t<decltype(game.rules())>>;
  requires kCanConcede<std::remove_cvref_t<decltype(game.rules())>>;
  requires std::same_as<MoveOf<std::remove_cvref_t<decltype(game.rules())>>, MoveOf<G>>;
};

// The knowledge a proof builder walks with: a game may decide positions it
// cannot explain by proof_hint() or certificate() (Hex: by the proof set of
// another solved position that this one contains); explainable() is then a
// copy that decides only what it can explain. Other games are their own view.
template <Game G>
G explainable(const G& game) {
  if constexpr (requires { { game.explainable() } -> std::same_as<G>; })
    return game.explainable();
  else
    return game;
}

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
