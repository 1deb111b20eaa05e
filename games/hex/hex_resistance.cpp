#include "games/hex/hex_resistance.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>

namespace dfpn::games {
namespace {

constexpr std::array<int, 6> kRows = {-1, -1, 0, 1, 1, 0};
constexpr std::array<int, 6> kCols = {0, 1, 1, 0, -1, -1};
constexpr double kEmptyToEmpty = 1.0, kStoneToEmpty = 2.0;

// One side's network: node 0 is the first edge (where current enters),
// node 1 the second (grounded), then stone groups and empty cells.
struct Network {
  int nodes = 2;
  std::vector<int> node_of;  // per cell, -1 on the opponent's stones
  std::vector<std::uint8_t> is_stone;  // per node: a group or an edge (1)
  // Node i's wires are those from start[i] to start[i + 1]: the node at
  // the other end (each once, in increasing order) and the conductance,
  // the nonzero entries of the conductance matrix's row i as the row reads.
  std::vector<int> start, wired;
  std::vector<double> conductance;
  bool connected_by_stones = false;
  std::span<const int> neighbours(std::size_t i) const {
    return {wired.data() + start[i], wired.data() + start[i + 1]};
  }
  std::span<const double> conductances(std::size_t i) const {
    return {conductance.data() + start[i], conductance.data() + start[i + 1]};
  }
};

Network build_network(const HexCells& cells, int n, int side, const std::vector<std::array<int, 2>>& links) {
  const std::uint8_t own = side == 0 ? 1 : 2;
  // Black joins rows 1 and n, White columns a and n (on 1x1 the one
  // cell touches both; stones there are the first edge's).
  auto along = [&](int cell) { return side == 0 ? cell / n : cell % n; };
  Network net;
  net.node_of.assign(std::size_t(n * n), -1);
  net.is_stone = {1, 1};
  std::vector<int> stack;
  auto flood = [&](int start, int node) {
    net.node_of[std::size_t(start)] = node;
    stack.push_back(start);
    while (!stack.empty()) {
      const int cell = stack.back();
      stack.pop_back();
      for (int k = 0; k < 6; ++k) {
        const int r = cell / n + kRows[std::size_t(k)], c = cell % n + kCols[std::size_t(k)];
        if (r < 0 || c < 0 || r >= n || c >= n) continue;
        const int next = r * n + c;
        if (cells[std::size_t(next)] != own) continue;
        if (net.node_of[std::size_t(next)] < 0) net.node_of[std::size_t(next)] = node, stack.push_back(next);
      }
    }
  };
  for (int edge = 0; edge < 2; ++edge)
    for (int cell = 0; cell < n * n; ++cell) {
      if (cells[std::size_t(cell)] != own || along(cell) != (edge == 0 ? 0 : n - 1)) continue;
      if (net.node_of[std::size_t(cell)] == 0 && edge == 1) net.connected_by_stones = true;  // reached from the first edge
      if (net.node_of[std::size_t(cell)] < 0) flood(cell, edge);
    }
  for (int cell = 0; cell < n * n; ++cell) {
    if (cells[std::size_t(cell)] == own && net.node_of[std::size_t(cell)] < 0) {
      net.is_stone.push_back(1);
      flood(cell, net.nodes++);
    } else if (cells[std::size_t(cell)] == 0) {
      net.is_stone.push_back(0);
      net.node_of[std::size_t(cell)] = net.nodes++;
    }
  }
  const auto m = std::size_t(net.nodes);
  // The wires as a symmetric bit matrix, a row of words per node: its
  // set bits, read in order, are the node's list.
  const std::size_t words = (m + 63) / 64;
  std::vector<std::uint64_t> is_wired(m * words, 0);
  auto wire = [&](int a, int b) {
    if (a == b) return;
    is_wired[std::size_t(a) * words + std::size_t(b) / 64] |= std::uint64_t{1} << (b % 64);
    is_wired[std::size_t(b) * words + std::size_t(a) / 64] |= std::uint64_t{1} << (a % 64);
  };
  for (int cell = 0; cell < n * n; ++cell) {
    if (cells[std::size_t(cell)] != 0) continue;  // wires touch at least one empty cell
    const int a = net.node_of[std::size_t(cell)];
    if (along(cell) == 0) wire(a, 0);
    if (along(cell) == n - 1) wire(a, 1);
    for (int k = 0; k < 6; ++k) {
      const int r = cell / n + kRows[std::size_t(k)], c = cell % n + kCols[std::size_t(k)];
      if (r < 0 || c < 0 || r >= n || c >= n) continue;
      if (const int b = net.node_of[std::size_t(r * n + c)]; b >= 0) wire(a, b);
    }
  }
  auto node_of_end = [&](int end) {
    return end == VirtualConnections::kFirstEdge ? 0 : end == VirtualConnections::kSecondEdge ? 1 : net.node_of[std::size_t(end)];
  };
  for (const auto& [x, y] : links) {
    const int a = node_of_end(x), b = node_of_end(y);
    if (a >= 0 && b >= 0) wire(a, b);
  }
  net.start.assign(m + 1, 0);
  for (std::size_t i = 0; i < m; ++i) {
    int count = 0;
    for (std::size_t w = 0; w < words; ++w) count += std::popcount(is_wired[i * words + w]);
    net.start[i + 1] = net.start[i] + count;
  }
  net.wired.resize(std::size_t(net.start[m]));
  for (std::size_t i = 0, at = 0; i < m; ++i)
    for (std::size_t w = 0; w < words; ++w)
      for (std::uint64_t bits = is_wired[i * words + w]; bits; bits &= bits - 1)
        net.wired[at++] = int(w * 64) + std::countr_zero(bits);
  net.conductance.resize(net.wired.size());
  for (std::size_t i = 0; i < m; ++i)
    for (auto w = std::size_t(net.start[i]); w < std::size_t(net.start[i + 1]); ++w)
      net.conductance[w] = net.is_stone[i] || net.is_stone[std::size_t(net.wired[w])] ? kStoneToEmpty : kEmptyToEmpty;
  return net;
}

// Voltages with one unit of current into node 0 and node 1 grounded, over
// the nodes wired to node 1 (others stay at 0: no current reaches them).
// Returns false when node 0 is not wired to node 1.
bool solve_voltages(const Network& net, std::vector<double>& voltage) {
  const auto m = std::size_t(net.nodes);
  std::vector<int> index(m, -1);  // position in the reduced system
  std::vector<std::size_t> reached = {1}, order;
  std::vector<std::uint8_t> seen(m, 0);  // bytes: read once per wire
  seen[1] = 1;
  for (std::size_t head = 0; head < reached.size(); ++head)
    for (const int b : net.neighbours(reached[head]))
      if (!seen[std::size_t(b)]) seen[std::size_t(b)] = 1, reached.push_back(std::size_t(b));
  if (!seen[0]) return false;
  for (std::size_t i = 0; i < m; ++i)
    if (seen[i] && i != 1) index[i] = int(order.size()), order.push_back(i);
  // The grounded Laplacian of a connected network is symmetric positive
  // definite: Cholesky, L L^T = A. The factor has no fill left of a row's
  // first nonzero column (the envelope; cells are numbered along the
  // board, so rows are short), so only the lower triangle's envelope is
  // stored and the sums skip only terms that are exactly zero: the result
  // is the same to the bit as the dense factorisation's.
  const std::size_t k = order.size();
  std::vector<std::size_t> first(k), row_at(k + 1, 0);
  for (std::size_t p = 0; p < k; ++p) {
    first[p] = p;
    for (const int neighbour : net.neighbours(order[p]))
      if (const int q = index[std::size_t(neighbour)]; q >= 0) first[p] = std::min(first[p], std::size_t(q));
    row_at[p + 1] = row_at[p] + (p - first[p] + 1);
  }
  // Column j's rows below the diagonal that reach it (first[i] <= j), in
  // increasing order: the factorisation and the back substitution visit
  // just these, not every row below j.
  std::vector<std::size_t> column_at(k + 1, 0), below(row_at[k] - k);
  for (std::size_t i = 0; i < k; ++i)
    for (std::size_t j = first[i]; j < i; ++j) ++column_at[j + 1];
  for (std::size_t j = 0; j < k; ++j) column_at[j + 1] += column_at[j];
  {
    std::vector<std::size_t> fill(column_at.begin(), column_at.end() - 1);
    for (std::size_t i = 0; i < k; ++i)
      for (std::size_t j = first[i]; j < i; ++j) below[fill[j]++] = i;
  }
  auto rows_below = [&](std::size_t j) {
    return std::span<const std::size_t>(below.data() + column_at[j], below.data() + column_at[j + 1]);
  };
  std::vector<double> envelope(row_at[k], 0.0);
  // row[p][q]: the entry (p, q) of the envelope, first[p] <= q <= p.
  std::vector<double*> row(k);
  for (std::size_t p = 0; p < k; ++p) row[p] = envelope.data() + row_at[p] - first[p];
  auto a = [&](std::size_t p, std::size_t q) -> double& { return row[p][q]; };
  for (std::size_t p = 0; p < k; ++p) {
    const std::size_t i = order[p];
    double diagonal = 0;
    const std::span<const int> wired = net.neighbours(i);
    const std::span<const double> g = net.conductances(i);
    for (std::size_t w = 0; w < wired.size(); ++w) {
      diagonal += g[w];
      if (const int q = index[std::size_t(wired[w])]; q >= 0 && std::size_t(q) < p) a(p, std::size_t(q)) = -g[w];
    }
    a(p, p) = diagonal;
  }
  for (std::size_t j = 0; j < k; ++j) {
    const double* row_j = row[j];
    double d = row_j[j];
    for (std::size_t q = first[j]; q < j; ++q) d -= row_j[q] * row_j[q];
    const double root = std::sqrt(d);
    row[j][j] = root;
    for (const std::size_t i : rows_below(j)) {  // the others stay zero
      double* row_i = row[i];
      double s = row_i[j];
      for (std::size_t q = std::max(first[i], first[j]); q < j; ++q) s -= row_i[q] * row_j[q];
      row_i[j] = s / root;
    }
  }
  std::vector<double> y(k, 0.0);
  y[std::size_t(index[0])] = 1.0;  // the injected current
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t q = first[i]; q < i; ++q) y[i] -= a(i, q) * y[q];
    y[i] /= a(i, i);
  }
  for (std::size_t i = k; i-- > 0;) {
    for (const std::size_t q : rows_below(i)) y[i] -= a(q, i) * y[q];
    y[i] /= a(i, i);
  }
  voltage.assign(m, 0.0);
  for (std::size_t p = 0; p < k; ++p) voltage[order[p]] = y[p];
  return true;
}

}  // namespace

