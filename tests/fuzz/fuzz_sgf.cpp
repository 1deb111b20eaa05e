// libFuzzer target: the SGF reader and the Hex and Go positions read from
// it, plain tsumego files framed as `dfpn solve` frames them. Bad input may
// only end in the readers' own errors (a position the framer or the rules
// refuse: std::invalid_argument).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "games/go/go_frame.h"
#include "games/go/go_sgf.h"
#include "games/hex/hex_sgf.h"
#include "games/sgf/sgf.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dfpn;
  sgf::Node root;
  try {
    root = sgf::parse(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const sgf::ParseError&) {
    return 0;
  }
  sgf::write(root);
  try {
    games::hex_from_sgf(root);
  } catch (const games::HexSgfError&) {
  }
  try {
    games::go_from_sgf(root, games::go_settings_from_sgf(root));
  } catch (const games::GoSgfError&) {
  }
  try {
    if (!games::go_sgf_states_problem(root)) {
      const games::GoFrame frame = games::frame_go_problem(games::go_position_from_sgf(root, games::GoProblem{}));
      // A framed problem is a valid problem, its wall outside the region.
      games::GoGame game(frame.problem);
      games::GoGame::MoveList moves;
      game.generate_moves(moves);
      if (!moves.empty()) game.play(moves.front());
      game.evaluate(opponent(frame.defender));
    }
  } catch (const games::GoSgfError&) {
  } catch (const std::invalid_argument&) {  // refused (dfpn solve: exit 2), never a crash
  }
  return 0;
}
