#include "games/sgf/sgf.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace dfpn::sgf {
namespace {

TEST(Sgf, SequencesAndVariationsBecomeChildren) {
  const Node root = parse("(;FF[4]GM[11]SZ[3];B[a1](;W[b2];B[c3])(;W[c1]))");
  EXPECT_EQ(root.value("GM"), "11");
  ASSERT_EQ(root.children.size(), 1u);
  const Node& a1 = root.children[0];
  EXPECT_EQ(a1.value("B"), "a1");
  ASSERT_EQ(a1.children.size(), 2u);
  EXPECT_EQ(a1.children[0].value("W"), "b2");
  EXPECT_EQ(a1.children[0].children[0].value("B"), "c3");
  EXPECT_EQ(a1.children[1].value("W"), "c1");
  EXPECT_EQ(count_nodes(root), 5u);
}

TEST(Sgf, ValuesListsEscapesAndLines) {
  const Node root = parse("(;AB[a1][b2]\n  C[a \\] bracket\\\\ and\\\nsoft break]\n;W[c3])");
  ASSERT_NE(root.find("AB"), nullptr);
  EXPECT_EQ(*root.find("AB"), (std::vector<std::string>{"a1", "b2"}));
  EXPECT_EQ(root.value("C"), "a ] bracket\\ andsoft break");
  EXPECT_EQ(root.find("XX"), nullptr);
  EXPECT_EQ(root.value("XX", "none"), "none");
  EXPECT_EQ(root.line, 1);
  EXPECT_EQ(root.children[0].line, 4);
}

TEST(Sgf, WriteThenParseGivesTheSameTree) {
  Node root;
  root.add("GM", {"11"}).add("C", {"has ] and \\"});
  Node a, b, c;
  a.add("B", {"a1"});
  b.add("W", {"b2"});
  c.add("W", {"c3"});
  a.children = {b, c};
  root.children = {a};
  const Node back = parse(write(root));
  EXPECT_EQ(back.value("C"), "has ] and \\");
  ASSERT_EQ(back.children.size(), 1u);
  ASSERT_EQ(back.children[0].children.size(), 2u);
  EXPECT_EQ(back.children[0].children[1].value("W"), "c3");
  EXPECT_EQ(write(back), write(root));
}

// Streamed from a file, a tree is the same events as the tree parsed and
// replayed: each node entered with its properties and line, and left once
// its subtree is read.
TEST(Sgf, AStreamedTreeIsTheParsedTree) {
  struct Recorder : TreeVisitor {
    std::vector<std::string> events;
    void enter(Node node) override {
      EXPECT_TRUE(node.children.empty());
      std::string e = "enter@" + std::to_string(node.line);
      for (const auto& p : node.properties) e += " " + property_text(p.id, p.values);
      events.push_back(e);
    }
    void leave() override { events.push_back("leave"); }
  };
  const std::string text = "(;GM[11]SZ[3]\n;B[a1]C[x\\]y]\n(;W[b2];B[c3]\n(;W[a2])(;W[a3]))\n(;W[c1]))(;GM[1])";
  Recorder streamed, replayed;
  std::istringstream in(text);
  read(in, streamed);
  replay(parse(text), replayed);
  EXPECT_EQ(streamed.events, replayed.events);
  EXPECT_EQ(streamed.events.size(), 14u) << "seven nodes of the first tree only";
  EXPECT_EQ(streamed.events[1], "enter@2 B[a1] C[x\\]y]");
  EXPECT_EQ(streamed.events.back(), "leave");

  // Errors name the line and column as parse() does.
  for (const std::string bad : {"(;B[a1]\n;W[b2]", "(;B[a1]\n x)", "\n\n(;B[a1]C[open"}) {
    std::string parsed, read_error;
    try {
      parse(bad);
    } catch (const ParseError& e) {
      parsed = e.what();
    }
    try {
      std::istringstream bad_in(bad);
      Recorder ignored;
      read(bad_in, ignored);
    } catch (const ParseError& e) {
      read_error = e.what();
    }
    EXPECT_FALSE(parsed.empty()) << bad;
    EXPECT_EQ(read_error, parsed) << bad;
  }
}

TEST(Sgf, MalformedFilesNameLineAndColumn) {
  struct Case {
    const char* text;
    int line;
    const char* message;
  };
  const Case cases[] = {
      {"", 1, "empty file"},
      {"GM[1]", 1, "expected '('"},
      {"(;GM[1]", 1, "missing ')'"},
      {"(;GM[1]\n;B[a1", 2, "missing ']'"},
      {"(;GM[1]B)", 1, "has no value"},
      {"(;B[a1]B[b2])", 1, "appears twice"},
      {"(GM[1])", 1, "expected ';'"},
      {"(;GM[1]\n\n  x)", 3, "unexpected 'x'"},
  };
  for (const auto& c : cases) {
    try {
      parse(c.text);
      ADD_FAILURE() << "accepted: " << c.text;
    } catch (const ParseError& e) {
      EXPECT_EQ(e.line(), c.line) << c.text << ": " << e.what();
      EXPECT_NE(std::string(e.what()).find(c.message), std::string::npos) << c.text << ": " << e.what();
    }
  }
}

TEST(Sgf, HostileNestingIsAnErrorNotACrash) {
  const std::string deep = std::string(200000, '(') + ";";
  EXPECT_THROW(parse(deep), ParseError);
}

}  // namespace
}  // namespace dfpn::sgf