CircuitEvaluation evaluate_circuit(const HexCells& cells, int n, const CircuitLinks& links) {
  CircuitEvaluation out;
  for (int side = 0; side < 2; ++side) {
    auto& flow = out.flow[std::size_t(side)];
    flow.assign(std::size_t(n * n), 0.0);
    const Network net = build_network(cells, n, side, links[std::size_t(side)]);
    std::vector<double> voltage;
    if (net.connected_by_stones) {
      out.resistance[std::size_t(side)] = 0;
      continue;
    }
    if (!solve_voltages(net, voltage)) {
      out.resistance[std::size_t(side)] = std::numeric_limits<double>::infinity();
      continue;
    }
    out.resistance[std::size_t(side)] = voltage[0];
    for (int cell = 0; cell < n * n; ++cell) {
      if (cells[std::size_t(cell)] != 0) continue;
      const auto i = std::size_t(net.node_of[std::size_t(cell)]);
      double through = 0;  // current in plus current out: twice the current through
      const std::span<const int> wired = net.neighbours(i);
      const std::span<const double> g = net.conductances(i);
      for (std::size_t w = 0; w < wired.size(); ++w)
        through += std::abs(g[w] * (voltage[i] - voltage[std::size_t(wired[w])]));
      flow[std::size_t(cell)] = through / 2;
    }
  }
  return out;
}

}  // namespace dfpn::games
