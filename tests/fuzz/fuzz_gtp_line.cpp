// libFuzzer target: the GTP line parser (apps/dfpn/gtp_line.h) on any
// bytes, then the colour and vertex readers of both games on every word it
// returns, as the engine reads arguments. Checks what the engine relies on:
// an id is digits, the name and every argument are non-empty words with no
// space or control character, parsing the words again gives the same line,
// and a vertex that parses prints back to the same cell. Whole sessions
// (every command acting on an engine) are fuzz_gtp's; this target covers
// the lexical layer at full speed.
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "dfpn/gtp_line.h"
#include "games/go/go.h"
#include "games/hex/hex.h"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

bool is_word(const std::string& w) {
  if (w.empty()) return false;
  for (unsigned char c : w)
    if (c <= 32 || c == 127 || c == '#') return false;
  return true;
}

const dfpn::games::GoGame& go_board() {
  static const dfpn::games::GoGame board = [] {
    dfpn::games::GoProblem problem;
    problem.size = 19;
    return dfpn::games::GoGame::setup_board(problem);
  }();
  return board;
}

template <class G>
void check_vertex(const G& board, const std::string& word) {
  const auto move = board.parse_move(word);
  if (!move) return;
  const auto again = board.parse_move(board.move_to_string(*move));
  check(again && *again == *move);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const dfpn::games::HexGame hex(19);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const auto line = dfpn::cli::parse_gtp_line(text.substr(start, end - start));
    start = end + 1;
    if (!line) continue;
    for (unsigned char c : line->id) check(std::isdigit(c));
    check(is_word(line->name));
    std::string words = line->id + " " + line->name;
    for (const auto& arg : line->args) {
      check(is_word(arg));
      words += " " + arg;
      (void)dfpn::cli::parse_gtp_color(arg);
      check_vertex(hex, arg);
      check_vertex(go_board(), arg);
    }
    const auto again = dfpn::cli::parse_gtp_line(words);
    check(again && again->id == line->id && again->name == line->name && again->args == line->args);
  }
  return 0;
}
