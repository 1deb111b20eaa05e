// Proofs as SGF game trees that Sabaki, GoGui and HexGui can open: the
// winner's move at its turns, every defence at the loser's. The proof graph
// shares transpositions; SGF cannot, so shared subtrees are written out once
// per path (bounded by `max_nodes`). A concession (dfpn/base/proof.h) is a setup
// node of its own: the loser's stones (AB or AW) on the conceded cells that
// are still empty, its children the moves that follow. A certified leaf
// (a lemma the rules game checks itself, e.g. a Hex virtual connection)
// keeps its certificate in a VC property and has no children; where the
// loser is to move, VD lists defence certificates: a defence without a child
// leads to a position where one of them holds.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

#include "dfpn/base/game.h"
#include "dfpn/base/proof_hooks.h"
#include "dfpn/base/proof.h"
#include "games/sgf/sgf.h"

namespace dfpn::cli {

// The property holding a certified leaf's certificate (not in the SGF
// standard; viewers keep unknown properties).
inline constexpr const char* kCertificateProperty = "VC";
inline constexpr const char* kDefenceCertificateProperty = "VD";

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
  const char* loser_stones = proof.winner == Player::Black ? "AW" : "AB";
  std::function<void(std::uint32_t, sgf::Node&)> expand = [&](std::uint32_t node, sgf::Node& out) {
    // A concession goes in a setup node of its own; the moves hang below it.
    sgf::Node setup;
    sgf::Node* parent = &out;
    int conceded = 0;
    if constexpr (kCanConcede<G>) {
      if (proof.nodes[node].conceded_count > 0) {
        MoveListOf<G> empty;
        game.generate_moves(empty);
        std::vector<std::string> cells;
        for (const auto& cell : proof.conceded_of(node)) {
          if (std::find(empty.begin(), empty.end(), cell) == empty.end()) continue;
          cells.push_back(move_value(game, cell));
          game.concede(cell, opponent(proof.winner));
          ++conceded;
        }
        if (!cells.empty()) {  // nothing left to concede: no setup node
          setup.add(loser_stones, cells);
          setup.add("C", {"conceded to the loser"});
          parent = &setup;
        }
      }
    }
    if (const std::string* certificate = proof.certificate_of(node)) {
      parent->add(kCertificateProperty, {*certificate});
    }
    if (const auto defence = proof.defence_certificates_of(node); !defence.empty()) {
      std::vector<std::string> texts;
      for (const std::uint32_t c : defence) texts.push_back(proof.certificates[c]);
      parent->add(kDefenceCertificateProperty, std::move(texts));
    }
    MoveListOf<G> legal;
    game.generate_moves(legal);
    for (const auto& edge : proof.edges_of(node)) {
      // Below a concession a shared subtree may hold defences on cells the
      // loser already has: there is no such move here.
      if (std::find(legal.begin(), legal.end(), edge.move) == legal.end()) continue;
      if (++written > max_nodes)
        throw std::length_error("the proof has more than " + std::to_string(max_nodes) +
                                " positions when written as a tree");
      sgf::Node child;
      child.add(game.to_move() == Player::Black ? "B" : "W", {move_value(game, edge.move)});
      {
        ScopedMove scoped(game, edge.move);
        expand(edge.child, child);
      }
      parent->children.push_back(std::move(child));
    }
    for (int i = 0; i < conceded; ++i) game.undo();
    if (parent == &setup) out.children.push_back(std::move(setup));
  };
  expand(0, root);
}

