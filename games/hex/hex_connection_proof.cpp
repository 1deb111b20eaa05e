#include "games/hex/hex_connection_proof.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <span>
#include <string_view>
#include <utility>

#include <boost/container/static_vector.hpp>

#include "games/hex/edge_templates.h"
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
  bool own(int cell) const { return cells_[std::size_t(cell)] == own_; }
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

// The edge templates' carriers (edge_templates.h) for an anchor cell
// towards an edge; empty when none fits on the board.
std::vector<CellSet> template_carriers(const SideView& view, int anchor, int edge) {
  std::vector<CellSet> out;
  for_each_edge_template(
      view.size(), view.black(), anchor, edge, [&](int cell) { return view.own(cell); },
      [&](int cell) { return view.empty(cell); },
      [&](std::span<const int> cells) {
        CellSet carrier;
        for (const int cell : cells) carrier.insert(cell);
        out.push_back(carrier);
      });
  return out;
}

struct Checked {
  int a, b;  // nodes
  int key;
  CellSet carrier;
};

// What the And rule makes of the connections p (x-m) and q (m-y), in each
// orientation that fits: disjoint carriers, neither outer end inside the
// other part's carrier; through an empty cell m two fulls make a semi
// keyed at m, through a group or edge at most one semi passes its key on.
// Parts sharing both ends give x = y, which the caller refuses.
using Joins = boost::container::static_vector<Checked, 4>;
Joins and_joins(const SideView& view, const Checked& p, const Checked& q) {
  Joins out;
  if (p.carrier.intersects(q.carrier)) return out;
  for (int pi = 0; pi < 2; ++pi)
    for (int qi = 0; qi < 2; ++qi) {
      const int m = pi ? p.b : p.a, x = pi ? p.a : p.b;
      if ((qi ? q.b : q.a) != m) continue;
      const int y = qi ? q.a : q.b;
      if ((view.is_cell(x) && q.carrier.contains(x)) || (view.is_cell(y) && p.carrier.contains(y))) continue;
      Checked joined{x, y, -1, p.carrier | q.carrier};
      if (view.is_cell(m)) {
        if (p.key >= 0 || q.key >= 0) continue;  // through a cell: two fulls
        joined.carrier.insert(m);
        joined.key = m;
      } else {
        if (p.key >= 0 && q.key >= 0) continue;  // at most one semi
        joined.key = p.key >= 0 ? p.key : q.key;
      }
      out.push_back(std::move(joined));
    }
  return out;
}

}  // namespace

namespace {

constexpr std::array<char, 4> kRuleLetters = {'A', 'T', 'N', 'O'};

std::string comma_list(const std::vector<int>& values) {
  if (values.empty()) return "-";
  std::string out;
  for (const int v : values) out += (out.empty() ? "" : ",") + std::to_string(v);
  return out;
}

// Reads the comma list of whole numbers in [low, high] (or "-" for none)
// at the front of `text`, up to `end_char` or the text's end, calling
// take(value) for each; consumes it and its end character. (Proofs cite
// millions of certificates: nothing here allocates.)
template <class Take>
bool parse_list(std::string_view& text, char end_char, int low, int high, Take take) {
  const std::size_t end = std::min(text.find(end_char), text.size());
  std::string_view list = text.substr(0, end);
  text.remove_prefix(std::min(end + 1, text.size()));
  if (list == "-") return true;
  for (;;) {
    int value = 0;
    const auto [stop, ec] = std::from_chars(list.data(), list.data() + list.size(), value);
    if (stop == list.data() || ec != std::errc() || value < low || value > high) return false;
    take(value);
    list.remove_prefix(std::size_t(stop - list.data()));
    if (list.empty()) return true;
    if (list.front() != ',' || list.size() == 1) return false;
    list.remove_prefix(1);
  }
}

// One whole number in [low, high] at the front of `text`, ended by
// `end_char` (or the text's end); consumes both.
bool parse_one(std::string_view& text, char end_char, int low, int high, int& out) {
  int count = 0;
  if (!parse_list(text, end_char, low, high, [&](int v) { out = v, ++count; })) return false;
  return count == 1;
}

}  // namespace

