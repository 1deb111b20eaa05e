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
  // The table, value by value: in a large proof it is most of the file.
  if (!proof.certificates.empty()) {
    out << kCertificateTableProperty;
    for (const std::string& c : proof.certificates) out << sgf::property_text("", {c});
  }
  expand(0, 0, false);
  out << ")\n";
}

// Reads a proof tree back, node by node (sgf::read() streams a file of
// gigabytes through it; proof_from_sgf() below replays a tree in memory):
// each child node must hold one B or W move by the side to move, or be the
// first child and a concession (the loser's AB/AW stones, in games that can
// concede), with no sibling; `parse_value` turns a value into a move
// (nullopt if it is not one); a VC property makes a certified leaf, VD
// lists defence certificates (in full, or "#k" for the root's XC[k]); XN
// labels a node, and a node with XT (a move, no children) leads to the node
// with that label, read before it. Throws std::invalid_argument naming the
// SGF line of a bad node, std::domain_error if the tree cannot prove a win
// for `winner` (it concedes stones to the winner).
template <Game G>
class ProofSgfReader : public sgf::TreeVisitor {
 public:
  using Move = MoveOf<G>;
  using ParseValue = std::function<std::optional<Move>(const G&, const std::string&)>;

  ProofSgfReader(G game, Player winner, ParseValue parse_value)
      : game_(std::move(game)), winner_(winner), parse_value_(std::move(parse_value)) {
    proof_.winner = winner;
  }

  void enter(sgf::Node node) override {
    if (open_.empty()) return enter_root(std::move(node));
    Open& parent = open_.back();
    if (parent.transposition)
      throw std::invalid_argument(at(parent.line) + "a transposition (" + kTranspositionProperty +
                                  ") has moves or a label of its own");
    if (parent.children == 0 && !parent.concession && !node.find("B") && !node.find("W"))
      return enter_concession(std::move(node));
    if (parent.conceded_by_child)
      throw std::invalid_argument(at(parent.concession_line) + "expected a " + side_to_move() + " move");
    enter_move(std::move(node));
  }

  void leave() override {
    Open& open = open_.back();
    if (!open.transposition) {
      if (!open.conceded_by_child) finish(open);
      for (int i = 0; i < open.conceded; ++i) game_.undo();
      if (open.label) {
        if (!labelled_.emplace(*open.label, open.index).second)
          throw std::invalid_argument(at(open.line) + kSharedLabelProperty + "[" + std::to_string(*open.label) +
                                      "] labels two nodes");
      }
      if (open.moved) game_.undo();
    }
    open_.pop_back();
  }

  // The proof read; call once the whole tree is read.
  Proof<Move> take() { return std::move(proof_); }

 private:
  // A node read whose subtree is not finished. A concession node is open
  // on its own, for the same proof node as the move before it.
  struct Open {
    std::uint32_t index = 0;  // its proof node
    int line = 0;
    bool moved = false;       // a move was played to reach it (not the root)
    bool concession = false;  // a concession node
    bool conceded_by_child = false;  // its concession (a child) holds its moves
    int concession_line = 0;
    bool transposition = false;  // an XT node: no children
    int conceded = 0;            // cells conceded here, to take back
    int children = 0;
    std::optional<unsigned long long> label;  // XN
    // VC and VD, kept until it is known whether a concession follows (then
    // the concession's count) and whether the node has moves.
    std::optional<std::vector<std::string>> certificate, defences;
    int certificates_line = 0;
    bool certificates_done = false;
    std::vector<typename Proof<Move>::Edge> edges;
    std::optional<MoveListOf<G>> legal;
  };

  static std::string at(int line) { return "line " + std::to_string(line) + ": "; }
  const char* side_to_move() const { return game_.to_move() == Player::Black ? "B" : "W"; }

  static unsigned long long label_of(const sgf::Node& n, const std::vector<std::string>& values, const char* id) {
    if (values.size() != 1) throw std::invalid_argument(at(n.line) + id + " must have one value");
    const std::string& text = values.front();
    if (text.empty() || text.size() > 12 || text.find_first_not_of("0123456789") != std::string::npos)
      throw std::invalid_argument(at(n.line) + id + "[" + sgf::shown(text) + "] is not a label");
    return std::stoull(text);
  }

