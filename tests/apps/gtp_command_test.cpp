// `dfpn gtp`: a scripted session as HexGui or a regression script drives it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "apps/cli_runner.h"

namespace {

using namespace dfpn::testing;

// The answers of a session, one per command, without the blank separators.
std::vector<std::string> answers(const std::string& output) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t end; (end = output.find("\n\n", start)) != std::string::npos; start = end + 2)
    out.push_back(output.substr(start, end - start));
  return out;
}

TEST(GtpCommand, ScriptedHexSession) {
  const auto script = write_file("session.gtp",
                                 "protocol_version\n"
                                 "1 name\n"
                                 "boardsize 4\n"
                                 "# a comment line\n"
                                 "play b a1\n"
                                 "2 dfpn-solve-state\n"
                                 "dfpn-solver-find-winning white\n"
                                 "undo\n"
                                 "dfpn-solve-state black\n"
                                 "dfpn-get-pv\n"
                                 "known_command dfpn-solve-state\n"
                                 "known_command frobnicate\n"
                                 "param_dfpn threads 1\n"
                                 "param_dfpn widening_base 1\n"
                                 "dfpn-clear-tt\n"
                                 "boardsize 3\n"
                                 "dfpn-solver-find-winning black\n"
                                 "quit\n"
                                 "name\n");
  const CommandRun r = run("gtp --threads 1 < " + script);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto a = answers(r.out);
  ASSERT_EQ(a.size(), 17u) << r.out;  // nothing after quit
  EXPECT_EQ(a[0], "= 2");
  EXPECT_EQ(a[1], "=1 dfpn");
  EXPECT_EQ(a[3], "=");
  EXPECT_EQ(a[4], "=2 white");  // 4x4 a1 loses for Black
  // White's winning replies to a1 on 4x4, each checked by a separate solve.
  EXPECT_EQ(a[5].substr(0, 2), "= ");
  EXPECT_NE(a[5].find("c2"), std::string::npos) << a[5];
  EXPECT_EQ(a[7], "= black");  // the empty board is a first-player win
  EXPECT_GT(a[8].size(), 2u);  // a principal variation
  EXPECT_EQ(a[9], "= true");
  EXPECT_EQ(a[10], "= false");
  // Black's winning 3x3 openings as the exact oracle finds them
  // (dfpn solve --game hex --size 3 --moves CELL --algo minimax), in cell
  // order; found with widening on.
  EXPECT_EQ(a[15], "= c1 a2 b2 c2 a3");
}

TEST(GtpCommand, BadCommandsAnswerWithErrors) {
  const auto script = write_file("errors.gtp",
                                 "frobnicate\n"
                                 "5 play b z9\n"
                                 "play x a1\n"
                                 "play b\n"
                                 "play b a1\n"
                                 "play w a1\n"
                                 "undo\n"
                                 "undo\n"
                                 "boardsize 99\n"
                                 "boardsize five\n"
                                 "param_dfpn epsilon much\n"
                                 "param_dfpn colour 1\n"
                                 "loadsgf /no/such/file.sgf\n"
                                 "dfpn-solver-find-winning\n"
                                 "name\n");
  const CommandRun r = run("gtp < " + script);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto a = answers(r.out);
  ASSERT_EQ(a.size(), 15u) << r.out;
  EXPECT_EQ(a[0], "? unknown command");
  EXPECT_EQ(a[1].substr(0, 3), "?5 ");
  for (int i : {2, 3, 5, 7, 8, 9, 10, 11, 12, 13}) EXPECT_EQ(a[std::size_t(i)][0], '?') << i << ": " << a[std::size_t(i)];
  EXPECT_EQ(a[4], "=");
  EXPECT_EQ(a[6], "=");
  EXPECT_EQ(a[14], "= dfpn");  // still serving
}

// GTP vertices in either case and "pass" (HexGui and match runners send
// them); parameters that are not finite numbers or out of range are
// refused, not clamped.
TEST(GtpCommand, HexTakesUpperCaseAndPassAndRefusesBadParameters) {
  const auto script = write_file("strict.gtp",
                                 "boardsize 3\n"
                                 "play b B2\n"
                                 "play w pass\n"
                                 "play b A1\n"
                                 "showboard\n"
                                 "param_dfpn epsilon nan\n"
                                 "param_dfpn timelimit inf\n"
                                 "param_dfpn threads 100000\n"
                                 "param_dfpn threads 1.5\n"
                                 "param_dfpn threads 2\n"
                                 "play b c9\n");
  const CommandRun r = run("gtp < " + script);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto a = answers(r.out);
  ASSERT_EQ(a.size(), 11u) << r.out;
  for (int i : {0, 1, 2, 3, 9}) EXPECT_EQ(a[std::size_t(i)][0], '=') << i << ": " << a[std::size_t(i)];
  for (int i : {5, 6, 7, 8, 10}) EXPECT_EQ(a[std::size_t(i)][0], '?') << i << ": " << a[std::size_t(i)];
  // b2 and a1 are Black's stones; White's pass placed none.
  EXPECT_EQ(std::count(a[4].begin(), a[4].end(), 'B'), 2) << a[4];
  EXPECT_EQ(std::count(a[4].begin(), a[4].end(), 'W'), 0) << a[4];
}