std::string to_text(const ConnectionCertificate& certificate, CertificateText form) {
  std::string out = certificate.side == Player::Black ? "B" : "W";
  for (const ConnectionStep& step : certificate.steps) {
    std::vector<int> cells;
    step.carrier.for_each([&](int cell) { cells.push_back(cell); });
    out += ";";
    out += kRuleLetters[std::size_t(step.rule)];
    out += " ";
    const bool compact = form == CertificateText::Compact || step.derived;
    if (!compact) {
      out += std::to_string(step.a) + " " + std::to_string(step.b) + " " + std::to_string(step.key) + " " +
             comma_list(cells) + " " + comma_list(step.parents);
      continue;
    }
    switch (step.rule) {
      case ConnectionRule::Adjacent:
        out += std::to_string(step.a) + " " + std::to_string(step.b);
        break;
      case ConnectionRule::Template:
        out += std::to_string(step.a) + " " + std::to_string(step.b) + " " + comma_list(cells);
        break;
      case ConnectionRule::And:
      case ConnectionRule::Or:
        out += comma_list(step.parents);
        break;
    }
  }
  return out;
}

std::optional<ConnectionCertificate> parse_certificate(const std::string& text, std::string& error) {
  ConnectionCertificate out;
  std::string_view rest = text;
  const std::size_t first = std::min(rest.find(';'), rest.size());
  const std::string_view side = rest.substr(0, first);
  if (side != "B" && side != "W") {
    error = "a certificate starts with B or W";
    return std::nullopt;
  }
  out.side = side == "B" ? Player::Black : Player::White;
  out.steps.reserve(std::size_t(std::count(text.begin(), text.end(), ';')));
  constexpr int kMostCells = HexGame::kMaxSize * HexGame::kMaxSize;
  for (bool more = first < rest.size(); more;) {
    rest.remove_prefix(std::min(rest.find(';'), rest.size()) + 1);
    const std::size_t end = std::min(rest.find(';'), rest.size());
    more = end < rest.size();
    std::string_view fields = rest.substr(0, end);
    // Error texts only on failure: building them per step would cost more
    // than the parse.
    auto fail = [&](const std::string& what) {
      error = "step " + std::to_string(out.steps.size()) + ": " + what;
      return std::nullopt;
    };
    auto bad = [&](const std::string& what) { return fail("bad " + what + " in '" + std::string(rest.substr(0, end)) + "'"); };
    if (fields.size() < 2 || fields[1] != ' ') return fail("expected a rule letter and its fields");
    ConnectionStep step;
    const auto letter = std::find(kRuleLetters.begin(), kRuleLetters.end(), fields[0]);
    if (letter == kRuleLetters.end()) return fail("unknown rule '" + std::string(1, fields[0]) + "'");
    step.rule = ConnectionRule(letter - kRuleLetters.begin());
    // Fields after the letter: five in the full form; in the compact one,
    // two for an adjacency, three for a template, one for And and Or.
    const auto spaces = std::count(fields.begin(), fields.end(), ' ');
    const bool full = spaces == 5;
    const bool derived = step.rule == ConnectionRule::And || step.rule == ConnectionRule::Or;
    const int compact_spaces = step.rule == ConnectionRule::Adjacent ? 2 : step.rule == ConnectionRule::Template ? 3 : 1;
    if (!full && spaces != compact_spaces)
      return fail(std::string("expected ") +
                  (derived ? "the parents" : compact_spaces == 2 ? "the ends" : "the ends and the carrier") +
                  ", or the full form (ends, key, carrier, parents)");
    fields.remove_prefix(2);
    auto parents = [&] {
      return parse_list(fields, ' ', 0, int(out.steps.size()) - 1, [&](int p) { step.parents.push_back(p); });
    };
    if (!full && derived) {
      if (!parents()) return bad("parents (earlier steps only)");
      step.derived = true;
    } else {
      if (!parse_one(fields, ' ', -2, kMostCells - 1, step.a) || !parse_one(fields, ' ', -2, kMostCells - 1, step.b))
        return bad("end");
      if (full && !parse_one(fields, ' ', -1, kMostCells - 1, step.key)) return bad("key");
      if ((full || step.rule == ConnectionRule::Template) &&
          !parse_list(fields, ' ', 0, kMostCells - 1, [&](int cell) { step.carrier.insert(cell); }))
        return bad("carrier");
      if (full && !parents()) return bad("parents (earlier steps only)");
    }
    out.steps.push_back(std::move(step));
    rest.remove_prefix(end);
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
    for (const int p : step.parents)
      if (p < 0 || std::size_t(p) >= i) return fail("a parent is not an earlier step");
    if (step.rule == ConnectionRule::And && step.parents.size() != 2) return fail("an And step has two parents");
    if (step.rule == ConnectionRule::Or && step.parents.size() < 2) return fail("an Or step makes a full from two or more semis");
    if (step.derived && step.rule != ConnectionRule::And && step.rule != ConnectionRule::Or)
      return fail("only And and Or steps leave their ends and carrier to the checker");
    // What the step claims: as written, or (compact) what its rule makes of
    // its parents, which the checks below then find consistent.
    Checked here{view.node(step.a), view.node(step.b), step.key, step.carrier};
    // An And's joins, worked out once: a compact step takes the first, and
    // the rule's check below looks for the claimed one among them.
    Joins joins;
    if (step.rule == ConnectionRule::And)
      joins = and_joins(view, done[std::size_t(step.parents[0])], done[std::size_t(step.parents[1])]);
    if (step.derived) {
      if (step.rule == ConnectionRule::And) {
        if (joins.empty()) return fail("the parts do not make a connection by the And rule");
        here = joins.front();
      } else {
        const Checked& part = done[std::size_t(step.parents[0])];
        here = {part.a, part.b, -1, {}};
        for (const int index : step.parents) here.carrier |= done[std::size_t(index)].carrier;
      }
    }
    const int a = here.a, b = here.b;
    if (a < 0 || b < 0) return fail("an end is off the board or the opponent's stone");
    if (a == b) return fail("both ends are the same node");
    bool all_empty = true;
    here.carrier.for_each([&](int cell) { all_empty &= cell >= 0 && cell < n * n && view.empty(cell); });
    if (!all_empty) return fail("the carrier holds a cell that is not empty");
    if ((view.is_cell(a) && here.carrier.contains(a)) || (view.is_cell(b) && here.carrier.contains(b)))
      return fail("an end lies inside the carrier");
    if (here.key >= 0 && !here.carrier.contains(here.key)) return fail("the key is not in the carrier");

    switch (step.rule) {
      case ConnectionRule::Adjacent:
        if (here.key >= 0 || !here.carrier.empty() || !view.adjacent(a, b)) return fail("not an adjacency");
        break;
      case ConnectionRule::Template: {
        const int edge = view.edge_of(b) >= 0 ? view.edge_of(b) : view.edge_of(a);
        const int anchor = view.edge_of(b) >= 0 ? step.a : step.b;
        if (here.key >= 0 || edge < 0 || anchor < 0) return fail("a template joins a cell or stone to an edge");
        bool matches = false;
        for (const CellSet& carrier : template_carriers(view, anchor, edge)) matches |= carrier == here.carrier;
        if (!matches) return fail("the carrier is not an edge template's");
        break;
      }
      case ConnectionRule::And: {
        const bool joined = std::any_of(joins.begin(), joins.end(), [&](const Checked& j) {
          return ((j.a == a && j.b == b) || (j.a == b && j.b == a)) && j.key == here.key && j.carrier == here.carrier;
        });
        if (!joined) return fail("the parts do not make this connection by the And rule");
        break;
      }
      case ConnectionRule::Or: {
        if (here.key >= 0) return fail("an Or step makes a full from two or more semis");
        CellSet common = CellSet::all_below(n * n), all;
        for (const int index : step.parents) {
          const Checked& part = done[std::size_t(index)];
          if (part.key < 0) return fail("an Or part is not a semi");
          if (!((part.a == a && part.b == b) || (part.a == b && part.b == a))) return fail("an Or part joins other ends");
          common &= part.carrier;
          all |= part.carrier;
        }
        if (!common.empty()) return fail("the Or parts' carriers share a cell");
        if (all != here.carrier) return fail("the carrier is not the union of the Or parts'");
        break;
      }
    }
    done.push_back(std::move(here));
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
