// Plain tsumego framed as problems: the enclosed side must live, its blocks
// are the targets, the region is the widened box, and the wall closing it can
// never be captured; framed problems solve as the rules-only oracle says.
#include "games/go/go_frame.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "dfpn/base/limits.h"
#include "dfpn/search/dfpn.h"
#include "dfpn/search/minimax.h"
#include "games/go/go.h"
#include "games/go/go_sgf.h"
#include "games/sgf/sgf.h"
#include "tt/table.h"

namespace dfpn::games {
namespace {

using Points = std::vector<std::pair<int, int>>;

// Stones from a diagram placed at the top left of a `size` board (x black,
// o white; everything else empty).
GoProblem position(const std::vector<std::string>& rows, int size = 19, Player to_move = Player::Black) {
  GoProblem p;
  p.size = size;
  p.to_move = to_move;
  for (int r = 0; r < int(rows.size()); ++r)
    for (int c = 0; c < int(rows[std::size_t(r)].size()); ++c) {
      const char ch = rows[std::size_t(r)][std::size_t(c)];
      if (ch == 'x') p.black.emplace_back(c, r);
      if (ch == 'o') p.white.emplace_back(c, r);
    }
  return p;
}

GoProblem swapped(GoProblem p) {
  std::swap(p.black, p.white);
  return p;
}

bool contains(const Points& points, std::pair<int, int> p) {
  return std::find(points.begin(), points.end(), p) != points.end();
}

// Cho Chikun's first problem (black to live in the top left corner).
const std::vector<std::string> kCornerGroup = {
    "...........",
    ".xxxxo.o...",
    ".xoooo.....",
    ".o.........",
    "..o........",
};

// The blocks of `stones`, each as its set of points.
std::vector<std::set<std::pair<int, int>>> blocks(const Points& stones) {
  std::vector<std::set<std::pair<int, int>>> out;
  std::set<std::pair<int, int>> seen;
  for (const auto& start : stones) {
    if (seen.contains(start)) continue;
    std::set<std::pair<int, int>> block{start};
    std::vector<std::pair<int, int>> todo{start};
    seen.insert(start);
    while (!todo.empty()) {
      const auto [c, r] = todo.back();
      todo.pop_back();
      for (const auto& next : Points{{c + 1, r}, {c - 1, r}, {c, r + 1}, {c, r - 1}})
        if (contains(stones, next) && !seen.contains(next)) seen.insert(next), block.insert(next), todo.push_back(next);
    }
    out.push_back(block);
  }
  return out;
}

// One target stone in each block of `side`, and none elsewhere.
void expect_every_block_targeted(const GoProblem& framed, const Points& side) {
  const auto side_blocks = blocks(side);
  ASSERT_EQ(framed.targets.size(), side_blocks.size());
  for (const auto& block : side_blocks)
    EXPECT_EQ(std::count_if(framed.targets.begin(), framed.targets.end(), [&](auto t) { return block.contains(t); }),
              1);
}

TEST(GoFrame, TheEnclosedSideMustLiveWithEveryBlockATarget) {
  GoProblem plain = position(kCornerGroup);
  plain.black.emplace_back(6, 2);  // a second black block inside
  const GoFrame frame = frame_go_problem(plain);
  EXPECT_EQ(frame.defender, Player::Black);
  expect_every_block_targeted(frame.problem, plain.black);
  EXPECT_EQ(frame.problem.targets.size(), 2u);
  // The attacker may win through ko, the defender must live without it.
  EXPECT_TRUE(frame.problem.white_may_take_ko);
  EXPECT_FALSE(frame.problem.black_may_take_ko);
  EXPECT_EQ(frame.problem.ko_rule, KoRule::Situational);

  const GoFrame colours_swapped = frame_go_problem(swapped(plain));
  EXPECT_EQ(colours_swapped.defender, Player::White);
  expect_every_block_targeted(colours_swapped.problem, plain.black);
}

TEST(GoFrame, TheRegionIsTheWidenedBoxAndTheWallCannotBeCaptured) {
  for (int margin : {0, 1, 2, 3}) {
    const GoProblem plain = position(kCornerGroup);
    const GoFrame frame = frame_go_problem(plain, GoFrameOptions{margin});
    const GoProblem& p = frame.problem;
    // The stones' box is columns 1-7, rows 1-4: it touches neither edge
    // closely enough to be walled off from it when the margin reaches it.
    for (const auto& s : plain.black) EXPECT_TRUE(contains(p.region, s));
    for (const auto& s : plain.white) EXPECT_TRUE(contains(p.region, s));
    const int right = 7 + margin, bottom = 4 + margin;
    for (int r = 0; r < p.size; ++r)
      for (int c = 0; c < p.size; ++c)
        EXPECT_EQ(contains(p.region, {c, r}), c <= right && r <= bottom) << margin << " " << c << "," << r;
    // The wall: White's stones on the ring just outside, each with an empty
    // point behind it that nobody may play.
    int wall = 0;
    for (const auto& s : p.white) {
      if (contains(plain.white, s)) continue;
      ++wall;
      EXPECT_FALSE(contains(p.region, s));
      EXPECT_TRUE(s.first == right + 1 || s.second == bottom + 1);
      const std::pair<int, int> behind = s.first == right + 1 ? std::pair{s.first + 1, s.second}
                                                              : std::pair{s.first, s.second + 1};
      EXPECT_FALSE(contains(p.region, behind));
      EXPECT_FALSE(contains(p.white, behind) || contains(p.black, behind));
    }
    EXPECT_EQ(wall, frame.wall_stones);
    EXPECT_EQ(wall, (right + 2) + (bottom + 1));
    EXPECT_EQ(std::count_if(p.black.begin(), p.black.end(), [&](auto s) { return !contains(plain.black, s); }), 0);
    EXPECT_NO_THROW(GoGame{p});
  }
}

TEST(GoFrame, ASideTooNearTheEdgeForAWallReachesIt) {
  // Stones on columns 1-3 of a 7x7 board: with margin 2 the right side would
  // need its wall on the last line (nothing behind it), so the region takes
  // the board's width; the bottom side has room.
  const GoProblem plain = position({".xxo", "xooo", ".o.."}, 7);
  const GoFrame frame = frame_go_problem(plain, GoFrameOptions{2});
  for (int c = 0; c < 7; ++c) EXPECT_TRUE(contains(frame.problem.region, {c, 0}));
  EXPECT_FALSE(contains(frame.problem.region, {0, 5}));
  for (const auto& s : frame.problem.white)
    if (!contains(plain.white, s)) {
      EXPECT_EQ(s.second, 5);
    }
}

TEST(GoFrame, AStoneOfEachColourIsNeeded) {
  EXPECT_THROW(frame_go_problem(position({"xx", "x."})), std::invalid_argument);
  EXPECT_THROW(frame_go_problem(position({})), std::invalid_argument);
}

// Framed problems, tiny enough for the oracle: df-pn with all the knowledge
// against minimax by the rules alone (no eye rules, no zones), both sides to
// move, under the framing's superko.
TEST(GoFrame, FramedProblemsAgreeWithTheOracle) {
  const std::vector<std::vector<std::string>> shapes = {
      {"..xo", "xxxo", "oooo"},   // two points in the corner: dies
      {"...xo", "xxxxo", "ooooo"},  // straight three: the first move decides
      {"..x.o", "xxxxo", "ooooo"},
      {".o.xo", "xxxxo", "ooooo"},  // a white stone inside
  };
  int checked = 0;
  std::set<Outcome> seen;
  for (const auto& shape : shapes)
    for (Player to_move : {Player::Black, Player::White}) {
      const GoFrame frame = frame_go_problem(position(shape, 9, to_move), GoFrameOptions{0});
      ASSERT_EQ(frame.defender, Player::Black) << shape[0];
      GoProblem plain = frame.problem;
      plain.eye_rules = false;
      plain.relevance_zones = false;
      Limits oracle_limits;
      oracle_limits.memory_bytes = std::size_t{1} << 30;
      const auto exact = Minimax<GoGame>(GoGame(plain), to_move, oracle_limits).solve();
      ASSERT_TRUE(exact.solved()) << shape[0];
      auto table = tt::TranspositionTable::with_entries(1 << 12);
      const auto r = DepthFirstPns<GoGame>(GoGame(frame.problem), to_move, table, Limits{}, DfpnOptions{}).solve();
      EXPECT_EQ(r.outcome, exact.outcome) << shape[0] << " to move " << int(to_move);
      seen.insert(exact.outcome);
      ++checked;
    }
  EXPECT_EQ(checked, 8);
  EXPECT_EQ(seen.size(), 2u);  // the mover wins some and loses some
}

TEST(GoFrame, PlainFilesTakeTheSideToMoveFromTheSolution) {
  const auto with_pl = sgf::parse("(;GM[1]SZ[9]AB[aa]AW[ba]PL[W];B[cc])");
  const auto from_move = sgf::parse("(;GM[1]SZ[9]AB[aa]AW[ba];W[cc];B[dd])");
  const auto bare = sgf::parse("(;GM[1]SZ[9]AB[aa]AW[ba])");
  EXPECT_FALSE(go_sgf_states_problem(with_pl));
  EXPECT_TRUE(go_sgf_states_problem(sgf::parse("(;GM[1]SZ[9]AB[aa]AW[ba]TR[aa])")));
  EXPECT_TRUE(go_sgf_states_problem(sgf::parse("(;GM[1]SZ[9]AB[aa]AW[ba]TR[aa]MA[aa:cc];B[bb])")));
  EXPECT_TRUE(go_sgf_states_problem(sgf::parse("(;GM[1]SZ[9]AB[aa]AW[ba]TR[aa]KORULE[simple];B[bb])")));
  EXPECT_TRUE(go_sgf_states_problem(sgf::parse("(;GM[1]SZ[9]AB[aa]AW[ba]LIVEANY[B];B[bb])")));
  // A book's diagram: a stone marked TR, then the solution.
  EXPECT_FALSE(go_sgf_states_problem(sgf::parse("(;GM[1]SZ[9]AB[aa]AW[ba]TR[aa];B[bb])")));
  EXPECT_EQ(go_position_from_sgf(with_pl, GoProblem{}).to_move, Player::White);
  const GoProblem p = go_position_from_sgf(from_move, GoProblem{});
  EXPECT_EQ(p.to_move, Player::White);
  EXPECT_EQ(p.black.size() + p.white.size(), 2u);  // the solution is not played
  EXPECT_EQ(p.size, 9);
  EXPECT_EQ(go_position_from_sgf(bare, GoProblem{}).to_move, Player::Black);
}

}  // namespace
}  // namespace dfpn::games