  static void keep_certificates(Open& open, sgf::Node& node) {
    open.certificate.reset();
    open.defences.reset();
    open.certificates_line = node.line;
    for (auto& p : node.properties) {
      if (p.id == kCertificateProperty) open.certificate = std::move(p.values);
      if (p.id == kDefenceCertificateProperty) open.defences = std::move(p.values);
    }
  }

  void enter_root(sgf::Node root) {
    // The root's certificate table comes first in proof.certificates, so
    // "#k" is index k; a certificate written out in full is added after it.
    for (auto& p : root.properties)  // moved: in a large proof the table is most of the file
      if (p.id == kCertificateTableProperty) proof_.certificates = std::move(p.values);
    table_size_ = proof_.certificates.size();
    proof_.nodes.emplace_back();
    Open& open = open_.emplace_back();
    open.line = root.line;
    if (const auto* label = root.find(kSharedLabelProperty)) open.label = label_of(root, *label, kSharedLabelProperty);
    keep_certificates(open, root);
  }

  void enter_concession(sgf::Node node) {
    Open& parent = open_.back();
    parent.children = 1;
    parent.conceded_by_child = true;
    parent.concession_line = node.line;
    Open open;
    open.index = parent.index;
    open.line = node.line;
    open.concession = true;
    if constexpr (!kCanConcede<G>) {
      throw std::invalid_argument(at(node.line) + "a setup node inside a proof (only monotone games concede cells)");
    } else {
      if (node.find(winner_ == Player::Black ? "AB" : "AW"))
        throw std::domain_error(at(node.line) + "a concession gives stones to the winner");
      const std::string loser_stones = winner_ == Player::Black ? "AW" : "AB";
      MoveListOf<G> empty;
      game_.generate_moves(empty);
      auto& n = proof_.nodes[open.index];
      n.first_conceded = static_cast<std::uint32_t>(proof_.conceded.size());
      if (const auto* cells = node.find(loser_stones)) {
        for (const auto& text : *cells) {
          const auto cell = parse_value_(game_, text);
          if (!cell) throw std::invalid_argument(at(node.line) + loser_stones + "[" + sgf::shown(text) + "] is not a cell");
          proof_.conceded.push_back(*cell);
          // A shared subproof's concession may list a cell taken already
          // on this path (empty on another); the verifier skips it too.
          if (std::find(empty.begin(), empty.end(), *cell) == empty.end()) continue;
          game_.concede(*cell, opponent(winner_));
          ++open.conceded;
        }
      }
      n.conceded_count = static_cast<std::uint32_t>(proof_.conceded.size()) - n.first_conceded;
    }
    // The concession's certificates are the node's.
    keep_certificates(open, node);
    open_.push_back(std::move(open));
  }

  void enter_move(sgf::Node node) {
    Open& parent = open_.back();
    if (parent.children++ == 0) add_certificates(parent, /*has_moves=*/true);
    const char* side = side_to_move();
    const auto* value = node.find(side);
    if (!value) throw std::invalid_argument(at(node.line) + "expected a " + side + " move");
    const auto move = parse_value_(game_, value->front());
    if (!move) throw std::invalid_argument(at(node.line) + "'" + value->front() + "' is not a move");
    if (!parent.legal) {
      parent.legal.emplace();
      game_.generate_moves(*parent.legal);
    }
    if (std::find(parent.legal->begin(), parent.legal->end(), *move) == parent.legal->end())
      throw std::invalid_argument(at(node.line) + side + "[" + value->front() + "] is not legal here");
    Open open;
    open.line = node.line;
    if (const auto* label = node.find(kTranspositionProperty)) {
      if (!kCanConcede<G>)
        throw std::invalid_argument(at(node.line) + "a transposition (" + kTranspositionProperty +
                                    ") in a game where the path to a position matters");
      if (node.find(kSharedLabelProperty))
        throw std::invalid_argument(at(node.line) + "a transposition (" + kTranspositionProperty +
                                    ") has moves or a label of its own");
      const auto it = labelled_.find(label_of(node, *label, kTranspositionProperty));
      if (it == labelled_.end())
        throw std::invalid_argument(at(node.line) + kTranspositionProperty + "[" + sgf::shown(label->front()) +
                                    "] names no node written before it (" + kSharedLabelProperty + ")");
      parent.edges.push_back({*move, it->second});
      open.transposition = true;
      open_.push_back(std::move(open));
      return;
    }
    open.index = static_cast<std::uint32_t>(proof_.nodes.size());
    proof_.nodes.emplace_back();
    parent.edges.push_back({*move, open.index});
    if (const auto* label = node.find(kSharedLabelProperty)) open.label = label_of(node, *label, kSharedLabelProperty);
    keep_certificates(open, node);
    open.moved = true;
    game_.play(*move);  // `parent` may move in memory below
    open_.push_back(std::move(open));
  }

