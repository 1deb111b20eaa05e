#include "games/hex/hex_resistance.h"

#include <algorithm>
#include <array>
#include <cmath>
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
  std::vector<int> node_of;        // per cell, -1 on the opponent's stones
  std::vector<bool> is_stone;      // per node: a group or an edge
  std::vector<double> conductance; // nodes x nodes, symmetric
  // The same wires as lists: node i's neighbours are wired[start[i]] to
  // wired[start[i + 1]], in increasing order (as a row of the matrix reads).
  std::vector<int> start, wired;
  bool connected_by_stones = false;
  std::span<const int> neighbours(std::size_t i) const {
    return {wired.data() + start[i], wired.data() + start[i + 1]};
  }
};

Network build_network(const HexCells& cells, int n, int side, const std::vector<std::array<int, 2>>& links) {
  const std::uint8_t own = side == 0 ? 1 : 2;
  // Black joins rows 1 and n, White columns a and n (on 1x1 the one
  // cell touches both; stones there are the first edge's).
  auto along = [&](int cell) { return side == 0 ? cell / n : cell % n; };
  Network net;
  net.node_of.assign(std::size_t(n * n), -1);
  net.is_stone = {true, true};
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
      net.is_stone.push_back(true);
      flood(cell, net.nodes++);
    } else if (cells[std::size_t(cell)] == 0) {
      net.is_stone.push_back(false);
      net.node_of[std::size_t(cell)] = net.nodes++;
    }
  }
  const auto m = std::size_t(net.nodes);
  net.conductance.assign(m * m, 0.0);
  std::vector<std::array<int, 2>> wires;  // each once, as first wired
  auto wire = [&](int a, int b) {
    if (a == b) return;
    double& ab = net.conductance[std::size_t(a) * m + std::size_t(b)];
    if (ab == 0) wires.push_back({a, b});
    const double g = net.is_stone[std::size_t(a)] || net.is_stone[std::size_t(b)] ? kStoneToEmpty : kEmptyToEmpty;
    ab = net.conductance[std::size_t(b) * m + std::size_t(a)] = g;
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
  // The lists from the wires (not from a scan of the whole matrix), each
  // sorted as a row of the matrix reads.
  net.start.assign(m + 1, 0);
  for (const auto& [a, b] : wires) ++net.start[std::size_t(a) + 1], ++net.start[std::size_t(b) + 1];
  for (std::size_t i = 0; i < m; ++i) net.start[i + 1] += net.start[i];
  net.wired.resize(std::size_t(net.start[m]));
  std::vector<int> end(net.start.begin(), net.start.end() - 1);
  for (const auto& [a, b] : wires) {
    net.wired[std::size_t(end[std::size_t(a)]++)] = b;
    net.wired[std::size_t(end[std::size_t(b)]++)] = a;
  }
  for (std::size_t i = 0; i < m; ++i)
    std::sort(net.wired.begin() + net.start[i], net.wired.begin() + net.start[i + 1]);
  return net;
}

// Voltages with one unit of current into node 0 and node 1 grounded, over
// the nodes wired to node 1 (others stay at 0: no current reaches them).
// Returns false when node 0 is not wired to node 1.
bool solve_voltages(const Network& net, std::vector<double>& voltage) {
  const auto m = std::size_t(net.nodes);
  std::vector<int> index(m, -1);  // position in the reduced system
  std::vector<std::size_t> reached = {1}, order;
  std::vector<bool> seen(m, false);
  seen[1] = true;
  for (std::size_t head = 0; head < reached.size(); ++head)
    for (const int b : net.neighbours(reached[head]))
      if (!seen[std::size_t(b)]) seen[std::size_t(b)] = true, reached.push_back(std::size_t(b));
  if (!seen[0]) return false;
  for (std::size_t i = 0; i < m; ++i)
    if (seen[i] && i != 1) index[i] = int(order.size()), order.push_back(i);
  // The grounded Laplacian of a connected network is symmetric positive
  // definite: Cholesky, L L^T = A.
  const std::size_t k = order.size();
  std::vector<double> a(k * k, 0.0);
  for (std::size_t p = 0; p < k; ++p) {
    const std::size_t i = order[p];
    double diagonal = 0;
    for (const int neighbour : net.neighbours(i)) {
      const auto j = std::size_t(neighbour);
      const double g = net.conductance[i * m + j];
      diagonal += g;
      if (index[j] >= 0) a[p * k + std::size_t(index[j])] = -g;
    }
    a[p * k + p] = diagonal;
  }
  // A row's first nonzero column: the factor has no fill left of it (the
  // envelope), so the sums below skip only terms that are exactly zero and
  // the result is the same to the bit as the dense factorisation's. Cells
  // are numbered along the board, so rows are short.
  std::vector<std::size_t> first(k);
  for (std::size_t p = 0; p < k; ++p) {
    std::size_t q = 0;
    while (a[p * k + q] == 0) ++q;
    first[p] = q;
  }
  for (std::size_t j = 0; j < k; ++j) {
    double d = a[j * k + j];
    for (std::size_t q = first[j]; q < j; ++q) d -= a[j * k + q] * a[j * k + q];
    const double root = std::sqrt(d);
    a[j * k + j] = root;
    for (std::size_t i = j + 1; i < k; ++i) {
      if (first[i] > j) continue;  // outside the envelope: stays zero
      double s = a[i * k + j];
      for (std::size_t q = std::max(first[i], first[j]); q < j; ++q) s -= a[i * k + q] * a[j * k + q];
      a[i * k + j] = s / root;
    }
  }
  std::vector<double> y(k, 0.0);
  y[std::size_t(index[0])] = 1.0;  // the injected current
  for (std::size_t i = 0; i < k; ++i) {
    for (std::size_t q = first[i]; q < i; ++q) y[i] -= a[i * k + q] * y[q];
    y[i] /= a[i * k + i];
  }
  for (std::size_t i = k; i-- > 0;) {
    for (std::size_t q = i + 1; q < k; ++q)
      if (first[q] <= i) y[i] -= a[q * k + i] * y[q];
    y[i] /= a[i * k + i];
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
    const auto m = std::size_t(net.nodes);
    for (int cell = 0; cell < n * n; ++cell) {
      if (cells[std::size_t(cell)] != 0) continue;
      const auto i = std::size_t(net.node_of[std::size_t(cell)]);
      double through = 0;  // current in plus current out: twice the current through
      for (const int neighbour : net.neighbours(i)) {
        const auto j = std::size_t(neighbour);
        through += std::abs(net.conductance[i * m + j] * (voltage[i] - voltage[j]));
      }
      flow[std::size_t(cell)] = through / 2;
    }
  }
  return out;
}

}  // namespace dfpn::games
