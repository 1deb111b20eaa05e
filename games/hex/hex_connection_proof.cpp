#include "games/hex/hex_connection_proof.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <string_view>
#include <utility>

#include "games/hex/h_search.h"
#include "games/hex/hex.h"

namespace dfpn::games {
namespace {

// The board as the side sees it: each end becomes a node (an empty cell,
// or a group of the side's stones, the stones touching an edge being that
// edge's group).
class SideView {
 public:
  SideView(const HexCells& cells, int n, Player side)
      : cells_(cells), n_(n), own_(side == Player::Black ? 1 : 2), black_(side == Player::Black),
        group_(std::size_t(n * n), -1) {
    for (int edge = 0; edge < 2; ++edge)
      for (int cell = 0; cell < n * n; ++cell)
        if (cells[std::size_t(cell)] == own_ && on_edge(cell, edge) && group_[std::size_t(cell)] < 0) flood(cell, edge);
    for (int cell = 0; cell < n * n; ++cell)
      if (cells[std::size_t(cell)] == own_ && group_[std::size_t(cell)] < 0) flood(cell, groups_++);
  }

  // The node of an end, or -1 for a cell off the board or the opponent's.
  int node(int end) const {
    if (end == VirtualConnections::kFirstEdge) return n_ * n_;
    if (end == VirtualConnections::kSecondEdge) return n_ * n_ + 1;
    if (end < 0 || end >= n_ * n_) return -1;
    if (cells_[std::size_t(end)] == 0) return end;
    return cells_[std::size_t(end)] == own_ ? n_ * n_ + group_[std::size_t(end)] : -1;
  }
  bool is_cell(int node) const { return node < n_ * n_; }
  int edge_of(int node) const { return node == n_ * n_ ? 0 : node == n_ * n_ + 1 ? 1 : -1; }
  bool empty(int cell) const { return cells_[std::size_t(cell)] == 0; }
  int size() const { return n_; }
  bool black() const { return black_; }

  bool on_edge(int cell, int edge) const {
    const int along = black_ ? cell / n_ : cell % n_;
    return along == (edge == 0 ? 0 : n_ - 1);
  }
  // The cells of a node: the cell itself, or the group's stones.
  std::vector<int> members(int node) const {
    if (is_cell(node)) return {node};
    std::vector<int> out;
    for (int cell = 0; cell < n_ * n_; ++cell)
      if (group_[std::size_t(cell)] == node - n_ * n_) out.push_back(cell);
    return out;
  }
  bool adjacent(int a, int b) const {
    const std::vector<int> in_a = members(a), in_b = members(b);
    for (const int u : in_a)
      for (const int v : in_b)
        if (neighbours(u, v)) return true;
    for (const auto& [edge_node, other] : {std::pair{a, in_b}, std::pair{b, in_a}}) {
      const int edge = edge_of(edge_node);
      if (edge < 0) continue;
      for (const int v : other)
        if (on_edge(v, edge)) return true;
    }
    return false;
  }

 private:
  bool neighbours(int u, int v) const {
    for (int k = 0; k < 6; ++k) {
      const int r = u / n_ + kRingRows[std::size_t(k)], c = u % n_ + kRingCols[std::size_t(k)];
      if (r >= 0 && c >= 0 && r < n_ && c < n_ && r * n_ + c == v) return true;
    }
    return false;
  }
  void flood(int start, int id) {
    std::vector<int> stack = {start};
    group_[std::size_t(start)] = id;
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      for (int k = 0; k < 6; ++k) {
        const int r = cell / n_ + kRingRows[std::size_t(k)], c = cell % n_ + kRingCols[std::size_t(k)];
        if (r < 0 || c < 0 || r >= n_ || c >= n_) continue;
        const int next = r * n_ + c;
        if (cells_[std::size_t(next)] == own_ && group_[std::size_t(next)] < 0) group_[std::size_t(next)] = id, stack.push_back(next);
      }
    }
  }

  const HexCells& cells_;
  int n_;
  std::uint8_t own_;
  bool black_;
  std::vector<int> group_;  // per cell: group id (0, 1 the edges) or -1
  int groups_ = 2;
};

// The fourth-row template's carriers for an anchor cell towards an edge
// (both mirror images); empty when it does not fit on the board.
std::vector<CellSet> template_carriers(const SideView& view, int anchor, int edge) {
  const int n = view.size();
  const int row = view.black() ? anchor / n : anchor % n, col = view.black() ? anchor % n : anchor / n;
  std::vector<CellSet> out;
  if (row != (edge == 0 ? 3 : n - 4)) return out;
  for (int mirrored = 0; mirrored < 2; ++mirrored) {
    CellSet carrier;
    bool fits = true;
    for (const auto& offset : kFourthRowTemplate) {
      // Template rows run towards Black's first edge; mirror about the
      // anchor's axis, turn towards the second edge, transpose for White.
      int dr = offset[0], dc = mirrored ? -offset[1] - offset[0] : offset[1];
      if (edge == 1) dr = -dr, dc = -dc;
      const int r = row + dr, c = col + dc;
      if (r < 0 || c < 0 || r >= n || c >= n) {
        fits = false;
        break;
      }
      carrier.insert(view.black() ? r * n + c : c * n + r);
    }
    if (fits) out.push_back(carrier);
  }
  return out;
}

struct Checked {
  int a, b;  // nodes
  int key;
  CellSet carrier;
};

}  // namespace

