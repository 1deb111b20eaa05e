#include "games/go/go_sgf.h"

#include <algorithm>
#include <charconv>
#include <optional>

namespace dfpn::games {
namespace {

[[noreturn]] void fail(const sgf::Node& node, const std::string& message) {
  throw GoSgfError("line " + std::to_string(node.line) + ": " + message);
}

std::pair<int, int> one_point(const std::string& text, int size) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 's' || text[1] < 'a' || text[1] > 's')
    throw std::invalid_argument("'" + sgf::shown(text) + "' is not an SGF point");
  const std::pair<int, int> p{text[0] - 'a', text[1] - 'a'};
  if (p.first >= size || p.second >= size)
    throw std::invalid_argument("point '" + sgf::shown(text) + "' lies outside the " + std::to_string(size) + "x" +
                                std::to_string(size) + " board");
  return p;
}

std::vector<std::pair<int, int>> points_of(const sgf::Node& node, const char* id, int size) {
  std::vector<std::pair<int, int>> out;
  if (const auto* values = node.find(id)) {
    for (const auto& v : *values) {
      try {
        for (const auto& p : sgf_points(v, size)) out.push_back(p);
      } catch (const std::invalid_argument& e) {
        fail(node, std::string(id) + ": " + e.what());
      }
    }
  }
  return out;
}

}  // namespace

std::vector<std::pair<int, int>> sgf_points(const std::string& value, int size) {
  const auto colon = value.find(':');
  if (colon == std::string::npos) return {one_point(value, size)};
  const auto a = one_point(value.substr(0, colon), size), b = one_point(value.substr(colon + 1), size);
  std::vector<std::pair<int, int>> out;
  for (int r = std::min(a.second, b.second); r <= std::max(a.second, b.second); ++r)
    for (int c = std::min(a.first, b.first); c <= std::max(a.first, b.first); ++c) out.emplace_back(c, r);
  return out;
}

std::string sgf_point(const GoGame& game, GoGame::Move move) {
  if (move == GoGame::kPass) return "";
  for (int r = 0; r < game.size(); ++r)
    for (int c = 0; c < game.size(); ++c)
      if (game.point(c, r) == move) return std::string{char('a' + c), char('a' + r)};
  return "";
}

namespace {

// The board size, stones and side to move (PL) of a root.
void read_position(const sgf::Node& root, GoProblem& settings) {
  const std::string gm = root.value("GM", "1");
  if (gm != "1") fail(root, "GM[" + sgf::shown(gm) + "] is not Go (GM[1])");
  const std::string sz = root.value("SZ", "19");
  int size = 0;
  const auto [end, ec] = std::from_chars(sz.data(), sz.data() + sz.size(), size);
  if (ec != std::errc{} || end != sz.data() + sz.size() || size < 2 || size > GoGame::kMaxSize)
    fail(root, "SZ[" + sgf::shown(sz) + "]: the board size must be 2..19");
  settings.size = size;
  settings.black = points_of(root, "AB", size);
  settings.white = points_of(root, "AW", size);
  if (root.find("AE")) fail(root, "AE (removing stones) is not supported");
  const std::string pl = root.value("PL", "B");
  if (pl != "B" && pl != "W" && pl != "b" && pl != "w") fail(root, "PL[" + sgf::shown(pl) + "] must be B or W");
  settings.to_move = (pl == "B" || pl == "b") ? Player::Black : Player::White;
}

}  // namespace

bool go_sgf_states_problem(const sgf::Node& root) {
  if (root.find("LIVEANY")) return true;
  if (!root.find("TR")) return false;
  // Books mark stones with TR in their diagrams too: with moves after it
  // (a solution) and nothing else of a stated problem, TR is such a mark.
  if (root.find("MA") || root.find("SEKI") || root.find("KOTAKERS") || root.find("KORULE")) return true;
  for (const sgf::Node* node = root.children.empty() ? nullptr : &root.children.front(); node;
       node = node->children.empty() ? nullptr : &node->children.front())
    if (node->find("B") || node->find("W")) return false;
  return true;
}

GoProblem go_position_from_sgf(const sgf::Node& root, GoProblem settings) {
  read_position(root, settings);
  settings.targets.clear();
  settings.region.clear();
  if (!root.find("PL"))
    for (const sgf::Node* node = root.children.empty() ? nullptr : &root.children.front(); node;
         node = node->children.empty() ? nullptr : &node->children.front()) {
      if (node->find("B") || node->find("W")) {
        settings.to_move = node->find("B") ? Player::Black : Player::White;
        break;
      }
    }
  return settings;
}

