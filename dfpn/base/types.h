// Vocabulary shared by every game and every search algorithm.
#pragma once

#include <cstdint>
#include <limits>
#include <string_view>

namespace dfpn {

// The two sides. Go and Hex call them Black and White; other games map their
// first player to Black (tic-tac-toe: X = Black).
enum class Player : std::uint8_t { Black = 0, White = 1 };

constexpr Player opponent(Player p) noexcept {
  return p == Player::Black ? Player::White : Player::Black;
}

constexpr std::string_view to_string(Player p) noexcept {
  return p == Player::Black ? "black" : "white";
}

// What is known about a position, always from the attacker's (prover's) view:
// Proven = the attacker reaches its goal, Disproven = it cannot.
enum class Outcome : std::uint8_t { Unknown = 0, Proven = 1, Disproven = 2 };

constexpr Outcome negate(Outcome o) noexcept {
  return o == Outcome::Proven      ? Outcome::Disproven
         : o == Outcome::Disproven ? Outcome::Proven
                                   : Outcome::Unknown;
}

constexpr std::string_view to_string(Outcome o) noexcept {
  switch (o) {
    case Outcome::Proven: return "proven";
    case Outcome::Disproven: return "disproven";
    default: return "unknown";
  }
}

// Proof and disproof numbers. kInfinity marks a solved side and is absorbing
// under addition; kInfinity - 1 is the largest finite value, used as the
// root threshold so that a search stops only when the root is solved.
using ProofNumber = std::uint32_t;
inline constexpr ProofNumber kInfinity = std::numeric_limits<ProofNumber>::max();
inline constexpr ProofNumber kMaxFinite = kInfinity - 1;

// Saturating sum: anything + ∞ = ∞, and a finite sum never reaches ∞ (it stops
// at kMaxFinite), so "finite" and "solved" can never be confused.
constexpr ProofNumber saturating_add(ProofNumber a, ProofNumber b) noexcept {
  if (a == kInfinity || b == kInfinity) return kInfinity;
  const std::uint64_t sum = std::uint64_t{a} + b;
  return sum >= kMaxFinite ? kMaxFinite : static_cast<ProofNumber>(sum);
}

// A pair of numbers as seen at one node.
struct Numbers {
  ProofNumber pn = 1;
  ProofNumber dn = 1;

  constexpr bool proven() const noexcept { return pn == 0; }
  constexpr bool disproven() const noexcept { return dn == 0; }
  constexpr bool solved() const noexcept { return pn == 0 || dn == 0; }
  constexpr Outcome outcome() const noexcept {
    return pn == 0 ? Outcome::Proven : dn == 0 ? Outcome::Disproven : Outcome::Unknown;
  }
  static constexpr Numbers proven_node() noexcept { return {0, kInfinity}; }
  static constexpr Numbers disproven_node() noexcept { return {kInfinity, 0}; }
  static constexpr Numbers of(Outcome o) noexcept {
    return o == Outcome::Proven      ? proven_node()
           : o == Outcome::Disproven ? disproven_node()
                                     : Numbers{};
  }
  friend constexpr bool operator==(Numbers, Numbers) = default;
};

}  // namespace dfpn
