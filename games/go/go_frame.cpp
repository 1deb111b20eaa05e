#include "games/go/go_frame.h"

#include <algorithm>
#include <array>
#include <deque>
#include <numeric>
#include <vector>

namespace dfpn::games {
namespace {

constexpr int kOpenBoard = 3;   // an open point is this many lines from every stone
constexpr int kDepthCap = 8;    // deeper than this counts as enclosed

struct Board {
  int size;
  std::vector<int> colour;  // 0 empty, 1 black, 2 white
  int at(int c, int r) const { return colour[std::size_t(r * size + c)]; }
  bool on(int c, int r) const { return c >= 0 && r >= 0 && c < size && r < size; }
};

// For each stone, how far it lies from the open board, walking through empty
// points (capped): a group enclosed by the other side's stones lies deep.
std::vector<int> depths(const Board& b, const std::vector<std::pair<int, int>>& stones) {
  const int n = b.size;
  std::vector<int> dist(std::size_t(n * n), -1);
  std::deque<std::pair<int, int>> queue;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (b.at(c, r) != 0) continue;
      const bool open = std::all_of(stones.begin(), stones.end(), [&](auto s) {
        return std::max(std::abs(s.first - c), std::abs(s.second - r)) >= kOpenBoard;
      });
      if (open) dist[std::size_t(r * n + c)] = 0, queue.emplace_back(c, r);
    }
  constexpr std::array<std::pair<int, int>, 4> kSteps{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};
  while (!queue.empty()) {
    const auto [c, r] = queue.front();
    queue.pop_front();
    for (const auto& [dc, dr] : kSteps) {
      const int x = c + dc, y = r + dr;
      if (!b.on(x, y) || b.at(x, y) != 0 || dist[std::size_t(y * n + x)] >= 0) continue;
      dist[std::size_t(y * n + x)] = dist[std::size_t(r * n + c)] + 1;
      queue.emplace_back(x, y);
    }
  }
  std::vector<int> out;
  for (const auto& [c, r] : stones) {
    int best = kDepthCap;
    for (const auto& [dc, dr] : kSteps) {
      const int x = c + dc, y = r + dr;
      if (b.on(x, y) && dist[std::size_t(y * n + x)] >= 0) best = std::min(best, dist[std::size_t(y * n + x)] + 1);
    }
    out.push_back(best);
  }
  return out;
}

double mean(const std::vector<int>& values) {
  return values.empty() ? 0.0 : double(std::accumulate(values.begin(), values.end(), 0)) / double(values.size());
}

}  // namespace

GoFrame frame_go_problem(const GoProblem& position, GoFrameOptions options) {
  const int n = position.size;
  if (position.black.empty() || position.white.empty())
    throw std::invalid_argument("cannot tell which side must live: the position needs stones of both colours "
                                "(or mark the target stones with TR)");
  Board board{n, std::vector<int>(std::size_t(n * n), 0)};
  for (const auto& [c, r] : position.black) board.colour[std::size_t(r * n + c)] = 1;
  for (const auto& [c, r] : position.white) board.colour[std::size_t(r * n + c)] = 2;
  std::vector<std::pair<int, int>> stones = position.black;
  stones.insert(stones.end(), position.white.begin(), position.white.end());

  // The defender: its stones lie deeper; on a tie, nearer the edge.
  const std::vector<int> all = depths(board, stones);
  const std::vector<int> black_depth(all.begin(), all.begin() + std::ptrdiff_t(position.black.size()));
  const std::vector<int> white_depth(all.begin() + std::ptrdiff_t(position.black.size()), all.end());
  auto edge_distance = [n](const std::vector<std::pair<int, int>>& side) {
    std::vector<int> d;
    for (const auto& [c, r] : side) d.push_back(std::min({c, r, n - 1 - c, n - 1 - r}));
    return mean(d);
  };
  Player defender = Player::Black;
  if (mean(white_depth) != mean(black_depth))
    defender = mean(white_depth) > mean(black_depth) ? Player::White : Player::Black;
  else if (edge_distance(position.white) < edge_distance(position.black))
    defender = Player::White;

  GoFrame frame;
  frame.defender = defender;
  GoProblem& p = frame.problem;
  p = position;
  // One stone per block: the whole block is the target (and a problem holds
  // at most 32 target entries, far fewer blocks than stones).
  p.targets.clear();
  {
    const auto& own = defender == Player::Black ? position.black : position.white;
    const int colour = defender == Player::Black ? 1 : 2;
    std::vector<bool> seen(std::size_t(n * n), false);
    for (const auto& start : own) {
      if (seen[std::size_t(start.second * n + start.first)]) continue;
      p.targets.push_back(start);
      std::vector<std::pair<int, int>> todo{start};
      seen[std::size_t(start.second * n + start.first)] = true;
      while (!todo.empty()) {
        const auto [c, r] = todo.back();
        todo.pop_back();
        for (const auto& [dc, dr] : std::array<std::pair<int, int>, 4>{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}}) {
          const int x = c + dc, y = r + dr;
          if (!board.on(x, y) || board.at(x, y) != colour || seen[std::size_t(y * n + x)]) continue;
          seen[std::size_t(y * n + x)] = true;
          todo.emplace_back(x, y);
        }
      }
    }
  }
  p.black_may_take_ko = defender != Player::Black;
  p.white_may_take_ko = defender != Player::White;
  p.ko_rule = KoRule::Situational;
  p.live_any.reset();

  // The region: the bounding box, widened; a side whose wall would have no
  // empty line behind it (so could be captured) reaches the edge instead.
  int c0 = n, c1 = -1, r0 = n, r1 = -1;
  for (const auto& [c, r] : stones) c0 = std::min(c0, c), c1 = std::max(c1, c), r0 = std::min(r0, r), r1 = std::max(r1, r);
  const int m = std::max(0, options.margin);
  c0 -= m, r0 -= m, c1 += m, r1 += m;
  if (c0 - 2 < 0) c0 = 0;
  if (r0 - 2 < 0) r0 = 0;
  if (c1 + 2 > n - 1) c1 = n - 1;
  if (r1 + 2 > n - 1) r1 = n - 1;
  p.region.clear();
  auto& wall = defender == Player::Black ? p.white : p.black;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const bool inside = c >= c0 && c <= c1 && r >= r0 && r <= r1;
      const bool ring = c >= c0 - 1 && c <= c1 + 1 && r >= r0 - 1 && r <= r1 + 1;
      if (inside) p.region.emplace_back(c, r);
      else if (ring) wall.emplace_back(c, r), ++frame.wall_stones;
    }
  return frame;
}

}  // namespace dfpn::games
