// Small enclosed Go problems with ko (the simple ko rule repeats positions,
// so values can depend on the path): shapes for go_problem_from_diagram,
// small enough for the exact oracle (Minimax) in every variation.
#pragma once

#include <string>
#include <vector>

namespace dfpn::testing {

inline const std::vector<std::vector<std::string>>& small_go_shapes() {
  static const std::vector<std::vector<std::string>> shapes = {
      {"...Ox", "OOOOx", "xxxxx", "-----", "-----"},
      {"..OOx", "OOOOx", "xxxxx", "-----", "-----"},
      {"...Ox", "O.OOx", "OOOxx", "xxxx-", "-----"},
      {"x.o.x", ".O.Ox", "OOOOx", "xxxxx", "-----"},
      {"..O.x", "x.OOx", "OOOxx", "xxxx-", "-----"},
  };
  return shapes;
}

}  // namespace dfpn::testing
