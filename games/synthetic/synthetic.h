// Synthetic games generated from a seed: random trees, DAGs with
// transpositions, and graphs with cycles. Every solver is checked against the
// exact oracle on thousands of them.
//
// Shape:
//  * tree  — every position has one parent.
//  * dag   — a child may be an existing position of the next level
//            (transpositions); still acyclic.
//  * graph — additionally, moves may lead back to earlier levels (cycles).
// Levels alternate the side to move (Black at the root), so a move always
// hands the turn over. Leaves at the last level, and inner positions picked
// at random, are terminal wins for Black or White.
//
// Repetition rule: a position that recurs along a line ends it as a loss for
// `repetition_loser()`, a side drawn from the seed. (Both variants occur, so
// solvers are tested with repetitions favouring either side.)
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/container/static_vector.hpp>

#include "dfpn/base/types.h"

namespace dfpn::games {

enum class Shape : std::uint8_t { Tree, Dag, Graph };

std::string_view to_string(Shape s);
bool parse_shape(std::string_view text, Shape& shape);

struct SyntheticParams {
  Shape shape = Shape::Tree;
  int depth = 6;                    // levels below the root (1..40)
  int max_branching = 3;            // children per inner position, 1..kMaxBranching
  int min_branching = 1;            // at least this many (up to max_branching)
  double terminal_rate = 0.15;      // chance an inner position is terminal
  double transposition_rate = 0.3;  // dag/graph: chance a child is an existing position
  double cycle_rate = 0.1;          // graph: chance a child lies on an earlier level
  double black_win_rate = 0.5;      // chance a terminal position is a win for Black
  std::uint32_t max_positions = 2'000'000;  // generation stops creating positions here
};

class SyntheticGraph {
 public:
  static constexpr int kMaxBranching = 16;
  static constexpr std::uint32_t kNoWinner = 0xFF;

  struct Position {
    std::uint32_t first_child = 0;
    std::uint8_t child_count = 0;
    std::uint8_t to_move = 0;        // Player as integer
    std::uint8_t winner = kNoWinner; // terminal: Player as integer
    std::uint8_t level = 0;
  };

  static std::shared_ptr<const SyntheticGraph> generate(std::uint64_t seed,
                                                        const SyntheticParams& params);

  const Position& position(std::uint32_t id) const { return positions_[id]; }
  std::uint32_t child(std::uint32_t id, int slot) const {
    return children_[positions_[id].first_child + slot];
  }
  std::size_t size() const { return positions_.size(); }
  std::size_t bytes() const {
    return positions_.capacity() * sizeof(Position) + children_.capacity() * sizeof(std::uint32_t);
  }
  std::uint64_t seed() const { return seed_; }
  Player repetition_loser() const { return repetition_loser_; }
  const SyntheticParams& params() const { return params_; }

 private:
  std::vector<Position> positions_;
  std::vector<std::uint32_t> children_;
  std::uint64_t seed_ = 0;
  Player repetition_loser_ = Player::Black;
  SyntheticParams params_;
};

class SyntheticGame {
 public:
  using Move = std::uint8_t;  // index of the child, 0..branching-1
  using MoveList = boost::container::static_vector<Move, SyntheticGraph::kMaxBranching>;

  SyntheticGame(std::uint64_t seed, const SyntheticParams& params)
      : graph_(SyntheticGraph::generate(seed, params)) {}
  explicit SyntheticGame(std::shared_ptr<const SyntheticGraph> graph) : graph_(std::move(graph)) {}

  std::uint64_t hash() const;  // position ids are distinct, so hashes never collide
  // The memory of the generated graph, shared by every copy (a process
  // budget sets it aside before sizing the table).
  std::size_t store_bytes() const { return graph_->bytes(); }
  Player to_move() const { return Player(graph_->position(current_).to_move); }

  void generate_moves(MoveList& moves) const {
    moves.clear();
    const auto& p = graph_->position(current_);
    for (std::uint8_t i = 0; i < p.child_count; ++i) moves.push_back(i);
  }
  void play(Move slot) {
    path_.push_back(current_);
    current_ = graph_->child(current_, slot);
  }
  void undo() {
    current_ = path_.back();
    path_.pop_back();
  }

  Outcome evaluate(Player attacker) const {
    const auto w = graph_->position(current_).winner;
    if (w == SyntheticGraph::kNoWinner) return Outcome::Unknown;
    return Player(w) == attacker ? Outcome::Proven : Outcome::Disproven;
  }

  // df-pn+ initial numbers from mobility: to refute an OR position every
  // move must fail, to prove an AND position every move must be answered.
  Numbers initial_numbers(Player attacker) const {
    const ProofNumber moves = std::max<ProofNumber>(1, graph_->position(current_).child_count);
    return to_move() == attacker ? Numbers{1, moves} : Numbers{moves, 1};
  }

  bool may_repeat() const { return graph_->params().shape == Shape::Graph; }
  Outcome repetition_outcome(Player attacker) const {
    return graph_->repetition_loser() == attacker ? Outcome::Disproven : Outcome::Proven;
  }

  std::string move_to_string(Move slot) const { return "m" + std::to_string(slot); }
  std::optional<Move> parse_move(const std::string& text) const;

  std::uint32_t position_id() const { return current_; }
  const SyntheticGraph& graph() const { return *graph_; }

 private:
  std::shared_ptr<const SyntheticGraph> graph_;
  std::uint32_t current_ = 0;
  std::vector<std::uint32_t> path_;
};

}  // namespace dfpn::games
