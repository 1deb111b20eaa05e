// Relevance zones for Go life-and-death (after the relevance-zone-based
// search of Shih, Wu, Wei and Wu, AAAI 2022; written for df-pn's refutation
// pruning, dfpn/base/game.h).
//
// The zone Z of a won position Q is a set of points such that the winner
// also wins every position Q' that agrees with Q on Z -- whatever Q' holds
// elsewhere -- and on the side to move, the passes, the captured targets,
// and a ko ban inside Z (a ban outside Z may differ). Zones are built
// bottom-up:
//
// * decided positions: targets captured: {} (the flags say it); two passes:
//   {} (marked pass_won); Benson life: the target blocks, the regions vital
//   to them, and every block those regions touch, closed the same way;
//   miai life: both moves' Benson zones and what decides the moves
//   (miai_zone).
// * won by move w: the child's zone, plus what decides w's effect: w, its
//   neighbours, each neighbouring block it captures (whole, with its
//   boundary) and for each other neighbouring block a path to a liberty
//   other than w (so w captures the same stones and is legal in Q').
// * lost (the loser to move): pick a null move n -- the pass, or a refuted
//   move outside its own zone that captures nothing. A loser move outside Z
//   in Q' leaves a position that agrees with Q+n on Z(Q+n), provided it
//   captures nothing in Z: so every winner stone in Z keeps a path inside Z
//   to a liberty inside Z. Every empty point of Z is a loser move to answer:
//   a legal one brings its child's zone and its dependencies, an illegal one
//   (suicide, ko without permission) the points that make it illegal.
//   Repeat until nothing is added.
//
// df-pn uses a zone when the mover's move r is refuted and r lies outside
// the zone of Q+r: every sibling outside that zone which captures nothing
// transposes to Q+r there, so it loses too.
//
// Superko. Whether a move recreates an earlier board depends on the whole
// board and history, which a zone does not fix. Two rules keep zones sound
// anyway: every zone holds every point whose stones were captured since the
// start (State::captured_points), and a loser move outside a zone stands in
// for the null move only if it captures nothing in the zone. On the lines a
// zone of Q speaks for (from a Q' that agrees with Q on it), the winner plays
// and captures only inside the zones; so a loser stone played outside the
// current zone lands on a point that never held a loser stone before (one
// would have been captured there: the point is in the zone) and stays to the
// end. Such a move therefore parts every later board from every earlier one,
// the prefix included (the pruned sibling itself is such a move), and
// between two of them the line plays the same moves as Q's proof, whose
// boards differ from it only by what lies outside the zones, which these moves
// do not touch: a board recurs there exactly when it recurs in the proof. So
// superko bans no winner move the proof played; a loser move the proof found
// banned by superko makes the zone give up (it may be legal in Q').
// docs/design.md has the longer argument. Under the simple ko rule df-pn does
// not prune at all (repetitions).
#include <algorithm>

#include "games/go/go.h"
#include "games/go/go_board.h"

