// solve_game for HexKnowledgeGame (see solve_game.h).
#include "dfpn/solve_game_impl.h"

namespace dfpn::cli {

DFPN_SOLVE_GAME_INSTANCE(, games::HexKnowledgeGame);
DFPN_RUN_ALGORITHM_INSTANCE(, games::HexKnowledgeGame);

}  // namespace dfpn::cli
