// Smart Game Format (FF[4]) trees: a small reader and writer shared by the
// games (Go GM[1], Hex GM[11]) and the tools (proofs as SGF, problem files).
//
// A game tree is kept as nodes with children: a sequence ";B[a1];W[b2]" is a
// chain of single children, a variation "(;B[a1])(;B[b2])" gives a node two
// children. Property values are stored unescaped.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace dfpn::sgf {

struct Property {
  std::string id;                   // "B", "AB", "SZ", ...
  std::vector<std::string> values;  // at least one
};

struct Node {
  std::vector<Property> properties;
  std::vector<Node> children;
  int line = 0;  // where the node starts in the file (1-based; 0 if built in memory)

  // The values of property `id`, or nullptr if the node has none.
  const std::vector<std::string>* find(std::string_view id) const;
  // The single value of `id`, or `fallback` if absent.
  std::string value(std::string_view id, std::string fallback = {}) const;
  Node& add(std::string id, std::vector<std::string> values);
};

// A malformed file: what() is "line:column: message".
class ParseError : public std::runtime_error {
 public:
  ParseError(int line, int column, const std::string& message);
  int line() const { return line_; }
  int column() const { return column_; }

 private:
  int line_, column_;
};

// The first game tree of an SGF collection. Throws ParseError.
Node parse(std::string_view text);

// For trees too large to hold as Nodes (proofs of millions of positions):
// the first game tree read node by node, depth first. enter() gets each
// node with its properties and line but no children; leave() follows once
// the node's subtree has been read. Throws ParseError; whatever the
// visitor throws ends the read.
class TreeVisitor {
 public:
  virtual ~TreeVisitor() = default;
  virtual void enter(Node node) = 0;
  virtual void leave() = 0;
};
void read(std::istream& in, TreeVisitor& visitor);
// The events of a tree held as Nodes, for code that reads either.
void replay(const Node& root, TreeVisitor& visitor);

// A property value as error messages show it: at most 24 characters, control
// characters (a NUL would cut the message short) as '?'.
std::string shown(std::string_view value);

// The tree as SGF text, one node per line with variations indented.
std::string write(const Node& root);

// `id` and its values as SGF text ("AB[a1][b2]", values escaped), for
// writers that stream a tree too large to hold as Nodes.
std::string property_text(std::string_view id, const std::vector<std::string>& values);

// Number of nodes in the tree rooted at `root` (including it).
std::size_t count_nodes(const Node& root);

}  // namespace dfpn::sgf
