// Go problems from SGF (FF[4] GM[1]): AB/AW stones, PL side to move, TR the
// target stones, MA the region (absent: every point), then the main line's
// moves. Seki and ko settings are not standard SGF; files this program
// writes carry them in private properties that other programs keep and
// ignore: SEKI[life|death], KOTAKERS[both|black|white|none],
// KORULE[simple|situational|positional] and LIVEANY[B|W] (a kill-all
// problem: that side lives if any of its stones lives; no TR then).
#pragma once

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "games/go/go.h"
#include "games/sgf/sgf.h"

namespace dfpn::games {

// A file that is wrong for Go; what() starts with "line N: ".
class GoSgfError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// `settings` gives the seki and ko settings; its stones, targets and region
// are replaced by the file's.
GoGame go_from_sgf(const sgf::Node& root, GoProblem settings);

// Whether the root states a problem: LIVEANY, or TR targets with MA or a
// rule property (SEKI, KOTAKERS, KORULE), or TR and no main-line moves. A
// plain tsumego file does not (games/go/go_frame.h frames it): collections
// mark stones with TR in a diagram that comes with its solution.
bool go_sgf_states_problem(const sgf::Node& root);

// A plain tsumego: `settings` with the root's size and stones, and the side
// to move from PL, else from the first move of the main line (a collection's
// files start with the solution), else Black. The main line is not played.
GoProblem go_position_from_sgf(const sgf::Node& root, GoProblem settings);

// `defaults` with the root's SEKI, KOTAKERS and KORULE properties applied.
GoProblem go_settings_from_sgf(const sgf::Node& root, GoProblem defaults = {});

// The position as an SGF root with every setting stated (the private
// properties included). Throws std::logic_error if the position cannot be
// stated as a problem (see GoGame::problem()).
sgf::Node go_to_sgf(const GoGame& position);

// SGF point lists: "cd" or the rectangle "aa:cc", as (column, row) from the top left.
std::vector<std::pair<int, int>> sgf_points(const std::string& value, int size);

// A GoGame move as an SGF value ("cd"; "" for a pass).
std::string sgf_point(const GoGame& game, GoGame::Move move);

}  // namespace dfpn::games