  // The node's certificates, once it is known whether it has moves.
  void add_certificates(Open& open, bool has_moves) {
    if (open.certificates_done) return;
    open.certificates_done = true;
    auto& n = proof_.nodes[open.index];
    if (open.certificate) {
      if constexpr (!kChecksCertificates<G>) {
        throw std::invalid_argument(at(open.certificates_line) + "a certificate (" + kCertificateProperty +
                                    ") in a game that cannot check them");
      } else {
        if (has_moves)
          throw std::invalid_argument(at(open.certificates_line) + "a certified position (" + kCertificateProperty +
                                      ") has moves");
        if (open.certificate->size() != 1)
          throw std::invalid_argument(at(open.certificates_line) + "a position has " +
                                      std::to_string(open.certificate->size()) + " certificates");
        n.certificate = certificate_index(open.certificates_line, open.certificate->front());
      }
    }
    if (open.defences) {
      if constexpr (!kChecksCertificates<G>) {
        throw std::invalid_argument(at(open.certificates_line) + "certificates (" + kDefenceCertificateProperty +
                                    ") in a game that cannot check them");
      } else {
        n.first_defence_certificate = static_cast<std::uint32_t>(proof_.defence_certificates.size());
        n.defence_certificate_count = static_cast<std::uint32_t>(open.defences->size());
        for (const auto& text : *open.defences)
          proof_.defence_certificates.push_back(certificate_index(open.certificates_line, text));
      }
    }
    open.certificate.reset();
    open.defences.reset();
  }

  std::uint32_t certificate_index(int line, const std::string& text) {
    if (text.starts_with('#')) {
      const std::string number = text.substr(1);
      if (number.empty() || number.size() > 9 || number.find_first_not_of("0123456789") != std::string::npos ||
          std::stoul(number) >= table_size_)
        throw std::invalid_argument(at(line) + "certificate " + sgf::shown(text) + " is not in the root's " +
                                    kCertificateTableProperty + " (" + std::to_string(table_size_) + " certificates)");
      return static_cast<std::uint32_t>(std::stoul(number));
    }
    proof_.certificates.push_back(text);
    return static_cast<std::uint32_t>(proof_.certificates.size() - 1);
  }

  // Its moves are all read: they become the node's edges, contiguous as
  // Proof requires.
  void finish(Open& open) {
    add_certificates(open, !open.edges.empty());
    auto& n = proof_.nodes[open.index];
    n.first_edge = static_cast<std::uint32_t>(proof_.edges.size());
    n.edge_count = static_cast<std::uint32_t>(open.edges.size());
    proof_.edges.insert(proof_.edges.end(), open.edges.begin(), open.edges.end());
  }

  G game_;
  Player winner_;
  ParseValue parse_value_;
  Proof<Move> proof_;
  std::size_t table_size_ = 0;
  std::vector<Open> open_;
  // label -> node, once the node's subtree is read: a transposition names
  // a node written before it, never one of its own ancestors, so the proof
  // read back has no cycle.
  std::unordered_map<unsigned long long, std::uint32_t> labelled_;
};

// A proof tree held as sgf::Nodes, read back (ProofSgfReader).
template <Game G>
Proof<MoveOf<G>> proof_from_sgf(G game, const sgf::Node& root, Player winner,
                                const std::function<std::optional<MoveOf<G>>(const G&, const std::string&)>& parse_value) {
  ProofSgfReader<G> reader(std::move(game), winner, parse_value);
  sgf::replay(root, reader);
  return reader.take();
}

}  // namespace dfpn::cli
