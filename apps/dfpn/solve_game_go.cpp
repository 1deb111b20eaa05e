// solve_game for GoGame (see solve_game.h).
#include "dfpn/solve_game_impl.h"

namespace dfpn::cli {

DFPN_SOLVE_GAME_INSTANCE(, games::GoGame);
DFPN_RUN_ALGORITHM_INSTANCE(, games::GoGame);

}  // namespace dfpn::cli
