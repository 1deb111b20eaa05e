// Links the installed package and solves a game with df-pn on a table, the
// way the README shows: exit 0 if the answer is right and the proof checks.
#include <iostream>

#include "dfpn/search/dfpn.h"
#include "games/tictactoe/tictactoe.h"

int main() {
  dfpn::games::TicTacToe game;
  auto table = dfpn::tt::TranspositionTable::with_bytes(1 << 20);
  dfpn::DepthFirstPns search(game, dfpn::Player::Black, table, {}, dfpn::DfpnOptions{.epsilon = 0.25});
  const auto result = search.solve();
  const auto proof = search.proof();
  const bool verified = proof && dfpn::verify_proof(game, *proof, dfpn::Player::Black, result.outcome).ok;
  std::cout << "tic-tac-toe for X: " << dfpn::to_string(result.outcome)
            << (verified ? " (proof verified)" : " (proof NOT verified)") << '\n';
  return result.outcome == dfpn::Outcome::Disproven && verified ? 0 : 1;
}