// Go widens kill-all problems by default (search_spec.h), so the engine
// resolves widening for the problem on the board, until the user sets it.
TEST(GtpCommand, KillAllProblemsWidenByDefault) {
  const auto sgf = write_file("kill_all.sgf", "(;FF[4]GM[1]SZ[5]AB[aa]AW[cc]LIVEANY[W]PL[B])");
  const auto script = write_file("kill_all.gtp", "param_dfpn\nloadsgf " + sgf +
                                                     "\nparam_dfpn\nparam_dfpn widening_base 5\nboardsize 5\n"
                                                     "param_dfpn\n");
  const CommandRun r = run("gtp --game go --threads 1 < " + script);
  const auto a = answers(r.out);
  ASSERT_EQ(a.size(), 6u) << r.out;
  EXPECT_NE(a[0].find("widening_base 0\n[string] widening_factor 0\n"), std::string::npos) << a[0];
  EXPECT_EQ(a[1], "=");
  EXPECT_NE(a[2].find("widening_base 3\n[string] widening_factor 0.25\n"), std::string::npos) << a[2];
  // Chosen by the user: kept on any board.
  EXPECT_NE(a[5].find("widening_base 5\n[string] widening_factor 0.25\n"), std::string::npos) << a[5];
}

TEST(GtpCommand, LoadsHexGuiFiles) {
  const auto sgf = write_file("position.sgf", "(;FF[4]GM[11]SZ[4];B[a1];W[b2])");
  const auto script = write_file("load.gtp", "loadsgf " + sgf + "\nshowboard\ndfpn-solve-state\n");
  const CommandRun r = run("gtp --threads 1 < " + script);
  const auto a = answers(r.out);
  ASSERT_EQ(a.size(), 3u) << r.out;
  EXPECT_EQ(a[0], "=");
  EXPECT_NE(a[1].find(" 1 B . . ."), std::string::npos) << a[1];
  EXPECT_NE(a[1].find("2 . W . ."), std::string::npos) << a[1];
  EXPECT_TRUE(a[2] == "= black" || a[2] == "= white") << a[2];
}

// Go: a problem set up stone by stone (as GoGui sends it), its terms stated
// by the dfpn-go-* commands, then solved. The position is a seki: White's A4
// and Black's B5 share their only liberties A5 and B4.
TEST(GtpCommand, GoProblemSession) {
  const auto script = write_file("go.gtp",
                                 "boardsize 5\n"
                                 "dfpn-go-status\n"           // no targets yet
                                 "play b B5\nplay b A3\nplay w A4\nplay w C5\nplay w C4\nplay w B3\n"
                                 "play w B5\n"                // occupied
                                 "dfpn-go-target A4\n"
                                 "dfpn-go-region A5 B4\n"
                                 "dfpn-go-problem\n"
                                 "dfpn-go-status black\n"
                                 "dfpn-solver-find-winning black\n"
                                 "dfpn-go-seki death\n"
                                 "dfpn-go-status black\n"
                                 "dfpn-go-ko maybe\n"
                                 "dfpn-go-target C1\n"        // no stone there
                                 "play b D1\n"                // outside the region
                                 "dfpn-solve-state white\n"
                                 "dfpn-go-ko-rule positional\ndfpn-go-problem\ndfpn-go-ko-rule japanese\n");
  const CommandRun r = run("gtp --game go --threads 1 < " + script);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto a = answers(r.out);
  ASSERT_EQ(a.size(), 23u) << r.out;
  EXPECT_EQ(a[1], "? no target stones: mark them with dfpn-go-target or dfpn-go-frame");
  for (int i = 2; i <= 7; ++i) EXPECT_EQ(a[std::size_t(i)], "=") << i;
  EXPECT_EQ(a[8][0], '?') << a[8];
  EXPECT_EQ(a[11], "= targets A4\nregion A5 B4\nseki life\nko both\nko-rule simple");
  EXPECT_EQ(a[12], "= white lives in seki");
  EXPECT_EQ(a[13], "=");  // every black move (A5, B4, pass) fails: the answer is empty
  EXPECT_EQ(a[15], "= black kills");  // seki is death now: Black passes and wins
  EXPECT_EQ(a[16].substr(0, 2), "? ");
  EXPECT_EQ(a[17].substr(0, 2), "? ");
  EXPECT_EQ(a[18].substr(0, 2), "? ");
  EXPECT_EQ(a[19], "= black");  // White to play cannot make life either
  EXPECT_EQ(a[20], "=");
  EXPECT_EQ(a[21], "= targets A4\nregion A5 B4\nseki death\nko both\nko-rule positional");
  EXPECT_EQ(a[22].substr(0, 2), "? ");
}

}  // namespace

