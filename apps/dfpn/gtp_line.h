// The Go Text Protocol's lexical layer: a command line as GTP v2 defines
// it (control characters dropped, tabs as spaces, comments cut, an
// optional numeric id first) and the colour argument. The engine
// (gtp_command.cpp) acts on what these return.
#pragma once

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "dfpn/base/types.h"

namespace dfpn::cli {

struct GtpLine {
  std::string id;  // digits, or empty
  std::string name;
  std::vector<std::string> args;  // non-empty words without spaces or control characters
};

// nullopt for a line with no command (empty, blank, a comment, an id alone).
inline std::optional<GtpLine> parse_gtp_line(std::string_view line) {
  std::string clean;
  for (char c : line) {
    if (c == '#') break;
    if (c == '\t') c = ' ';
    if (static_cast<unsigned char>(c) < 32 || c == 127) continue;
    clean += c;
  }
  std::istringstream words(clean);
  GtpLine command;
  std::string word;
  if (!(words >> word)) return std::nullopt;
  if (std::all_of(word.begin(), word.end(), [](unsigned char c) { return std::isdigit(c); })) {
    command.id = word;
    if (!(words >> word)) return std::nullopt;
  }
  command.name = word;
  while (words >> word) command.args.push_back(word);
  return command;
}

// "b", "w", "black", "white" in any case.
inline std::optional<Player> parse_gtp_color(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  if (text == "b" || text == "black") return Player::Black;
  if (text == "w" || text == "white") return Player::White;
  return std::nullopt;
}

}  // namespace dfpn::cli
