// Proofs as SGF game trees that Sabaki, GoGui and HexGui can open: the
// winner's move at its turns, every defence at the loser's. The proof graph
// shares transpositions; SGF cannot, so shared subtrees are written out once
// per path (bounded by `max_nodes`).
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "dfpn/game.h"
#include "dfpn/proof.h"
#include "games/sgf/sgf.h"

namespace dfpn::cli {

// SGF's result property for a win by `winner` ("B+" / "W+").
inline std::string sgf_result(Player winner) { return winner == Player::Black ? "B+" : "W+"; }

// Adds the proof below `root` (the node that already describes the start
// position). `move_value` turns a move into the SGF property value. Throws
// std::length_error if the tree would exceed `max_nodes` nodes.
template <Game G>
void add_proof_to_sgf(G game, const Proof<MoveOf<G>>& proof, sgf::Node& root,
                      const std::function<std::string(const G&, MoveOf<G>)>& move_value,
                      std::size_t max_nodes = 2'000'000) {
  root.add("RE", {sgf_result(proof.winner)});
  std::size_t written = 1;
  std::function<void(std::uint32_t, sgf::Node&)> expand = [&](std::uint32_t node, sgf::Node& out) {
    for (const auto& edge : proof.edges_of(node)) {
      if (++written > max_nodes)
        throw std::length_error("the proof has more than " + std::to_string(max_nodes) +
                                " positions when written as a tree");
      sgf::Node child;
      child.add(game.to_move() == Player::Black ? "B" : "W", {move_value(game, edge.move)});
      ScopedMove scoped(game, edge.move);
      expand(edge.child, child);
      out.children.push_back(std::move(child));
    }
  };
  expand(0, root);
}

// Reads a proof tree back: each child node must hold one B or W move by the
// side to move; `parse_value` turns a value into a move (nullopt if it is not
// one). Throws std::invalid_argument naming the SGF line of a bad node.
template <Game G>
Proof<MoveOf<G>> proof_from_sgf(G game, const sgf::Node& root, Player winner,
                                const std::function<std::optional<MoveOf<G>>(const G&, const std::string&)>& parse_value) {
  Proof<MoveOf<G>> proof;
  proof.winner = winner;
  // Nodes are laid out breadth-first per parent so that each node's edges
  // are contiguous, as Proof requires.
  std::function<void(const sgf::Node&, std::uint32_t)> add = [&](const sgf::Node& node, std::uint32_t index) {
    proof.nodes[index].first_edge = static_cast<std::uint32_t>(proof.edges.size());
    proof.nodes[index].edge_count = static_cast<std::uint32_t>(node.children.size());
    std::vector<MoveOf<G>> moves;
    MoveListOf<G> legal;
    if (!node.children.empty()) game.generate_moves(legal);
    for (const auto& child : node.children) {
      const char* side = game.to_move() == Player::Black ? "B" : "W";
      const auto* value = child.find(side);
      if (!value)
        throw std::invalid_argument("line " + std::to_string(child.line) + ": expected a " + side + " move");
      const auto move = parse_value(game, value->front());
      if (!move)
        throw std::invalid_argument("line " + std::to_string(child.line) + ": '" + value->front() +
                                    "' is not a move");
      if (std::find(legal.begin(), legal.end(), *move) == legal.end())
        throw std::invalid_argument("line " + std::to_string(child.line) + ": " + side + "[" +
                                    value->front() + "] is not legal here");
      moves.push_back(*move);
      proof.edges.push_back({*move, static_cast<std::uint32_t>(proof.nodes.size())});
      proof.nodes.emplace_back();
    }
    const std::uint32_t first = proof.nodes[index].first_edge;
    for (std::size_t i = 0; i < node.children.size(); ++i) {
      const std::uint32_t child_index = proof.edges[first + i].child;
      ScopedMove scoped(game, moves[i]);
      add(node.children[i], child_index);
    }
  };
  proof.nodes.emplace_back();
  add(root, 0);
  return proof;
}

}  // namespace dfpn::cli
