// `dfpn gtp` as the GUIs drive it: HexGui's and GoGui's start-up sequences,
// every command of their analyze menus, and genmove in games played to the
// end against the engine itself.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "apps/cli_runner.h"

namespace {

using namespace dfpn::testing;

// A running `dfpn gtp`, one command at a time (as a GUI or gogui-twogtp
// talks to it). stderr goes to /dev/null.
class GtpProcess {
 public:
  explicit GtpProcess(const std::vector<std::string>& args) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
    pid_ = fork();
    if (pid_ == 0) {
      dup2(to_child[0], 0);
      dup2(from_child[1], 1);
      const int null = open("/dev/null", O_WRONLY);
      dup2(null, 2);
      close(to_child[1]);
      close(from_child[0]);
      std::vector<char*> argv{const_cast<char*>(DFPN_BINARY), const_cast<char*>("gtp")};
      for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(DFPN_BINARY, argv.data());
      _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    in_ = fdopen(to_child[1], "w");
    out_ = fdopen(from_child[0], "r");
  }
  ~GtpProcess() {
    if (in_) fclose(in_);
    if (out_) fclose(out_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
  }

  // The whole response ("= ..." or "? ..."), without the blank line.
  std::string send(const std::string& command) {
    fprintf(in_, "%s\n", command.c_str());
    fflush(in_);
    std::string response;
    char line[1 << 16];
    while (fgets(line, sizeof line, out_)) {
      if (std::string(line) == "\n") break;
      response += line;
    }
    if (!response.empty() && response.back() == '\n') response.pop_back();
    return response;
  }
  // The answer of a command that must succeed.
  std::string ok(const std::string& command) {
    const std::string r = send(command);
    EXPECT_EQ(r.substr(0, 1), "=") << command << " -> " << r;
    return r.size() > 2 ? r.substr(2) : "";
  }

 private:
  pid_t pid_ = -1;
  FILE* in_ = nullptr;
  FILE* out_ = nullptr;
};

// The commands of an analyze menu ("type/label/command" lines), with the
// side to move for %m.
std::vector<std::pair<std::string, std::string>> menu(const std::string& text, const std::string& to_move) {
  std::vector<std::pair<std::string, std::string>> out;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const auto first = line.find('/'), second = line.find('/', first + 1);
    EXPECT_NE(second, std::string::npos) << line;
    if (second == std::string::npos) continue;
    std::string command = line.substr(second + 1);
    if (const auto at = command.find("%m"); at != std::string::npos) command.replace(at, 2, to_move);
    EXPECT_EQ(command.find('%'), std::string::npos) << "a wildcard the test does not fill: " << line;
    out.emplace_back(line.substr(0, first), command);
  }
  return out;
}

TEST(GtpGui, HexGuiStartUpAndItsAnalyzeMenu) {
  GtpProcess engine({"--threads", "1"});
  // What HexGui sends when a program is attached (HexGui.java).
  EXPECT_EQ(engine.ok("name"), "dfpn");
  EXPECT_FALSE(engine.ok("version").empty());
  const std::string commands = engine.ok("hexgui-analyze_commands");
  engine.ok("boardsize 5 5");
  engine.ok("play black c3");
  engine.ok("showboard");
  const auto items = menu(commands, "white");
  ASSERT_GE(items.size(), 8u);
  for (const auto& [type, command] : items) {
    EXPECT_TRUE(type == "param" || type == "string" || type == "var" || type == "plist" || type == "inferior" ||
                type == "move" || type == "none")
        << type;
    if (type == "move") continue;  // genmove would play on the board
    const std::string answer = engine.ok(command);
    if (command.starts_with("dfpn-solve-state")) {
      EXPECT_EQ(answer, "black");  // c3 wins on 5x5
    }
    if (command.starts_with("dfpn-proof-size")) {
      EXPECT_NE(answer.find("checked by the rules"), std::string::npos);
    }
    if (command.starts_with("dfpn-hex-carrier")) {
      EXPECT_FALSE(answer.empty());  // Black's winning connection
    }
    if (command.starts_with("param_dfpn")) {
      EXPECT_NE(answer.find("[string] timelimit"), std::string::npos);
    }
  }
  // An open position: a must-play region, inferior cells with HexGui's codes.
  engine.ok("boardsize 8 8");
  engine.ok("play black a1");
  engine.ok("play white b2");
  EXPECT_FALSE(engine.ok("dfpn-hex-mustplay black").empty());
  const std::string inferior = engine.ok("dfpn-hex-inferior black");
  std::istringstream pairs(inferior);
  for (std::string cell, code; pairs >> cell >> code;)
    EXPECT_TRUE(code == "fd" || code == "fb" || code == "fw" || code.starts_with("iv[") || code.starts_with("id["))
        << code;
}

TEST(GtpGui, GoGuiStartUpAndItsAnalyzeMenu) {
  GtpProcess engine({"--game", "go", "--threads", "1", "--time", "60"});
  // What GoGui sends on attaching a program and loading a problem with
  // setup stones (GtpClientBase, GtpSynchronizer).
  EXPECT_EQ(engine.ok("protocol_version"), "2");
  engine.ok("name");
  engine.ok("version");
  const std::string listed = engine.ok("list_commands");
  for (const char* needed : {"gogui-analyze_commands", "gogui-setup", "gogui-setup_player", "genmove", "komi",
                             "time_settings", "time_left"})
    EXPECT_NE(listed.find(needed), std::string::npos) << needed;
  const std::string commands = engine.ok("gogui-analyze_commands");
  engine.ok("boardsize 9");
  engine.ok("clear_board");
  engine.ok("komi 6.5");
  engine.ok("time_settings 0 1 0");
  // A straight three in the corner as a problem collection gives it:
  // stones, no targets, no region. The first to play at B9 decides.
  engine.ok("gogui-setup b A8 b B8 b C8 b D8 b D9 w A7 w B7 w C7 w D7 w E7 w E8 w E9");
  engine.ok("gogui-setup_player B");
  EXPECT_EQ(engine.send("dfpn-go-status b").substr(0, 1), "?");  // no problem stated yet
  const auto items = menu(commands, "b");
  ASSERT_GE(items.size(), 9u);
  bool framed = false;
  for (const auto& [type, command] : items) {
    EXPECT_TRUE(type == "param" || type == "string" || type == "var" || type == "plist" || type == "gfx" ||
                type == "none")
        << type;
    if (command == "dfpn-go-frame") {
      const std::string gfx = engine.ok(command);
      EXPECT_NE(gfx.find("TRIANGLE D9\n"), std::string::npos) << gfx;  // one stone for the one block
      EXPECT_NE(gfx.find("\nWHITE "), std::string::npos) << gfx;  // the wall
      framed = true;
      continue;
    }
    if (!framed) continue;  // the rest need the problem
    const std::string answer = engine.ok(command);
    if (command.starts_with("dfpn-go-status")) {
      EXPECT_EQ(answer, "black lives");
    }
    if (command.starts_with("dfpn-solve-state")) {
      EXPECT_EQ(answer, "black");
    }
    if (command.starts_with("dfpn-go-zone")) {
      EXPECT_FALSE(answer.empty());
    }
    if (command.starts_with("dfpn-proof-size")) {
      EXPECT_NE(answer.find("checked by the rules"), std::string::npos);
    }
  }
  EXPECT_TRUE(framed);
  // Each side to move plays the vital point; then the other resigns.
  EXPECT_EQ(engine.ok("dfpn-solver-find-winning b"), "B9");
  EXPECT_EQ(engine.ok("reg_genmove b"), "B9");
  EXPECT_EQ(engine.ok("genmove w"), "B9");
  EXPECT_EQ(engine.ok("genmove b"), "resign");
}

// Hex 5x5 against itself: the first player wins. A side that resigns is
// played for by the test (its first legal cell) so that the winner's
// genmove is checked on every move to the end of the game.
TEST(GtpGui, HexSelfPlayReachesTheEnd) {
  GtpProcess engine({"--threads", "1", "--size", "5"});
  std::string side = "black";
  int moves = 0, resigned = 0;
  for (; moves < 25; ++moves) {
    const std::string r = engine.send("genmove " + side);
    if (r.find("game is over") != std::string::npos) break;
    ASSERT_EQ(r.substr(0, 1), "=") << r;
    if (r == "= resign") {
      ASSERT_EQ(side, "white") << "the first player cannot lose 5x5";
      ++resigned;
      // Play on for the loser: the first empty cell.
      bool played = false;
      for (char c = 'a'; c <= 'e' && !played; ++c)
        for (int row = 1; row <= 5 && !played; ++row)
          played = engine.send("play white " + std::string(1, c) + std::to_string(row)) == "=";
      ASSERT_TRUE(played);
    }
    side = side == "black" ? "white" : "black";
  }
  EXPECT_GT(resigned, 0);
  EXPECT_LT(moves, 25);  // the game ended before the board filled
  EXPECT_EQ(engine.send("dfpn-solve-state black"), "= black");  // Black connected
}

// A Go problem played out: the defender lives, the killer resigns or
// passes at the end.
TEST(GtpGui, GoSelfPlayReachesTheEnd) {
  GtpProcess engine({"--game", "go", "--threads", "1"});
  engine.ok("boardsize 9");
  // Black's corner group with room for two eyes if Black plays first.
  engine.ok("gogui-setup b A7 b B7 b C7 b D7 b D8 b D9 w A6 w B6 w C6 w D6 w E6 w E7 w E8 w E9");
  engine.ok("dfpn-go-frame");
  std::string side = "b";
  std::string previous;
  int moves = 0;
  for (; moves < 40; ++moves) {
    const std::string move = engine.ok("genmove " + side);
    if (move == "resign" || (move == "pass" && previous == "pass")) break;
    previous = move;
    side = side == "b" ? "w" : "b";
  }
  EXPECT_LT(moves, 40);
  EXPECT_EQ(engine.ok("dfpn-go-status b"), "black lives");
}

}  // namespace
