// The exact oracle: retrograde analysis of the whole reachable position graph.
//
// It enumerates every position reachable from the root (identified by hash),
// then computes the *attractor* of the side that must reach a terminal win:
// the attacker if repetitions are losses for the attacker, the defender
// otherwise. In a finite graph that side wins exactly from its attractor;
// the other side wins everywhere else by avoiding it (forever, i.e. by
// repetition, or into its own terminal wins). On acyclic games this is plain
// minimax. It is exponential in nothing but memory, and meant for small games.
//
// Valid when a position's moves and value depend on the position alone (the
// hash), which holds for every game without path-dependent legality.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <optional>
#include <unordered_map>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/limits.h"
#include "dfpn/base/result.h"

namespace dfpn {

template <Game G>
class Minimax {
 public:
  using Move = MoveOf<G>;

  Minimax(const G& game, Player attacker, Limits limits = {})
      : root_game_(game), attacker_(attacker), limits_(std::move(limits)) {}

  SolveResult<Move> solve() {
    const auto start = std::chrono::steady_clock::now();
    SolveResult<Move> result;
    Budget budget(limits_);
    G game = root_game_;
    if (!explore(game, budget)) {
      result.reason = budget.reason();
    } else {
      analyse();
      result.outcome = outcome_of(0);
      if (auto m = winning_move_at(0)) {
        result.best_move = *m;
        result.principal_variation = principal_variation();
      }
    }
    result.nodes = states_.size();
    result.time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    result.stats.emplace_back("positions", double(states_.size()));
    return result;
  }

  // After solve(): the value and a winning move of any reachable position.
  std::optional<Outcome> outcome_at(const G& game) const {
    auto it = index_.find(game.hash());
    if (it == index_.end()) return std::nullopt;
    return outcome_of(it->second);
  }
  std::optional<Move> winning_move(const G& game) const {
    auto it = index_.find(game.hash());
    if (it == index_.end()) return std::nullopt;
    return winning_move_at(it->second);
  }
  // The same as a candidate list for build_proof (empty if none).
  std::vector<Move> winning_moves(const G& game) const {
    std::vector<Move> moves;
    if (auto m = winning_move(game)) moves.push_back(*m);
    return moves;
  }

 private:
  static constexpr std::uint32_t kUnranked = 0xFFFFFFFF;

  struct State {
    Player to_move;
    Outcome settled;  // evaluate(), or repetition-free terminal
    std::uint32_t first_edge = 0, edge_count = 0;
    std::uint32_t rank = kUnranked;  // moves to force a win for the reaching side
    std::uint32_t pending = 0;       // children not yet known to be in the attractor
  };
  struct Edge {
    Move move;
    std::uint32_t child;
  };

  // Depth-first enumeration with an explicit stack (games can be deep).
  bool explore(G& game, Budget& budget) {
    struct Frame {
      std::uint32_t state;
      MoveListOf<G> moves;
      std::size_t next = 0;
      std::vector<Edge> edges;
    };
    std::vector<Frame> stack;
    auto enter = [&]() -> std::optional<std::uint32_t> {
      const auto id = static_cast<std::uint32_t>(states_.size());
      index_.emplace(game.hash(), id);
      State s{game.to_move(), game.evaluate(attacker_)};
      states_.push_back(s);
      return id;
    };
    auto push = [&](std::uint32_t id) {
      Frame f{id, {}, 0, {}};
      if (states_[id].settled == Outcome::Unknown) game.generate_moves(f.moves);
      stack.push_back(std::move(f));
    };
    push(*enter());
    while (!stack.empty()) {
      if (budget.exhausted(states_.size())) return false;
      if (states_.size() * (sizeof(State) + 48) > limits_.memory_bytes) {
        budget.stop_for(StopReason::Memory);
        return false;
      }
      Frame& f = stack.back();
      if (f.next == f.moves.size()) {
        State& s = states_[f.state];
        s.first_edge = static_cast<std::uint32_t>(edges_.size());
        s.edge_count = static_cast<std::uint32_t>(f.edges.size());
        edges_.insert(edges_.end(), f.edges.begin(), f.edges.end());
        stack.pop_back();
        if (!stack.empty()) game.undo();
        continue;
      }
      const Move m = f.moves[f.next++];
      game.play(m);
      if (auto it = index_.find(game.hash()); it != index_.end()) {
        f.edges.push_back({m, it->second});
        game.undo();
        continue;
      }
      const std::uint32_t id = *enter();
      stack.back().edges.push_back({m, id});
      push(id);  // undone when its frame pops
    }
    return true;
  }