namespace dfpn::games {

using namespace go_board;

bool GoGame::captures(const State& s, Move move) const {
  if (move == kPass) return false;
  const Point theirs = other(stone_of(s.to_move));
  for (int d : kNeighbours) {
    const int q = move + d;
    if (s.board[std::size_t(q)] == theirs && liberties(s, q, 2) == 1) return true;
  }
  return false;
}

// The last liberty of every `colour` block in atari (one flood per block).
void GoGame::add_atari_liberties(const State& s, Point colour, Points& points) const {
  std::array<bool, kPoints> visited{};
  for (int p = 0; p < kPoints; ++p) {
    if (s.board[std::size_t(p)] != colour || visited[std::size_t(p)]) continue;
    int first = -1;
    bool more = false;
    for_each_in_block(s.board, p, [&](int q) {
      visited[std::size_t(q)] = true;
      for (int d : kNeighbours) {
        const int n = q + d;
        if (s.board[std::size_t(n)] != Point::Empty || n == first) continue;
        if (first < 0) first = n;
        else more = true;
      }
    });
    if (first >= 0 && !more) points.set(std::size_t(first));
  }
}

void GoGame::add_targets(Points& zone) const {
  for (std::size_t i = 0; i < targets_.size(); ++i)
    if (!target_lost(i)) zone.set(std::size_t(targets_[i]));
}

void GoGame::add_block_and_boundary(const State& s, int stone, Points& zone) const {
  for_each_in_block(s.board, stone, [&](int p) {
    zone.set(std::size_t(p));
    for (int d : kNeighbours)
      if (s.board[std::size_t(p + d)] != Point::Border) zone.set(std::size_t(p + d));
  });
}

// The stones from `stone` to the nearest liberty of its block other than
// `excluded`, and that liberty: with them fixed the block keeps a liberty.
void GoGame::add_liberty_path(const State& s, int stone, Move excluded, Points& zone) const {
  std::array<int, kPoints> parent;
  parent.fill(-2);
  int queue[kPoints];
  int head = 0, tail = 0;
  queue[tail++] = stone;
  parent[std::size_t(stone)] = -1;
  const Point colour = s.board[std::size_t(stone)];
  while (head < tail) {
    const int p = queue[head++];
    for (int d : kNeighbours) {
      const int q = p + d;
      const Point at = s.board[std::size_t(q)];
      if (at == Point::Empty && q != excluded) {
        zone.set(std::size_t(q));
        for (int x = p; x >= 0; x = parent[std::size_t(x)]) zone.set(std::size_t(x));
        return;
      }
      if (at == colour && parent[std::size_t(q)] == -2) {
        parent[std::size_t(q)] = p;
        queue[tail++] = q;
      }
    }
  }
  add_block_and_boundary(s, stone, zone);  // no other liberty: fix the block whole
}

void GoGame::add_move_dependencies(const State& s, Move move, Points& zone) const {
  zone.set(move);
  const Point theirs = other(stone_of(s.to_move));
  for (int d : kNeighbours) {
    const int q = move + d;
    const Point at = s.board[std::size_t(q)];
    if (at == Point::Border) continue;
    zone.set(std::size_t(q));
    if (at == Point::Empty) continue;
    if (at == theirs && liberties(s, q, 2) == 1) add_block_and_boundary(s, q, zone);  // captured
    else add_liberty_path(s, q, move, zone);
  }
}

// Every winner stone in the zone reaches, through winner stones in the zone,
// an empty point in the zone: no loser move outside can capture it.
void GoGame::add_winner_witnesses(Point winner, Points& zone) const {
  const auto& board = state_.board;
  std::array<bool, kPoints> done{};
  int stack[kPoints];
  for (int p = 0; p < kPoints; ++p) {
    if (!zone[std::size_t(p)] || board[std::size_t(p)] != winner || done[std::size_t(p)]) continue;
    bool free = false;
    int top = 0;
    stack[top++] = p;
    done[std::size_t(p)] = true;
    while (top > 0) {
      const int q = stack[--top];
      for (int d : kNeighbours) {
        const int n = q + d;
        if (!zone[std::size_t(n)]) continue;
        if (board[std::size_t(n)] == Point::Empty) free = true;
        if (board[std::size_t(n)] == winner && !done[std::size_t(n)]) {
          done[std::size_t(n)] = true;
          stack[top++] = n;
        }
      }
    }
    if (!free) add_liberty_path(state_, p, kPass, zone);
  }
}

std::optional<GoGame::Points> GoGame::benson_zone(const Board& board) const {
  const auto& links = scratch_.links;
  const auto& empties = scratch_.empties;
  std::vector<int> work;
  if (kill_all_) {  // one alive block is enough
    benson(stone_of(defender_), board);
    const int b = alive_defender_block();
    if (b < 0) return std::nullopt;
    work.push_back(b);
  } else {
    if (!compute_targets_alive(board)) return std::nullopt;
    for (std::size_t i = 0; i < targets_.size(); ++i)
      if (!target_lost(i)) work.push_back(scratch_.block_of[std::size_t(targets_[i])]);
  }
  const std::size_t blocks = scratch_.block_alive.size(), regions = scratch_.region_alive.size();
  std::vector<char> need_block(blocks, 0), need_region(regions, 0);
  for (int b : work) need_block[std::size_t(b)] = 1;
  while (!work.empty()) {
    const int b = work.back();
    work.pop_back();
    for (const Link& l : links) {
      if (l.block != b || need_region[std::size_t(l.region)] || !scratch_.region_alive[std::size_t(l.region)] ||
          l.empties_touching != empties[std::size_t(l.region)])
        continue;
      need_region[std::size_t(l.region)] = 1;  // vital to b: every block around it is needed too
      for (const Link& other_link : links)
        if (other_link.region == l.region && !need_block[std::size_t(other_link.block)]) {
          need_block[std::size_t(other_link.block)] = 1;
          work.push_back(other_link.block);
        }
    }
  }
  Points zone;
  for (int p = 0; p < kPoints; ++p) {
    const int b = scratch_.block_of[std::size_t(p)], r = scratch_.region_of[std::size_t(p)];
    if ((b >= 0 && need_block[std::size_t(b)]) || (r >= 0 && need_region[std::size_t(r)])) zone.set(std::size_t(p));
  }
  return zone;
}

// Miai life (go.cpp, find_miai): for each of the two moves c, the zone of
// Benson life after c, c and its neighbours, the defender blocks beside c
// with their boundaries (so c's block has the same liberties), and the
// killer blocks beside c's empty neighbours with theirs (so the same
// neighbours spoil c). Then every fact the argument uses holds wherever the
// position agrees with this one on the zone.
std::optional<GoGame::Points> GoGame::miai_zone() const {
  if (!miai_life()) return std::nullopt;
  const Miai& m = miai();
  const Point mine = stone_of(defender_), theirs = other(mine);
  Points zone;
  for (const Move c : {m.a, m.b}) {
    Board with_c = state_.board;
    with_c[c] = mine;
    const auto life = benson_zone(with_c);
    if (!life) return std::nullopt;  // cannot happen: find_miai saw it
    zone |= *life;
    zone.set(c);
    for (int d : kNeighbours) {
      const int n = c + d;
      const Point at = state_.board[std::size_t(n)];
      if (at == Point::Border) continue;
      zone.set(std::size_t(n));
      if (at == mine) add_block_and_boundary(state_, n, zone);
      if (at != Point::Empty) continue;
      for (int e : kNeighbours)
        if (state_.board[std::size_t(n + e)] == theirs) add_block_and_boundary(state_, n + e, zone);
    }
  }
  return zone;
}

// A small eye space (go.cpp): the target block, its liberties, the killer
// blocks beside it and as many of each one's liberties as the killer's plan
// needs. Whatever lies elsewhere, the same block then has the same eye space
// and every wall keeps those liberties.
std::optional<GoGame::Points> GoGame::eye_space_zone() const {
  if (!eye_space_kills()) return std::nullopt;
  const EyeSpace eye = benson_memo().eye;
  const int needed = eye.points + (state_.to_move == killer() ? 0 : 1);
  const auto& board = state_.board;
  const Point theirs = stone_of(killer());
  int first = -1;
  for (std::size_t i = 0; i < targets_.size() && first < 0; ++i)
    if (!target_lost(i)) first = targets_[i];
  Points zone, walls;
  for_each_in_block(board, first, [&](int q) {
    zone.set(std::size_t(q));
    for (int d : kNeighbours) {
      const int n = q + d;
      if (board[std::size_t(n)] == Point::Empty) zone.set(std::size_t(n));
      if (board[std::size_t(n)] == theirs) walls.set(std::size_t(n));
    }
  });
  for (int w = 0; w < kPoints; ++w) {
    if (!walls[std::size_t(w)] || zone[std::size_t(w)]) continue;
    int kept = 0;
    for_each_in_block(board, w, [&](int q) {
      zone.set(std::size_t(q));
      for (int d : kNeighbours) {
        const int n = q + d;
        if (kept < needed && board[std::size_t(n)] == Point::Empty && !zone[std::size_t(n)]) {
          zone.set(std::size_t(n));
          ++kept;
        }
      }
    });
  }
  return zone;
}

std::optional<GoGame::Zone> GoGame::decided_zone() const {
  Zone zone;
  if (kill_all_) {
    // Two passes with a defender stone on the board: that stone decides;
    // without one, or when the killer owns everything, the whole board.
    const auto stone = std::find(state_.board.begin(), state_.board.end(), stone_of(defender_));
    const bool defender_wins = evaluate(defender_) == Outcome::Proven;
    zone.pass_won = state_.passes >= 2;
    if (zone.pass_won && defender_wins) {
      zone.points.set(std::size_t(stone - state_.board.begin()));
    } else if (auto benson = defender_wins ? benson_zone() : std::nullopt) {
      zone.points = *benson;
    } else if (auto miai = defender_wins ? miai_zone() : std::nullopt) {
      zone.points = *miai;
    } else {
      for (int p = 0; p < kPoints; ++p) zone.points.set(std::size_t(p), state_.board[std::size_t(p)] != Point::Border);
    }
    zone.points |= state_.captured_points;
    return zone;
  }
  if (all_targets_captured()) return zone;
  if (state_.passes >= 2) {
    zone.pass_won = true;
  } else if (auto benson = benson_zone()) {
    zone.points = *benson;
  } else if (auto eye = eye_space_zone()) {
    zone.points = *eye;
  } else if (auto miai = miai_zone()) {
    zone.points = *miai;
  } else {
    return std::nullopt;
  }
  add_targets(zone.points);
  zone.points |= state_.captured_points;
  return zone;
}

// Decided zones go to the store too: df-pn looks at the same decided
// children at every re-expansion of their parent.
std::optional<GoGame::Zone> GoGame::zone_here() const {
  std::optional<Zone> zone;
  if (zones_->read(state_.hash, [&](const Zone& z) { zone = z; })) return zone;
  if (evaluate(defender_) == Outcome::Unknown) return std::nullopt;
  zone = decided_zone();
  if (zone) zones_->store(state_.hash, *zone);
  return zone;
}

std::optional<std::vector<GoGame::Move>> GoGame::relevance_zone() const {
  const auto zone = zone_here();
  if (!zone) return std::nullopt;
  std::vector<Move> points;
  for (int p = 0; p < kPoints; ++p)
    if (zone->points[std::size_t(p)]) points.push_back(Move(p));
  return points;
}

std::optional<GoGame::Refutation> GoGame::proof_set() const {
  if (!zones_on_ || history_.empty()) return std::nullopt;
  const auto zone = zone_here();
  if (!zone) return std::nullopt;
  const Move refuted = state_.last_move;
  if (refuted == kPass ? zone->pass_won : zone->points[refuted]) return std::nullopt;
  Refutation out;
  out.kept_ = zone->points;
  // A sibling that captures changes more than its own point: it stays.
  add_atari_liberties(history_.back(), stone_of(state_.to_move), out.kept_);
  return out;
}

void GoGame::learn_won(std::span<const Move> winning_moves) {
  if (!winning_moves.empty()) remember_reply(winning_moves.front());
  if (!zones_on_) return;
  std::optional<Zone> best;
  for (const Move w : winning_moves) {
    play(w);
    const auto child = zone_here();
    undo();
    if (!child) continue;
    Zone zone;
    zone.points = child->points;
    zone.pass_won = w == kPass;
    if (w != kPass) add_move_dependencies(state_, w, zone.points);
    if (!best || zone.points.count() < best->points.count()) best = zone;
  }
  if (!best) return;
  add_targets(best->points);
  best->points |= state_.captured_points;
  zones_->store(state_.hash, *best);
}

void GoGame::learn_lost(std::span<const Move> moves) {
  if (!zones_on_) return;
  const Point winner = other(stone_of(state_.to_move));
  auto zone_after = [&](Move m) {
    play(m);
    auto z = zone_here();
    undo();
    return z;
  };
  // The pass is always a move to answer; if the winner does not win it by
  // passing too, it is the null move.
  const auto pass_zone = zone_after(kPass);
  if (!pass_zone) return;
  Points zone = pass_zone->points;
  if (pass_zone->pass_won) {
    std::optional<Zone> null_zone;
    for (const Move m : moves) {
      if (m == kPass || captures(state_, m)) continue;
      const auto z = zone_after(m);
      if (z && !z->points[m] && (!null_zone || z->points.count() < null_zone->points.count())) null_zone = z;
    }
    if (null_zone) {
      zone |= null_zone->points;
    } else {
      for (const Move p : region_points_) zone.set(p);  // no null move: every point is a move to answer
    }
  }
  add_targets(zone);
  zone |= state_.captured_points;  // before the closure: its empty points are moves to answer too
  Points answered;
  for (bool changed = true; changed;) {
    changed = false;
    add_winner_witnesses(winner, zone);
    for (const Move p : region_points_) {
      if (!zone[p] || answered[p] || state_.board[p] != Point::Empty) continue;
      answered.set(p);
      changed = true;
      if (p == state_.ko) continue;  // banned in every position the zone speaks for
      switch (legality(p)) {
        case Legality::Legal: {  // a capture included: its block and boundary join the zone
          const auto child = zone_after(p);
          if (!child) return;
          zone |= child->points;
          add_move_dependencies(state_, p, zone);
          break;
        }
        case Legality::Illegal:  // suicide or a forbidden ko: decided by the points around
          add_move_dependencies(state_, p, zone);
          break;
        case Legality::Superko:
          return;
      }
    }
  }
  zones_->store(state_.hash, Zone{zone, false});
}

}  // namespace dfpn::games
