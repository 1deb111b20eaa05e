#include "games/synthetic/synthetic.h"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "dfpn/base/random.h"

namespace dfpn::games {

std::string_view to_string(Shape s) {
  switch (s) {
    case Shape::Tree: return "tree";
    case Shape::Dag: return "dag";
    default: return "graph";
  }
}

bool parse_shape(std::string_view text, Shape& shape) {
  if (text == "tree") shape = Shape::Tree;
  else if (text == "dag") shape = Shape::Dag;
  else if (text == "graph") shape = Shape::Graph;
  else return false;
  return true;
}

std::shared_ptr<const SyntheticGraph> SyntheticGraph::generate(std::uint64_t seed,
                                                               const SyntheticParams& params) {
  if (params.depth < 1 || params.depth > 40)
    throw std::invalid_argument("synthetic depth must be in 1..40");
  if (params.max_branching < 1 || params.max_branching > kMaxBranching)
    throw std::invalid_argument("synthetic branching must be in 1..16");

  auto graph = std::make_shared<SyntheticGraph>();
  SyntheticGraph& g = *graph;
  g.seed_ = seed;
  g.params_ = params;
  SplitMix64 rng(mix64(seed ^ 0xD1B54A32D192ED03ull));
  g.repetition_loser_ = rng.chance(0.5) ? Player::Black : Player::White;

  std::vector<std::vector<std::uint32_t>> levels(params.depth + 1);
  auto add_position = [&](int level) {
    const auto id = static_cast<std::uint32_t>(g.positions_.size());
    Position p;
    p.level = static_cast<std::uint8_t>(level);
    p.to_move = static_cast<std::uint8_t>(level % 2);
    g.positions_.push_back(p);
    levels[level].push_back(id);
    return id;
  };
  auto terminal_winner = [&] {
    return static_cast<std::uint8_t>(rng.chance(params.black_win_rate) ? 0 : 1);
  };
  add_position(0);

  // Positions of level d are finished (children assigned) before level d+1
  // is visited, so children_ stays contiguous per position.
  for (int d = 0; d <= params.depth; ++d) {
    for (std::size_t i = 0; i < levels[d].size(); ++i) {
      const std::uint32_t id = levels[d][i];
      if (d == params.depth || (d > 0 && rng.chance(params.terminal_rate))) {
        g.positions_[id].winner = terminal_winner();
        continue;
      }
      const int low = std::clamp(params.min_branching, 1, params.max_branching);
      const int want = low + static_cast<int>(rng.below(params.max_branching - low + 1));
      std::vector<std::uint32_t> kids;
      for (int k = 0; k < want; ++k) {
        std::uint32_t child;
        const bool full = g.positions_.size() >= params.max_positions;
        if (params.shape == Shape::Graph && rng.chance(params.cycle_rate)) {
          // Any earlier level whose side to move matches the child's.
          const int back_level = (d + 1) % 2 + 2 * static_cast<int>(rng.below(d / 2 + 1));
          if (back_level > d || levels[back_level].empty()) continue;
          child = levels[back_level][rng.below(levels[back_level].size())];
        } else if ((params.shape != Shape::Tree && !levels[d + 1].empty() &&
                    rng.chance(params.transposition_rate)) ||
                   (full && !levels[d + 1].empty())) {
          child = levels[d + 1][rng.below(levels[d + 1].size())];
        } else {
          child = add_position(d + 1);
        }
        if (std::find(kids.begin(), kids.end(), child) == kids.end()) kids.push_back(child);
      }
      if (kids.empty()) kids.push_back(add_position(d + 1));
      Position& p = g.positions_[id];
      p.first_child = static_cast<std::uint32_t>(g.children_.size());
      p.child_count = static_cast<std::uint8_t>(kids.size());
      g.children_.insert(g.children_.end(), kids.begin(), kids.end());
    }
  }
  return graph;
}

std::uint64_t SyntheticGame::hash() const { return mix64(graph_->seed() * 0x100000001B3ull ^ current_); }

std::optional<SyntheticGame::Move> SyntheticGame::parse_move(const std::string& text) const {
  if (text.size() < 2 || text[0] != 'm') return std::nullopt;
  unsigned value = 0;
  auto [ptr, ec] = std::from_chars(text.data() + 1, text.data() + text.size(), value);
  if (ec != std::errc{} || ptr != text.data() + text.size() || value >= SyntheticGraph::kMaxBranching)
    return std::nullopt;
  return static_cast<Move>(value);
}

}  // namespace dfpn::games