  void analyse() {
    const bool repetition_helps_attacker =
        may_repeat(root_game_) && repetition_outcome(root_game_, attacker_) == Outcome::Proven;
    reacher_ = repetition_helps_attacker ? opponent(attacker_) : attacker_;
    const Outcome reacher_wins = reacher_ == attacker_ ? Outcome::Proven : Outcome::Disproven;

    std::vector<std::vector<std::uint32_t>> parents(states_.size());
    std::deque<std::uint32_t> queue;
    for (std::uint32_t id = 0; id < states_.size(); ++id) {
      State& s = states_[id];
      for (std::uint32_t e = 0; e < s.edge_count; ++e)
        parents[edges_[s.first_edge + e].child].push_back(id);
      s.pending = s.edge_count;
      const bool target = s.settled == reacher_wins ||
                          (s.settled == Outcome::Unknown && s.edge_count == 0 && s.to_move != reacher_);
      if (target) {
        s.rank = 0;
        queue.push_back(id);
      }
    }
    while (!queue.empty()) {
      const std::uint32_t id = queue.front();
      queue.pop_front();
      for (std::uint32_t p : parents[id]) {
        State& ps = states_[p];
        if (ps.rank != kUnranked || ps.settled != Outcome::Unknown) continue;
        if (ps.to_move == reacher_ || --ps.pending == 0) {
          ps.rank = states_[id].rank + 1;
          queue.push_back(p);
        }
      }
    }
  }

  Outcome outcome_of(std::uint32_t id) const {
    const bool reacher_wins = states_[id].rank != kUnranked;
    return (reacher_wins == (reacher_ == attacker_)) ? Outcome::Proven : Outcome::Disproven;
  }

  // A move that keeps the side to move winning: for the reaching side one that
  // lowers the rank (so play makes progress), for the other side one that
  // stays outside the attractor.
  std::optional<Move> winning_move_at(std::uint32_t id) const {
    const State& s = states_[id];
    const bool mover_is_reacher = s.to_move == reacher_;
    const bool mover_wins = (s.rank != kUnranked) == mover_is_reacher;
    if (!mover_wins || s.settled != Outcome::Unknown) return std::nullopt;
    for (std::uint32_t e = 0; e < s.edge_count; ++e) {
      const State& c = states_[edges_[s.first_edge + e].child];
      if (mover_is_reacher ? c.rank != kUnranked && c.rank < s.rank : c.rank == kUnranked)
        return edges_[s.first_edge + e].move;
    }
    return std::nullopt;
  }

  std::vector<Move> principal_variation() const {
    std::vector<Move> pv;
    std::uint32_t id = 0;
    std::vector<bool> seen(states_.size());
    while (!seen[id]) {
      seen[id] = true;
      const State& s = states_[id];
      std::optional<Move> m = winning_move_at(id);
      if (!m) {
        // Loser to move: the longest resistance (highest-rank child).
        std::uint32_t best = kUnranked;
        for (std::uint32_t e = 0; e < s.edge_count; ++e) {
          const auto& edge = edges_[s.first_edge + e];
          if (best == kUnranked || states_[edge.child].rank > states_[best].rank) {
            best = edge.child;
            m = edge.move;
          }
        }
        if (!m) break;
      }
      pv.push_back(*m);
      for (std::uint32_t e = 0; e < s.edge_count; ++e)
        if (edges_[s.first_edge + e].move == *m) id = edges_[s.first_edge + e].child;
    }
    return pv;
  }

  G root_game_;
  Player attacker_;
  Limits limits_;
  Player reacher_ = Player::Black;
  std::vector<State> states_;
  std::vector<Edge> edges_;
  std::unordered_map<std::uint64_t, std::uint32_t> index_;
};

}  // namespace dfpn
