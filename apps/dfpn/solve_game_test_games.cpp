// solve_game for TicTacToe, SyntheticGame, RandomTree (see solve_game.h).
#include "dfpn/solve_game_impl.h"

namespace dfpn::cli {

DFPN_SOLVE_GAME_INSTANCE(, games::TicTacToe);
DFPN_RUN_ALGORITHM_INSTANCE(, games::TicTacToe);
DFPN_SOLVE_GAME_INSTANCE(, games::SyntheticGame);
DFPN_SOLVE_GAME_INSTANCE(, games::RandomTree);

}  // namespace dfpn::cli
