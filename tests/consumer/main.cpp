// Links the installed package and solves a game: exit 0 if the answer is right.
#include <iostream>

#include "dfpn/pns.h"
#include "games/tictactoe/tictactoe.h"

int main() {
  dfpn::games::TicTacToe game;
  dfpn::ProofNumberSearch search(game, dfpn::Player::Black);
  const auto result = search.solve();
  std::cout << "tic-tac-toe for X: " << dfpn::to_string(result.outcome) << '\n';
  return result.outcome == dfpn::Outcome::Disproven ? 0 : 1;
}
