#include "games/sgf/sgf.h"

#include <cctype>

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

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Node parse_collection() {
    skip_space();
    if (at_end()) fail("empty file: expected '(' to start a game tree");
    if (peek() != '(') fail(std::string("expected '(' to start a game tree, found '") + peek() + "'");
    Node root;
    parse_tree(root, 0);
    return root;  // further game trees in a collection are ignored
  }

 private:
  // GameTree = "(" Sequence { GameTree } ")". The first node of the sequence
  // goes into `first` (root), each further node becomes the child of the last.
  void parse_tree(Node& first, int depth) {
    if (depth > kMaxNesting) fail("variations nested too deeply");
    expect('(');
    skip_space();
    if (at_end() || peek() != ';') fail("expected ';' to start a node");
    Node* last = &first;
    bool have_first = false;
    for (;;) {
      skip_space();
      if (at_end()) fail("unexpected end of file: missing ')'");
      const char c = peek();
      if (c == ';') {
        Node* node = last;
        if (have_first) {
          last->children.emplace_back();
          node = &last->children.back();
        }
        have_first = true;
        parse_node(*node);
        last = node;
      } else if (c == '(') {
        last->children.emplace_back();
        parse_tree(last->children.back(), depth + 1);
      } else if (c == ')') {
        ++pos_;
        return;
      } else {
        fail(std::string("unexpected '") + c + "' between nodes");
      }
    }
  }

  void parse_node(Node& node) {
    node.line = line_;
    expect(';');
    for (;;) {
      skip_space();
      if (at_end() || !std::isupper(static_cast<unsigned char>(peek()))) return;
      Property property;
      while (!at_end() && std::isalpha(static_cast<unsigned char>(peek()))) {
        // FF[3] allowed lower-case letters inside identifiers ("AddBlack"); keep the capitals.
        if (std::isupper(static_cast<unsigned char>(peek()))) property.id += peek();
        ++pos_;
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
      const char c = text_[pos_++];
      if (c == '\n') ++line_, line_start_ = pos_;
      if (c == ']') return value;
      if (c == '\\') {
        if (at_end()) fail("unexpected end of file after '\\'");
        const char escaped = text_[pos_++];
        if (escaped == '\n') {  // soft line break
          ++line_, line_start_ = pos_;
          continue;
        }
        value += escaped;
        continue;
      }
      value += c;
    }
  }

  void skip_space() {
    while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) {
      if (peek() == '\n') ++line_, line_start_ = pos_ + 1;
      ++pos_;
    }
  }
  void expect(char c) {
    if (at_end() || peek() != c) fail(std::string("expected '") + c + "'");
    ++pos_;
  }
  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  [[noreturn]] void fail(const std::string& message) const {
    throw ParseError(line_, int(pos_ - line_start_) + 1, message);
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
  std::size_t line_start_ = 0;
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

Node parse(std::string_view text) { return Parser(text).parse_collection(); }

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
