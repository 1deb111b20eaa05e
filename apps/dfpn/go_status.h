// A solved Go problem in Go terms, for `solve` and GTP alike: "white kills",
// "black lives", "black lives in seki".
#pragma once

#include <optional>
#include <string>

#include "dfpn/base/types.h"
#include "games/go/go.h"

namespace dfpn::cli {

// `winner` is the solve's answer (nullopt: unknown). When the defender lives
// with seki counted as life but is not unconditionally alive, the position is
// asked again with seki counted as death: `defender_outcome(strict)` solves
// `strict` with the defender as prover and returns its outcome.
template <class SolveStrict>
std::string go_status(const games::GoGame& position, std::optional<Player> winner, SolveStrict&& defender_outcome) {
  if (!winner) return "unknown";
  const std::string name(to_string(*winner));
  if (*winner == position.killer()) return name + " kills";
  if (position.targets_alive() || !position.seki_is_life()) return name + " lives";
  games::GoGame strict = position;
  strict.set_seki_is_life(false);
  const Outcome again = defender_outcome(strict);
  if (again == Outcome::Disproven) return name + " lives in seki";
  if (again == Outcome::Unknown) return name + " lives (seki not ruled out)";
  return name + " lives";
}

}  // namespace dfpn::cli
