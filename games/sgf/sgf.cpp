#include "games/sgf/sgf.h"

#include <cctype>
#include <istream>
#include <streambuf>
#include <string>

namespace dfpn::sgf {

const std::vector<std::string>* Node::find(std::string_view id) const {
  for (const auto& p : properties)
    if (p.id == id) return &p.values;
  return nullptr;
}

std::string Node::value(std::string_view id, std::string fallback) const {
  const auto* values = find(id);
  return values ? values->front() : fallback;
}

Node& Node::add(std::string id, std::vector<std::string> values) {
  properties.push_back({std::move(id), std::move(values)});
  return *this;
}

ParseError::ParseError(int line, int column, const std::string& message)
    : std::runtime_error(std::to_string(line) + ":" + std::to_string(column) + ": " + message),
      line_(line),
      column_(column) {}

namespace {

// Deep enough for any real game; bounds the recursion on hostile input.
constexpr int kMaxNesting = 10000;

// Reads from a stream buffer (a file, or a view of text in memory) and
// tells a visitor what it reads.
class Parser {
 public:
  Parser(std::streambuf& in, TreeVisitor& visitor) : in_(in), visitor_(visitor) {}

  void parse_collection() {
    skip_space();
    if (at_end()) fail("empty file: expected '(' to start a game tree");
    if (peek() != '(') fail(std::string("expected '(' to start a game tree, found '") + peek() + "'");
    parse_tree(0);  // further game trees in a collection are ignored
  }

 private:
  // GameTree = "(" Sequence { GameTree } ")". Each node of the sequence is
  // the child of the one before; the variations are children of the last.
  void parse_tree(int depth) {
    if (depth > kMaxNesting) fail("variations nested too deeply");
    expect('(');
    skip_space();
    if (at_end() || peek() != ';') fail("expected ';' to start a node");
    int entered = 0;
    for (;;) {
      skip_space();
      if (at_end()) fail("unexpected end of file: missing ')'");
      const char c = peek();
      if (c == ';') {
        visitor_.enter(parse_node());
        ++entered;
      } else if (c == '(') {
        parse_tree(depth + 1);
      } else if (c == ')') {
        get();
        for (int i = 0; i < entered; ++i) visitor_.leave();
        return;
      } else {
        fail(std::string("unexpected '") + c + "' between nodes");
      }
    }
  }

  Node parse_node() {
    Node node;
    node.line = line_;
    expect(';');
    for (;;) {
      skip_space();
      if (at_end() || !std::isupper(static_cast<unsigned char>(peek()))) return node;
      Property property;
      while (!at_end() && std::isalpha(static_cast<unsigned char>(peek()))) {
        // FF[3] allowed lower-case letters inside identifiers ("AddBlack"); keep the capitals.
        if (std::isupper(static_cast<unsigned char>(peek()))) property.id += peek();
        get();
      }
      skip_space();
      if (at_end() || peek() != '[') fail("property " + property.id + " has no value");
      while (!at_end() && peek() == '[') {
        property.values.push_back(parse_value());
        skip_space();
      }
      for (const auto& existing : node.properties)
        if (existing.id == property.id) fail("property " + property.id + " appears twice in a node");
      node.properties.push_back(std::move(property));
    }
  }

  std::string parse_value() {
    expect('[');
    std::string value;
    for (;;) {
      if (at_end()) fail("unexpected end of file inside a property value: missing ']'");
      const char c = get();
      if (c == ']') return value;
      if (c == '\\') {
        if (at_end()) fail("unexpected end of file after '\\'");
        const char escaped = get();
        if (escaped == '\n') continue;  // soft line break
        value += escaped;
        continue;
      }
      value += c;
    }
  }

  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) get();
  }
  void expect(char c) {
    if (at_end() || peek() != c) fail(std::string("expected '") + c + "'");
    get();
  }
  bool at_end() const { return in_.sgetc() == std::char_traits<char>::eof(); }
  char peek() const { return std::char_traits<char>::to_char_type(in_.sgetc()); }
  char get() {
    const char c = std::char_traits<char>::to_char_type(in_.sbumpc());
    ++column_;
    if (c == '\n') ++line_, column_ = 0;
    return c;
  }
  [[noreturn]] void fail(const std::string& message) const { throw ParseError(line_, column_ + 1, message); }

  std::streambuf& in_;
  TreeVisitor& visitor_;
  int line_ = 1;
  int column_ = 0;  // characters read on this line
};

// A read-only stream buffer over text in memory.
class ViewBuffer : public std::streambuf {
 public:
  explicit ViewBuffer(std::string_view text) {
    char* begin = const_cast<char*>(text.data());  // never written: no put area, no putback
    setg(begin, begin, begin + text.size());
  }
};

// Builds the Nodes of the tree it is told about.
class TreeBuilder : public TreeVisitor {
 public:
  void enter(Node node) override {
    Node* parent = open_.empty() ? nullptr : open_.back();
    if (!parent) {
      root_ = std::move(node);
      open_.push_back(&root_);
      return;
    }
    parent->children.push_back(std::move(node));
    open_.push_back(&parent->children.back());
  }
  // The open nodes' pointers stay valid: only the innermost open node gets
  // children, and when its vector grows its earlier children are all left.
  void leave() override { open_.pop_back(); }
  Node take() { return std::move(root_); }

 private:
  Node root_;
  std::vector<Node*> open_;
};

std::string escape(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

void write_node(const Node& node, std::string& out) {
  out += ';';
  for (const auto& p : node.properties) out += property_text(p.id, p.values);
}

// Writes the sequence starting at `node`, then its variations.
void write_sequence(const Node& start, std::string& out, int indent) {
  const Node* node = &start;
  write_node(*node, out);
  while (node->children.size() == 1) {
    node = &node->children.front();
    write_node(*node, out);
  }
  for (const auto& child : node->children) {
    out += '\n' + std::string(std::size_t(indent + 1), ' ') + '(';
    write_sequence(child, out, indent + 1);
    out += ')';
  }
}

}  // namespace

Node parse(std::string_view text) {
  ViewBuffer buffer(text);
  TreeBuilder builder;
  Parser(buffer, builder).parse_collection();
  return builder.take();
}

void read(std::istream& in, TreeVisitor& visitor) {
  std::streambuf* buffer = in.rdbuf();
  if (!buffer) throw ParseError(1, 1, "nothing to read");
  Parser(*buffer, visitor).parse_collection();
}

void replay(const Node& root, TreeVisitor& visitor) {
  Node node;
  node.properties = root.properties;
  node.line = root.line;
  visitor.enter(std::move(node));
  for (const Node& child : root.children) replay(child, visitor);
  visitor.leave();
}

std::string write(const Node& root) {
  std::string out = "(";
  write_sequence(root, out, 0);
  out += ")\n";
  return out;
}

std::string property_text(std::string_view id, const std::vector<std::string>& values) {
  std::string out(id);
  for (const auto& v : values) out += '[' + escape(v) + ']';
  return out;
}

std::size_t count_nodes(const Node& root) {
  std::size_t n = 1;
  for (const auto& child : root.children) n += count_nodes(child);
  return n;
}

std::string shown(std::string_view value) {
  constexpr std::size_t kMost = 24;
  std::string out;
  for (char c : value.substr(0, kMost)) out += static_cast<unsigned char>(c) < 32 || c == 127 ? '?' : c;
  return value.size() > kMost ? out + "..." : out;
}

}  // namespace dfpn::sgf
