// The explicit search graph of the best-first algorithms (PNS, PN², PSS).
//
// Each node has its key, who is to move, its children (move and node) and
// its parents; what an algorithm backs up (numbers, proof sets) comes in as
// `Data`, a base of every node. Transpositions are merged into one node (a
// DAG) unless the game can repeat positions: then a node's value can depend
// on the path to it, and the graph is kept a tree, with repetitions on the
// path scored by the game's repetition rule. A node's first parent is older
// than the node, so following first parents always ends at the root.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <boost/container/small_vector.hpp>

namespace dfpn {

template <class Move, class Data>
class BestFirstGraph {
 public:
  using NodeId = std::uint32_t;
  struct Edge {
    Move move;
    NodeId child;
  };
  struct Node : Data {
    std::uint64_t key = 0;
    bool is_or = true;  // attacker to move
    bool expanded = false;
    boost::container::small_vector<Edge, 4> children;
    boost::container::small_vector<NodeId, 1> parents;
  };

  explicit BestFirstGraph(bool merge_transpositions) : merge_(merge_transpositions) {}

  bool merges_transpositions() const { return merge_; }
  void clear() {
    nodes_.clear();
    index_.clear();
  }

  // A new node (indexed when transpositions merge).
  NodeId add(std::uint64_t key, bool is_or, std::optional<NodeId> parent) {
    const auto id = static_cast<NodeId>(nodes_.size());
    Node& n = nodes_.emplace_back();
    n.key = key;
    n.is_or = is_or;
    if (parent) n.parents.push_back(*parent);
    if (merge_) index_.emplace(key, id);
    return id;
  }
  // The node of `key` when transpositions merge and it exists.
  std::optional<NodeId> find(std::uint64_t key) const {
    if (!merge_) return std::nullopt;
    const auto it = index_.find(key);
    return it == index_.end() ? std::nullopt : std::optional<NodeId>(it->second);
  }

  Node& operator[](NodeId id) { return nodes_[id]; }
  const Node& operator[](NodeId id) const { return nodes_[id]; }
  const std::vector<Node>& nodes() const { return nodes_; }
  std::size_t size() const { return nodes_.size(); }
  bool empty() const { return nodes_.empty(); }

  // Tree mode: is `key` the position of `id`, of one of its ancestors, or
  // in `prefix` (the path above the root)?
  bool on_path(NodeId id, std::uint64_t key, const std::unordered_set<std::uint64_t>* prefix = nullptr) const {
    if (prefix && prefix->contains(key)) return true;
    for (NodeId cur = id;; cur = nodes_[cur].parents.front()) {
      if (nodes_[cur].key == key) return true;
      if (nodes_[cur].parents.empty()) return false;
    }
  }
  // Tree mode: the positions above node `id` (its ancestors and `prefix`).
  std::unordered_set<std::uint64_t> path_above(NodeId id, std::unordered_set<std::uint64_t> prefix) const {
    for (NodeId cur = id; !nodes_[cur].parents.empty();) {
      cur = nodes_[cur].parents.front();
      prefix.insert(nodes_[cur].key);
    }
    return prefix;
  }

  // Bytes of the node array and the hash index (estimated); an algorithm
  // adds what its nodes hold outside (spilled edges, set elements).
  std::size_t memory_used() const {
    return nodes_.capacity() * sizeof(Node) +
           index_.size() * (sizeof(std::uint64_t) + sizeof(NodeId) + 2 * sizeof(void*));
  }

 private:
  bool merge_;
  std::vector<Node> nodes_;
  std::unordered_map<std::uint64_t, NodeId> index_;
};

}  // namespace dfpn