namespace {

constexpr std::array<char, 4> kRuleLetters = {'A', 'T', 'N', 'O'};

std::string comma_list(const std::vector<int>& values) {
  if (values.empty()) return "-";
  std::string out;
  for (const int v : values) out += (out.empty() ? "" : ",") + std::to_string(v);
  return out;
}

// A comma list of whole numbers in [low, high], or "-" for none. (Proofs
// hold hundreds of thousands of certificates: no streams here.)
bool parse_list(std::string_view text, int low, int high, std::vector<int>& out) {
  out.clear();
  if (text == "-") return true;
  for (;;) {
    const std::size_t comma = std::min(text.find(','), text.size());
    const std::string_view item = text.substr(0, comma);
    int value = 0;
    const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (item.empty() || ec != std::errc() || end != item.data() + item.size() || value < low || value > high)
      return false;
    out.push_back(value);
    if (comma == text.size()) return true;
    text.remove_prefix(comma + 1);
  }
}

// Splits `text` at `separator`; empty fields are kept.
std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (;;) {
    const std::size_t at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

}  // namespace

std::string to_text(const ConnectionCertificate& certificate) {
  std::string out = certificate.side == Player::Black ? "B" : "W";
  for (const ConnectionStep& step : certificate.steps) {
    std::vector<int> cells;
    step.carrier.for_each([&](int cell) { cells.push_back(cell); });
    out += ";";
    out += kRuleLetters[std::size_t(step.rule)];
    out += " " + std::to_string(step.a) + " " + std::to_string(step.b) + " " + std::to_string(step.key) + " " +
           comma_list(cells) + " " + comma_list(step.parents);
  }
  return out;
}

std::optional<ConnectionCertificate> parse_certificate(const std::string& text, std::string& error) {
  ConnectionCertificate out;
  const std::vector<std::string_view> parts = split(text, ';');
  if (parts[0] != "B" && parts[0] != "W") {
    error = "a certificate starts with B or W";
    return std::nullopt;
  }
  out.side = parts[0] == "B" ? Player::Black : Player::White;
  constexpr int kMostCells = HexGame::kMaxSize * HexGame::kMaxSize;
  for (std::size_t p = 1; p < parts.size(); ++p) {
    const std::string where = "step " + std::to_string(out.steps.size()) + ": ";
    auto bad = [&](const std::string& what, std::string_view value) {
      error = where + "bad " + what + " '" + std::string(value) + "'";
      return std::nullopt;
    };
    const std::vector<std::string_view> fields = split(parts[p], ' ');
    if (fields.size() != 6 || fields[0].size() != 1) {
      error = where + "expected a rule letter, two ends, a key, a carrier and parents";
      return std::nullopt;
    }
    const std::string_view rule = fields[0], a = fields[1], b = fields[2], key = fields[3], cells = fields[4],
                           parents = fields[5];
    ConnectionStep step;
    const auto letter = std::find(kRuleLetters.begin(), kRuleLetters.end(), rule[0]);
    if (letter == kRuleLetters.end()) {
      error = where + "unknown rule '" + std::string(rule) + "'";
      return std::nullopt;
    }
    step.rule = ConnectionRule(letter - kRuleLetters.begin());
    std::vector<int> one, carrier;
    if (!parse_list(a, -2, kMostCells - 1, one) || one.size() != 1) return bad("end", a);
    step.a = one[0];
    if (!parse_list(b, -2, kMostCells - 1, one) || one.size() != 1) return bad("end", b);
    step.b = one[0];
    if (!parse_list(key, -1, kMostCells - 1, one) || one.size() != 1) return bad("key", key);
    step.key = one[0];
    if (!parse_list(cells, 0, kMostCells - 1, carrier)) return bad("carrier", cells);
    for (const int cell : carrier) step.carrier.insert(cell);
    if (!parse_list(parents, 0, int(out.steps.size()) - 1, step.parents)) return bad("parents (earlier steps only)", parents);
    out.steps.push_back(std::move(step));
  }
  if (out.steps.empty()) {
    error = "a certificate without steps";
    return std::nullopt;
  }
  return out;
}

std::optional<std::string> check_connection(const HexCells& cells, int n, bool side_to_move,
                                            const ConnectionCertificate& certificate) {
  const SideView view(cells, n, certificate.side);
  std::vector<Checked> done;
  done.reserve(certificate.steps.size());
  for (std::size_t i = 0; i < certificate.steps.size(); ++i) {
    const ConnectionStep& step = certificate.steps[i];
    auto fail = [&](const std::string& why) { return "step " + std::to_string(i) + ": " + why; };
    const int a = view.node(step.a), b = view.node(step.b);
    if (a < 0 || b < 0) return fail("an end is off the board or the opponent's stone");
    if (a == b) return fail("both ends are the same node");
    bool all_empty = true;
    step.carrier.for_each([&](int cell) { all_empty &= cell >= 0 && cell < n * n && view.empty(cell); });
    if (!all_empty) return fail("the carrier holds a cell that is not empty");
    if ((view.is_cell(a) && step.carrier.contains(a)) || (view.is_cell(b) && step.carrier.contains(b)))
      return fail("an end lies inside the carrier");
    if (step.semi() && !step.carrier.contains(step.key)) return fail("the key is not in the carrier");
    for (const int p : step.parents)
      if (p < 0 || std::size_t(p) >= i) return fail("a parent is not an earlier step");

    switch (step.rule) {
      case ConnectionRule::Adjacent:
        if (step.semi() || !step.carrier.empty() || !view.adjacent(a, b)) return fail("not an adjacency");
        break;
      case ConnectionRule::Template: {
        const int edge = view.edge_of(b) >= 0 ? view.edge_of(b) : view.edge_of(a);
        const int anchor = view.edge_of(b) >= 0 ? step.a : step.b;
        if (step.semi() || edge < 0 || anchor < 0) return fail("a template joins a cell or stone to an edge");
        bool matches = false;
        for (const CellSet& carrier : template_carriers(view, anchor, edge)) matches |= carrier == step.carrier;
        if (!matches) return fail("the carrier is not the fourth-row template's");
        break;
      }
      case ConnectionRule::And: {
        if (step.parents.size() != 2) return fail("an And step has two parents");
        const Checked& p = done[std::size_t(step.parents[0])];
        const Checked& q = done[std::size_t(step.parents[1])];
        if (p.carrier.intersects(q.carrier)) return fail("the parts' carriers overlap");
        // p joins x to m, q joins m to y, in some orientation.
        bool joined = false;
        for (int pi = 0; pi < 2 && !joined; ++pi)
          for (int qi = 0; qi < 2 && !joined; ++qi) {
            const int m = pi ? p.b : p.a, x = pi ? p.a : p.b;
            if ((qi ? q.b : q.a) != m) continue;
            const int y = qi ? q.a : q.b;
            if (!((x == a && y == b) || (x == b && y == a))) continue;
            if ((view.is_cell(x) && q.carrier.contains(x)) || (view.is_cell(y) && p.carrier.contains(y))) continue;
            CellSet carrier = p.carrier | q.carrier;
            int key = -1;
            if (view.is_cell(m)) {
              if (p.key >= 0 || q.key >= 0) continue;  // through a cell: two fulls
              carrier.insert(m);
              key = m;
            } else {
              if (p.key >= 0 && q.key >= 0) continue;  // at most one semi
              key = p.key >= 0 ? p.key : q.key;
            }
            joined = carrier == step.carrier && key == step.key;
          }
        if (!joined) return fail("the parts do not make this connection by the And rule");
        break;
      }
      case ConnectionRule::Or: {
        if (step.parents.size() < 2 || step.semi()) return fail("an Or step makes a full from two or more semis");
        CellSet common = CellSet::all_below(n * n), all;
        for (const int index : step.parents) {
          const Checked& part = done[std::size_t(index)];
          if (part.key < 0) return fail("an Or part is not a semi");
          if (!((part.a == a && part.b == b) || (part.a == b && part.b == a))) return fail("an Or part joins other ends");
          common &= part.carrier;
          all |= part.carrier;
        }
        if (!common.empty()) return fail("the Or parts' carriers share a cell");
        if (all != step.carrier) return fail("the carrier is not the union of the Or parts'");
        break;
      }
    }
    done.push_back({a, b, step.key, step.carrier});
  }
  if (done.empty()) return "no steps";
  const Checked& last = done.back();
  const int first = view.node(VirtualConnections::kFirstEdge), second = view.node(VirtualConnections::kSecondEdge);
  if (!((last.a == first && last.b == second) || (last.a == second && last.b == first)))
    return "the last step does not join the side's two edges";
  if (last.key >= 0 && !side_to_move) return "an edge-to-edge semi-connection wins only for the side to move";
  return std::nullopt;
}

}  // namespace dfpn::games