// Reads a proof tree back: each child node must hold one B or W move by the
// side to move, or be the only child and a concession (the loser's AB/AW
// stones, in games that can concede); `parse_value` turns a value into a
// move (nullopt if it is not one); a VC property makes a certified leaf, VD
// lists defence certificates. Throws std::invalid_argument naming the
// SGF line of a bad node, std::domain_error if the tree cannot prove a win
// for `winner` (it concedes stones to the winner).
template <Game G>
Proof<MoveOf<G>> proof_from_sgf(G game, const sgf::Node& root, Player winner,
                                const std::function<std::optional<MoveOf<G>>(const G&, const std::string&)>& parse_value) {
  Proof<MoveOf<G>> proof;
  proof.winner = winner;
  const std::string loser_stones = winner == Player::Black ? "AW" : "AB";
  auto at = [](const sgf::Node& n) { return "line " + std::to_string(n.line) + ": "; };
  // Nodes are laid out breadth-first per parent so that each node's edges
  // are contiguous, as Proof requires.
  std::function<void(const sgf::Node&, std::uint32_t)> add = [&](const sgf::Node& in, std::uint32_t index) {
    const sgf::Node* node = &in;
    int conceded = 0;
    const bool concession = in.children.size() == 1 && !in.children[0].find("B") && !in.children[0].find("W");
    if (concession) {
      node = &in.children[0];
      if constexpr (!kCanConcede<G>) {
        throw std::invalid_argument(at(*node) + "a setup node inside a proof (only monotone games concede cells)");
      } else {
        if (node->find(winner == Player::Black ? "AB" : "AW"))
          throw std::domain_error(at(*node) + "a concession gives stones to the winner");
        MoveListOf<G> empty;
        game.generate_moves(empty);
        proof.nodes[index].first_conceded = static_cast<std::uint32_t>(proof.conceded.size());
        if (const auto* cells = node->find(loser_stones)) {
          for (const auto& text : *cells) {
            const auto cell = parse_value(game, text);
            if (!cell || std::find(empty.begin(), empty.end(), *cell) == empty.end())
              throw std::invalid_argument(at(*node) + loser_stones + "[" + text + "] is not an empty cell");
            proof.conceded.push_back(*cell);
            game.concede(*cell, opponent(winner));
            ++conceded;
          }
        }
        proof.nodes[index].conceded_count = static_cast<std::uint32_t>(conceded);
      }
    }
    if (const auto* certificate = node->find(kCertificateProperty)) {
      if constexpr (!kChecksCertificates<G>) {
        throw std::invalid_argument(at(*node) + "a certificate (" + kCertificateProperty +
                                    ") in a game that cannot check them");
      } else {
        if (!node->children.empty())
          throw std::invalid_argument(at(*node) + "a certified position (" + kCertificateProperty + ") has moves");
        if (certificate->size() != 1)
          throw std::invalid_argument(at(*node) + "a position has " + std::to_string(certificate->size()) +
                                      " certificates");
        proof.nodes[index].certificate = static_cast<std::uint32_t>(proof.certificates.size());
        proof.certificates.push_back(certificate->front());
      }
    }
    if (const auto* defence = node->find(kDefenceCertificateProperty)) {
      if constexpr (!kChecksCertificates<G>) {
        throw std::invalid_argument(at(*node) + "certificates (" + kDefenceCertificateProperty +
                                    ") in a game that cannot check them");
      } else {
        proof.nodes[index].first_defence_certificate = static_cast<std::uint32_t>(proof.defence_certificates.size());
        proof.nodes[index].defence_certificate_count = static_cast<std::uint32_t>(defence->size());
        for (const auto& text : *defence) {
          proof.defence_certificates.push_back(static_cast<std::uint32_t>(proof.certificates.size()));
          proof.certificates.push_back(text);
        }
      }
    }
    proof.nodes[index].first_edge = static_cast<std::uint32_t>(proof.edges.size());
    proof.nodes[index].edge_count = static_cast<std::uint32_t>(node->children.size());
    std::vector<MoveOf<G>> moves;
    MoveListOf<G> legal;
    if (!node->children.empty()) game.generate_moves(legal);
    for (const auto& child : node->children) {
      const char* side = game.to_move() == Player::Black ? "B" : "W";
      const auto* value = child.find(side);
      if (!value) throw std::invalid_argument(at(child) + "expected a " + side + " move");
      const auto move = parse_value(game, value->front());
      if (!move) throw std::invalid_argument(at(child) + "'" + value->front() + "' is not a move");
      if (std::find(legal.begin(), legal.end(), *move) == legal.end())
        throw std::invalid_argument(at(child) + side + "[" + value->front() + "] is not legal here");
      moves.push_back(*move);
      proof.edges.push_back({*move, static_cast<std::uint32_t>(proof.nodes.size())});
      proof.nodes.emplace_back();
    }
    const std::uint32_t first = proof.nodes[index].first_edge;
    for (std::size_t i = 0; i < node->children.size(); ++i) {
      const std::uint32_t child_index = proof.edges[first + i].child;
      ScopedMove scoped(game, moves[i]);
      add(node->children[i], child_index);
    }
    for (int i = 0; i < conceded; ++i) game.undo();
  };
  proof.nodes.emplace_back();
  add(root, 0);
  return proof;
}

}  // namespace dfpn::cli
