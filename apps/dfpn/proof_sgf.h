// Proofs as SGF game trees that Sabaki, GoGui and HexGui can open: the
// winner's move at its turns, every defence at the loser's.
//  * A concession (dfpn/base/proof.h) is a setup node of its own: the
//    loser's stones (AB or AW) on the conceded cells, its children the moves
//    that follow.
//  * A certified leaf (a lemma the rules game checks itself, e.g. a Hex
//    virtual connection) keeps its certificate in a VC property and has no
//    children; where the loser is to move, VD lists defence certificates: a
//    defence without a child leads to a position where one of them holds.
//    The root lists every certificate once (XC); VC and VD name them by
//    number ("#12"), since one certificate serves many positions.
//  * The proof graph shares subproofs and SGF cannot. In monotone games (Hex:
//    the position alone decides what follows, whatever the path) a shared
//    subproof is written once: its first node gets a label (XN), and every
//    later path to the same position (after the node's concession) ends in a
//    node with the move and an XT property naming that label. Written out
//    once per path instead, an 8x8 Hex proof would not fit in memory. Its
//    concession also lists the cells the loser took on the way there, which
//    other paths may reach empty. In Go, where the path matters (captures,
//    ko), the tree is unfolded.
// None of XC, XN, XT, VC, VD is in the SGF standard; viewers keep unknown
// properties.
#pragma once

#include <algorithm>
#include <cstddef>
#include <functional>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/proof_hooks.h"
#include "dfpn/base/proof.h"
#include "games/sgf/sgf.h"