GoGame go_from_sgf(const sgf::Node& root, GoProblem settings) {
  read_position(root, settings);
  const int size = settings.size;
  settings.targets = points_of(root, "TR", size);
  settings.region = points_of(root, "MA", size);

  std::optional<GoGame> game;
  try {
    game.emplace(settings);
  } catch (const std::invalid_argument& e) {
    fail(root, e.what());
  }
  // The main line.
  for (const sgf::Node* node = root.children.empty() ? nullptr : &root.children.front(); node;
       node = node->children.empty() ? nullptr : &node->children.front()) {
    const auto* black = node->find("B");
    const auto* white = node->find("W");
    if (!black && !white) continue;
    if (black && white) fail(*node, "a node has both a B and a W move");
    const std::string& value = (black ? *black : *white).front();
    game->set_to_move(black ? Player::Black : Player::White);
    GoGame::Move move = GoGame::kPass;
    if (!value.empty() && !(value == "tt" && size <= 19)) {
      try {
        const auto [c, r] = one_point(value, size);
        move = game->point(c, r);
      } catch (const std::invalid_argument& e) {
        fail(*node, e.what());
      }
    }
    GoGame::MoveList legal;
    game->generate_moves(legal);
    if (std::find(legal.begin(), legal.end(), move) == legal.end())
      fail(*node, std::string(black ? "B" : "W") + "[" + sgf::shown(value) + "] is not legal here (occupied, outside the region, suicide or ko)");
    game->play(move);
  }
  return *game;
}

GoProblem go_settings_from_sgf(const sgf::Node& root, GoProblem defaults) {
  if (const auto* seki = root.find("SEKI")) {
    const std::string& v = seki->front();
    if (v != "life" && v != "death") fail(root, "SEKI[" + sgf::shown(v) + "] must be life or death");
    defaults.seki_is_life = v == "life";
  }
  if (const auto* takers = root.find("KOTAKERS")) {
    const std::string& v = takers->front();
    if (v != "both" && v != "black" && v != "white" && v != "none")
      fail(root, "KOTAKERS[" + sgf::shown(v) + "] must be both, black, white or none");
    defaults.black_may_take_ko = v == "both" || v == "black";
    defaults.white_may_take_ko = v == "both" || v == "white";
  }
  if (const auto* rule = root.find("KORULE")) {
    const std::string& v = rule->front();
    const auto parsed = parse_ko_rule(v);
    if (!parsed) fail(root, "KORULE[" + sgf::shown(v) + "] must be simple, situational or positional");
    defaults.ko_rule = *parsed;
  }
  if (const auto* live_any = root.find("LIVEANY")) {
    const std::string& v = live_any->front();
    if (v != "B" && v != "W") fail(root, "LIVEANY[" + sgf::shown(v) + "] must be B or W (the side that lives if any stone lives)");
    defaults.live_any = v == "B" ? Player::Black : Player::White;
  }
  return defaults;
}

sgf::Node go_to_sgf(const GoGame& position) {
  const GoProblem problem = position.problem();
  auto values = [](const std::vector<std::pair<int, int>>& points) {
    std::vector<std::string> out;
    for (const auto& [c, r] : points) out.push_back(std::string{char('a' + c), char('a' + r)});
    return out;
  };
  sgf::Node root;
  root.add("FF", {"4"}).add("GM", {"1"}).add("SZ", {std::to_string(problem.size)}).add("AP", {"dfpn"});
  if (!problem.black.empty()) root.add("AB", values(problem.black));
  if (!problem.white.empty()) root.add("AW", values(problem.white));
  if (problem.live_any) root.add("LIVEANY", {*problem.live_any == Player::Black ? "B" : "W"});
  else root.add("TR", values(problem.targets));
  if (!problem.region.empty()) root.add("MA", values(problem.region));
  root.add("PL", {problem.to_move == Player::Black ? "B" : "W"});
  root.add("SEKI", {problem.seki_is_life ? "life" : "death"});
  const bool b = problem.black_may_take_ko, w = problem.white_may_take_ko;
  root.add("KOTAKERS", {b && w ? "both" : b ? "black" : w ? "white" : "none"});
  root.add("KORULE", {to_string(problem.ko_rule)});
  return root;
}

}  // namespace dfpn::games
