// Plain tsumego (stones and the side to move, as in every problem
// collection) framed as a life-and-death problem the solver can state:
// which side must live, its target blocks, the region of play, and a wall
// of the other side's stones that closes the region.
//
// The rules of thumb, each measured on the Cho Chikun problems against the
// published framing (bench/go_framing.py, docs/problem-files.md):
// * the defender is the side whose stones lie deeper inside the position:
//   measured by the walk through empty points from the open board (points
//   at least three lines from every stone) to each stone;
// * its targets are all of its blocks (one stone of each stands for it);
// * the region is the stones' bounding box widened by `margin` lines on each
//   side that does not reach the board's edge; the attacker's wall stands on
//   the ring just outside it, with empty points behind it that nobody may
//   play, so the wall can never be captured;
// * ko: the attacker may win through ko, the defender must live without it;
//   situational superko (as the published task format).
#pragma once

#include <stdexcept>
#include <string>

#include "games/go/go.h"

namespace dfpn::games {

struct GoFrameOptions {
  int margin = 1;  // empty lines between the stones' bounding box and the wall
};

struct GoFrame {
  GoProblem problem;  // the position, the wall, targets, region, ko settings
  Player defender = Player::Black;
  int wall_stones = 0;
};

// `position`: size, black, white and to_move; its targets and region are
// ignored. Throws std::invalid_argument when a side has no stones (then
// there is nothing to frame: say who must live with TR).
GoFrame frame_go_problem(const GoProblem& position, GoFrameOptions options = {});

}  // namespace dfpn::games