namespace dfpn::cli {

// A certified leaf's certificate, the defences' certificates, and the
// root's table of all certificates.
inline constexpr const char* kCertificateProperty = "VC";
inline constexpr const char* kDefenceCertificateProperty = "VD";
inline constexpr const char* kCertificateTableProperty = "XC";
// A shared subproof's label, and a transposition to the labelled node.
inline constexpr const char* kSharedLabelProperty = "XN";
inline constexpr const char* kTranspositionProperty = "XT";

// SGF's result property for a win by `winner` ("B+" / "W+").
inline std::string sgf_result(Player winner) { return winner == Player::Black ? "B+" : "W+"; }

// Writes the proof to `out` as an SGF game tree, streamed (an 8x8 Hex
// proof as sgf::Nodes would take gigabytes): `root` describes the start
// position and gets RE and the certificate table; the proof's moves follow.
// `move_value` turns a move into the SGF property value. Throws
// std::length_error past `max_nodes` moves (a Go proof unfolded into a tree
// can grow without bound), with part of the tree already written.
template <Game G>
void write_proof_sgf(G game, const Proof<MoveOf<G>>& proof, sgf::Node root,
                     const std::function<std::string(const G&, MoveOf<G>)>& move_value, std::ostream& out,
                     std::size_t max_nodes = 100'000'000) {
  using Move = MoveOf<G>;
  root.add("RE", {sgf_result(proof.winner)});
  if (!proof.certificates.empty()) root.add(kCertificateTableProperty, proof.certificates);
  const auto certificate_name = [](std::uint32_t c) { return "#" + std::to_string(c); };
  std::size_t written = 1;
  const Player loser = opponent(proof.winner);
  const char* loser_stones = proof.winner == Player::Black ? "AW" : "AB";

  // Only a node with two parents can be reached twice; a leaf is written
  // in full, in fewer bytes than a label would take.
  std::vector<std::uint8_t> parents(proof.nodes.size());
  if constexpr (kCanConcede<G>)
    for (const auto& e : proof.edges)
      if (e.child < parents.size() && parents[e.child] < 2 && proof.nodes[e.child].edge_count > 0) ++parents[e.child];
  struct Visit {
    std::uint32_t node;
    std::uint64_t position;  // after the node's concession
    bool operator==(const Visit&) const = default;
  };
  struct VisitHash {
    std::size_t operator()(const Visit& v) const {
      return std::hash<std::uint64_t>{}(v.position ^ (std::uint64_t{v.node} * 0x9E3779B97F4A7C15ull));
    }
  };
  std::unordered_map<Visit, std::size_t, VisitHash> labels;
  std::vector<Move> taken;  // cells the loser took on the way here

  const auto free_cells = [&] {
    MoveListOf<G> empty;
    game.generate_moves(empty);
    return empty;
  };
  // Gives the loser the node's conceded cells that are empty; how many.
  const auto concede = [&](std::uint32_t node) {
    int placed = 0;
    if constexpr (kCanConcede<G>) {
      if (proof.nodes[node].conceded_count == 0) return 0;
      const auto empty = free_cells();
      for (const Move& cell : proof.conceded_of(node)) {
        if (std::find(empty.begin(), empty.end(), cell) == empty.end()) continue;
        game.concede(cell, loser);
        taken.push_back(cell);
        ++placed;
      }
    }
    return placed;
  };
  const auto take_back = [&](int placed) {
    for (int i = 0; i < placed; ++i) {
      game.undo();
      taken.pop_back();
    }
  };

  // Writes what follows the node whose move (or root) was just written:
  // its concession (a setup node), certificates, then its moves: a single
  // one continues the line, several open one variation each.
  std::function<void(std::uint32_t, int, bool)> expand = [&](std::uint32_t node, int indent, bool shared) {
    if (proof.nodes[node].conceded_count > 0) {
      const auto empty = free_cells();
      std::vector<std::string> cells;
      for (const Move& cell : proof.conceded_of(node)) {
        const bool free = std::find(empty.begin(), empty.end(), cell) != empty.end();
        if (free || (shared && std::find(taken.begin(), taken.end(), cell) != taken.end()))
          cells.push_back(move_value(game, cell));
      }
      if (!cells.empty())  // nothing left to concede: no setup node
        out << ';' << sgf::property_text(loser_stones, cells) << sgf::property_text("C", {"conceded to the loser"});
    }
    const int placed = concede(node);
    if (const auto c = proof.nodes[node].certificate; c != Proof<Move>::kNoCertificate && c < proof.certificates.size())
      out << sgf::property_text(kCertificateProperty, {certificate_name(c)});
    if (const auto defence = proof.defence_certificates_of(node); !defence.empty()) {
      std::vector<std::string> names;
      for (const std::uint32_t c : defence) names.push_back(certificate_name(c));
      out << sgf::property_text(kDefenceCertificateProperty, names);
    }
    // Below a concession a shared subtree may hold defences on cells the
    // loser already has: there is no such move here.
    const auto legal = free_cells();
    std::vector<typename Proof<Move>::Edge> edges;
    for (const auto& edge : proof.edges_of(node))
      if (std::find(legal.begin(), legal.end(), edge.move) != legal.end()) edges.push_back(edge);
    const bool loser_moves = game.to_move() == loser;
    const char* side = game.to_move() == Player::Black ? "B" : "W";
    const bool variations = edges.size() > 1;
    for (const auto& edge : edges) {
      if (++written > max_nodes)
        throw std::length_error("the proof has more than " + std::to_string(max_nodes) +
                                " positions when written as a tree");
      if (variations) out << '\n' << std::string(std::size_t(indent + 1), ' ') << '(';
      out << ';' << sgf::property_text(side, {move_value(game, edge.move)});
      game.play(edge.move);
      if (loser_moves) taken.push_back(edge.move);
      const int below = variations ? indent + 1 : indent;
      if (edge.child < parents.size() && parents[edge.child] > 1) {
        const int before = concede(edge.child);
        const Visit visit{edge.child, game.hash()};
        take_back(before);
        const auto [at, first] = labels.try_emplace(visit, labels.size());
        out << sgf::property_text(first ? kSharedLabelProperty : kTranspositionProperty, {std::to_string(at->second)});
        if (first) expand(edge.child, below, true);
      } else {
        expand(edge.child, below, false);
      }
      if (loser_moves) taken.pop_back();
      game.undo();
      if (variations) out << ')';
    }
    take_back(placed);
  };
  out << "(;";
  for (const auto& p : root.properties) out << sgf::property_text(p.id, p.values);
  expand(0, 0, false);
  out << ")\n";
}

// Reads a proof tree back: each child node must hold one B or W move by the
// side to move, or be the only child and a concession (the loser's AB/AW
// stones, in games that can concede); `parse_value` turns a value into a
// move (nullopt if it is not one); a VC property makes a certified leaf, VD
// lists defence certificates (in full, or "#k" for the root's XC[k]); XN
// labels a node, and a node with XT (a move, no children) leads to the node
// with that label. Throws std::invalid_argument naming the
// SGF line of a bad node, std::domain_error if the tree cannot prove a win
// for `winner` (it concedes stones to the winner).
template <Game G>
Proof<MoveOf<G>> proof_from_sgf(G game, const sgf::Node& root, Player winner,
                                const std::function<std::optional<MoveOf<G>>(const G&, const std::string&)>& parse_value) {
  Proof<MoveOf<G>> proof;
  proof.winner = winner;
  const std::string loser_stones = winner == Player::Black ? "AW" : "AB";
  auto at = [](const sgf::Node& n) { return "line " + std::to_string(n.line) + ": "; };
  auto label_of = [&](const sgf::Node& n, const std::vector<std::string>& values, const char* id) {
    if (values.size() != 1) throw std::invalid_argument(at(n) + id + " must have one value");
    const std::string& text = values.front();
    if (text.empty() || text.size() > 12 ||
        text.find_first_not_of("0123456789") != std::string::npos)
      throw std::invalid_argument(at(n) + id + "[" + sgf::shown(text) + "] is not a label");
    return std::stoull(text);
  };
  // label -> node, once the node's subtree is read: a transposition names
  // a node written before it, never one of its own ancestors, so the proof
  // read back has no cycle.
  std::unordered_map<unsigned long long, std::uint32_t> labelled;
  // The root's certificate table comes first in proof.certificates, so "#k"
  // is index k; a certificate written out in full is added after it.
  if (const auto* table = root.find(kCertificateTableProperty)) proof.certificates = *table;
  const std::size_t table_size = proof.certificates.size();
  auto certificate_index = [&](const sgf::Node& n, const std::string& text) {
    if (text.starts_with('#')) {
      const std::string number = text.substr(1);
      if (number.empty() || number.size() > 9 || number.find_first_not_of("0123456789") != std::string::npos ||
          std::stoul(number) >= table_size)
        throw std::invalid_argument(at(n) + "certificate " + sgf::shown(text) + " is not in the root's " +
                                    kCertificateTableProperty + " (" + std::to_string(table_size) + " certificates)");
      return static_cast<std::uint32_t>(std::stoul(number));
    }
    proof.certificates.push_back(text);
    return static_cast<std::uint32_t>(proof.certificates.size() - 1);
  };
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
            if (!cell) throw std::invalid_argument(at(*node) + loser_stones + "[" + sgf::shown(text) + "] is not a cell");
            proof.conceded.push_back(*cell);
            // A shared subproof's concession may list a cell taken already
            // on this path (empty on another); the verifier skips it too.
            if (std::find(empty.begin(), empty.end(), *cell) == empty.end()) continue;
            game.concede(*cell, opponent(winner));
            ++conceded;
          }
        }
        proof.nodes[index].conceded_count = static_cast<std::uint32_t>(proof.conceded.size()) - proof.nodes[index].first_conceded;
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
        proof.nodes[index].certificate = certificate_index(*node, certificate->front());
      }
    }
    if (const auto* defence = node->find(kDefenceCertificateProperty)) {
      if constexpr (!kChecksCertificates<G>) {
        throw std::invalid_argument(at(*node) + "certificates (" + kDefenceCertificateProperty +
                                    ") in a game that cannot check them");
      } else {
        proof.nodes[index].first_defence_certificate = static_cast<std::uint32_t>(proof.defence_certificates.size());
        proof.nodes[index].defence_certificate_count = static_cast<std::uint32_t>(defence->size());
        for (const auto& text : *defence) proof.defence_certificates.push_back(certificate_index(*node, text));
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
      if (const auto* label = child.find(kTranspositionProperty)) {
        if (!kCanConcede<G>)
          throw std::invalid_argument(at(child) + "a transposition (" + kTranspositionProperty +
                                      ") in a game where the path to a position matters");
        if (!child.children.empty() || child.find(kSharedLabelProperty))
          throw std::invalid_argument(at(child) + "a transposition (" + kTranspositionProperty +
                                      ") has moves or a label of its own");
        label_of(child, *label, kTranspositionProperty);
        proof.edges.push_back({*move, 0});  // resolved below, after the siblings before it
        continue;
      }
      proof.edges.push_back({*move, static_cast<std::uint32_t>(proof.nodes.size())});
      proof.nodes.emplace_back();
    }
    const std::uint32_t first = proof.nodes[index].first_edge;
    for (std::size_t i = 0; i < node->children.size(); ++i) {
      const sgf::Node& child = node->children[i];
      if (const auto* label = child.find(kTranspositionProperty)) {
        const auto it = labelled.find(label_of(child, *label, kTranspositionProperty));
        if (it == labelled.end())
          throw std::invalid_argument(at(child) + kTranspositionProperty + "[" + sgf::shown(label->front()) +
                                      "] names no node written before it (" + kSharedLabelProperty + ")");
        proof.edges[first + i].child = it->second;
        continue;
      }
      const std::uint32_t child_index = proof.edges[first + i].child;
      ScopedMove scoped(game, moves[i]);
      add(node->children[i], child_index);
    }
    for (int i = 0; i < conceded; ++i) game.undo();
    if (const auto* label = in.find(kSharedLabelProperty)) {
      if (!labelled.emplace(label_of(in, *label, kSharedLabelProperty), index).second)
        throw std::invalid_argument(at(in) + kSharedLabelProperty + "[" + sgf::shown(label->front()) +
                                    "] labels two nodes");
    }
  };
  proof.nodes.emplace_back();
  add(root, 0);
  return proof;
}

}  // namespace dfpn::cli
