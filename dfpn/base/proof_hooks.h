// The optional Game hooks that only proofs use: a game with knowledge
// offers them so that its results can be written as proofs and checked by
// its rules alone (dfpn/base/proof.h, dfpn/search/conceding_proof.h). A new
// game's author can ignore this file: the search itself needs none of it.
#pragma once

#include <concepts>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "dfpn/base/game.h"

namespace dfpn {

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

// What a game's knowledge tells a builder of conceding proofs about a
// position it has decided (dfpn/search/conceding_proof.h).
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

// A game may also read a certificate once and check what it read at many
// positions (G::Certificate): a proof cites one certificate at thousands of
// defences, and reading the text is most of a check. parse_certificate()
// gives nothing (and says why in `error`) for text that is no certificate;
// check_certificate(text) must agree with the two steps.
template <Game G>
constexpr bool kParsesCertificates =
    kChecksCertificates<G> && requires(const G& game, const std::string& text, std::string& error, Player winner) {
      typename G::Certificate;
      { G::parse_certificate(text, error) } -> std::same_as<std::optional<typename G::Certificate>>;
      {
        game.check_certificate(std::declval<const typename G::Certificate&>(), winner)
      } -> std::same_as<std::optional<std::string>>;
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

}  // namespace dfpn