namespace {

// Under a memory budget the engine fits in it as `dfpn solve` does: the
// table gets what the program, the threads and the game's stores leave; a
// board or a budget that cannot fit is refused and the engine keeps going.
TEST(GtpCommand, AMemoryBudgetSizesTheWholeEngine) {
  const auto script = write_file("budget.gtp",
                                 "boardsize 4\n"
                                 "param_dfpn memory_mb 40\n"
                                 "param_dfpn\n"
                                 "boardsize 19\n"
                                 "showboard\n"
                                 "dfpn-solve-state\n"
                                 "param_dfpn memory_mb 20\n"
                                 "param_dfpn memory_mb 0\n"
                                 "param_dfpn\n");
  const CommandRun r = run("gtp --threads 1 < " + script);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto a = answers(r.out);
  ASSERT_EQ(a.size(), 9u) << r.out;
  for (int i : {0, 1, 2, 4, 5, 7, 8}) EXPECT_EQ(a[std::size_t(i)][0], '=') << i << ": " << a[std::size_t(i)];
  EXPECT_NE(a[2].find("memory_mb 40"), std::string::npos) << a[2];
  // 40 MiB less the program (16), one 4x4 thread (5) and the stores: the
  // table is smaller than 19 MiB of 32-byte entries.
  const auto tt_size = [](const std::string& listing) {
    return std::stoull(listing.substr(listing.find("tt_size ") + 8));
  };
  EXPECT_LT(tt_size(a[2]), (19u << 20) / 32) << a[2];
  EXPECT_GT(tt_size(a[2]), (4u << 20) / 32) << a[2];
  // A 19x19 Hex thread needs more than the budget leaves.
  EXPECT_EQ(a[3].rfind("? boardsize: 40 MiB is too little", 0), 0u) << a[3];
  EXPECT_EQ(a[4].find("19"), std::string::npos) << a[4];  // still 4x4
  EXPECT_EQ(a[5], "= black");
  EXPECT_EQ(a[6].rfind("? memory_mb: 20 MiB is too little", 0), 0u) << a[6];
  EXPECT_NE(a[8].find("memory_mb 0"), std::string::npos) << a[8];
}

// The table saved by one engine is loaded by another, for the same board
// size only; a file that is not a table is refused with the reason.
TEST(GtpCommand, SavesAndLoadsTheTable) {
  const auto table = temp_path("gtp_table.tt");
  std::remove(table.c_str());
  const auto save = write_file("save_table.gtp", "boardsize 4\ndfpn-solve-state black\ndfpn-save-tt " + table + "\n");
  const CommandRun saved = run("gtp --threads 1 < " + save);
  const auto a = answers(saved.out);
  ASSERT_EQ(a.size(), 3u) << saved.out;
  EXPECT_EQ(a[1], "= black");
  ASSERT_EQ(a[2].substr(0, 8), "= saved ") << a[2];

  const auto not_table = write_file("not_a_table.tt", "hello");
  const auto load = write_file("load_table.gtp", "boardsize 4\ndfpn-load-tt " + table + "\ndfpn-solve-state black\n" +
                                                     "boardsize 5\ndfpn-load-tt " + table + "\ndfpn-load-tt " +
                                                     not_table + "\ndfpn-load-tt /nonexistent/table\n");
  const CommandRun loaded = run("gtp --threads 1 < " + load);
  const auto b = answers(loaded.out);
  ASSERT_EQ(b.size(), 7u) << loaded.out;
  EXPECT_EQ(b[1].substr(0, 9), "= loaded ") << b[1];
  EXPECT_EQ(b[1].substr(9), a[2].substr(8)) << "the same entries";
  EXPECT_EQ(b[2], "= black");
  EXPECT_EQ(b[4].substr(0, 2), "? ") << b[4];
  EXPECT_NE(b[4].find("/size differs"), std::string::npos) << b[4];
  EXPECT_NE(b[5].find("not a table file"), std::string::npos) << b[5];
  EXPECT_NE(b[6].find("cannot read"), std::string::npos) << b[6];
}

}  // namespace
