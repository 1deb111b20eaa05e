// Problem files: JSON keys land in the problem, SGF files name their game,
// and every mistake is one error that names the file, line and field.
#include "dfpn/problem.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "support/temp_file.h"

namespace dfpn::cli {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  return testing::write_temp_file("problem_" + name, text);
}

// The message of the InputError `load` throws ("" if none).
template <class F>
std::string error_of(F load) {
  try {
    load();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(Problem, JsonKeysLandInTheProblem) {
  const std::string path = write_temp("hex.json", R"({"game": "hex", "size": 5, "moves": "a1 b2",
    "prover": "white", "to_play": "black", "comment": "any text"})");
  const ProblemSpec p = load_problem_file(path);
  EXPECT_EQ(p.game, "hex");
  EXPECT_EQ(p.size, 5);
  EXPECT_EQ(p.moves, "a1 b2");
  EXPECT_EQ(p.prover, "white");
  EXPECT_EQ(p.to_play, "black");
  EXPECT_EQ(p.source, path);
}

TEST(Problem, MistakesNameTheFileLineAndField) {
  const std::string unknown = write_temp("unknown.json", "{\n  \"game\": \"hex\",\n  \"sise\": 5\n}");
  std::string e = error_of([&] { load_problem_file(unknown); });
  EXPECT_NE(e.find(unknown + ":3"), std::string::npos) << e;
  EXPECT_NE(e.find("sise"), std::string::npos) << e;

  const std::string wrong_type = write_temp("type.json", R"({"game": "hex", "size": "five"})");
  e = error_of([&] { load_problem_file(wrong_type); });
  EXPECT_NE(e.find("size"), std::string::npos) << e;

  const std::string bad_value = write_temp("value.json", R"({"game": "hex", "prover": "red"})");
  e = error_of([&] { load_problem_file(bad_value); });
  EXPECT_NE(e.find("prover"), std::string::npos) << e;
  EXPECT_NE(e.find("red"), std::string::npos) << e;

  const std::string not_json = write_temp("broken.json", "{\"game\": ");
  EXPECT_NE(error_of([&] { load_problem_file(not_json); }).find(not_json), std::string::npos);
  EXPECT_NE(error_of([&] { load_problem_file("/nonexistent/problem.json"); }), "");
}

// Found by fuzzing: a number too large for a double threw an exception the
// reader did not catch (the command crashed).
TEST(Problem, ANumberOutOfRangeIsAnInputError) {
  for (const char* text : {R"({"game": "hex", "size": 1e999})", "88888888888888888e888"}) {
    const std::string path = write_temp("overflow.json", text);
    EXPECT_NE(error_of([&] { load_problem_file(path); }), "") << text;
  }
}

TEST(Problem, SgfFilesNameTheirGame) {
  const std::string hex = write_temp("hex.sgf", "(;FF[4]GM[11]SZ[4]AB[a1])");
  EXPECT_EQ(load_problem_file(hex).game, "hex");
  const std::string go = write_temp("go.sgf", "(;FF[4]GM[1]SZ[5]AB[aa]TR[aa])");
  EXPECT_EQ(load_problem_file(go).game, "go");
  const std::string chess = write_temp("chess.sgf", "(;FF[4]GM[3])");
  EXPECT_NE(error_of([&] { load_problem_file(chess); }).find("GM[3]"), std::string::npos);
}

TEST(Problem, InFileTurnsALineErrorIntoAFileLine) {
  EXPECT_EQ(in_file("p.sgf", "line 7: bad point"), "p.sgf:7: bad point");
}

}  // namespace
}  // namespace dfpn::cli
